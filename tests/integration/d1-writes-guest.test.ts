/**
 * A guest's page view writes nothing to D1 (decision 093): not its document, nor its statistics beacons —
 * their rate-limit counters are in Durable Objects and their counts go through the statistics queue, whose
 * consumer writes a batch in one statement. D1's writes are counted by triggers on every table, so any
 * row a request inserts, updates or deletes shows; the development header `X-Debug-D1-Writes` counts the
 * same per request, and `d1WritesDuring` can read it instead.
 */
import { env, SELF } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserInit, ORIGIN } from "#tests/fixtures/requests.ts";
import { uniqueIp } from "./auth-fixtures.ts";
import { statisticsWritten } from "./statistics-fixtures.ts";

const LOG = "test_d1_writes";
let tables: string[] = [];

/** A trigger per table and operation logs each row written into LOG. */
beforeAll(async () => {
  const { results } = await env.DB.prepare(
    `SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'
       AND name NOT LIKE 'd1\\_%' ESCAPE '\\'`,
  ).all<{ name: string; sql: string }>();
  const virtual = results.filter((t) => /^CREATE VIRTUAL/i.test(t.sql)).map((t) => t.name);
  // A full-text index's own tables are written by the triggers of the table it indexes.
  tables = results
    .map((t) => t.name)
    .filter((name) => !virtual.includes(name) && !virtual.some((v) => name.startsWith(`${v}_`)));
  const statements = [env.DB.prepare(`CREATE TABLE IF NOT EXISTS ${LOG} (tbl TEXT NOT NULL, op TEXT NOT NULL)`)];
  for (const table of tables) {
    for (const op of ["INSERT", "UPDATE", "DELETE"]) {
      statements.push(
        env.DB.prepare(
          `CREATE TRIGGER IF NOT EXISTS test_writes_${table}_${op.toLowerCase()} AFTER ${op} ON "${table}"
           BEGIN INSERT INTO ${LOG} (tbl, op) VALUES ('${table}', '${op}'); END`,
        ),
      );
    }
  }
  await env.DB.batch(statements);
});

afterAll(async () => {
  await env.DB.batch(
    tables.flatMap((table) =>
      ["insert", "update", "delete"].map((op) => env.DB.prepare(`DROP TRIGGER IF EXISTS test_writes_${table}_${op}`)),
    ),
  );
});

/** The D1 rows written while `work` ran, per table. */
async function d1WritesDuring(work: () => Promise<void>): Promise<Record<string, number>> {
  await env.DB.prepare(`DELETE FROM ${LOG}`).run();
  await work();
  const { results } = await env.DB.prepare(`SELECT tbl, COUNT(*) AS n FROM ${LOG} GROUP BY tbl ORDER BY tbl`).all<{
    tbl: string;
    n: number;
  }>();
  return Object.fromEntries(results.map((row) => [row.tbl, row.n]));
}

/** A guest (no cookies but the language, their own address) as a browser asks. */
const guest =
  (ip: string) =>
  (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    SELF.fetch(
      `${ORIGIN}${path}`,
      browserInit({ ...init, headers: { cookie: "locale=en", "cf-connecting-ip": ip, ...init.headers } }),
    );

/** The listing ids a page links to (its cards), which its list beacon counts as shown. */
const listingIdsOf = (html: string) => [
  ...new Set(
    [...html.matchAll(/href="\/(?:[a-z]{2}\/)?(?:buy|rent)\/[a-z-]+\/[a-z0-9-]+\/(\d+)\/"/g)].map((m) => Number(m[1])),
  ),
];

let detail: string;
let detailId: number;

beforeAll(async () => {
  const row = await env.DB.prepare(
    `SELECT l.id, l.deal, l.property_type, c.slug FROM listings l JOIN cities c ON c.id = l.city_id
     WHERE l.status = 'active' AND l.deleted_at IS NULL ORDER BY l.id LIMIT 1`,
  ).first<{ id: number; deal: string; property_type: string; slug: string }>();
  detailId = row!.id;
  detail = `/${row!.deal === "sale" ? "buy" : "rent"}/${row!.property_type}/${row!.slug}/${row!.id}/`;
});

describe("D1 writes of a guest's page view", () => {
  it("the counter sees a request's writes (a statistics batch written by the queue's consumer)", async () => {
    await statisticsWritten();
    const writes = await d1WritesDuring(async () => {
      await statisticsWritten();
    });
    expect(writes).toEqual({ listing_stats: 1 });
  });

  for (const [page, path] of [
    ["home", () => "/"],
    ["search", () => "/buy/apartment/beograd/"],
    ["detail", () => detail],
  ] as const) {
    it(`${page}: the document and its statistics beacons write no D1 row; the queue adds their counts in batches`, async () => {
      await statisticsWritten();
      const ip = uniqueIp();
      const get = guest(ip);
      let beacons = 0;
      const atRequest = await d1WritesDuring(async () => {
        const res = await get(path());
        expect(res.status).toBe(200);
        const html = await res.text();
        // What the page's script sends once hydrated: its cards' list shows, and on the detail page its view.
        const ids = page === "detail" ? [] : listingIdsOf(html);
        if (page !== "detail") expect(ids.length).toBeGreaterThan(0);
        const sent = [
          ...ids.map((id) => `/api/statistics/realty/${id}/list`),
          ...(page === "detail" ? [`/api/statistics/realty/${detailId}`] : []),
        ];
        for (const beacon of sent) {
          const answer = await get(beacon, { method: "POST", headers: { "x-requested-with": "XMLHttpRequest" } });
          expect(answer.status, beacon).toBe(204);
        }
        beacons = sent.length;
      });
      const counted = await d1WritesDuring(statisticsWritten);
      // The sentinel's own counter is not this page's.
      const queued = (atRequest.listing_stats ?? 0) + (counted.listing_stats ?? 0) - 1;
      console.log(
        `guest ${page} view: ${beacons} beacons; D1 rows written while it ran ${JSON.stringify(atRequest)}, ` +
          `listing_stats rows written by the statistics queue ${queued}`,
      );
      // Only the queue's consumer writes, counters of listing_stats (none of the request's own rows): at most
      // one per listing and kind, however many events.
      expect(Object.keys(atRequest).filter((table) => table !== "listing_stats")).toEqual([]);
      expect(queued).toBeLessThanOrEqual(beacons);
    });
  }
});
