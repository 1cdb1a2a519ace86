/**
 * The layout of a ranked page against the real schema (workerd, the seeded D1): random placements on
 * the seed's Beograd apartments, every page of the search read as the search reads it.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PROMOTED_PER_PAGE, PROMOTED_ROTATION_MS } from "#shared/constants.ts";
import { exactOrganicNeeded, ORGANIC_UNKNOWN, rankedPageStatement, type RankedLayout } from "./promoted-ranking.ts";

const NOW = Date.UTC(2026, 10, 25, 12);
const ORDER = "l.updated_at DESC, l.id DESC";
const WHERE = { sql: "l.status = 'active' AND l.type_id = ? AND l.city_id = ?", args: [4, 1] };

type Row = RankedLayout & { id: number; rank_group: number };

/** A page as the search reads it: first as if the others went on, again with their count when not. */
async function readPage(page: number, perPage: number, now: number, where = WHERE) {
  const run = async (organic: number) => {
    const st = rankedPageStatement(where, ORDER, "l.id", "", { page, perPage, now, placement: "top", organic });
    return (
      await env.DB.prepare(st.sql)
        .bind(...st.args)
        .all<Row>()
    ).results;
  };
  const rows = await run(ORGANIC_UNKNOWN);
  const again = exactOrganicNeeded(rows, perPage);
  if (!again) return rows;
  const counted = await env.DB.prepare(
    `SELECT COUNT(*) AS n FROM (SELECT 1 FROM listings l WHERE ${where.sql} AND NOT ifnull(l.promoted_until > ?, 0)
     LIMIT ${rows[0]!.organic_before})`,
  )
    .bind(...where.args, now)
    .first<{ n: number }>();
  return run(again.organic ?? counted!.n);
}

async function matches() {
  const { results } = await env.DB.prepare(`SELECT id, updated_at FROM listings l WHERE ${WHERE.sql} ORDER BY ${ORDER}`)
    .bind(...WHERE.args)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

describe("rankedPageStatement", () => {
  it("shows every match on exactly one page, at most PROMOTED_PER_PAGE placed first, the rest in the sort", async () => {
    const all = await matches();
    expect(all.length).toBeGreaterThan(20);
    await fc.assert(
      fc.asyncProperty(
        // Per listing 0: never promoted, 1: ended, 2 and 3: running (ending on two different days).
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: all.length, maxLength: all.length }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 30 }),
        async (states, perPage, hours) => {
          const now = NOW + hours * PROMOTED_ROTATION_MS;
          await env.DB.batch(
            all.map((id, i) =>
              env.DB.prepare("UPDATE listings SET promoted_until = ? WHERE id = ?").bind(
                states[i] === 0 ? null : states[i] === 1 ? now - 1 : now + states[i]! * 86_400_000,
                id,
              ),
            ),
          );
          const running = new Set(all.filter((_, i) => states[i]! >= 2));
          const pages = Math.ceil(all.length / perPage);
          const seen: number[] = [];
          const others: number[] = [];
          for (let page = 1; page <= pages + 1; page++) {
            const rows = await readPage(page, perPage, now);
            const expected = page < pages ? perPage : page === pages ? all.length - (pages - 1) * perPage : 0;
            expect(rows.length, `page ${page}`).toBe(expected);
            const first = rows.filter((r) => r.rank_group === 0);
            expect(first.length).toBeLessThanOrEqual(Math.min(PROMOTED_PER_PAGE, perPage));
            expect(rows.slice(0, first.length)).toEqual(first);
            for (const row of rows) expect(running.has(row.id), `listing ${row.id}`).toBe(row.rank_group !== 1);
            seen.push(...rows.map((r) => r.id));
            others.push(...rows.filter((r) => r.rank_group === 1).map((r) => r.id));
          }
          expect(new Set(seen).size).toBe(seen.length);
          expect([...seen].sort((a, b) => a - b)).toEqual([...all].sort((a, b) => a - b));
          // The others come in the visitor's sort across the pages.
          expect(others).toEqual(all.filter((id) => !running.has(id)));
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);

  it("rotates the placed listings each period, the same for every request within one", async () => {
    const all = await matches();
    const placed = all.slice(0, 9);
    await env.DB.prepare("UPDATE listings SET promoted_until = NULL").run();
    await env.DB.batch(
      placed.map((id, i) =>
        env.DB.prepare("UPDATE listings SET promoted_until = ? WHERE id = ?").bind(NOW + (i + 1) * 86_400_000, id),
      ),
    );
    const start = NOW - (NOW % PROMOTED_ROTATION_MS);
    const firstOf = async (now: number) =>
      (await readPage(1, 10, now)).filter((r) => r.rank_group === 0).map((r) => r.id);
    const periods = [];
    for (let k = 0; k < 4; k++) periods.push(await firstOf(start + k * PROMOTED_ROTATION_MS));
    expect(await firstOf(start + PROMOTED_ROTATION_MS - 1)).toEqual(periods[0]);
    // Nine placed listings, three a page: each comes first on page 1 in one of three periods, then again.
    expect(new Set(periods.slice(0, 3).flat()).size).toBe(9);
    expect(periods[3]).toEqual(periods[0]);
  });
});
