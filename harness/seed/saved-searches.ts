/**
 * The development user's saved searches (decision 041), so the cabinet page shows them filled: alerts daily,
 * instant and off, with listings matched since each was last opened. Deterministic, in seed time
 * (BASE_TIME); seed-sql.ts shifts it with the rest. Matches are 'mailed' (alerts on) or 'quiet' (off), so
 * the scheduled handler has nothing of theirs to send.
 */
import { canonicalQuery, type SavedQuery } from "#shared/api/saved-searches.ts";
import { CITIES } from "./gazetteer.ts";
import { DEV_USER_ID, DISTRICT_IDS, type SeedListing } from "./listings.ts";
import { BASE_TIME, DAY } from "./prng.ts";

export interface SeedSavedSearch {
  id: number;
  user_id: number;
  name: string | null;
  query: SavedQuery;
  notify: 0 | 1;
  frequency: "daily" | "instant";
  created_at: number;
  opened_at: number;
}

const HOUR = 60 * 60 * 1000;

/** Newest last; the cabinet lists them newest first. */
export const SEED_SAVED_SEARCHES: readonly SeedSavedSearch[] = [
  {
    id: 1,
    user_id: DEV_USER_ID,
    name: null,
    query: { deal: "sale", type: [4], city: "beograd", rooms: [2, 3], price_max: 250_000 },
    notify: 1,
    frequency: "daily",
    created_at: BASE_TIME - 60 * DAY,
    opened_at: BASE_TIME - 10 * DAY,
  },
  {
    id: 2,
    user_id: DEV_USER_ID,
    name: "Stan za izdavanje, Novi Sad",
    query: { deal: "rent", type: [1], city: "novi-sad" },
    notify: 1,
    frequency: "instant",
    created_at: BASE_TIME - 40 * DAY,
    opened_at: BASE_TIME - 6 * DAY,
  },
  {
    id: 3,
    user_id: DEV_USER_ID,
    name: null,
    query: { deal: "sale", type: [5], price_max: 120_000 },
    notify: 0,
    frequency: "daily",
    created_at: BASE_TIME - 20 * DAY - 5 * HOUR,
    opened_at: BASE_TIME - 20 * DAY - 5 * HOUR,
  },
];

export const savedSearchText = (search: SeedSavedSearch) => canonicalQuery(search.query);

const cityId = (slug: string) => CITIES.findIndex((c) => c.slug === slug) + 1;
const districtId = (city: string, slug: string) => {
  const district = CITIES.find((c) => c.slug === city)?.districts?.find((d) => d.slug === slug);
  return district ? DISTRICT_IDS.get(district) : undefined;
};

/** Rooms as the search's filter counts them: 0 a studio (under one), 5 five or more, n from n to under n + 1. */
function inRooms(rooms: number | null, wanted: readonly number[]): boolean {
  if (rooms === null) return false;
  return wanted.some((n) => (n === 0 ? rooms < 1 : n >= 5 ? rooms >= 5 : rooms >= n && rooms < n + 1));
}

/** Whether a public listing meets the filters these seeded searches use. */
function matches(query: SavedQuery, l: SeedListing): boolean {
  if (l.status !== "active") return false;
  if (query.deal && l.deal !== query.deal) return false;
  if (query.type && !query.type.includes(l.type_id)) return false;
  if (query.city && l.city_id !== cityId(query.city)) return false;
  if (query.city && query.district && l.district_id !== districtId(query.city, query.district)) return false;
  if (query.rooms && !inRooms(l.rooms, query.rooms)) return false;
  if (query.price_max !== undefined && l.price > query.price_max) return false;
  return true;
}

export interface SeedMatch {
  saved_search_id: number;
  listing_id: number;
  matched_at: number;
  state: "mailed" | "quiet";
}

/** The listing's matches: it went public after the search was saved (and by BASE_TIME). */
export function savedSearchMatches(listing: SeedListing): SeedMatch[] {
  const published = listing.published_at;
  if (published === null) return [];
  return SEED_SAVED_SEARCHES.filter(
    (s) => published > s.created_at && published <= BASE_TIME && matches(s.query, listing),
  ).map((s) => ({
    saved_search_id: s.id,
    listing_id: listing.id,
    matched_at: published,
    state: s.notify ? "mailed" : "quiet",
  }));
}
