/**
 * The public search of listings: the WHERE clause of its filters (also the map's, harness/'s query plans'
 * and the alerts' reference), one page of results in the visitor's sort, the "Top" block, the total
 * (exact from the `listing_counts` summary, or counted up to a cap) and the facets. Returns rows; the API
 * shapes them (worker/api/shapes/listing.ts). Only `active` listings are public, and of them only those not
 * hidden for want of their owner's confirmation (`unconfirmed_at`, decision 084).
 */
import { LISTING_TYPES } from "#shared/listing-types.ts";
import type { SearchFilters } from "#shared/api/realty.ts";
import type { Sort } from "#shared/api/limits.ts";
import type { Locale } from "#shared/locales.ts";
import { ftsExpression, searchTermGroups } from "#shared/search-terms.ts";
import { CONFIRMED, listingColumns, listingJoins, type ListingRow, nameColumn, SHOWN } from "./listing-columns.ts";
import { boundsWhere } from "./map-grid.ts";
import { type RankedPlacement, rotatedPlacementStatement } from "./promoted-ranking.ts";
import type { Database } from "#worker/app-env.ts";

const ORDER_BY: Record<Sort, string> = {
  newest: "l.updated_at DESC, l.id DESC",
  price_asc: "l.price ASC, l.id ASC",
  price_desc: "l.price DESC, l.id DESC",
  // Expression indexes (migration 0007) serve "without a price per m² last" in index order.
  price_m2: "l.price_m2 IS NULL, l.price_m2 ASC, l.id ASC",
  // SQLite orders NULL lowest: descending puts listings without an area last, in index order.
  area: "l.area DESC, l.id DESC",
};

export interface ResolvedPlaces {
  cityId?: number;
  districtId?: number;
  /** The `agency` filter's agency (its page's listings). */
  agencyId?: number;
}

/**
 * FTS5 query from visitor text (decision 068, shared/search-terms.ts): each word, or phrase naming a feature,
 * becomes its alternatives — the feature's forms in en, ru and sr, or the word's stem — as quoted prefix
 * terms (served by the prefix indexes of migration 0007), so punctuation and FTS operators in the input are
 * plain text. Null when no word remains.
 */
export function ftsQuery(text: string): string | null {
  return ftsExpression(searchTermGroups(text));
}

type Dimension = "type" | "rooms" | "district";

/** How many text matches, newest first, a text search considers (see `whereClause`). */
const TEXT_CANDIDATES = 2000;

/**
 * Searches that filter only by deal, type, place, rooms and furnishing can be counted from the
 * `listing_counts` summary (migration 0005) — the same cost for any number of listings.
 */
export function countableFromSummary(filters: SearchFilters): boolean {
  return (
    filters.price_min === undefined &&
    filters.price_max === undefined &&
    filters.area_min === undefined &&
    filters.area_max === undefined &&
    filters.floor_min === undefined &&
    filters.floor_max === undefined &&
    filters.promoted === undefined &&
    filters.home === undefined &&
    filters.confirmed_within === undefined &&
    // The summary has no agency: an agency's listings are counted from its own index (`listings_agency`).
    filters.agency === undefined &&
    !filters.bounds &&
    !(filters.q && ftsQuery(filters.q))
  );
}

/** The WHERE clause over `listing_counts` (alias s) matching the summary-countable filters. */
export function summaryWhere(filters: SearchFilters, places: ResolvedPlaces, omit?: Dimension) {
  const parts = ["s.count > 0"];
  const args: unknown[] = [];
  const typeIds =
    filters.type.length && omit !== "type"
      ? filters.type
      : filters.deal
        ? LISTING_TYPES.filter((t) => t.deal === filters.deal).map((t) => t.id)
        : [];
  if (typeIds.length) {
    parts.push(`s.type_id IN (${typeIds.map(() => "?").join(", ")})`);
    args.push(...typeIds);
  }
  if (places.cityId !== undefined) {
    parts.push("s.city_id = ?");
    args.push(places.cityId);
  }
  if (places.districtId !== undefined && omit !== "district") {
    parts.push("s.district_id = ?");
    args.push(places.districtId);
  }
  if (filters.rooms.length && omit !== "rooms") {
    const buckets = [...new Set(filters.rooms)];
    parts.push(`s.rooms_bucket IN (${buckets.map(() => "?").join(", ")})`);
    args.push(...buckets);
  }
  if (filters.furnished !== undefined) {
    parts.push("s.furnished = ?");
    args.push(filters.furnished ? 1 : 0);
  }
  return { sql: parts.join(" AND "), args };
}

