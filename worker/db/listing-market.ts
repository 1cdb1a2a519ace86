/**
 * Medians of price per m² (decision 115), one meaning for every reader: a listing's market (its type's median
 * in its city, on its page), and the place medians of the low-price warning and the moderators' signal
 * (worker/db/moderator-signals.ts). Each is taken over the newest PRICE_M2_MEDIAN_SAMPLE active listings with
 * a price per m² of the type in the place — all of them in a smaller place — walked newest first along an
 * index that holds the price per m² (migration 0058), so it reads at most that many index entries whatever
 * the place's size.
 */
import { PRICE_M2_MEDIAN_SAMPLE } from "#shared/constants.ts";
import type { Database } from "#worker/app-env.ts";

/** Where a median is taken: a type's listings in a district, or in a city. */
export type MedianPlace = "district" | "city";

/**
 * The sample of the place of `k` (a row of the outer query naming `type_id` and `city_id` or
 * `district_id`), newest first as the search's newest order (`updated_at`; the index's own order, the id,
 * among equal dates). The district's index is (status, district_id, type_id, updated_at DESC, price_m2), the
 * city's (status, type_id, city_id, updated_at DESC, …, price_m2).
 */
const sample = (place: MedianPlace) => `SELECT s.price_m2 FROM listings s
    WHERE s.status = 'active' AND s.type_id = k.type_id AND s.${place}_id = k.${place}_id AND s.price_m2 IS NOT NULL
    ORDER BY s.updated_at DESC LIMIT ${PRICE_M2_MEDIAN_SAMPLE}`;

/** The size of the place's sample, as a correlated expression over `k`. */
export const sampleSizeSql = (place: MedianPlace) => `(SELECT COUNT(*) FROM (${sample(place)}))`;

/**
 * The median of the place's sample — the middle value, or the mean of the two middle ones; null without a
 * sample — as a correlated expression over `k`.
 */
export const sampleMedianSql = (place: MedianPlace) => `(SELECT AVG(price_m2) FROM (
    SELECT price_m2, ROW_NUMBER() OVER (ORDER BY price_m2) AS r, COUNT(*) OVER () AS n FROM (${sample(place)})
  ) WHERE r IN ((n + 1) / 2, (n + 2) / 2))`;

export interface MarketRow {
  /** The sample's size: how many listings make the median (at most PRICE_M2_MEDIAN_SAMPLE). */
  n: number;
  /** The sample's median price per m², unrounded; null without a sample. */
  median: number | null;
}

/** ?1 is the listing's id: the median of its type in its city. */
const MARKET_SQL = `
  SELECT ${sampleSizeSql("city")} AS n, ${sampleMedianSql("city")} AS median
  FROM (SELECT type_id, city_id FROM listings WHERE id = ?1) k`;

/** The statement of a listing's market (one `MarketRow`), for a batch. */
export const marketStatement = (db: Database, listingId: number) => db.prepare(MARKET_SQL).bind(listingId);
