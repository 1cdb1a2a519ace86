/**
 * The moderation queue (issue 19 item 4, decisions 038 and 047): listings waiting for a moderator's
 * decision, hidden by reports first, then oldest submission first, and what a decision needs to know of a listing.
 */

export interface QueueRow {
  id: number;
  owner_id: number;
  owner_name: string;
  submitted_at: number | null;
  hidden_at: number | null;
}

/**
 * A page of pending listings and how many wait. Listings reports took off the site come first, longest
 * hidden first (they were public and are missed, and the reporters may be wrong: decision 047); then
 * submissions, oldest first (those never stamped last).
 */
export async function pendingPage(db: D1Database, page: number, perPage: number) {
  const [rows, count] = await db.batch([
    db
      .prepare(
        `SELECT l.id, l.owner_id, u.name AS owner_name, l.submitted_at, l.hidden_at
         FROM listings l JOIN users u ON u.id = l.owner_id
         WHERE l.status = 'pending' AND l.deleted_at IS NULL
         ORDER BY l.hidden_at IS NULL, l.hidden_at, l.submitted_at IS NULL, l.submitted_at, l.id
         LIMIT ? OFFSET ?`,
      )
      .bind(perPage, (page - 1) * perPage),
    db.prepare("SELECT COUNT(*) AS n FROM listings WHERE status = 'pending' AND deleted_at IS NULL"),
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
}

/** The pictures (photos and a seeded listing's illustrations) of some listings, in each listing's order. */
export async function queueImages(db: D1Database, listingIds: readonly number[]): Promise<QueueImageRow[]> {
  if (!listingIds.length) return [];
  const { results } = await db
    .prepare(
      `SELECT listing_id, id, width, height, photo_key FROM listing_images
       WHERE listing_id IN (${listingIds.map(() => "?").join(", ")}) ORDER BY listing_id, position`,
    )
    .bind(...listingIds)
    .all<QueueImageRow>();
  return results;
}
