/**
 * The moderators' signals (decision 088) read a page of the queue in a fixed number of statements, each
 * from indexes: on SQLite (node:sqlite) with the real migrations and a seed large enough for ANALYZE to
 * matter, as D1 plans them (the style of harness/query-plans.test.ts).
 */
import { DatabaseSync } from "node:sqlite";
import { beforeAll, describe, expect, it } from "vitest";
import { pendingPage } from "#worker/db/moderation-queue.ts";
import { accountSignalRows, listingSignalRows, placeMedianStatement } from "#worker/db/moderator-signals.ts";
import { migrateAndSeed } from "#harness/seed/seeded-sqlite.ts";
import { SIGNAL_LISTINGS_SQL } from "#harness/seed/signals.ts";
import { sqliteD1 } from "#harness/sqlite-d1.ts";
import { listingSignals, lowPrice } from "#worker/workflows/moderator-signals.ts";

const sqlite = new DatabaseSync(":memory:");
const real = sqliteD1(sqlite).db;
/** Every statement the code under test prepares, and how many times it went to the database. */
let prepared: string[] = [];
let trips = 0;
const db = {
  prepare: (sql: string) => {
    prepared.push(sql);
    return real.prepare(sql);
  },
  batch: (statements: D1PreparedStatement[]) => {
    trips++;
    return real.batch(statements);
  },
} as unknown as D1Database;

beforeAll(() => {
  migrateAndSeed(sqlite, { listings: 3000, analyze: true });
}, 60_000);

const idOf = (sql: string) => (sqlite.prepare(sql).get() as { id: number }).id;

function plan(sql: string): string[] {
  return sqlite
    .prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .all()
    .map((row) => String(row.detail));
}

/** Lines that read a table whole: listings, their images or the accounts. */
const fullScans = (lines: string[]) =>
  lines.filter(
    (line) => /^SCAN (listings|listing_images|users|l|s|u|mine|other|ml)\b/.test(line) && !/INDEX/.test(line),
  );

describe("a page of the queue's signals", () => {
  it("costs two round trips for 50 items, whatever their number, and reads no table whole", async () => {
    const { rows } = await pendingPage(real, 1, 50);
    expect(rows.length).toBe(50);
    prepared = [];
    trips = 0;
    await accountSignalRows(
      db,
      rows.map((row) => row.owner_id),
    );
    await listingSignalRows(
      db,
      rows.map((row) => row.id),
    );
    expect(trips).toBe(2);
    expect(prepared).toHaveLength(4);
    for (const sql of prepared) expect(fullScans(plan(sql)), sql).toEqual([]);
    // The number of another owner's listings is looked up by its index (migration 0042).
    expect(plan(prepared[1]!).join("\n")).toMatch(/listings_phone_owner/);
  });

  it("reads each place's newest along the date indexes, for the listing's page and the queue (decision 115)", async () => {
    prepared = [];
    placeMedianStatement(db, 1);
    await pendingPage(db, 1, 20);
    for (const sql of prepared.slice(0, 2)) {
      const lines = plan(sql);
      const all = lines.join("\n");
      // Each key's sample walks its district's or its city's entries newest first, the price per m² in the
      // entry: at most PRICE_M2_MEDIAN_SAMPLE of them, never the place's whole group nor a row.
      const walks = lines.filter((line) => line.startsWith("SEARCH s "));
      expect(walks.length, all).toBe(4);
      for (const line of walks)
        expect(line, all).toMatch(
          /^SEARCH s USING COVERING INDEX (listings_district_type_updated \(status=\? AND district_id=\? AND type_id=\?\)|listings_type_city_updated \(status=\? AND type_id=\? AND city_id=\?\))$/,
        );
      expect(all).toContain("listings_district_type_updated");
      expect(all).toContain("listings_type_city_updated");
      expect(all).not.toMatch(/price_m2/);
    }
  });

  it("finds the seed's signals: low price first after the reported listings, a photo match, a shared phone", async () => {
    const { rows } = await pendingPage(real, 1, 50);
    const [account, listing] = [
      await accountSignalRows(
        real,
        rows.map((row) => row.owner_id),
      ),
      await listingSignalRows(
        real,
        rows.map((row) => row.id),
      ),
    ];
    const codes = (id: number) => {
      const row = rows.find((r) => r.id === id)!;
      return listingSignals(account, listing, { id, owner_id: row.owner_id, place: row }).map((s) => s.code);
    };
    const bait = idOf(SIGNAL_LISTINGS_SQL.pendingLowPrice);
    expect(codes(bait)).toContain("low_price");
    // Hidden and reported listings first (decision 085), then the low-priced one.
    const firstPlain = rows.findIndex((r) => r.hidden_at === null && r.pending === 1);
    expect(rows[firstPlain]!.id).toBe(bait);
    expect(codes(idOf(SIGNAL_LISTINGS_SQL.copiedPhotos))).toContain("photo_match");
    expect(codes(idOf(SIGNAL_LISTINGS_SQL.sharedPhone))).toContain("shared_phone");
  });

  it("gives the seed's public bait its warning", async () => {
    const id = idOf(SIGNAL_LISTINGS_SQL.publicLowPrice);
    const [result] = await real.batch([placeMedianStatement(real, id)]);
    expect(lowPrice(result!.results[0] as Parameters<typeof lowPrice>[0])).toMatchObject({ scope: "district" });
  });
});
