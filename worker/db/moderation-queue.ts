/**
 * The moderation queue (decisions 038, 047, 053, 085 and 088): listings waiting for a moderator's
 * decision (and public ones whose changes wait, or that visitors reported), hidden by reports first, then
 * public ones with open reports, then those priced suspiciously low, then oldest submission first, and what
 * a decision needs to know of a listing.
 */
import { LOW_PRICE_MIN_SAMPLE, LOW_PRICE_SHARE } from "#shared/constants.ts";
import { placeMediansSql } from "./moderator-signals.ts";
import type { Database } from "#worker/app-env.ts";

export interface QueueRow {
  id: number;
  owner_id: number;
  owner_name: string;
  submitted_at: number | null;
  hidden_at: number | null;
  /** 1: the listing waits as a whole (pending); 0: it stays public while its changes or reports wait. */
  pending: number;
  /** Its price per m², and its place's median and sample (decision 088; null median without a sample). */
  price_m2: number | null;
  sample_size: number;
  median: number | null;
  /** 1: the median is its district's; 0: its city's (it names no district). */
  by_district: number;
}

/**
 * What waits for a moderator: pending listings, listings with changes waiting (decision 053), and public
 * listings with open reports too few to take them off the site (decision 085). Its `submitted_at` is the
 * listing's submission, or its changes' for a listing that stays public meanwhile.
 */
const WAITING = `FROM listings l LEFT JOIN listing_revisions r ON r.listing_id = l.id AND r.status = 'pending'
  WHERE (l.status = 'pending' OR r.listing_id IS NOT NULL
    OR (l.status = 'active' AND l.id IN (SELECT listing_id FROM listing_reports WHERE resolved_at IS NULL)))
    AND l.deleted_at IS NULL`;

/** A public listing's first open report: when visitors began to doubt it (null for others). */
const REPORTED = `CASE WHEN l.status = 'active' THEN
  (SELECT MIN(rep.created_at) FROM listing_reports rep WHERE rep.listing_id = l.id AND rep.resolved_at IS NULL) END`;

const SUBMITTED = "CASE WHEN l.status = 'pending' THEN l.submitted_at ELSE r.submitted_at END";

/**
 * Priced under LOW_PRICE_SHARE of its place's median, with enough listings to make one: the rule of
 * worker/workflows/moderator-signals.ts `lowPrice`, for the order.
 */
const LOW_PRICE = `(ifnull(m.n, 0) >= ${LOW_PRICE_MIN_SAMPLE} AND m.median > 0 AND l.price_m2 < m.median * ${LOW_PRICE_SHARE})`;

/** The place medians of every waiting listing's type and place (worker/db/moderator-signals.ts). */
const MEDIANS = `WITH medians AS (${placeMediansSql(`SELECT l.type_id, l.city_id, l.district_id ${WAITING}`)})`;
const MEDIAN_JOIN =
  "LEFT JOIN medians m ON m.type_id = l.type_id AND m.city_id = l.city_id AND m.district_id IS l.district_id";

/**
 * A page of what waits and how many wait. Listings reports took off the site come first, longest hidden
 * first (they were public and are missed, and the reporters may be wrong: decision 047); then public
 * listings visitors reported, longest reported first (people may be answering a fake one meanwhile); then
 * listings priced suspiciously low (decision 088: the bait of a rental scam); then submissions and
 * changes, oldest first (those never stamped last). Each row carries its place median for the signal.
 */
export async function pendingPage(db: Database, page: number, perPage: number, listingId?: number) {
  // A moderator looking for one listing by its number: the queue narrowed to it (empty if it does not wait).
  const only = listingId === undefined ? "" : " AND l.id = ?";
  const onlyId = listingId === undefined ? [] : [listingId];
  const [rows, count] = await db.batch([
    db
      .prepare(
        `${MEDIANS}
         SELECT l.id, l.owner_id, u.name AS owner_name, ${SUBMITTED} AS submitted_at, l.hidden_at,
           l.status = 'pending' AS pending, l.price_m2, ifnull(m.n, 0) AS sample_size, m.median,
           l.district_id IS NOT NULL AS by_district
         ${WAITING.replace("FROM listings l", `FROM listings l JOIN users u ON u.id = l.owner_id ${MEDIAN_JOIN}`)}${only}
         ORDER BY l.hidden_at IS NULL, l.hidden_at, ${REPORTED} IS NULL, ${REPORTED}, NOT ifnull(${LOW_PRICE}, 0),
           ${SUBMITTED} IS NULL, ${SUBMITTED}, l.id
         LIMIT ? OFFSET ?`,
      )
      .bind(...onlyId, perPage, (page - 1) * perPage),
    db.prepare(`SELECT COUNT(*) AS n ${WAITING}${only}`).bind(...onlyId),
  ]);
  return { rows: rows!.results as QueueRow[], total: (count!.results[0] as { n: number }).n };
}

/** When a listing first went public (an approval keeps the first date). */
export function publishedAt(db: Database, id: number) {
  return db
    .prepare("SELECT published_at FROM listings WHERE id = ?")
    .bind(id)
    .first<{ published_at: number | null }>()
    .then((row) => row?.published_at ?? null);
}

export interface QueueImageRow {
  listing_id: number;
  id: number;
  width: number;
  height: number;
  photo_key: string | null;
  state: "public" | "pending";
}

/** The pictures (photos and a seeded listing's illustrations) of some listings, in each listing's order. */
export async function queueImages(db: Database, listingIds: readonly number[]): Promise<QueueImageRow[]> {
  if (!listingIds.length) return [];
  const { results } = await db
    .prepare(
      `SELECT listing_id, id, width, height, photo_key, state FROM listing_images
       WHERE listing_id IN (${listingIds.map(() => "?").join(", ")}) ORDER BY listing_id, position`,
    )
    .bind(...listingIds)
    .all<QueueImageRow>();
  return results;
}
