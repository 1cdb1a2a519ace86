import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { FAVOURITES_COOKIE_NAME, SAVED_SEARCH_COOKIE_NAME } from "#shared/constants.ts";
import { parseFavourites } from "#shared/favourites.ts";
import { canonicalQuery, type SavedQuery } from "#shared/api/saved-searches.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { parseGuestSearches } from "#shared/saved-search-cookie.ts";
import type { Visitor } from "#shared/visitor.ts";
import type { AppEnv } from "./app-env.ts";
import { hasSessionCookie } from "./auth/session.ts";
import { edgeCountry } from "./http/edge-country.ts";
import { inProcessApi } from "./in-process-api.ts";

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
 * account (three reads at once), a guest's from their cookies. Each read that fails leaves its part empty,
 * as the root loader does; its failure never marks the page's own render as failed.
 */
export async function visitorOf(c: Context<AppEnv>): Promise<Visitor> {
  return (await readVisitor(c)).visitor;
}

const EVERY_PART = { favourites: true, savedSearches: true };

/** The visitor, and a signed-in person's saved searches' filters by id (to mark one opened). */
export async function readVisitor(
  c: Context<AppEnv>,
  parts: { favourites: boolean; savedSearches: boolean } = EVERY_PART,
): Promise<{ visitor: Visitor; queries: Map<number, SavedQuery> }> {
  const user = c.get("user") ?? null;
  const country = edgeCountry(c.req.raw, c.env);
  if (!user) {
    const visitor: Visitor = {
      user: null,
      favourites: parseFavourites(getCookie(c, FAVOURITES_COOKIE_NAME)),
      savedSearches: parseGuestSearches(getCookie(c, SAVED_SEARCH_COOKIE_NAME)).map((search) => ({
        query: search.key,
        id: null,
        label: search.name,
      })),
      country,
    };
    return { visitor, queries: new Map() };
  }
  const failedBefore = c.get("apiFailed");
  const api = inProcessApi(c);
  // Only what the page shows: a media page has no hearts, only the search pages have saved searches.
  const [favourites, unread, searches] = await Promise.all([
    parts.favourites ? api.favouriteIds() : undefined,
    api.unreadCount(),
    parts.savedSearches ? api.savedSearches() : undefined,
  ]);
  c.set("apiFailed", failedBefore);
  const visitor: Visitor = {
    user: {
      id: user.id,
      name: user.name,
      role: user.role,
      roles: user.roles,
      phone_verified: user.phone_verified,
      image_variants: user.image_variants,
    },
    favourites: favourites?.ok ? favourites.data.items : [],
    unreadMessages: unread.ok ? unread.data.data.unread : 0,
    messagesPath: privatePaths.cabinet.messages(),
    savedSearches: searches?.ok
      ? searches.data.items.map((search) => ({
          query: canonicalQuery(search.query),
          id: search.id,
          label: search.label,
          notify: search.notify,
          frequency: search.frequency,
        }))
      : [],
    country,
  };
  const queries = new Map(searches?.ok ? searches.data.items.map((search) => [search.id, search.query]) : []);
  return { visitor, queries };
}

/**
 * A signed-in person's saved search shown on a kept page is marked opened, as the search page's own render
 * does (its count of new listings starts again): after the answer, never holding it up.
 */
export function markOpened(c: Context<AppEnv>, query: SavedQuery | undefined) {
  if (!query) return;
  const failedBefore = c.get("apiFailed");
  c.executionCtx.waitUntil(
    inProcessApi(c)
      .findSavedSearch(query, true)
      .then(
        () => c.set("apiFailed", failedBefore),
        () => undefined,
      ),
  );
}

/** `GET /api/visitor`: the visitor's own parts as JSON, for them alone and never stored. */
export async function visitorAnswer(c: Context<AppEnv>): Promise<Response> {
  return c.json(await visitorOf(c), 200, { "Cache-Control": "private, no-store", Vary: "Cookie" });
}
