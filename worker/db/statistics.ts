import type { StatKind } from "#shared/api/content.ts";

/** The UTC day a counter goes to: `2025-03-14`. */
export function statDay(now = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10);
}

/**
 * Adds one to a listing's counter of the day, only for an active listing: false when there is none.
 * One statement, so concurrent calls never lose a count.
 */
export async function countListingEvent(
  db: D1Database,
  listingId: number,
  kind: StatKind,
  now = Date.now(),
): Promise<boolean> {
  const result = await db
    .prepare(
      `INSERT INTO listing_stats (listing_id, day, kind, count)
       SELECT id, ?1, ?2, 1 FROM listings WHERE id = ?3 AND status = 'active'
       ON CONFLICT (listing_id, day, kind) DO UPDATE SET count = count + 1`,
    )
    .bind(statDay(now), kind, listingId)
    .run();
  return result.meta.changes > 0;
}

/** Whether a listing is public (active): a repeated beacon is answered like a counted one. */
export async function activeListingExists(db: D1Database, listingId: number): Promise<boolean> {
  const row = await db
    .prepare("SELECT 1 AS yes FROM listings WHERE id = ? AND status = 'active'")
    .bind(listingId)
    .first();
  return row !== null;
}