/**
 * The type ids a search names (the query schema keeps them to its deal); for the type facet (a count,
 * never sorted) the deal's types. Undefined when the search names neither: the deal alone (`l.deal`)
 * then serves the sorted deal-wide lists through their own indexes.
 */
function typesOf(filters: SearchFilters, omit?: Dimension): number[] | undefined {
  if (filters.type.length && omit !== "type") return filters.type;
  if (filters.deal && omit === "type") return LISTING_TYPES.filter((t) => t.deal === filters.deal).map((t) => t.id);
  return undefined;
}

/**
 * The WHERE clause of a search, optionally leaving one dimension out (for its facet). `offers: "all"`
 * keeps a property's every offer: a paid placement shows the offer that paid for it (decision 090).
 */
export function whereClause(
  filters: SearchFilters,
  places: ResolvedPlaces,
  omit?: Dimension,
  now = Date.now(),
  offers: "leads" | "all" = "leads",
) {
  // A listing hidden for want of its owner's confirmation is not public in search (decision 084). An
  // agency's page shows every offer of its own, the lead of its property or not (decision 103).
  const leads = offers === "leads" && places.agencyId === undefined;
  const parts = ["l.status = 'active'", leads ? SHOWN : CONFIRMED];
  const args: unknown[] = [];
  const add = (sql: string, ...values: unknown[]) => {
    parts.push(sql);
    args.push(...values);
  };
  // A type implies its deal: naming types (not the deal) lets the type-led indexes cover the query.
  const types = typesOf(filters, omit);
  if (types) add(`l.type_id IN (${types.map(() => "?").join(", ")})`, ...types);
  else if (filters.deal) add("l.deal = ?", filters.deal);
  // A district lies in its city: naming only the district lets its own indexes serve the order
  // (ANALYZE-informed plans otherwise walk the whole city's order, filtering for the district).
  const district = omit !== "district" ? places.districtId : undefined;
  if (district !== undefined) add("l.district_id = ?", district);
  else if (places.cityId !== undefined) add("l.city_id = ?", places.cityId);
  if (places.agencyId !== undefined) add("l.agency_id = ?", places.agencyId);
  if (filters.price_min !== undefined) add("l.price >= ?", filters.price_min);
  if (filters.price_max !== undefined) add("l.price <= ?", filters.price_max);
  if (filters.area_min !== undefined) add("l.area >= ?", filters.area_min);
  if (filters.area_max !== undefined) add("l.area <= ?", filters.area_max);
  if (filters.rooms.length && omit !== "rooms") {
    const rooms = [...new Set(filters.rooms)].map((n) => {
      if (n === 0) return "l.rooms < 1";
      if (n >= 5) return "l.rooms >= 5";
      return `(l.rooms >= ${n} AND l.rooms < ${n + 1})`;
    });
    parts.push(`(${rooms.join(" OR ")})`);
  }
  if (filters.floor_min !== undefined) add("l.floor >= ?", filters.floor_min);
  if (filters.floor_max !== undefined) add("l.floor <= ?", filters.floor_max);
  if (filters.furnished !== undefined) add("l.furnished = ?", filters.furnished ? 1 : 0);
  if (filters.promoted === true) add("l.promoted_until > ?", now);
  if (filters.promoted === false) add("(l.promoted_until IS NULL OR l.promoted_until <= ?)", now);
  if (filters.home) add("l.home_until > ?", now);
  if (filters.confirmed_within !== undefined) {
    add("l.confirmed_at >= ?", now - filters.confirmed_within * 24 * 60 * 60 * 1000);
  }
  const fts = filters.q ? ftsQuery(filters.q) : null;
  // The newest matches of the text (ids grow with time), at most TEXT_CANDIDATES: a common word
  // must not make a search walk every listing. A search that reaches the limit is not exact.
  if (fts) {
    add(
      `l.id IN (SELECT rowid FROM listings_fts WHERE listings_fts MATCH ? ORDER BY rowid DESC LIMIT ${TEXT_CANDIDATES})`,
      fts,
    );
  }
  // By the shown point (migration 0021): searching by the exact one would find a hidden house.
  if (filters.bounds) {
    const bounds = boundsWhere(filters.bounds);
    add(bounds.sql, ...bounds.args);
  }
  return { sql: parts.join(" AND "), args };
}

