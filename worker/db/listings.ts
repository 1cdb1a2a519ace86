/**
 * Listing queries for the public API: search (filters, sort, pages, facets), totals, detail,
 * by-ids and the sitemap list, and an owner's or admin's preview. Only `active` listings are public;
 * the phone column is never read here.
 */
import type { Locale } from "#shared/locales.ts";
import { CLASSIFIED_TYPES, type ClassifiedTypeId, type Deal, type PropertyType } from "#shared/listing-types.ts";
import { paths } from "#shared/paths.ts";
import type {
  ApiImage,
  ApiListing,
  ApiListingDetail,
  ApiListingPreview,
  ListingStatus,
  SearchFacets,
  SearchFilters,
} from "#shared/api/realty.ts";
import type { Sort } from "#shared/api/limits.ts";
import { photoVariants, srcsetOf } from "#shared/photo-variants.ts";
import { searchWords } from "#shared/search-words.ts";
import type { LocationPrecision } from "#shared/map.ts";
import { shownTitle } from "./listing-titles.ts";
import { boundsWhere } from "./map-grid.ts";
import {
  exactOrganicNeeded,
  ORGANIC_UNKNOWN,
  rankedPageStatement,
  type RankedLayout,
  type RankedPlacement,
} from "./promoted-ranking.ts";

/** Column of a localized name; the locale is one of three known values, never user text. */
const nameColumn = (locale: Locale) => `name_${locale}` as const;

export const ORDER_BY: Record<Sort, string> = {
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
}

/**
 * FTS5 query from visitor text: each word becomes a quoted prefix term (served by the prefix indexes
 * of migration 0007), so punctuation and FTS operators in the input are plain text. Null when no word
 * remains.
 */
export function ftsQuery(text: string): string | null {
  const words = searchWords(text);
  // A one-character prefix would match most of the vocabulary: such a word is matched whole.
  return words.length ? words.map((w) => `"${w.replaceAll('"', "")}"${w.length > 1 ? "*" : ""}`).join(" ") : null;
}

type Dimension = "type" | "rooms" | "district";

/** How many text matches, newest first, a text search considers (see `whereClause`). */
export const TEXT_CANDIDATES = 2000;

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
        ? CLASSIFIED_TYPES.filter((t) => t.deal === filters.deal).map((t) => t.id)
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
  if (filters.deal && omit === "type") return CLASSIFIED_TYPES.filter((t) => t.deal === filters.deal).map((t) => t.id);
  return undefined;
}

