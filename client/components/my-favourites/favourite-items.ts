import type { ApiFavouriteItem, ApiUnavailableFavourite } from "#shared/api/favourites.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { cardListing, type CardListing } from "#client/components/listing-card/card-listing.ts";

/** A favourite as the cabinet's page shows it: a listing card, or what a listing taken off the site was. */
export type FavouriteItem =
  | { available: true; id: number; listing: CardListing; priceReducedFrom: number | null }
  | Omit<ApiUnavailableFavourite, "saved_at">;

/** The fields a card shows of each favourite (for the loader: only these are serialized into the page). */
export function favouriteItem(item: ApiFavouriteItem): FavouriteItem {
  if (item.available) {
    return { available: true, id: item.id, listing: cardListing(item), priceReducedFrom: item.price_reduced_from };
  }
  const { saved_at: _saved, ...gone } = item;
  return gone;
}

/** What the page's forms do: remove one favourite (`id`), or all of them. */
const FAVOURITE_INTENTS = ["remove", "clear"] as const;
export type FavouriteIntent = (typeof FAVOURITE_INTENTS)[number];
export const isFavouriteIntent = (value: unknown): value is FavouriteIntent =>
  FAVOURITE_INTENTS.includes(value as FavouriteIntent);

/** The action's answer to a background post (a plain post is sent back to the page with `?done=`). */
export type FavouriteResult =
  | { ok: true; intent: FavouriteIntent; id: number | null }
  | { ok: false; intent: FavouriteIntent | null; id: number | null; error: string; serverMessage?: string };

/** The page's query: `?page=` past the first, and `?confirm=all` / `?done=` of a post without JavaScript. */
export function favouritesQuery(page = 1, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams();
  if (page > 1) query.set("page", String(page));
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  const qs = query.toString();
  return qs ? `?${qs}` : "";
}

/** The page's path (locale-free) with `favouritesQuery`. */
export const favouritesHref = (page = 1, extra: Record<string, string> = {}) =>
  privatePaths.cabinet.favourites() + favouritesQuery(page, extra);
