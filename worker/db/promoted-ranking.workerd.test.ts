/**
 * The rotation of paid placements against the real schema (workerd, the seeded D1): random placements on the
 * seed's Beograd apartments, the "Top" block and the "Home" pages read as the search reads them.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PROMOTED_PER_PAGE, PROMOTED_ROTATION_MS } from "#shared/constants.ts";
import { type RankedPlacement, rotatedPlacementStatement } from "./promoted-ranking.ts";

const NOW = Date.UTC(2026, 10, 25, 12);
const DAY = 86_400_000;
const WHERE = { sql: "l.status = 'active' AND l.type_id = ? AND l.city_id = ?", args: [4, 1] };

async function read(placement: RankedPlacement, page: number, perPage: number, now: number) {
  const st = rotatedPlacementStatement(WHERE, "l.id", "", { page, perPage, now, placement });
  const { results } = await env.DB.prepare(st.sql)
    .bind(...st.args)
    .all<{ id: number; rotated_position: number }>();
  return results.map((r) => r.id);
}

async function matches() {
  const { results } = await env.DB.prepare(`SELECT id FROM listings l WHERE ${WHERE.sql} ORDER BY id`)
    .bind(...WHERE.args)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

/** Per listing 0: never placed, 1: ended, 2 and 3: running (ending on two different days). */
async function place(column: "promoted_until" | "home_until", all: number[], states: number[], now: number) {
  await env.DB.batch(
    all.map((id, i) =>
      env.DB.prepare(`UPDATE listings SET promoted_until = NULL, home_until = NULL, ${column} = ? WHERE id = ?`).bind(
        states[i] === 0 ? null : states[i] === 1 ? now - 1 : now + states[i]! * DAY,
        id,
      ),
    ),
  );
  return new Set(all.filter((_, i) => states[i]! >= 2));
}

describe("rotatedPlacementStatement", () => {
  it("fills the Top block with running placements of the search only, each once, and gives each its turn equally", async () => {
    const all = await matches();
    expect(all.length).toBeGreaterThan(20);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: all.length, maxLength: all.length }),
        fc.integer({ min: 1, max: 4 }),
        async (states, page) => {
          const running = await place("promoted_until", all, states, NOW);
          const slots = Math.min(PROMOTED_PER_PAGE, running.size);
          const shown = new Map<number, number>();
          // A whole cycle of periods: every running placement comes as often as any other.
          const periods = Math.max(1, running.size);
          for (let k = 0; k < periods; k++) {
            const block = await read("top", page, 20, NOW + k * PROMOTED_ROTATION_MS);
            expect(block).toHaveLength(slots);
            expect(new Set(block).size).toBe(block.length);
            for (const id of block) {
              expect(running.has(id), `listing ${id}`).toBe(true);
              shown.set(id, (shown.get(id) ?? 0) + 1);
            }
          }
          if (running.size) {
            expect(shown.size).toBe(running.size);
            expect(new Set(shown.values()).size).toBe(1);
          }
        },
      ),
      { numRuns: 15 },
    );
  }, 120_000);

  it("agrees within a period and moves on at the next one", async () => {
    const all = await matches();
    const states = all.map((_, i) => (i < 9 ? 2 : 0));
    await place("promoted_until", all, states, NOW);
    const start = NOW - (NOW % PROMOTED_ROTATION_MS);
    const first = await read("top", 1, 20, start);
    expect(await read("top", 1, 20, start + PROMOTED_ROTATION_MS - 1)).toEqual(first);
    const periods = [first];
    for (let k = 1; k < 4; k++) periods.push(await read("top", 1, 20, start + k * PROMOTED_ROTATION_MS));
    // Nine placed listings, three a block: each in one of three periods, then the first again.
    expect(new Set(periods.slice(0, 3).flat()).size).toBe(9);
    expect(periods[3]).toEqual(periods[0]);
    // Page 2's block is the next period's page 1.
    expect(await read("top", 2, 20, start)).toEqual(periods[1]);
  });

  it("cuts the Home placements into pages, every one on exactly one page", async () => {
    const all = await matches();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: all.length, maxLength: all.length }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 30 }),
        async (states, perPage, hours) => {
          const now = NOW + hours * PROMOTED_ROTATION_MS;
          const running = await place("home_until", all, states, now);
          const seen: number[] = [];
          for (let page = 1; page <= Math.ceil(running.size / perPage) + 1; page++) {
            seen.push(...(await read("home", page, perPage, now)));
          }
          expect(seen.length).toBe(running.size);
          expect([...seen].sort((a, b) => a - b)).toEqual([...running].sort((a, b) => a - b));
        },
      ),
      { numRuns: 15 },
    );
  }, 120_000);
});
