/**
 * What the moderators' signals (decision 088) are computed from, for a page of accounts and listings at
 * once: a fixed number of statements in one batch, never one per item. worker/workflows/moderator-signals.ts
 * turns the rows into signals.
 */
import type { Deal, ListingKind } from "#shared/listing-types.ts";
import type { Database } from "#worker/app-env.ts";
import { sampleMedianSql, sampleSizeSql } from "./listing-market.ts";

/** An account's advertiser type and its active listings: how many, in how many places. */
export interface PlacesRow {
  owner_id: number;
  advertiser_type: "owner" | "agency";
  listings: number;
  /** Distinct places: a district, or a city for the listings that name no district. */
  places: number;
}

/** Another account holding one of `owner_id`'s phone numbers (as its own, or on any of its listings). */
export interface PhoneMateRow {
  owner_id: number;
  other_id: number;
  name: string;
  blocked_at: number | null;
  deleted_at: number | null;
}

/** A photo of `listing_id` sharing a fingerprint band with a photo of another owner's public listing. */
export interface PhotoCandidateRow {
  listing_id: number;
  photo_id: number;
  mine: string;
  other_id: number;
  theirs: string;
  deal: Deal;
  property_type: ListingKind;
  city_slug: string;
}

/** How many of a listing's photos have a fingerprint. */
interface FingerprintCountRow {
  listing_id: number;
  n: number;
}

export interface AccountSignalRows {
  places: PlacesRow[];
  phones: PhoneMateRow[];
}

export interface ListingSignalRows {
  candidates: PhotoCandidateRow[];
  fingerprinted: FingerprintCountRow[];
}

/** ?1: a JSON array of account ids. A place is the district, or the city of a listing without one. */
const PLACES_SQL = `
  SELECT u.id AS owner_id, u.advertiser_type, COUNT(l.id) AS listings,
    COUNT(DISTINCT l.city_id || '/' || ifnull(l.district_id, '')) AS places
  FROM users u LEFT JOIN listings l ON l.owner_id = u.id AND l.deleted_at IS NULL AND l.status = 'active'
  WHERE u.id IN (SELECT value FROM json_each(?1))
  GROUP BY u.id`;

/**
 * ?1: a JSON array of account ids. Their numbers are the account's own and every contact number on its
 * listings (deleted ones too: deleting an account clears its own number, not its listings'); the other
 * holders are found the same two ways, so a blocked or deleted account behind the number counts. Numbers
 * are compared as stored: both columns hold the E.164 form the API normalises every phone to.
 */
const PHONES_SQL = `
  WITH numbers(owner_id, phone) AS (
    SELECT id, phone FROM users WHERE id IN (SELECT value FROM json_each(?1)) AND phone IS NOT NULL
    UNION SELECT owner_id, phone FROM listings WHERE owner_id IN (SELECT value FROM json_each(?1))
  ),
  holders(phone, account) AS (
    SELECT phone, id FROM users WHERE phone IN (SELECT phone FROM numbers)
    UNION SELECT phone, owner_id FROM listings WHERE phone IN (SELECT phone FROM numbers)
  )
  SELECT DISTINCT n.owner_id, h.account AS other_id, u.name, u.blocked_at, u.deleted_at
  FROM numbers n JOIN holders h ON h.phone = n.phone AND h.account != n.owner_id JOIN users u ON u.id = h.account
  ORDER BY n.owner_id, h.account`;

/**
 * ?1: a JSON array of listing ids. Candidates of decision 036's photo rule, limited to other owners'
 * public listings (`ml`: the listing asked about, `l`: the other one; `also`: more conditions on them, as
 * the property groups' facts): the band lookups find them, the distance is measured in the worker.
 */
export const photoCandidatesSql = (also = "") => `
  SELECT mine.listing_id, mine.id AS photo_id, mine.fingerprint AS mine, other.listing_id AS other_id,
    other.fingerprint AS theirs, l.deal, l.property_type, c.slug AS city_slug
  FROM listing_images mine
  JOIN listings ml ON ml.id = mine.listing_id
  JOIN listing_images other ON other.listing_id != mine.listing_id AND other.fingerprint IS NOT NULL
    AND (other.fp_band0 = mine.fp_band0 OR other.fp_band1 = mine.fp_band1
         OR other.fp_band2 = mine.fp_band2 OR other.fp_band3 = mine.fp_band3)
  JOIN listings l ON l.id = other.listing_id
  JOIN cities c ON c.id = l.city_id
  WHERE mine.listing_id IN (SELECT value FROM json_each(?1)) AND mine.fingerprint IS NOT NULL
    AND l.status = 'active' AND l.deleted_at IS NULL AND l.owner_id != ml.owner_id${also}`;
