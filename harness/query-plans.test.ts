/**
 * Queries whose cost would otherwise grow with the listings read an index, on SQLite (node:sqlite) with
 * the real migrations and a seed large enough for ANALYZE to matter, as D1 plans them: the search
 * page's searches — a deal in a city with any property type — walk one in their sort's order (migration
 * 0023) instead of reading and sorting every listing of the city; the cabinet's counts and pages of an
 * owner's listings are answered from one (0024) instead of reading each listing (decision 045); a city's area
 * range and a price range across the country from the filter indexes (0046, decision 095); the running
 * placements newest first, and a text search's candidates, from their own indexes (0052, decision 106).
 */
import { DatabaseSync } from "node:sqlite";
import { beforeAll, expect, it } from "vitest";
import { ownerCounts, ownerListingPage } from "#worker/db/owner-listings.ts";
import { groupMembers, samePropertyStatement } from "#worker/db/property-groups.ts";
import { listingsByIds } from "#worker/db/listings.ts";
import { marketStatement } from "#worker/db/listing-market.ts";
import { ftsQuery } from "#worker/db/listing-search.ts";
import { SHOWN } from "#worker/db/listing-columns.ts";
import { searchBatchSql } from "#harness/search-batch-sql.ts";
import { searchPageSql } from "#harness/search-page-sql.ts";
import { migrateAndSeed } from "#harness/seed/seeded-sqlite.ts";
import { sqliteD1 } from "#harness/sqlite-d1.ts";

const db = new DatabaseSync(":memory:");

beforeAll(() => {
  migrateAndSeed(db, { listings: 3000, analyze: true });
}, 60_000);

/** The plan of the page statement the API runs for a search query string. */
function plan(query: string): string[] {
  const page = searchPageSql(query, (filters) => {
    if (!filters.city) return {};
    const { id } = db.prepare("SELECT id FROM cities WHERE slug = ?").get(filters.city) as { id: number };
    return { cityId: id };
  });
  const rows = db.prepare(`EXPLAIN QUERY PLAN ${page.sql}`).all(...(page.args as number[]));
  return rows.map((row) => String(row.detail));
}

it.each([
  ["deal=sale&city=beograd&rooms=2", "listings_city_updated", true],
  ["deal=sale&city=beograd", "listings_city_updated", true],
  ["city=beograd", "listings_city_updated", true],
  ["deal=rent&city=novi-sad&sort=price_asc", "listings_city_deal_price", true],
  ["deal=sale&city=beograd&sort=price_desc", "listings_city_deal_price", true],
  ["deal=sale&city=beograd&sort=price_m2", "listings_city_deal_price_m2", true],
  ["deal=sale&city=beograd&rooms=3&sort=area", "listings_city_deal_area", true],
  ["deal=sale&city=beograd&price_max=150000&sort=price_asc", "listings_city_deal_price", true],
  // A price range newest first: the range is read from the price index and sorted there (as 0007 does
  // for one type), or the newest walked — the planner weighs the range; either reads no listing row.
  ["deal=sale&city=beograd&rooms=2&price_min=100000&price_max=250000", "listings_city_(updated|deal_price)", false],
  // Filters no summary keeps (decision 095, migration 0046): a city's area range, a price range anywhere.
  ["city=novi-sad&area_min=50&area_max=80", "listings_city_filters", false],
  ["price_min=50000&price_max=60000", "listings_price_filters", false],
])("%s reads %s alone", (query, index, inOrder) => {
  const lines = plan(query);
  const all = lines.join("\n");
  expect(
    lines.some((line) => new RegExp(`^SEARCH l USING COVERING INDEX ${index} \\(`).test(line)),
    all,
  ).toBe(true);
  // Every match is tested from an index; only the page's own rows are read from the table.
  for (const line of lines.filter((l) => l.startsWith("SEARCH l ")))
    expect(line, all).toMatch(/^SEARCH l USING (COVERING INDEX|INTEGER PRIMARY KEY)/);
  // Walked in the sort's order: the only sort left is of the page's 20 rows.
  if (inOrder) expect(lines.filter((line) => line === "USE TEMP B-TREE FOR ORDER BY").length, all).toBe(1);
  // The page is the plain results in the visitor's sort: the promoted block is a statement of its own
  // (decision 067), so no placement is read here.
  expect(
    lines.some((line) => line.includes("listings_top_city")),
    all,
  ).toBe(false);
});

