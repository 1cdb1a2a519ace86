/**
 * Which saved searches a listing that just went public matches (decision 041) — decided in
 * memory, so one run of the alerts checks thousands of new listings against every saved search without a
 * query per pair. Pure: the scheduled job (worker/workflows/alerts.ts) reads the rows and writes the matches.
 *
 * The semantics are exactly those of the search's SQL (worker/db/listing-search.ts `whereClause`), and a property
 * test runs both over the seeded listings for many random saved queries (tests/integration/alert-matcher.test.ts):
 * - a type names its deal; without types the deal alone; a district lies in its city (both slugs must agree);
 * - ranges include their ends; a listing without the figure (area, rooms, floor, furnishing) fails its filter;
 * - rooms buckets: 0 = fewer than 1 (a studio), n = [n, n + 1), 5 = 5 or more;
 * - `q`: every group of the query's terms (shared/search-terms.ts: a feature's forms in three languages, or a
 *   word's stem) has an alternative in the title, description or address — the start of a word of it (a
 *   phrase: of words in sequence in one field), folded as the full-text index folds them.
 * The search's cap on text matches (TEXT_CANDIDATES, the newest 2 000) bounds the cost of a page, not what
 * matches, and has no counterpart here.
 *
 * The index buckets searches by classified type and city, so a listing is checked only against the searches
 * that can match its type and city (a search without types sits in each type of its deal; one without a city
 * in the city-less bucket of each type).
 */
import type { SavedQuery } from "#shared/api/saved-searches.ts";
import { LISTING_TYPES } from "#shared/listing-types.ts";
import { searchTermGroups, type TermGroup, textMatches } from "#shared/search-terms.ts";
import { ftsTerms } from "#shared/search-words.ts";
import type { ActivationRow } from "#worker/db/alerts.ts";

/** What the matcher reads of a listing: an activation's facts (`furnished` 1, 0 or unknown, as stored). */
export type ListingFacts = Omit<ActivationRow, "id" | "listing_id" | "owner_id" | "at">;

/** A saved search as the matcher needs it: the caller's row, whatever else it carries. */
export interface MatchableSearch {
  query: SavedQuery;
  /** Listings that went public before the search was saved are not news to it. */
  created_at: number;
}

interface Entry<S> {
  search: S;
  words: TermGroup[] | null;
}

export interface AlertIndex<S> {
  /** `${type id}|${city slug or ""}` → the searches that can match a listing of that type and city. */
  buckets: Map<string, Entry<S>[]>;
  size: number;
}

const ALL_TYPE_IDS = LISTING_TYPES.map((t) => t.id as number);

/** The classified types a query can match: its own, else its deal's, else all. */
function typeIdsOf(query: SavedQuery): number[] {
  if (query.type?.length) return [...new Set(query.type)];
  if (query.deal) return LISTING_TYPES.filter((t) => t.deal === query.deal).map((t) => t.id);
  return ALL_TYPE_IDS;
}

/** The text filter's groups as the search's SQL reads them (`ftsQuery`); null when there is none. */
function textWords(q: string | undefined): TermGroup[] | null {
  if (!q) return null;
  const groups = searchTermGroups(q);
  return groups.length ? groups : null;
}

/** Builds the index of a set of saved searches (once per run, or per batch of a queue consumer). */
export function buildIndex<S extends MatchableSearch>(searches: readonly S[]): AlertIndex<S> {
  const buckets = new Map<string, Entry<S>[]>();
  for (const search of searches) {
    const entry: Entry<S> = { search, words: textWords(search.query.q) };
    for (const typeId of typeIdsOf(search.query)) {
      const key = `${typeId}|${search.query.city ?? ""}`;
      let bucket = buckets.get(key);
      if (!bucket) buckets.set(key, (bucket = []));
      bucket.push(entry);
    }
  }
  return { buckets, size: searches.length };
}

const within = (value: number | null, min: number | undefined, max: number | undefined) => {
  if (min === undefined && max === undefined) return true;
  if (value === null) return false;
  return (min === undefined || value >= min) && (max === undefined || value <= max);
};

function roomsMatch(rooms: number | null, buckets: readonly number[]): boolean {
  if (rooms === null) return false;
  return buckets.some((n) => (n === 0 ? rooms < 1 : n >= 5 ? rooms >= 5 : rooms >= n && rooms < n + 1));
}

/** The listing's indexed terms per field, in order, read once per listing however many searches ask. */
class ListingText {
  private fields: string[][] | null = null;
  private readonly listing: ListingFacts;
  constructor(listing: ListingFacts) {
    this.listing = listing;
  }
  has(groups: TermGroup[]): boolean {
    this.fields ??= [this.listing.title, this.listing.description, this.listing.address].map((text) =>
      ftsTerms(text ?? ""),
    );
    return textMatches(groups, this.fields);
  }
}

/** Whether the listing meets every filter but type, city and text (the index has checked type and city). */
function filtersMatch(query: SavedQuery, listing: ListingFacts): boolean {
  if (query.district !== undefined && listing.district !== query.district) return false;
  if (query.city === undefined && query.district !== undefined) return false;
  if (!within(listing.price, query.price_min, query.price_max)) return false;
  if (!within(listing.area, query.area_min, query.area_max)) return false;
  if (query.rooms?.length && !roomsMatch(listing.rooms, query.rooms)) return false;
  if (!within(listing.floor, query.floor_min, query.floor_max)) return false;
  if (query.furnished !== undefined && listing.furnished !== (query.furnished ? 1 : 0)) return false;
  // `confirmed_within` always holds: a listing becoming public is confirmed at that moment (decision 084).
  return true;
}

/** Whether one saved query matches a listing (the index's answer for one search; for tests and one-offs). */
export function queryMatches(query: SavedQuery, listing: ListingFacts): boolean {
  if (!typeIdsOf(query).includes(listing.type_id)) return false;
  if (query.city !== undefined && listing.city !== query.city) return false;
  if (!filtersMatch(query, listing)) return false;
  const words = textWords(query.q);
  const text = new ListingText(listing);
  return words === null || text.has(words);
}

/**
 * The searches of the index that a listing matches, among those saved by `at` (when it went public).
 */
export function matchingSearches<S extends MatchableSearch>(
  index: AlertIndex<S>,
  listing: ListingFacts,
  at: number,
): S[] {
  const found: S[] = [];
  const text = new ListingText(listing);
  const keys = [`${listing.type_id}|`, ...(listing.city ? [`${listing.type_id}|${listing.city}`] : [])];
  for (const key of keys) {
    for (const { search, words } of index.buckets.get(key) ?? []) {
      if (search.created_at > at) continue;
      if (!filtersMatch(search.query, listing)) continue;
      if (words && !text.has(words)) continue;
      found.push(search);
    }
  }
  return found;
}
