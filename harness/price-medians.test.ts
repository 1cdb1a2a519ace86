/**
 * The medians of price per m² (decision 115) on SQLite (node:sqlite) with the real migrations: a place with
 * more active listings than PRICE_M2_MEDIAN_SAMPLE gives the median of its newest that many, a smaller one
 * the median of all of them, and the listing's page (its market and its place), the moderation queue and the
 * feed's many keys give the same figures.
 */
import { DatabaseSync } from "node:sqlite";
import { beforeAll, expect, it } from "vitest";
import { PRICE_M2_MEDIAN_SAMPLE } from "#shared/constants.ts";
import { marketStatement } from "#worker/db/listing-market.ts";
import { type PlaceMedianRow, placeMediansSql, placeMedianStatement } from "#worker/db/moderator-signals.ts";
import { migrateAndSeed } from "#harness/seed/seeded-sqlite.ts";
import { sqliteD1 } from "#harness/sqlite-d1.ts";

const sqlite = new DatabaseSync(":memory:");
const db = sqliteD1(sqlite).db;
/** More than the sample: the oldest of them must not count. */
const ADDED = PRICE_M2_MEDIAN_SAMPLE + 300;

interface Listing {
  id: number;
  type_id: number;
  city_id: number;
  district_id: number | null;
}
/** The listing whose district (and city) is grown past the sample, and one in a small place. */
let big: Listing;
let small: Listing;

beforeAll(() => {
  migrateAndSeed(sqlite, { listings: 400 });
  const listing = (where: string) =>
    sqlite
      .prepare(
        `SELECT id, type_id, city_id, district_id FROM listings
         WHERE status = 'active' AND price_m2 IS NOT NULL AND ${where} ORDER BY id LIMIT 1`,
      )
      .get() as unknown as Listing;
  big = listing("district_id IS NOT NULL");
  small = listing("district_id IS NULL");
  // Copies of `big`, newer than every seeded listing, the newest cheapest: the newest SAMPLE of them have a
  // lower median than all of them together.
  const columns = (sqlite.prepare("PRAGMA table_xinfo(listings)").all() as { name: string; hidden: number }[])
    .filter((c) => c.hidden === 0 && !["id", "area", "updated_at"].includes(c.name))
    .map((c) => c.name);
  const newest = (sqlite.prepare("SELECT MAX(updated_at) AS at FROM listings").get() as { at: number }).at;
  sqlite.exec(`
    WITH RECURSIVE i(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM i WHERE n < ${ADDED})
    INSERT INTO listings (${columns.join(", ")}, area, updated_at)
    SELECT ${columns.map((c) => `l.${c}`).join(", ")}, 20 + i.n % 97 + (${ADDED} - i.n) / 10.0, ${newest} + i.n * 1000
    FROM listings l, i WHERE l.id = ${big.id}`);
  sqlite.exec("ANALYZE");
}, 60_000);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = (sorted.length - 1) / 2;
  return (sorted[Math.floor(mid)]! + sorted[Math.ceil(mid)]!) / 2;
};

/** The prices per m² of a place's active listings of a type, newest first, as the index walks them. */
function prices(type: number, place: "city_id" | "district_id", id: number): number[] {
  return (
    sqlite
      .prepare(
        `SELECT price_m2 FROM listings WHERE status = 'active' AND type_id = ? AND ${place} = ?
         AND price_m2 IS NOT NULL ORDER BY updated_at DESC, id`,
      )
      .all(type, id) as { price_m2: number }[]
  ).map((row) => row.price_m2);
}

async function detail(id: number) {
  const [market, place] = await db.batch([marketStatement(db, id), placeMedianStatement(db, id)]);
  return {
    market: market!.results[0] as { n: number; median: number },
    place: place!.results[0] as PlaceMedianRow,
  };
}

it("a place larger than the sample gives the median of its newest listings, not of all of them", async () => {
  const district = prices(big.type_id, "district_id", big.district_id!);
  const city = prices(big.type_id, "city_id", big.city_id);
  expect(district.length).toBeGreaterThan(PRICE_M2_MEDIAN_SAMPLE);
  const newestDistrict = median(district.slice(0, PRICE_M2_MEDIAN_SAMPLE));
  // The test means something only where the two differ.
  expect(Math.abs(newestDistrict - median(district))).toBeGreaterThan(1);
  const { market, place } = await detail(big.id);
  expect(place.sample_size).toBe(PRICE_M2_MEDIAN_SAMPLE);
  expect(place.by_district).toBe(1);
  expect(place.median).toBeCloseTo(newestDistrict, 9);
  expect(market.n).toBe(PRICE_M2_MEDIAN_SAMPLE);
  expect(market.median).toBeCloseTo(median(city.slice(0, PRICE_M2_MEDIAN_SAMPLE)), 9);
});

it("a place smaller than the sample gives the median of all its listings, and its page's two medians agree", async () => {
  const city = prices(small.type_id, "city_id", small.city_id);
  expect(city.length).toBeGreaterThan(0);
  expect(city.length).toBeLessThan(PRICE_M2_MEDIAN_SAMPLE);
  const { market, place } = await detail(small.id);
  expect(place).toMatchObject({ sample_size: city.length, by_district: 0 });
  expect(place.median).toBeCloseTo(median(city), 9);
  expect(market).toEqual({ n: city.length, median: place.median });
});

it("many keys at once (the queue, the feed) give each place the figures of its listing's page", async () => {
  const keys = JSON.stringify([big, small].map((l) => [l.type_id, l.city_id, l.district_id]));
  const { results } = await db
    .prepare(
      `WITH medians AS (${placeMediansSql(
        "SELECT value ->> '$[0]' AS type_id, value ->> '$[1]' AS city_id, value ->> '$[2]' AS district_id FROM json_each(?1)",
      )}) SELECT type_id, city_id, district_id, n, median FROM medians ORDER BY district_id IS NULL`,
    )
    .bind(keys)
    .all<{ n: number; median: number }>();
  const [bigPlace, smallPlace] = [(await detail(big.id)).place, (await detail(small.id)).place];
  expect(results.map((r) => [r.n, r.median])).toEqual([
    [bigPlace.sample_size, bigPlace.median],
    [smallPlace.sample_size, smallPlace.median],
  ]);
});