/**
 * Where a count or a facet reads the matches it counts (`SELECT 1 FROM <from> WHERE <where>`), for the
 * statement of `whereClause(filters, places, omit)`:
 * - a text search's candidates (the text's newest TEXT_CANDIDATES, by id): from `listings_by_id` (migration
 *   0052) when it holds every column the filters test, so no candidate's whole row is read — the planner's own
 *   choice between that index and the rows turns on the statistics and, at some sizes, read 2 000 rows per
 *   statement (decision 106);
 * - a deal in a city by rooms, with at most a price range: from `listings_rooms_counted` (migration 0059), one
 *   entry per match, where the city's price index tested each listing of the price range for its rooms
 *   (decision 120). The index is partial on `rooms >= 0`, which only these statements add;
 * - any other: the listings, as planned.
 */
function countedRows(
  filters: SearchFilters,
  places: ResolvedPlaces,
  where: { sql: string },
  omit?: Dimension,
): { from: string; where: string } {
  const onlyPlaceAndPrice =
    filters.area_min === undefined &&
    filters.area_max === undefined &&
    filters.floor_min === undefined &&
    filters.floor_max === undefined &&
    filters.furnished === undefined &&
    filters.promoted === undefined &&
    !filters.home &&
    filters.confirmed_within === undefined &&
    !filters.bounds;
  const text = filters.q ? ftsQuery(filters.q) : null;
  if (onlyPlaceAndPrice && text) return { from: "listings l INDEXED BY listings_by_id", where: where.sql };
  const byRooms =
    onlyPlaceAndPrice &&
    !filters.q &&
    filters.deal !== undefined &&
    typesOf(filters, omit) === undefined &&
    filters.rooms.length > 0 &&
    omit !== "rooms" &&
    places.cityId !== undefined &&
    (places.districtId === undefined || omit === "district") &&
    places.agencyId === undefined;
  if (byRooms) return { from: "listings l INDEXED BY listings_rooms_counted", where: `${where.sql} AND l.rooms >= 0` };
  return { from: "listings l", where: where.sql };
}

/**
 * Which placement a search takes in turn (promoted-ranking.ts, decision 067): "Top" in the promoted block
 * of every search but one that asks for its sort alone (`ranked=false`) or names the placement itself
 * (`promoted=true|false`: its results are, or exclude, them all); "Home" on the home page's (`home=true`),
 * whose results are that placement's listings in turn.
 */
function rankedPlacement(filters: SearchFilters): RankedPlacement | null {
  if (filters.home) return "home";
  return filters.promoted !== undefined || filters.ranked === false ? null : "top";
}

/**
 * A newest-first page with a price or area range has two bounded plans, and which one is bounded depends on
 * how many listings the range holds — which SQLite cannot tell without a histogram (D1 keeps none): read the
 * range from its index and sort it (cheap while the range is narrow), or walk an index in the page's order,
 * testing the filters from it, until the page is full (cheap while the range is wide: a share f of the
 * listings fills 20 in about 20 / f entries). The page's statement counts the range's index entries up to
 * the count's cap (`RANGE_PROBE`) and takes the walk past it, the range read below it (decision 113).
 * Null when the search is not such a page, or no index walks it with every filter tested from the index.
 */
