/**
 * Product §7 "Saved searches" (decision 041): the endpoints listed in shared/api/saved-searches.ts. Signed-in only;
 * another person's id answers as a missing one (404). Each search is named in the request's language.
 */
import { type Context, Hono } from "hono";
import * as v from "valibot";
import { IdParam } from "#shared/api/conventions.ts";
import { SAVED_SEARCH_NEW_COUNT_MAX } from "#shared/constants.ts";
import {
  canonicalQuery,
  FindSavedSearchBody,
  parseCanonicalQuery,
  RenameSavedSearchBody,
  type SavedQuery,
  type SavedSearch,
  SaveSearchBody,
  SetNotifyBody,
} from "#shared/api/saved-searches.ts";
import { textCatalog } from "#shared/text-catalog.ts";
import { savedSearchLabel } from "#shared/saved-search-label.ts";
import { INVALID } from "#shared/validation.ts";
import type { AppEnv } from "#worker/app-env.ts";
import {
  deleteSavedSearch,
  findSavedSearch,
  insertSavedSearch,
  listSavedSearches,
  markSavedSearchOpened,
  type PlaceNames,
  placeNames,
  placeNamesOf,
  renameSavedSearch,
  savedSearchOf,
  type SavedSearchRow,
  setSavedSearchNotify,
} from "#worker/db/saved-searches.ts";
import { rejoinList } from "#worker/db/subscriptions.ts";
import { findUserById } from "#worker/db/users.ts";
import { apiError } from "#worker/http/api-error.ts";
import { apiLocale } from "#worker/http/api-locale.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { requireAuth } from "#worker/middleware/session.ts";
import { valid } from "./validate.ts";

const userId = (c: Context<AppEnv>) => c.get("user")!.id;
const IdParams = v.object({ id: IdParam });

/** Rows in the API's shape, named from their filters (in the request's language) unless the person named them. */
async function toApi(c: Context<AppEnv>, rows: readonly SavedSearchRow[]): Promise<SavedSearch[]> {
  const locale = apiLocale(c);
  const queries = rows.map((row) => parseCanonicalQuery(row.query) ?? {});
  const unnamed = rows.map((row, i) => (row.name === null ? queries[i]! : {}));
  const places = await placeNamesOf(c.env.DB, unnamed, locale);
  const { intl } = textCatalog(locale);
  return rows.map((row, i) => ({
    id: row.id,
    name: row.name,
    label: row.name ?? savedSearchLabel(queries[i]!, places[i]!, intl),
    query: queries[i]!,
    notify: row.notify === 1,
    frequency: row.frequency,
    new_count: Math.min(row.new_count, SAVED_SEARCH_NEW_COUNT_MAX),
    new_count_capped: row.new_count > SAVED_SEARCH_NEW_COUNT_MAX,
    created_at: new Date(row.created_at).toISOString(),
    opened_at: new Date(row.opened_at).toISOString(),
  }));
}

const one = async (c: Context<AppEnv>, row: SavedSearchRow) => (await toApi(c, [row]))[0]!;

const notFound = (c: Context<AppEnv>) => apiError(c, 404, "not_found", "No such saved search");

/** 400 naming `query.city` or `query.district` when the search names a place that is not there, as the search does. */
function placeProblem(c: Context<AppEnv>, query: SavedQuery, names: PlaceNames) {
  const field = (name: "city" | "district", message: string) =>
    apiError(c, 400, "invalid_input", `Invalid query.${name}`, { [`query.${name}`]: message });
  if (query.district && !query.city) return field("district", INVALID.needsCity);
  if (query.city && !names.city) return field("city", INVALID.choice);
  if (query.district && !names.district) return field("district", INVALID.choice);
  return null;
}

/**
 * Alerts turned on by the person: back on the saved-search e-mail list if they had left it (an unsubscribe
 * link), or the switch they just pressed would do nothing. Only for an account with an e-mail address.
 */
async function rejoinAlerts(c: Context<AppEnv>) {
  const account = await findUserById(c.env.DB, userId(c));
  if (account?.email) await rejoinList(c.env.DB, account.email, "saved_searches", nowOf(c));
}

export const savedSearches = new Hono<AppEnv>();
// `/x/*` covers `/x` too.
for (const path of ["/saved-searches/*", "/saved-search/*"]) {
  savedSearches.use(path, requireAuth);
  savedSearches.use(path, async (c, next) => {
    await next();
    c.header("Cache-Control", "private, no-store");
  });
}

savedSearches
  .get("/saved-searches", async (c) => {
    const items = await toApi(c, await listSavedSearches(c.env.DB, userId(c)));
    return c.json({ items, total: items.length });
  })
  .post("/saved-searches/search", valid("json", FindSavedSearchBody), async (c) => {
    const { query, opened } = c.req.valid("json");
    const row = await findSavedSearch(c.env.DB, userId(c), canonicalQuery(query));
    if (!row) return c.json({ data: null });
    if (!opened) return c.json({ data: await one(c, row) });
    const now = nowOf(c);
    await markSavedSearchOpened(c.env.DB, userId(c), row.id, now);
    return c.json({ data: await one(c, { ...row, opened_at: now, new_count: 0 }) });
  })
  .post("/saved-search", valid("json", SaveSearchBody), async (c) => {
    const body = c.req.valid("json");
    const problem = placeProblem(c, body.query, await placeNames(c.env.DB, body.query, apiLocale(c)));
    if (problem) return problem;
    const result = await insertSavedSearch(
      c.env.DB,
      userId(c),
      { query: canonicalQuery(body.query), name: body.name || null, notify: body.notify, frequency: body.frequency },
      nowOf(c),
    );
    if (result.kind === "limit_reached") {
      return apiError(c, 409, "limit_reached", "Saved searches are at their limit: delete one first");
    }
    // Saving anew with alerts on is asking for them; the same search saved again changes nothing.
    if (result.kind === "created" && body.notify) await rejoinAlerts(c);
    return c.json({ data: await one(c, result.row) }, result.kind === "created" ? 201 : 200);
  })
  .post("/saved-search/set-notify", valid("json", SetNotifyBody), async (c) => {
    const { id, notify, frequency } = c.req.valid("json");
    if (!(await setSavedSearchNotify(c.env.DB, userId(c), id, notify, frequency, nowOf(c)))) return notFound(c);
    if (notify) await rejoinAlerts(c);
    return c.json({ data: await one(c, (await savedSearchOf(c.env.DB, userId(c), id))!) });
  })
  .post("/saved-search/rename", valid("json", RenameSavedSearchBody), async (c) => {
    const { id, name } = c.req.valid("json");
    if (!(await renameSavedSearch(c.env.DB, userId(c), id, name || null, nowOf(c)))) return notFound(c);
    return c.json({ data: await one(c, (await savedSearchOf(c.env.DB, userId(c), id))!) });
  })
  .delete("/saved-search/:id", valid("param", IdParams), async (c) => {
    const { id } = c.req.valid("param");
    if (!(await deleteSavedSearch(c.env.DB, userId(c), id))) return notFound(c);
    return c.json({ data: { id } });
  });