const PHOTOS_SQL = photoCandidatesSql();

export const FINGERPRINTED_SQL = `
  SELECT listing_id, COUNT(*) AS n FROM listing_images
  WHERE listing_id IN (SELECT value FROM json_each(?1)) AND fingerprint IS NOT NULL
  GROUP BY listing_id`;

const distinct = (ids: readonly number[]) => JSON.stringify([...new Set(ids)]);

/** The rows of the account signals of `ownerIds`: two statements, one round trip. */
export async function accountSignalRows(db: Database, ownerIds: readonly number[]): Promise<AccountSignalRows> {
  if (!ownerIds.length) return { places: [], phones: [] };
  const owners = distinct(ownerIds);
  const [places, phones] = await db.batch([db.prepare(PLACES_SQL).bind(owners), db.prepare(PHONES_SQL).bind(owners)]);
  return { places: places!.results as PlacesRow[], phones: phones!.results as PhoneMateRow[] };
}

/** The rows of the photo signals of `listingIds`: two statements, one round trip. */
export async function listingSignalRows(db: Database, listingIds: readonly number[]): Promise<ListingSignalRows> {
  if (!listingIds.length) return { candidates: [], fingerprinted: [] };
  const listings = distinct(listingIds);
  const [candidates, fingerprinted] = await db.batch([
    db.prepare(PHOTOS_SQL).bind(listings),
    db.prepare(FINGERPRINTED_SQL).bind(listings),
  ]);
  return {
    candidates: candidates!.results as PhotoCandidateRow[],
    fingerprinted: fingerprinted!.results as FingerprintCountRow[],
  };
}

/** A listing's place median: its type's active listings in its district, or in its city without one. */
export interface PlaceMedianRow {
  price_m2: number | null;
  /** The sample's size: how many listings make the median (0 without one, at most PRICE_M2_MEDIAN_SAMPLE). */
  sample_size: number;
  median: number | null;
  /** 1: the district's, 0: the city's. */
  by_district: number;
}

/**
 * The medians of price per m² of the places of the listings `keys` selects (a query giving `type_id`,
 * `city_id`, `district_id`): each of a type's active listings in a district, or in a city for the listings
 * without a district — the newest PRICE_M2_MEDIAN_SAMPLE of them, the meaning of worker/db/listing-market.ts,
 * so each key reads at most that many index entries twice (its size, its median) however many keys and
 * however large their places; once per key (MATERIALIZED: a query joining the rows would otherwise compute
 * them again wherever it names them, for every listing it reads). Its rows: `type_id, city_id, district_id, n, median`.
 */
export function placeMediansSql(keys: string): string {
  return `
  WITH keys AS (SELECT DISTINCT type_id, city_id, district_id FROM (${keys})),
  medians AS MATERIALIZED (
    SELECT type_id, city_id, district_id,
      CASE WHEN district_id IS NULL THEN ${sampleSizeSql("city")} ELSE ${sampleSizeSql("district")} END AS n,
      CASE WHEN district_id IS NULL THEN ${sampleMedianSql("city")} ELSE ${sampleMedianSql("district")} END AS median
    FROM keys k
  )
  SELECT type_id, city_id, district_id, n, median FROM medians`;
}

/** The statement of one listing's place median (one `PlaceMedianRow`), for a batch. */
export const placeMedianStatement = (db: Database, listingId: number) =>
  db
    .prepare(
      `WITH medians AS (${placeMediansSql("SELECT type_id, city_id, district_id FROM listings WHERE id = ?1")})
       SELECT l.price_m2, ifnull(m.n, 0) AS sample_size, m.median, l.district_id IS NOT NULL AS by_district
       FROM listings l LEFT JOIN medians m
         ON m.type_id = l.type_id AND m.city_id = l.city_id AND m.district_id IS l.district_id
       WHERE l.id = ?1`,
    )
    .bind(listingId);