function newestRangePlan(
  filters: SearchFilters,
  places: ResolvedPlaces,
  probeLimit = RANGE_PROBE,
): { walk: string; probe: { sql: string; args: unknown[] }; placed?: string } | null {
  const ranged = filters.price_min !== undefined || filters.price_max !== undefined;
  const areaRanged = filters.area_min !== undefined || filters.area_max !== undefined;
  // The walk indexes hold deal, type, place, rooms, price, area and floor; any other filter reads rows.
  const other =
    filters.furnished !== undefined ||
    filters.promoted !== undefined ||
    filters.home ||
    filters.confirmed_within !== undefined ||
    filters.agency !== undefined ||
    filters.bounds ||
    (filters.q && ftsQuery(filters.q)) ||
    places.districtId !== undefined ||
    places.agencyId !== undefined;
  if ((!ranged && !areaRanged) || other) return null;
  const city = places.cityId;
  const oneType = filters.type.length === 1 ? filters.type[0] : undefined;
  // Several types imply their deal: the deal's range holds theirs.
  const deal = oneType === undefined ? filters.deal : undefined;
  const walk =
    city === undefined
      ? "listings_updated"
      : oneType !== undefined
        ? "listings_type_city_updated"
        : "listings_city_updated";
  // The range's own index entries, scoped as far as an index seeks (a superset of the matches): the first of
  // the range's indexes whose equalities the search fixes.
  const fixed: Record<RangeScope, number | string | undefined> = { type_id: oneType, city_id: city, deal };
  const [index, scoped] = RANGE_INDEXES[ranged ? "price" : "area"].find(([, columns]) =>
    columns.every((column) => fixed[column] !== undefined),
  )!;
  if (!index) return null;
  const scope = scoped.map((column) => `${column} = ?`);
  const args: unknown[] = scoped.map((column) => fixed[column]);
  const column = ranged ? "price" : "area";
  const [min, max] = ranged ? [filters.price_min, filters.price_max] : [filters.area_min, filters.area_max];
  if (min !== undefined) {
    scope.push(`${column} >= ?`);
    args.push(min);
  }
  if (max !== undefined) {
    scope.push(`${column} <= ?`);
    args.push(max);
  }
  // Where a narrow range's placements are read: the range's own index when it holds their end and every filter
  // (else the planner's choice, which walks every placement of the scope, a narrow range matching few of them).
  const placed =
    ranged && city === undefined
      ? "listings_price_filters"
      : ranged && index === "listings_city_deal_price"
        ? index
        : !ranged && city !== undefined
          ? "listings_city_filters"
          : undefined;
  return {
    walk,
    ...(placed ? { placed } : {}),
    probe: {
      sql: `(SELECT COUNT(*) FROM (SELECT 1 FROM listings INDEXED BY ${index} WHERE status = 'active' AND ${scope.join(" AND ")}
        LIMIT ${probeLimit + 1})) > ${probeLimit}`,
      args,
    },
  };
}

type RangeScope = "type_id" | "city_id" | "deal";

/**
 * The indexes a price or area range is counted from (`newestRangePlan`'s probe), most specific first, each
 * with the equalities it seeks before the range. A city's price range with several types of no one deal has
 * none (null): no index holds the city and the price without the type or the deal.
 */
const RANGE_INDEXES: Record<"price" | "area", [index: string | null, scope: RangeScope[]][]> = {
  price: [
    ["listings_type_city_price", ["type_id", "city_id"]],
    ["listings_city_deal_price", ["city_id", "deal"]],
    [null, ["city_id"]],
    ["listings_type_price", ["type_id"]],
    ["listings_deal_price", ["deal"]],
    ["listings_price", []],
  ],
  area: [
    ["listings_city_filters", ["city_id"]],
    ["listings_type_area", ["type_id"]],
    ["listings_deal_area", ["deal"]],
    ["listings_area", []],
  ],
};

/** A search by its place alone: no deal, type, rooms, range, text or other filter. */
function placeOnly(filters: SearchFilters): boolean {
  return (
    countableFromSummary(filters) &&
    !filters.deal &&
    !filters.type.length &&
    !filters.rooms.length &&
    filters.furnished === undefined
  );
}

