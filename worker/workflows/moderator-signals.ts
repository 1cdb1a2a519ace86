/**
 * The moderators' signals (decision 088), from the rows worker/db/moderator-signals.ts reads: pure rules,
 * each in one function, so that their edges are tested without a database.
 */
import type {
  AccountSignal,
  ApiSignal,
  LowPriceSignal,
  ManyPlacesSignal,
  PhotoMatchSignal,
  SharedPhoneSignal,
} from "#shared/api/signals.ts";
import {
  LOW_PRICE_MIN_SAMPLE,
  LOW_PRICE_SHARE,
  MANY_PLACES_MAX,
  PHOTO_DUPLICATE_MIN_MATCHES,
  PHOTO_MATCH_MAX_DISTANCE,
  SHARED_PHONE_ACCOUNTS_SHOWN,
} from "#shared/constants.ts";
import { paths } from "#shared/paths.ts";
import type {
  AccountSignalRows,
  ListingSignalRows,
  PhoneMateRow,
  PhotoCandidateRow,
  PlacesRow,
} from "#worker/db/moderator-signals.ts";
import { fingerprintDistance } from "./photo-fingerprint.ts";

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * A private owner with active listings in more than MANY_PLACES_MAX places: one person rarely has flats to
 * offer across several towns; an agency does, so an agency is never flagged.
 */
export function manyPlaces(row: PlacesRow | undefined): ManyPlacesSignal | null {
  if (!row || row.advertiser_type !== "owner" || row.places <= MANY_PLACES_MAX) return null;
  return { code: "many_places", places: row.places, listings: row.listings };
}

/** Other accounts behind the account's numbers (`mates`: the rows of that account only). */
export function sharedPhone(mates: readonly PhoneMateRow[]): SharedPhoneSignal | null {
  const others = [...new Map(mates.map((row) => [row.other_id, row])).values()].sort((a, b) => a.other_id - b.other_id);
  if (!others.length) return null;
  return {
    code: "shared_phone",
    count: others.length,
    accounts: others.slice(0, SHARED_PHONE_ACCOUNTS_SHOWN).map((row) => ({
      id: row.other_id,
      name: row.name,
      blocked: row.blocked_at !== null,
      deleted: row.deleted_at !== null,
    })),
  };
}

/**
 * The other advertisers' public listings holding PHOTO_DUPLICATE_MIN_MATCHES of the listing's photos (all of
 * them when it has fewer fingerprinted ones): decision 036's rule, with how many photos each holds, most
 * first. `candidates`: that listing's rows only. The photo signal and the property groups (decision 090)
 * both stand on it.
 */
export function photoMatches(
  candidates: readonly PhotoCandidateRow[],
  fingerprinted: number,
): { row: PhotoCandidateRow; photos: number }[] {
  const needed = Math.min(PHOTO_DUPLICATE_MIN_MATCHES, fingerprinted);
  if (needed < 1) return [];
  const matched = new Map<number, { row: PhotoCandidateRow; photos: Set<number> }>();
  for (const row of candidates) {
    if (fingerprintDistance(row.mine, row.theirs) > PHOTO_MATCH_MAX_DISTANCE) continue;
    const entry = matched.get(row.other_id) ?? { row, photos: new Set<number>() };
    entry.photos.add(row.photo_id);
    matched.set(row.other_id, entry);
  }
  return [...matched.values()]
    .filter((entry) => entry.photos.size >= needed)
    .map((entry) => ({ row: entry.row, photos: entry.photos.size }))
    .sort((a, b) => b.photos - a.photos || a.row.other_id - b.row.other_id);
}

/** The listing another advertiser's public listing most resembles by its photos (`photoMatches`), if any. */
export function photoMatch(candidates: readonly PhotoCandidateRow[], fingerprinted: number): PhotoMatchSignal | null {
  const best = photoMatches(candidates, fingerprinted)[0];
  if (!best) return null;
  const { other_id, deal, property_type, city_slug } = best.row;
  return {
    code: "photo_match",
    listing: { id: other_id, path: paths.detail(deal, property_type, city_slug, other_id) },
    photos: best.photos,
  };
}

/** A place's median of price per m² and the listing's own (worker/db: `PlaceMedianRow`, the queue's row). */
interface PlacePrice {
  price_m2: number | null;
  sample_size: number;
  median: number | null;
  by_district: number;
}

/**
 * A price per m² under LOW_PRICE_SHARE of its place's median, when at least LOW_PRICE_MIN_SAMPLE listings
 * make that median (fewer say too little to call a price suspicious). The queue's order applies the same
 * rule in SQL (worker/db/moderation-queue.ts `LOW_PRICE`).
 */
export function lowPrice(place: PlacePrice): LowPriceSignal | null {
  const { price_m2, median, sample_size } = place;
  if (price_m2 === null || median === null || median <= 0 || sample_size < LOW_PRICE_MIN_SAMPLE) return null;
  if (!(price_m2 < median * LOW_PRICE_SHARE)) return null;
  return {
    code: "low_price",
    price_m2: round2(price_m2),
    median_price_m2: round2(median),
    sample_size,
    scope: place.by_district ? "district" : "city",
  };
}

/** An account's signals, in a fixed order. */
export function accountSignals(rows: AccountSignalRows, ownerId: number): AccountSignal[] {
  return [
    manyPlaces(rows.places.find((row) => row.owner_id === ownerId)),
    sharedPhone(rows.phones.filter((row) => row.owner_id === ownerId)),
  ].filter((signal) => signal !== null);
}

/** A queue item's signals: its owner's, then its own (photos, price). */
export function listingSignals(
  account: AccountSignalRows,
  listing: ListingSignalRows,
  item: { id: number; owner_id: number; place: PlacePrice },
): ApiSignal[] {
  const fingerprinted = listing.fingerprinted.find((row) => row.listing_id === item.id)?.n ?? 0;
  return [
    ...accountSignals(account, item.owner_id),
    photoMatch(
      listing.candidates.filter((row) => row.listing_id === item.id),
      fingerprinted,
    ),
    lowPrice(item.place),
  ].filter((signal) => signal !== null);
}
