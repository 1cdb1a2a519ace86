/**
 * The moderation queue (decisions 038, 047, 053 and 085): listings waiting for a moderator's
 * decision (and public ones whose changes wait, or that visitors reported), hidden by reports first, then
 * public ones with open reports, then oldest submission first, and what a decision needs to know of a listing.
 */

export interface QueueRow {
  id: number;
  owner_id: number;
  owner_name: string;
  submitted_at: number | null;
  hidden_at: number | null;
  /** 1: the listing waits as a whole (pending); 0: it stays public while its changes or reports wait. */
  pending: number;
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
 * A page of what waits and how many wait. Listings reports took off the site come first, longest hidden
 * first (they were public and are missed, and the reporters may be wrong: decision 047); then public
 * listings visitors reported, longest reported first (people may be answering a fake one meanwhile); then
 * submissions and changes, oldest first (those never stamped last).
 */
export async function pendingPage(db: D1Database, page: number, perPage: number, listingId?: number) {
  // A moderator looking for one listing by its number: the queue narrowed to it (empty if it does not wait).
  const only = listingId === undefined ? "" : " AND l.id = ?";
  const onlyId = listingId === undefined ? [] : [listingId];
  const [rows, count] = await db.batch([
    db
      .prepare(
        `SELECT l.id, l.owner_id, u.name AS owner_name, ${SUBMITTED} AS submitted_at, l.hidden_at,
           l.status = 'pending' AS pending
         ${WAITING.replace("FROM listings l", "FROM listings l JOIN users u ON u.id = l.owner_id")}${only}
         ORDER BY l.hidden_at IS NULL, l.hidden_at, ${REPORTED} IS NULL, ${REPORTED}, ${SUBMITTED} IS NULL,
           ${SUBMITTED}, l.id
         LIMIT ? OFFSET ?`,
      )
      .bind(...onlyId, perPage, (page - 1) * perPage),
    db.prepare(`SELECT COUNT(*) AS n ${WAITING}${only}`).bind(...onlyId),
  ]);
  return { rows: rows!.results as QueueRow[], total: (count!.results[0] as { n: number }).n };
}

/** When a listing first went public (an approval keeps the first date). */
export function publishedAt(db: D1Database, id: number) {
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
export async function queueImages(db: D1Database, listingIds: readonly number[]): Promise<QueueImageRow[]> {
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