/** How many of a range's index entries a newest-first page counts before it walks instead (`newestRangePlan`). */
const RANGE_PROBE = 2000;

/**
 * The same for the "Top" block: it walks only the placed listings but needs more of them (up to
 * PROMOTED_ROTATION_SPAN and a page's), so its walk pays off for wider ranges only — about 75 ÷ the range's share
 * of the listings, against the range's size; 8 000 keeps the worse of the two near 8 000 entries up to a
 * million listings (decision 113).
 */
const PLACED_RANGE_PROBE = 8000;

/**
 * The SQL of one page of a search's results: the visitor's sort — or, for the home page's shelf, its
 * "Home" placements in turn. The "Top" block is a statement of its own (`promotedBlockStatement`).
 */
export function searchPageStatement(
  filters: SearchFilters,
  where: { sql: string; args: unknown[] },
  options: { sort: Sort; page: number; perPage: number; now: number; columns: string },
  places: ResolvedPlaces = {},
): { sql: string; args: unknown[] } {
  if (filters.home) {
    return rotatedPlacementStatement(where, options.columns, listingJoins, { ...options, placement: "home" });
  }
  const order = ORDER_BY[options.sort];
  const offset = (options.page - 1) * options.perPage;
  const page = (from: string, w: { sql: string; args: unknown[] }, limit = "?") => ({
    sql: `SELECT l.id FROM ${from} WHERE ${w.sql} ORDER BY ${order} LIMIT ${limit} OFFSET ?`,
    args: [...w.args, options.perPage, offset],
  });
  const plan = options.sort === "newest" ? newestRangePlan(filters, places) : null;
  let ids: { sql: string; args: unknown[] };
  let probe: { sql: string; args: unknown[] } | undefined;
  if (plan) {
    // Both branches are the same page; the probe (counted once) leaves one of them a LIMIT of 0, which reads nothing.
    probe = plan.probe;
    const walked = page(
      `listings l INDEXED BY ${plan.walk}`,
      where,
      "CASE WHEN (SELECT walk FROM probe) THEN ? ELSE 0 END",
    );
    const ranged = page("listings l", where, "CASE WHEN (SELECT walk FROM probe) THEN 0 ELSE ? END");
    ids = {
      sql: `SELECT id FROM (${walked.sql}) UNION ALL SELECT id FROM (${ranged.sql})`,
      args: [...walked.args, ...ranged.args],
    };
  } else if (
    options.sort === "newest" &&
    placeOnly(filters) &&
    places.districtId !== undefined &&
    places.cityId !== undefined
  ) {
    // A district of any type, newest first: `listings_district_type_updated` has the type before the date,
    // so it sorts the whole district; the city's district index walks it in order (the district lies in its city).
    ids = page("listings l INDEXED BY listings_city_district", {
      sql: `${where.sql} AND l.city_id = ?`,
      args: [...where.args, places.cityId],
    });
  } else ids = page("listings l", where);
  // The page's ids first, then their columns: a sort keeps whole result rows, so selecting the
  // columns (joins, photo subqueries) in the sorted query would compute them for every match.
  const select = `SELECT ${options.columns} FROM (${ids.sql}) page JOIN listings l ON l.id = page.id ${listingJoins} ORDER BY ${order}`;
  return probe
    ? { sql: `WITH probe AS MATERIALIZED (SELECT ${probe.sql} AS walk) ${select}`, args: [...probe.args, ...ids.args] }
    : { sql: select, args: ids.args };
}

