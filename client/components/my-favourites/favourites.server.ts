/**
 * Favourites as pages see them: a signed-in person's come from the account, a guest's from the
 * `favourites` cookie. Server-only: loaders and actions.
 */
import { parse } from "hono/utils/cookie";
import type { ApiClient } from "#shared/api-client.ts";
import { FAVOURITES_COOKIE_MAX_AGE_S, FAVOURITES_COOKIE_NAME } from "#shared/constants.ts";
import { parseFavourites, serializeFavourites } from "#shared/favourites.ts";

export function guestFavourites(request: Request): number[] {
  return parseFavourites(parse(request.headers.get("cookie") ?? "", FAVOURITES_COOKIE_NAME)[FAVOURITES_COOKIE_NAME]);
}

/** The ids; never throws (the root loader uses it). */
export async function favouriteIdsOf(request: Request, api: ApiClient, signedIn: boolean): Promise<number[]> {
  if (!signedIn) return guestFavourites(request);
  const result = await api.favouriteIds();
  return result.ok ? result.data.items : [];
}

export function favouritesCookie(ids: readonly number[], request: Request): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  const value = serializeFavourites(ids);
  return value
    ? `${FAVOURITES_COOKIE_NAME}=${value}; Max-Age=${FAVOURITES_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${secure}`
    : `${FAVOURITES_COOKIE_NAME}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
}
