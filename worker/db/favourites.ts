/** A signed-in person's favourite listings. Only listings that exist can be kept. */
import type { Deal, ListingKind } from "#shared/listing-types.ts";
import type { Locale } from "#shared/locales.ts";
import type { Database } from "#worker/app-env.ts";

export async function favouriteIds(db: Database, userId: number): Promise<number[]> {
  const { results } = await favouriteIdsStatement(db, userId).all<{ listing_id: number }>();
  return results.map((r) => r.listing_id);
}

/** `favouriteIds`' statement (rows of `listing_id`, newest first), to read in a batch with others. */
export const favouriteIdsStatement = (db: Database, userId: number) =>
  db
    .prepare("SELECT listing_id FROM favourites WHERE user_id = ? ORDER BY created_at DESC, listing_id DESC")
    .bind(userId);

/**
 * Adds the ids that name public (active) listings; the first id is the newest. Returns how many were new.
 * Any other id is skipped like a missing one, so the answer never tells that a draft or archived id exists.
 */
export async function addFavourites(
  db: Database,
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

export async function removeFavourite(db: Database, userId: number, listingId: number): Promise<void> {
  await db.prepare("DELETE FROM favourites WHERE user_id = ? AND listing_id = ?").bind(userId, listingId).run();
}

export async function clearFavourites(db: Database, userId: number): Promise<void> {
  await db.prepare("DELETE FROM favourites WHERE user_id = ?").bind(userId).run();
}

interface FavouriteRow {
  listing_id: number;
  /** When it was saved. */
  saved_at: number;
  /** 1: the listing is public (active); 0: taken off the site since it was saved. */
  available: number;
  /** Its price when it was saved, when the price fell since (the first fall after saving started from it). */
  price_when_saved: number | null;
}

/**
 * A page of the person's favourites, newest first, and their count: those still public, or with
 * `includeUnavailable` every one of them whatever became of the listing since.
 */
export async function favouritePage(
  db: Database,
  userId: number,
  { page, perPage, includeUnavailable }: { page: number; perPage: number; includeUnavailable: boolean },
) {
  const which = includeUnavailable ? "" : "AND l.status = 'active'";
  const [rows, count] = await db.batch([
    db
      .prepare(
        `SELECT f.listing_id, f.created_at AS saved_at, l.status = 'active' AS available,
           (SELECT p.old_price FROM listing_price_drops p WHERE p.listing_id = f.listing_id AND p.at > f.created_at
              ORDER BY p.at, p.id LIMIT 1) AS price_when_saved
         FROM favourites f JOIN listings l ON l.id = f.listing_id
         WHERE f.user_id = ? ${which} ORDER BY f.created_at DESC, f.listing_id DESC LIMIT ? OFFSET ?`,
      )
      .bind(userId, perPage, (page - 1) * perPage),
    db
      .prepare(
        `SELECT COUNT(*) AS n FROM favourites f JOIN listings l ON l.id = f.listing_id WHERE f.user_id = ? ${which}`,
      )
      .bind(userId),
  ]);
  return {
    rows: rows!.results as FavouriteRow[],
    total: (count!.results[0] as { n: number }).n,
  };
}

/**
 * What the person's favourites among `ids` were, whatever their state now: the facts a card names them by
 * (worker/api/shapes/favourite.ts), their place's names in `locale` and their last price.
 */
export async function favouriteSummaries(
  db: Database,
  userId: number,
  ids: readonly number[],
  locale: Locale,
): Promise<Map<number, FavouriteSummaryRow>> {
  if (!ids.length) return new Map();
  const name = `name_${locale}` as const;
  const { results } = await db
    .prepare(
      `SELECT l.id, l.deal, l.property_type, l.rooms, l.area, l.land_area, l.price,
         c.slug AS city_slug, c.${name} AS city_name, d.slug AS district_slug, d.${name} AS district_name,
         CASE WHEN l.status = 'archived' AND l.deleted_at IS NULL THEN l.archive_reason END AS archive_reason
       FROM favourites f JOIN listings l ON l.id = f.listing_id
         JOIN cities c ON c.id = l.city_id LEFT JOIN districts d ON d.id = l.district_id
       WHERE f.user_id = ? AND l.id IN (${ids.map(() => "?").join(", ")})`,
    )
    .bind(userId, ...ids)
    .all<FavouriteSummaryRow>();
  return new Map(results.map((row) => [row.id, row]));
}

/** A favourite as it was: the facts a card names it by, its place and last price. */
export interface FavouriteSummaryRow {
  id: number;
  deal: Deal;
  property_type: ListingKind;
  rooms: number | null;
  area: number | null;
  land_area: number | null;
  price: number;
  city_slug: string;
  city_name: string;
  district_slug: string | null;
  district_name: string | null;
  /** Archived by its owner as let or sold (decision 084); null for any other end. */
  archive_reason: "let" | "sold" | null;
}