/** The "Top" block of a page of a search (null when the search has none): its running placements in turn. */
function promotedBlockStatement(
  filters: SearchFilters,
  places: ResolvedPlaces,
  where: { sql: string; args: unknown[] },
  options: { page: number; perPage: number; now: number; columns: string },
): { sql: string; args: unknown[] } | null {
  if (rankedPlacement(filters) !== "top") return null;
  // A range's placements, like its page (`newestRangePlan`): past the probe's count walked in their order
  // from a placements' index that holds every filter the range search tests, below it read from the range.
  const plan = newestRangePlan(filters, places, PLACED_RANGE_PROBE);
  const choice = plan && {
    walk: places.cityId === undefined ? "listings_top_filters" : "listings_top_city",
    probe: plan.probe,
    ...(plan.placed ? { range: plan.placed } : {}),
  };
  if (!choice && placeOnly(filters) && places.districtId !== undefined && places.cityId !== undefined) {
    // A district's placements of any type: the district's placement index has the type before their end, so
    // every placement of the district was read and sorted; the city's walks them in order (as the page does).
    const inCity = { sql: `${where.sql} AND l.city_id = ?`, args: [...where.args, places.cityId] };
    return rotatedPlacementStatement(inCity, options.columns, listingJoins, {
      ...options,
      placement: "top",
      index: "listings_top_city",
    });
  }
  return rotatedPlacementStatement(where, options.columns, listingJoins, {
    ...options,
    placement: "top",
    ...(choice ? { choice } : {}),
  });
}

/**
 * Searches that cannot be counted from the summary (price, area, floor, text, map, promotion
 * filters) count their matches only this far: the cost of a search stays bounded at any scale, and
 * past it the answer says "at least" (`total_exact: false`) and leaves the facets out.
 */
const SEARCH_COUNT_CAP = 2000;

/** A facet's counts as read: the key (a type id, a rooms bucket, a district id) and its count; a district's names. */
interface FacetRow {
  key: number;
  count: number;
  /** How many listings a capped facet saw: more than the cap means it was cut short. */
  seen?: number;
  slug?: string;
  name?: string;
}

/** A search's facets as read, rows with a count only. */
export interface FacetRows {
  types: FacetRow[];
  rooms: FacetRow[];
  districts: FacetRow[];
}

/** A page of a search: its rows, the "Top" block's, the total and, when asked and exact, the facets' rows. */
export interface SearchRows {
  rows: ListingRow[];
  promotedRows: ListingRow[];
  total: number;
  total_exact: boolean;
  facets?: FacetRows;
}

export async function searchListings(
  db: Database,
  filters: SearchFilters,
  places: ResolvedPlaces,
  options: { sort: Sort; page: number; perPage: number; facets: boolean; locale: Locale; now: number },
): Promise<SearchRows> {
  const where = whereClause(filters, places, undefined, options.now);
  // Paid placements show the offer that paid, lead of its property or not (decision 090).
  const placed = whereClause(filters, places, undefined, options.now, "all");
  const summary = countableFromSummary(filters);
  const rooms = "CASE WHEN l.rooms < 1 THEN 0 WHEN l.rooms >= 5 THEN 5 ELSE CAST(l.rooms AS INTEGER) END";
  const name = nameColumn(options.locale);

  /**
   * `SELECT <key>, <count>` grouped over the summary, or over at most the cap of matching listings;
   * a district facet also names its districts (keys without a district drop out with the join).
   */
  const facet = (omit: Dimension, key: { summary: string; listings: string }, districts = false) => {
    const w = summary ? summaryWhere(filters, places, omit) : whereClause(filters, places, omit, options.now);
    const rows = countedRows(filters, places, w, omit);
    const grouped = summary
      ? `SELECT ${key.summary} AS key, SUM(s.count) AS count FROM listing_counts s WHERE ${w.sql} AND ${key.summary} >= 0 GROUP BY 1`
      : `SELECT key, COUNT(*) AS count, SUM(COUNT(*)) OVER () AS seen FROM (SELECT ${key.listings} AS key
         FROM ${rows.from} WHERE ${rows.where} LIMIT ${SEARCH_COUNT_CAP + 1}) WHERE key IS NOT NULL GROUP BY 1`;
    const sql = districts
      ? `SELECT f.*, d.slug, d.${name} AS name FROM (${grouped}) f JOIN districts d ON d.id = f.key`
      : grouped;
    return db.prepare(sql).bind(...w.args);
  };

  // One round trip: the page, the total and the facets. A search the cap cuts short discards its
  // facets (each is bounded by the cap too); counting them exactly is what a capped search avoids.
  const facetStatements: D1PreparedStatement[] = [];
  if (options.facets) {
    facetStatements.push(
      facet("type", { summary: "s.type_id", listings: "l.type_id" }),
      facet("rooms", { summary: "s.rooms_bucket", listings: `CASE WHEN l.rooms IS NULL THEN NULL ELSE ${rooms} END` }),
    );
    if (places.cityId !== undefined)
      facetStatements.push(facet("district", { summary: "s.district_id", listings: "l.district_id" }, true));
  }
  const columns = listingColumns(options.locale);
  const page = searchPageStatement(filters, filters.home ? placed : where, { ...options, columns }, places);
  const block = promotedBlockStatement(filters, places, placed, { ...options, columns });
  const [rows, blockRows, count, types, roomRows, districtRows] = await db.batch([
    db.prepare(page.sql).bind(...page.args),
    // Without a block, a statement that reads nothing keeps the batch's places.
    block ? db.prepare(block.sql).bind(...block.args) : db.prepare("SELECT 1 WHERE 0"),
    countStatement(db, filters, places, options.now),
    ...facetStatements,
  ]);
  const { total, total_exact: exact } = readCount(count!.results[0] as CountRow, summary);
  const facetRows = (result: D1Result | undefined) =>
    ((result?.results ?? []) as FacetRow[]).filter((r) => r.count > 0);
  const capped = [types, roomRows, districtRows].some((r) =>
    facetRows(r).some((row) => (row.seen ?? 0) > SEARCH_COUNT_CAP),
  );
  const facets =
    options.facets && exact && !capped
      ? { types: facetRows(types), rooms: facetRows(roomRows), districts: facetRows(districtRows) }
      : undefined;
  return {
    rows: rows!.results as ListingRow[],
    promotedRows: (blockRows?.results ?? []) as ListingRow[],
    total,
    total_exact: exact,
    facets,
  };
}

