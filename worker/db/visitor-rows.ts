/** A signed-in visitor's own parts of a kept page (decision 094), read together. */
import type { Database } from "#worker/app-env.ts";
import { unreadTotalStatement } from "./conversations.ts";
import { favouriteIdsStatement } from "./favourites.ts";
import { type SavedSearchRow, savedSearchesStatement } from "./saved-searches.ts";

interface VisitorRows {
  favourites: number[];
  unread: number;
  searches: SavedSearchRow[];
}

/**
 * The unread count and, where the page shows them, the favourite ids and the saved searches of `userId`, in
 * one batch: one round trip to the database instead of one per read (decision 107).
 */
export async function visitorRows(
  db: Database,
  userId: number,
  parts: { favourites: boolean; savedSearches: boolean },
): Promise<VisitorRows> {
  const favourites = parts.favourites ? favouriteIdsStatement(db, userId) : null;
  const searches = parts.savedSearches ? savedSearchesStatement(db, userId) : null;
  const statements = [
    unreadTotalStatement(db, userId),
    ...(favourites ? [favourites] : []),
    ...(searches ? [searches] : []),
  ];
  const [unread, ...rest] = await db.batch(statements);
  return {
    unread: (unread?.results[0] as { n: number } | undefined)?.n ?? 0,
    favourites: favourites ? (rest.shift()!.results as { listing_id: number }[]).map((r) => r.listing_id) : [],
    searches: searches ? (rest.shift()!.results as SavedSearchRow[]) : [],
  };
}
