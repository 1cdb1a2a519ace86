/** A signed-in person's favourite listings. Only listings that exist can be kept. */

export async function favouriteIds(db: D1Database, userId: number): Promise<number[]> {
  const { results } = await db
    .prepare("SELECT listing_id FROM favourites WHERE user_id = ? ORDER BY created_at DESC, listing_id DESC")
    .bind(userId)
    .all<{ listing_id: number }>();
  return results.map((r) => r.listing_id);
}

/**
 * Adds the ids that name public (active) listings; the first id is the newest. Returns how many were new.
 * Any other id is skipped like a missing one, so the answer never tells that a draft or archived id exists.
 */
export async function addFavourites(
  db: D1Database,
  userId: number,
  ids: readonly number[],
  now: number,
): Promise<number> {
  if (!ids.length) return 0;
  const statements = [...ids].reverse().map((id, index) =>
    db
      .prepare(
        `INSERT INTO favourites (user_id, listing_id, created_at)
         SELECT ?, id, ? FROM listings WHERE id = ? AND status = 'active' ON CONFLICT (user_id, listing_id) DO NOTHING`,
      )
      .bind(userId, now + index, id),
  );
  const results = await db.batch(statements);
  return results.reduce((sum, r) => sum + (r.meta.changes ?? 0), 0);
}

export async function removeFavourite(db: D1Database, userId: number, listingId: number): Promise<void> {
  await db.prepare("DELETE FROM favourites WHERE user_id = ? AND listing_id = ?").bind(userId, listingId).run();
}

export async function clearFavourites(db: D1Database, userId: number): Promise<void> {
  await db.prepare("DELETE FROM favourites WHERE user_id = ?").bind(userId).run();
}

/** Ids of a page of the person's favourites that are still active listings, newest first, and their count. */
export async function activeFavouritePage(db: D1Database, userId: number, page: number, perPage: number) {
  const [rows, count] = await db.batch([
    db
      .prepare(
        `SELECT f.listing_id FROM favourites f JOIN listings l ON l.id = f.listing_id
         WHERE f.user_id = ? AND l.status = 'active' ORDER BY f.created_at DESC, f.listing_id DESC LIMIT ? OFFSET ?`,
      )
      .bind(userId, perPage, (page - 1) * perPage),
    db
      .prepare(
        "SELECT COUNT(*) AS n FROM favourites f JOIN listings l ON l.id = f.listing_id WHERE f.user_id = ? AND l.status = 'active'",
      )
      .bind(userId),
  ]);
  return {
    ids: (rows!.results as { listing_id: number }[]).map((r) => r.listing_id),
    total: (count!.results[0] as { n: number }).n,
  };
}
