import type { MiddlewareHandler } from "hono";
import { deleteCookie, getCookie } from "hono/cookie";
import { SAVED_SEARCH_COOKIE_NAME } from "#shared/constants.ts";
import { parseGuestSearches } from "#shared/saved-search-cookie.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { addGuestSearches } from "#worker/db/saved-searches.ts";
import { nowOf } from "#worker/http/request-clock.ts";

/**
 * A guest's saved searches (cookie) join the account on a signed-in page, and the cookie is cleared (product
 * §4) — as favourites do (favourites-merge.ts). Signing in itself merges them before it clears the cookie
 * (worker/auth/flows.ts `signIn`); this catches a cookie that outlived it (saved while the session was
 * lapsing, another tab). Unreadable content is dropped and cleared all the same. Runs after `session()`.
 */
export function savedSearchesMerge(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get("user");
    const cookie = user ? getCookie(c, SAVED_SEARCH_COOKIE_NAME) : undefined;
    if (user && cookie !== undefined) await addGuestSearches(c.env.DB, user.id, parseGuestSearches(cookie), nowOf(c));
    await next();
    // After next(): the router's own Response does not carry headers set before (decision 001).
    if (cookie !== undefined) deleteCookie(c, SAVED_SEARCH_COOKIE_NAME, { path: "/" });
  };
}
