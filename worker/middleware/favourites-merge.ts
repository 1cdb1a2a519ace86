import type { MiddlewareHandler } from "hono";
import { deleteCookie, getCookie } from "hono/cookie";
import { FAVOURITES_COOKIE_NAME } from "#shared/constants.ts";
import { parseFavourites } from "#shared/favourites.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { addFavourites } from "#worker/db/favourites.ts";
import { nowOf } from "#worker/http/request-clock.ts";

/**
 * A guest's favourites (cookie) join the account on the first page after signing in;
 * the cookie is then cleared. Runs after the session middleware has found the user.
 */
export function favouritesMerge(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get("user");
    const ids = user ? parseFavourites(getCookie(c, FAVOURITES_COOKIE_NAME)) : [];
    if (user && ids.length) await addFavourites(c.env.DB, user.id, ids, nowOf(c));
    await next();
    // After next(): the router's own Response does not carry headers set before (decision 001).
    if (user && getCookie(c, FAVOURITES_COOKIE_NAME) !== undefined)
      deleteCookie(c, FAVOURITES_COOKIE_NAME, { path: "/" });
  };
}
