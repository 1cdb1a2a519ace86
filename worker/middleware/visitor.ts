import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { FAVOURITES_COOKIE_NAME, SAVED_SEARCH_COOKIE_NAME } from "#shared/constants.ts";
import { parseFavourites } from "#shared/favourites.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { parseGuestSearches } from "#shared/saved-search-cookie.ts";
import { type Visitor } from "#shared/visitor.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { hasSessionCookie } from "#worker/auth/session.ts";
import { edgeCountry } from "#worker/http/edge-country.ts";
import { markSavedSearchOpened } from "#worker/db/saved-searches.ts";
import { visitorRows } from "#worker/db/visitor-rows.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { VISITOR_SHOWN_PARAM } from "#shared/visitor-request.ts";

/** Whether the visitor has anything of their own a page shows: a session, favourites or saved searches. */
export function hasOwnState(c: Context<AppEnv>): boolean {
  return Boolean(
    c.get("user") ||
    hasSessionCookie(c) ||
    getCookie(c, FAVOURITES_COOKIE_NAME) ||
    getCookie(c, SAVED_SEARCH_COOKIE_NAME),
  );
}

/**
 * The visitor's own parts of a kept page (decision 094), read as they are: a signed-in person's from the
 * database in one round trip (the session already names them: no API call), a guest's from their cookies. Only what
 * the page shows is read (`visitorPartsOf`).
 */
export async function visitorOf(c: Context<AppEnv>, parts = EVERY_PART): Promise<Visitor> {
  const user = c.get("user") ?? null;
  const country = edgeCountry(c.req.raw, c.env);
  if (!user) {
    return {
      user: null,
      favourites: parseFavourites(getCookie(c, FAVOURITES_COOKIE_NAME)),
      savedSearches: parseGuestSearches(getCookie(c, SAVED_SEARCH_COOKIE_NAME)).map((search) => ({
        query: search.key,
        id: null,
        label: search.name,
      })),
      country,
    };
  }
  const { favourites, unread, searches } = await visitorRows(c.env.DB, user.id, parts);
  return {
    user: {
      id: user.id,
      name: user.name,
      role: user.role,
      roles: user.roles,
      phone_verified: user.phone_verified,
      image_variants: user.image_variants,
    },
    favourites,
    unreadMessages: unread,
    messagesPath: privatePaths.cabinet.messages(),
    // Unnamed ones are called as the page names its filters (the same words the API would give).
    savedSearches: searches.map((row) => ({
      query: row.query,
      id: row.id,
      label: row.name,
      notify: row.notify === 1,
      frequency: row.frequency,
    })),
    country,
  };
}

const EVERY_PART = { favourites: true, savedSearches: true };

/**
 * A signed-in person's saved search shown on a kept page is marked opened, as the search page's own render
 * does (its count of new listings starts again): after the answer, never holding it up.
 */
export function markOpened(c: Context<AppEnv>, id: number) {
  const user = c.get("user");
  if (user) c.executionCtx.waitUntil(markSavedSearchOpened(c.env.DB, user.id, id, nowOf(c)).catch(() => undefined));
}

/**
 * `GET /api/visitor`: the visitor's own parts as JSON, for them alone and never stored. A kept search page's
 * app names the search it shows (`?shown=`, the control's canonical query, decision 112): a signed-in
 * person's saved search of that query is marked opened, as the page made theirs at the edge would have.
 */
export async function visitorAnswer(c: Context<AppEnv>): Promise<Response> {
  const visitor = await visitorOf(c);
  const shown = c.req.query(VISITOR_SHOWN_PARAM);
  const opened = shown ? visitor.savedSearches?.find((search) => search.query === shown)?.id : undefined;
  if (opened) markOpened(c, opened);
  return c.json(visitor, 200, { "Cache-Control": "private, no-store", Vary: "Cookie" });
}