/** The total of a search alone, exact from the summary or counted up to the cap. */
export async function countListings(
  db: Database,
  filters: SearchFilters,
  places: ResolvedPlaces,
): Promise<{ total: number; total_exact: boolean }> {
  const row = await countStatement(db, filters, places).first<CountRow>();
  return readCount(row ?? { n: 0, matches: 0 }, countableFromSummary(filters));
}

type CountRow = { n: number; matches: number };

/**
 * One statement for the total: the summary's exact sum, or the matches counted up to the cap — and,
 * for a text search, how many listings the text matches up to `TEXT_CANDIDATES` + 1 (more means the
 * search only considered the newest of them).
 */
function countStatement(db: Database, filters: SearchFilters, places: ResolvedPlaces, now = Date.now()) {
  if (countableFromSummary(filters)) {
    const w = summaryWhere(filters, places);
    return db
      .prepare(`SELECT ifnull(SUM(s.count), 0) AS n, 0 AS matches FROM listing_counts s WHERE ${w.sql}`)
      .bind(...w.args);
  }
  const w = whereClause(filters, places, undefined, now);
  const rows = countedRows(filters, places, w);
  const fts = filters.q ? ftsQuery(filters.q) : null;
  const matches = fts
    ? `(SELECT COUNT(*) FROM (SELECT rowid FROM listings_fts WHERE listings_fts MATCH ? LIMIT ${TEXT_CANDIDATES + 1}))`
    : "0";
  return db
    .prepare(
      `SELECT (SELECT COUNT(*) FROM (SELECT 1 FROM ${rows.from} WHERE ${rows.where} LIMIT ${SEARCH_COUNT_CAP + 1})) AS n, ${matches} AS matches`,
    )
    .bind(...w.args, ...(fts ? [fts] : []));
}

function readCount(row: CountRow, summary: boolean): { total: number; total_exact: boolean } {
  if (summary) return { total: row.n, total_exact: true };
  return {
    total: Math.min(row.n, SEARCH_COUNT_CAP),
    total_exact: row.n <= SEARCH_COUNT_CAP && row.matches <= TEXT_CANDIDATES,
  };
}
