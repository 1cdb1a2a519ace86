/**
 * A listing's market: how many active listings of its type and city have a price per m², and their
 * median — the middle row, or the mean of the two middle rows — walked along the (status, type_id,
 * city_id, price_m2) index.
 */
import type { Database } from "#worker/app-env.ts";

export interface MarketRow {
  /** The sample's size. */
  n: number;
  /** The sample's median price per m², unrounded; null without a sample. */
  median: number | null;
}

/** ?1 is the listing's id. */
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

/** The statement of a listing's market (one `MarketRow`), for a batch. */
export const marketStatement = (db: Database, listingId: number) => db.prepare(MARKET_SQL).bind(listingId);