/** The WHERE clause of a search, optionally leaving one dimension out (for its facet). */
export function whereClause(filters: SearchFilters, places: ResolvedPlaces, omit?: Dimension, now = Date.now()) {
  const parts = ["l.status = 'active'"];
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

interface ListingRow {
  id: number;
  type_id: ClassifiedTypeId;
  deal: Deal;
  property_type: PropertyType;
  city_slug: string;
  city_name: string;
  district_slug: string | null;
  district_name: string | null;
  address: string;
  lat: number;
  lng: number;
  location_precision: LocationPrecision;
  price: number;
  price_m2: number | null;
  area: number | null;
  land_area: number | null;
  rooms: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  floor: number | null;
  floors: number | null;
  year_built: number | null;
  furnished: number | null;
  heating: string | null;
  parking: number | null;
  balcony: number | null;
  elevator: number | null;
  deposit: number | null;
  pets_allowed: number | null;
  title: string;
  title_generated: number;
  lang: "en" | "ru" | "sr";
  promoted_until: number | null;
  highlight_until: number | null;
  created_at: number;
  updated_at: number;
  expires_at: number;
  image_json: string | null;
  image_count: number;
}

/** The public sees a listing's approved photos only; those added since wait for a moderator (decision 053). */
const PUBLIC_IMAGE = " AND i.state = 'public'";

/**
 * A listing's columns for the API. `lat`/`lng` are the shown point (migration 0021), the only one the public
 * sees; `exact` (the owner's and admins' previews only) reads the point the owner set and every photo.
 */
const listingColumns = (locale: Locale, exact = false) => `
  l.id, l.type_id, l.deal, l.property_type, c.slug AS city_slug, c.${nameColumn(locale)} AS city_name,
  d.slug AS district_slug, d.${nameColumn(locale)} AS district_name, l.address,
  ${exact ? "l.lat, l.lng" : "l.shown_lat AS lat, l.shown_lng AS lng"}, l.location_precision, l.price,
  l.price_m2, l.area, l.land_area, l.rooms, l.bedrooms, l.bathrooms, l.floor, l.floors, l.year_built,
  l.furnished, l.heating, l.parking, l.balcony, l.elevator, l.deposit, l.pets_allowed, l.title, l.title_generated,
  l.lang, l.promoted_until, l.highlight_until, l.created_at, l.updated_at, l.expires_at,
  (SELECT json_object('id', i.id, 'width', i.width, 'height', i.height, 'photo_key', i.photo_key) FROM listing_images i
     WHERE i.listing_id = l.id${exact ? "" : PUBLIC_IMAGE} ORDER BY i.position LIMIT 1) AS image_json,
  (SELECT COUNT(*) FROM listing_images i WHERE i.listing_id = l.id${exact ? "" : PUBLIC_IMAGE}) AS image_count`;

const listingJoins = "JOIN cities c ON c.id = l.city_id LEFT JOIN districts d ON d.id = l.district_id";

export const imageUrl = (id: number) => `/images/listings/${id}.svg`;

const bool = (value: number | null) => (value === null ? null : value === 1);

/** The stored facts of a listing row that every API shape gives alike: numbers as stored, flags as booleans. */
type StoredFacts = Pick<
  ListingRow,
  | "area"
  | "land_area"
  | "rooms"
  | "bedrooms"
  | "bathrooms"
  | "floor"
  | "floors"
  | "year_built"
  | "furnished"
  | "heating"
  | "parking"
  | "balcony"
  | "elevator"
  | "deposit"
  | "pets_allowed"
>;

/** A row's facts in API shape: the public listing, the preview and the owner's edit shape give the same. */
export function listingFacts(row: StoredFacts) {
  return {
    area: row.area,
    land_area: row.land_area,
    rooms: row.rooms,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    floor: row.floor,
    floors: row.floors,
    year_built: row.year_built,
    furnished: bool(row.furnished),
    heating: row.heating,
    parking: bool(row.parking),
    balcony: bool(row.balcony),
    elevator: bool(row.elevator),
    deposit: row.deposit,
    pets_allowed: bool(row.pets_allowed),
  };
}
const iso = (ms: number) => new Date(ms).toISOString();
const round2 = (n: number | null) => (n === null ? null : Math.round(n * 100) / 100);

export interface ImageRow {
  id: number;
  width: number;
  height: number;
  photo_key: string | null;
}

/** A photo names its variants (the middle one as `url`); an illustration is one drawn SVG. */
export function toImage(row: ImageRow): ApiImage {
  if (row.photo_key === null) {
    const url = imageUrl(row.id);
    return { id: row.id, url, width: row.width, height: row.height, srcset: null, url_large: url };
  }
  const variants = photoVariants(row.photo_key, row.width, row.height);
  const largest = variants.at(-1)!;
  return {
    id: row.id,
    url: variants[Math.floor((variants.length - 1) / 2)]!.url,
    width: largest.width,
    height: largest.height,
    srcset: srcsetOf(variants),
    url_large: largest.url,
  };
}

export function toListing(row: ListingRow, now: number, locale: Locale): ApiListing {
  return {
    id: row.id,
    type_id: row.type_id,
    deal: row.deal,
    type: row.property_type,
    path: paths.detail(row.deal, row.property_type, row.city_slug, row.id),
    city: { slug: row.city_slug, name: row.city_name },
    district: row.district_slug ? { slug: row.district_slug, name: row.district_name ?? row.district_slug } : null,
    address: row.address,
    lat: row.lat,
    lng: row.lng,
    location_precision: row.location_precision,
    price: row.price,
    currency: "EUR",
    price_m2: round2(row.price_m2),
    ...listingFacts(row),
    ...shownTitle(row, locale),
    lang: row.lang,
    promoted: row.promoted_until !== null && row.promoted_until > now,
    highlighted: row.highlight_until !== null && row.highlight_until > now,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    expires_at: iso(row.expires_at),
    image: row.image_json ? toImage(JSON.parse(row.image_json) as ImageRow) : null,
    image_count: row.image_count,
  };
}

/**
 * Which placement a search ranks first (promoted-ranking.ts): "Top" on every search but one that
 * excludes it or asks for its sort alone (`ranked=false`), "Home" on the home page's (`home=true`).
 */
export function rankedPlacement(filters: SearchFilters): RankedPlacement | null {
  if (filters.home) return "home";
  return filters.promoted === false || filters.ranked === false ? null : "top";
}

/** A search of running placements only: every match is placed, none follows in the visitor's sort. */
const placedOnly = (filters: SearchFilters) => filters.home === true || filters.promoted === true;

/**
 * The SQL of one page of a search: its placed listings first when it ranks a placement, otherwise the
 * visitor's sort alone. `organic` is how many matches are not placed, when known (ORGANIC_UNKNOWN: as
 * many as the page needs); a search of placed listings only has none.
 */
export function searchPageStatement(
  filters: SearchFilters,
  where: { sql: string; args: unknown[] },
  options: { sort: Sort; page: number; perPage: number; now: number; columns: string; organic: number },
): { sql: string; args: unknown[] } {
  const placement = rankedPlacement(filters);
  const order = ORDER_BY[options.sort];
  if (placement) {
    return rankedPageStatement(where, order, options.columns, listingJoins, {
      page: options.page,
      perPage: options.perPage,
      now: options.now,
      placement,
      organic: placedOnly(filters) ? 0 : options.organic,
    });
  }
  // The page's ids first, then their columns: a sort keeps whole result rows, so selecting the
  // columns (joins, photo subqueries) in the sorted query would compute them for every match.
  return {
    sql: `SELECT ${options.columns} FROM (SELECT l.id FROM listings l WHERE ${where.sql}
       ORDER BY ${order} LIMIT ? OFFSET ?) page JOIN listings l ON l.id = page.id ${listingJoins} ORDER BY ${order}`,
    args: [...where.args, options.perPage, (options.page - 1) * options.perPage],
  };
}

/**
 * Searches that cannot be counted from the summary (price, area, floor, text, map, promotion
 * filters) count their matches only this far: the cost of a search stays bounded at any scale, and
 * past it the answer says "at least" (`total_exact: false`) and leaves the facets out.
 */
export const SEARCH_COUNT_CAP = 2000;

export async function searchListings(
  db: D1Database,
  filters: SearchFilters,
  places: ResolvedPlaces,
  options: { sort: Sort; page: number; perPage: number; facets: boolean; locale: Locale; now: number },
): Promise<{ items: ApiListing[]; total: number; total_exact: boolean; facets?: SearchFacets }> {
  const where = whereClause(filters, places, undefined, options.now);
  const summary = countableFromSummary(filters);
  const rooms = "CASE WHEN l.rooms < 1 THEN 0 WHEN l.rooms >= 5 THEN 5 ELSE CAST(l.rooms AS INTEGER) END";
  const name = nameColumn(options.locale);

  /**
   * `SELECT <key>, <count>` grouped over the summary, or over at most the cap of matching listings;
   * a district facet also names its districts (keys without a district drop out with the join).
   */
  const facet = (omit: Dimension, key: { summary: string; listings: string }, districts = false) => {
    const w = summary ? summaryWhere(filters, places, omit) : whereClause(filters, places, omit, options.now);
    const grouped = summary
      ? `SELECT ${key.summary} AS key, SUM(s.count) AS count FROM listing_counts s WHERE ${w.sql} AND ${key.summary} >= 0 GROUP BY 1`
      : `SELECT key, COUNT(*) AS count, SUM(COUNT(*)) OVER () AS seen FROM (SELECT ${key.listings} AS key FROM listings l
         WHERE ${w.sql} LIMIT ${SEARCH_COUNT_CAP + 1}) WHERE key IS NOT NULL GROUP BY 1`;
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
  const placement = rankedPlacement(filters);
  const statement = (organic: number) =>
    searchPageStatement(filters, where, { ...options, columns: listingColumns(options.locale), organic });
  const page = statement(ORGANIC_UNKNOWN);
  const [rows, count, types, roomRows, districtRows] = await db.batch([
    db.prepare(page.sql).bind(...page.args),
    countStatement(db, filters, places, options.now),
    ...facetStatements,
  ]);
  const { total, total_exact: exact } = readCount(count!.results[0] as CountRow, summary);
  type PageRow = ListingRow & Partial<RankedLayout> & { rank_group?: number };
  let pageRows = rows!.results as PageRow[];
  // The page was read as if the other matches went on past it; near the end they may not (rare: the
  // last pages of a search with more placed listings than its pages have first places). A search of
  // placed listings only knows it has no others.
  const again =
    placement && !placedOnly(filters)
      ? exactOrganicNeeded(pageRows as (RankedLayout & { rank_group: number })[], options.perPage)
      : undefined;
  if (again) {
    const organic =
      again.organic ?? (await countOrganic(db, where, placement!, options.now, pageRows[0]!.organic_before!));
    const exactPage = statement(organic);
    pageRows = (
      await db
        .prepare(exactPage.sql)
        .bind(...exactPage.args)
        .all<PageRow>()
    ).results;
  }

  type FacetRow = { key: number; count: number; seen?: number; slug?: string; name?: string };
  const facetRows = (result: D1Result | undefined) =>
    ((result?.results ?? []) as FacetRow[]).filter((r) => r.count > 0);
  const capped = [types, roomRows, districtRows].some((r) =>
    facetRows(r).some((row) => (row.seen ?? 0) > SEARCH_COUNT_CAP),
  );
  let facets: SearchFacets | undefined;
  if (options.facets && exact && !capped) {
    facets = {
      types: facetRows(types)
        .map((r) => ({ type_id: r.key, count: r.count }))
        .sort((a, b) => a.type_id - b.type_id),
      rooms: facetRows(roomRows)
        .map((r) => ({ rooms: r.key, count: r.count }))
        .sort((a, b) => a.rooms - b.rooms),
      districts: facetRows(districtRows)
        .map((r) => ({ slug: r.slug!, name: r.name!, count: r.count }))
        .sort((a, b) => b.count - a.count || a.slug.localeCompare(b.slug)),
    };
  }
  return {
    items: pageRows.map((row) => {
      const listing = toListing(row, options.now, options.locale);
      return row.rank_group === undefined ? listing : { ...listing, promoted_slot: row.rank_group === 0 };
    }),
    total,
    total_exact: exact,
    facets,
  };
}

/**
 * How many matches of a search are not placed (the ones that follow the placed ones in the visitor's
 * sort), counted up to `upTo`.
 */
async function countOrganic(
  db: D1Database,
  where: { sql: string; args: unknown[] },
  placement: RankedPlacement,
  now: number,
  upTo: number,
): Promise<number> {
  const column = placement === "home" ? "l.home_until" : "l.promoted_until";
  const row = await db
    .prepare(
      `SELECT COUNT(*) AS n FROM (SELECT 1 FROM listings l WHERE ${where.sql} AND NOT ifnull(${column} > ?, 0)
       LIMIT ${Math.trunc(upTo)})`,
    )
    .bind(...where.args, now)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** The total of a search alone, exact from the summary or counted up to the cap. */
export async function countListings(
  db: D1Database,
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
function countStatement(db: D1Database, filters: SearchFilters, places: ResolvedPlaces, now = Date.now()) {
  if (countableFromSummary(filters)) {
    const w = summaryWhere(filters, places);
    return db
      .prepare(`SELECT ifnull(SUM(s.count), 0) AS n, 0 AS matches FROM listing_counts s WHERE ${w.sql}`)
      .bind(...w.args);
  }
  const w = whereClause(filters, places, undefined, now);
  const fts = filters.q ? ftsQuery(filters.q) : null;
  const matches = fts
    ? `(SELECT COUNT(*) FROM (SELECT rowid FROM listings_fts WHERE listings_fts MATCH ? LIMIT ${TEXT_CANDIDATES + 1}))`
    : "0";
  return db
    .prepare(
      `SELECT (SELECT COUNT(*) FROM (SELECT 1 FROM listings l WHERE ${w.sql} LIMIT ${SEARCH_COUNT_CAP + 1})) AS n, ${matches} AS matches`,
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

export async function listingsByIds(db: D1Database, ids: number[], locale: Locale, now: number): Promise<ApiListing[]> {
  if (!ids.length) return [];
  const unique = [...new Set(ids)];
  const { results } = await db
    .prepare(
      `SELECT ${listingColumns(locale)} FROM listings l ${listingJoins}
       WHERE l.status = 'active' AND l.id IN (${unique.map(() => "?").join(", ")})`,
    )
    .bind(...unique)
    .all<ListingRow>();
  const byId = new Map(results.map((row) => [row.id, toListing(row, now, locale)]));
  return unique.flatMap((id) => byId.get(id) ?? []);
}

export async function listingDetail(
  db: D1Database,
  id: number,
  locale: Locale,
  now: number,
): Promise<ApiListingDetail | null> {
  const listing = await detailOf(db, id, locale, now, "l.status = 'active'", [], false);
  return listing && { ...listing, status: "active" };
}

/**
 * A listing in any state for its preview: the owner's own (`ownerId`), or any listing (`null`, admins).
 * Someone else's listing is null, as a missing one is.
 */
export async function listingPreview(
  db: D1Database,
  id: number,
  locale: Locale,
  now: number,
  ownerId: number | null,
): Promise<ApiListingPreview | null> {
  return ownerId === null
    ? detailOf(db, id, locale, now, "1", [], true)
    : detailOf(db, id, locale, now, "l.owner_id = ?", [ownerId], true);
}

/**
 * A listing's market: how many active listings of its type and city have a price per m², and their
 * median — the middle row, or the mean of the two middle rows — walked along the (status, type_id,
 * city_id, price_m2) index. ?1 is the listing's id.
 */
const MARKET_SQL = `
  WITH sample AS (
    SELECT price_m2 FROM listings
    WHERE status = 'active' AND price_m2 IS NOT NULL
      AND type_id = (SELECT type_id FROM listings WHERE id = ?1)
      AND city_id = (SELECT city_id FROM listings WHERE id = ?1)
  ),
  size AS (SELECT COUNT(*) AS n FROM sample)
  SELECT size.n AS n,
    (SELECT AVG(price_m2) FROM (
      SELECT price_m2 FROM sample ORDER BY price_m2
      LIMIT 2 - (SELECT n FROM size) % 2 OFFSET ((SELECT n FROM size) - 1) / 2
    )) AS median
  FROM size`;

async function detailOf(
  db: D1Database,
  id: number,
  locale: Locale,
  now: number,
  condition: string,
  args: unknown[],
  /** The point the owner set and every photo (their preview, an admin's), not the public ones. */
  exact: boolean,
): Promise<ApiListingPreview | null> {
  // One round trip: the listing, its photos and its market (the type's and city's median price per m²).
  const [found, images, market] = await db.batch([
    db
      .prepare(
        `SELECT ${listingColumns(locale, exact)}, l.description, l.status, l.city_id, l.checked_at, u.id AS owner_id,
           u.name AS owner_name, u.created_at AS owner_since
         FROM listings l ${listingJoins} JOIN users u ON u.id = l.owner_id
         WHERE l.id = ? AND ${condition}`,
      )
      .bind(id, ...args),
    db
      .prepare(
        `SELECT id, width, height, photo_key FROM listing_images i WHERE listing_id = ?${exact ? "" : PUBLIC_IMAGE}
         ORDER BY position`,
      )
      .bind(id),
    db.prepare(MARKET_SQL).bind(id),
  ]);
  const row = found!.results[0] as
    | (ListingRow & {
        description: string;
        status: ListingStatus;
        city_id: number;
        checked_at: number | null;
        owner_id: number;
        owner_name: string;
        owner_since: number;
      })
    | undefined;
  if (!row) return null;
  const { n: sample, median: middle } = market!.results[0] as { n: number; median: number | null };
  const median = sample && middle !== null ? Math.round(middle * 100) / 100 : null;

  return {
    ...toListing(row, now, locale),
    description: row.description,
    status: row.status,
    images: (images!.results as ImageRow[]).map(toImage),
    owner: { id: row.owner_id, name: row.owner_name, member_since: iso(row.owner_since) },
    checked_at: row.checked_at === null ? null : iso(row.checked_at),
    market: { city_median_price_m2: median, sample_size: sample },
  };
}

export async function seoListingPage(db: D1Database, page: number, perPage: number) {
  const [rows, count] = await db.batch([
    db
      .prepare(
        `SELECT l.id, l.deal, l.property_type, c.slug AS city_slug, l.updated_at FROM listings l
         JOIN cities c ON c.id = l.city_id WHERE l.status = 'active' ORDER BY l.id LIMIT ? OFFSET ?`,
      )
      .bind(perPage, (page - 1) * perPage),
    db.prepare("SELECT COUNT(*) AS n FROM listings WHERE status = 'active'"),
  ]);
  const items = (
    rows!.results as { id: number; deal: Deal; property_type: PropertyType; city_slug: string; updated_at: number }[]
  ).map((r) => ({
    id: r.id,
    path: paths.detail(r.deal, r.property_type, r.city_slug, r.id),
    updated_at: iso(r.updated_at),
  }));
  return { items, total: (count!.results[0] as { n: number }).n };
}

/** Active listings per classified type and city: which list pages have something to show. */
export async function listingCountsByTypeAndCity(db: D1Database) {
  const { results } = await db
    .prepare(
      `SELECT l.type_id, c.slug AS city_slug, COUNT(*) AS count FROM listings l JOIN cities c ON c.id = l.city_id
       WHERE l.status = 'active' GROUP BY l.type_id, l.city_id ORDER BY l.type_id, c.population DESC`,
    )
    .all<{ type_id: number; city_slug: string; count: number }>();
  return results;
}