/** The plan of every statement `run` sends to the database. */
async function plansOf(run: (d1: D1Database) => Promise<unknown>): Promise<string[][]> {
  const { db: d1 } = sqliteD1(db);
  const sent: { sql: string; args: unknown[] }[] = [];
  const spy = {
    prepare: (sql: string) => ({
      bind: (...args: unknown[]) => {
        sent.push({ sql, args });
        return d1.prepare(sql).bind(...args);
      },
    }),
    batch: (statements: D1PreparedStatement[]) => d1.batch(statements),
  } as unknown as D1Database;
  await run(spy);
  return sent.map(({ sql, args }) =>
    db
      .prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .all(...(args as number[]))
      .map((row) => String(row.detail)),
  );
}

it("the cabinet's tab counts, a tab's page and its total read only the owner's and their agencies' indexes", async () => {
  const { owner } = db
    .prepare("SELECT owner_id AS owner FROM listings GROUP BY owner_id ORDER BY COUNT(*) DESC LIMIT 1")
    .get() as { owner: number };
  // The owner's own listings, or those of an agency they manage (decision 098): one index each, no scan.
  const indexed = (lines: string[], ownerRead: RegExp) => {
    const all = lines.join("\n");
    expect(all, all).toMatch(ownerRead);
    expect(all, all).toMatch(/listings_agency \(agency_id=\?/);
    expect(all, all).not.toMatch(/^SCAN (l|listings)\b/m);
  };
  const [counts] = await plansOf((d1) => ownerCounts(d1, owner));
  indexed(counts!, /listings_owner_tabs \(owner_id=\? AND deleted_at=\?\)/);
  for (const tab of ["active", "drafts"] as const) {
    const [page, total] = await plansOf((d1) => ownerListingPage(d1, owner, tab, 3, 20, "en", Date.now()));
    const tabRead = /listings_owner_tabs \(owner_id=\? AND deleted_at=\? AND status=\?\)/;
    indexed(page!, tabRead);
    indexed(total!, tabRead);
  }
});

it("a listing's market reads the newest of its type in its city along their date index, never the whole city (decision 115)", async () => {
  const [market] = await plansOf((d1) => d1.batch([marketStatement(d1, 1)]));
  const all = market!.join("\n");
  // Newest first with the price per m² in the entry: at most PRICE_M2_MEDIAN_SAMPLE entries, no row read.
  const walks = market!.filter((line) => line.startsWith("SEARCH s "));
  expect(walks.length, all).toBe(2);
  for (const line of walks)
    expect(line, all).toBe(
      "SEARCH s USING COVERING INDEX listings_type_city_updated (status=? AND type_id=? AND city_id=?)",
    );
  // The only sort is the sample's own, by price, for its middle.
  expect(
    market!.filter((line) => line.startsWith("USE TEMP B-TREE")),
    all,
  ).toEqual(["USE TEMP B-TREE FOR ORDER BY"]);
});

it("a search asks the small index of trailing offers whether a match leads its property (decision 090)", () => {
  for (const query of ["deal=sale&city=beograd", "deal=rent&city=novi-sad&sort=price_asc"]) {
    const all = plan(query).join("\n");
    expect(all).toMatch(/SEARCH t USING COVERING INDEX listings_trailing \(id=\?/);
  }
});

it("a property's offers and a regrouping read the group's index, never the whole table", async () => {
  const [same] = await plansOf((d1) => d1.batch([samePropertyStatement(d1, 1)]));
  const [members] = await plansOf((d1) => groupMembers(d1, [1, 2]));
  const [cards] = await plansOf((d1) => listingsByIds(d1, [1, 2], "en"));
  for (const lines of [same!, members!, cards!]) {
    const all = lines.join("\n");
    expect(all).toContain("listings_property (property_id=?)");
    expect(all).not.toMatch(/^SCAN (listings|o)\b/m);
  }
});

it("promoted=true, newest first, walks the placements' own index in the page's order (decision 106)", () => {
  const lines = plan("promoted=true");
  const all = lines.join("\n");
  expect(all).toMatch(/^SEARCH l USING COVERING INDEX listings_promoted_updated \(status=\?\)$/m);
  // Only the page's 20 rows are sorted, not every running placement.
  expect(lines.filter((line) => line === "USE TEMP B-TREE FOR ORDER BY").length, all).toBe(1);
});

it("a text search's page tests its candidates by id from the narrow index, not from their rows (decision 106)", async () => {
  // Across Serbia the text's newest candidates lead the plan at any size (in a city, once the city has more
  // listings than the candidates: at bench:db's sizes, not this seed's).
  const statements = await searchBatchSql(db, "q=terasa");
  const plans = statements.map(({ sql, args }) =>
    db
      .prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .all(...args)
      .map((row) => String(row.detail)),
  );
  const page = plans.find((lines) => lines.includes("SCAN page"))!;
  const all = page.join("\n");
  expect(all).toContain("listings_fts VIRTUAL TABLE");
  expect(all).toMatch(/^SEARCH l USING COVERING INDEX listings_by_id \(id=\?/m);
  // The only row read is the page's own 20, after the sort.
  expect(page.filter((line) => line.startsWith("SEARCH l USING INTEGER PRIMARY KEY")).length, all).toBe(1);
});

it("a text search's count and facets read its candidates from the narrow index by id when it holds every filter (decision 106)", async () => {
  const statements = await searchBatchSql(db, "q=terasa&city=beograd");
  const counted = statements.filter(({ sql }) => sql.includes(" LIMIT 2001"));
  // The three facets and the count.
  expect(counted.length).toBe(4);
  for (const { sql, args } of counted) {
    const lines = db
      .prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .all(...args)
      .map((row) => String(row.detail));
    const all = lines.join("\n");
    expect(all).toMatch(/^SEARCH l USING COVERING INDEX listings_by_id \(id=\?/m);
    expect(all).not.toMatch(/^SEARCH l USING INTEGER PRIMARY KEY/m);
  }
  // An area is not in it: such a search's statements are planned as before.
  for (const { sql } of await searchBatchSql(db, "q=terasa&city=beograd&area_min=50"))
    expect(sql).not.toContain("INDEXED BY listings_by_id");
});

it("a deal's count and district facet by rooms in a city read the rooms index, one entry per match (decision 120)", async () => {
  const statements = await searchBatchSql(db, "deal=sale&city=beograd&rooms=2&price_max=150000&facets=true");
  const counted = statements.filter(({ sql }) => sql.includes(" LIMIT 2001"));
  const plans = counted.map(({ sql, args }) =>
    db
      .prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .all(...args)
      .map((row) => String(row.detail))
      .join("\n"),
  );
  // The count and the district facet keep the rooms; the rooms facet leaves them out, the type facet names the types.
  const byRooms = plans.filter((all) => all.includes("listings_rooms_counted"));
  expect(byRooms.length, plans.join("\n\n")).toBe(2);
  for (const all of byRooms) {
    expect(all).toMatch(
      /^SEARCH l USING COVERING INDEX listings_rooms_counted \(status=\? AND city_id=\? AND deal=\? AND rooms>\? AND rooms<\?\)$/m,
    );
    expect(all).not.toMatch(/^SEARCH l USING INTEGER PRIMARY KEY/m);
  }
  // No page reads it: the pages never say the index's own term (`rooms >= 0`).
  for (const query of [
    "deal=sale&city=beograd&rooms=2",
    "deal=sale&city=beograd&rooms=2&price_max=150000",
    "deal=sale&city=beograd&rooms=2&price_min=100000&price_max=250000",
    "deal=rent&city=beograd&rooms=1&rooms=2&sort=price_asc",
  ])
    expect(plan(query).join("\n")).not.toContain("listings_rooms_counted");
  // A filter the index does not hold (a type, an area): counted as before.
  for (const query of [
    "deal=sale&type=4&city=beograd&rooms=2&price_max=150000",
    "deal=sale&city=beograd&rooms=2&area_min=50",
  ])
    for (const { sql } of await searchBatchSql(db, query)) expect(sql).not.toContain("listings_rooms_counted");
});

it("the search box's examples and features of up to 8 letters are each one read of a prefix index, not a merge (decision 106)", () => {
  const { sql } = db.prepare("SELECT sql FROM sqlite_master WHERE name = 'listings_fts'").get() as { sql: string };
  const prefixes = new Set(/prefix\s*=\s*'([\d ]+)'/.exec(sql)![1]!.split(" ").map(Number));
  for (const word of ["terrace", "terasa", "терраса", "garage", "garaža", "гараж", "balkon", "lift"]) {
    const terms = [...ftsQuery(word)!.matchAll(/"([^"]+)"\*/g)].map((m) => [...m[1]!].length);
    expect(terms.length, word).toBeGreaterThan(0);
    for (const length of terms) expect(prefixes.has(length), `${word}: a prefix of ${length} letters`).toBe(true);
  }
});

/** The plans of every statement of a search, as the API sends them (the page, the block, the count, the facets). */
async function batchPlans(query: string): Promise<{ sql: string; lines: string[] }[]> {
  return (await searchBatchSql(db, query)).map(({ sql, args }) => ({
    sql,
    lines: db
      .prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .all(...args)
      .map((row) => String(row.detail)),
  }));
}

it.each([
  ["price_min=50000&price_max=60000", "listings_updated \\(status=\\?\\)"],
  ["deal=sale&city=beograd&price_max=150000", "listings_city_updated \\(status=\\? AND city_id=\\?\\)"],
  [
    "deal=sale&type=4&city=beograd&rooms=2&price_min=100000&price_max=250000",
    "listings_type_city_updated \\(status=\\? AND type_id=\\? AND city_id=\\?\\)",
  ],
  ["city=novi-sad&area_min=50&area_max=80", "listings_city_updated \\(status=\\? AND city_id=\\?\\)"],
])(
  "%s, newest first: the page can walk %s in its order, every filter tested from it, or read the range (decision 113)",
  (query, walk) => {
    const lines = plan(query);
    const all = lines.join("\n");
    // The walk: in the page's order, so nothing but the page's 20 is sorted in it.
    expect(all).toMatch(new RegExp(`^SEARCH l USING COVERING INDEX ${walk}$`, "m"));
    // The range read, as planned before, for a narrow range; the probe counts the range's own index entries.
    expect(lines.filter((line) => /^SEARCH l USING COVERING INDEX /.test(line)).length, all).toBe(2);
    expect(all).toMatch(/^SEARCH listings USING COVERING INDEX listings_\w+ \(status=\? AND .*price|area/m);
    for (const line of lines.filter((l) => l.startsWith("SEARCH l ")))
      expect(line, all).toMatch(/^SEARCH l USING (COVERING INDEX|INTEGER PRIMARY KEY)/);
  },
);

it("a wide price range takes the walk and a narrow one the range read, and both give the page the range's newest (decision 113)", async () => {
  const { db: d1 } = sqliteD1(db);
  const prices = db
    .prepare("SELECT price FROM listings WHERE status = 'active' ORDER BY price")
    .all()
    .map((row) => Number(row.price));
  const wide = `price_min=${prices[0]}&price_max=${prices[prices.length - 1]}`;
  const narrow = `price_min=${prices[1000]}&price_max=${prices[1010]}`;
  for (const [query, walked] of [
    [wide, true],
    [narrow, false],
  ] as const) {
    const [page] = (await searchBatchSql(db, query)).filter(({ sql }) => sql.includes("UNION ALL"));
    const probe = /WITH probe AS MATERIALIZED \((SELECT .*? AS walk)\)/s.exec(page!.sql)![1]!;
    const probeArgs = page!.args.slice(0, (probe.match(/\?/g) ?? []).length);
    expect(Boolean(db.prepare(probe).get(...probeArgs)!.walk), query).toBe(walked);
    // The same page as the plain statement, newest first, whichever plan was taken.
    const ids = (
      await d1
        .prepare(page!.sql)
        .bind(...page!.args)
        .all<{ id: number }>()
    ).results.map((r) => r.id);
    const [lo, hi] = [...new URLSearchParams(query).values()].map(Number);
    const expected = db
      .prepare(
        `SELECT l.id FROM listings l WHERE l.status = 'active' AND l.price BETWEEN ? AND ? AND ${SHOWN}
         ORDER BY l.updated_at DESC, l.id DESC LIMIT 20`,
      )
      .all(lo!, hi!)
      .map((row) => Number(row.id));
    expect(ids.length, query).toBeGreaterThan(0);
    expect(ids, query).toEqual(expected);
  }
});

it("a price range's Top block across Serbia can walk the placements' partial index in their order (decision 113)", async () => {
  const block = (await batchPlans("price_min=50000&price_max=60000")).find(({ sql }) =>
    sql.includes("rotated_position"),
  )!;
  expect(block.lines.join("\n")).toMatch(
    /^SEARCH l USING COVERING INDEX listings_top_filters \(status=\? AND promoted_until>\?\)$/m,
  );
  // A narrow range's few listings are read from the range, not found by walking every placement of the city.
  const city = (await batchPlans("deal=sale&city=beograd&price_min=150000&price_max=150000")).find(({ sql }) =>
    sql.includes("rotated_position"),
  )!;
  expect(city.lines.join("\n")).toMatch(
    /^SEARCH l USING COVERING INDEX listings_city_deal_price \(status=\? AND city_id=\? AND deal=\? AND price>\? AND price<\?\)$/m,
  );
});

it("a district of any type, newest first, walks the city's district index in order, not the whole district sorted (decision 113)", async () => {
  const plans = await batchPlans("city=beograd&district=vracar");
  const page = plans.find(({ sql }) => sql.includes(") page JOIN"))!;
  // Its "Top" block walks the city's placements in the order it takes them, the district tested from the index.
  const block = plans.find(({ sql }) => sql.includes("rotated_position"))!;
  expect(block.lines.join("\n")).toMatch(
    /^SEARCH l USING COVERING INDEX listings_top_city \(status=\? AND city_id=\? AND promoted_until>\?\)$/m,
  );
  const all = page.lines.join("\n");
  expect(all).toMatch(
    /^SEARCH l USING COVERING INDEX listings_city_district \(status=\? AND city_id=\? AND district_id=\?\)$/m,
  );
  // Only the page's 20 are sorted (and ties of the date by id).
  expect(page.lines.filter((line) => line === "USE TEMP B-TREE FOR ORDER BY").length, all).toBe(1);
});

it("a deal in a city with floors counts its matches from the deal's part of the city, floor in the index (decision 113)", async () => {
  const counted = (await batchPlans("deal=rent&city=beograd&floor_min=2&floor_max=5")).filter(({ sql }) =>
    sql.includes(" LIMIT 2001"),
  );
  expect(counted.length).toBe(4);
  const count = counted.find(({ sql }) => sql.includes(" AS matches"))!;
  expect(count.lines.join("\n")).toMatch(
    /^SEARCH l USING COVERING INDEX listings_city_deal_price \(status=\? AND city_id=\? AND deal=\?\)$/m,
  );
});
