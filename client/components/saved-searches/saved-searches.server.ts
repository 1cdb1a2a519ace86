/**
 * Saved searches as pages see them (decision 041): a signed-in person's come from the account (the API), a
 * guest's from the saved-search cookie (product §9: 30 days; sign-in moves them into the account and clears
 * it). Server-only: loaders and actions — the "Save search" control of the search and list pages, the
 * guests' panel of the favourites page and the cabinet's list.
 */
import { data, redirect } from "react-router";
import { parse } from "hono/utils/cookie";
import { safeNextPath } from "#shared/auth-links.ts";
import { localizePath } from "#shared/locales.ts";
import { paths } from "#shared/paths.ts";
import { privatePaths } from "#shared/private-paths.ts";
import type { FormOptions } from "#shared/api/realty.ts";
import { canonicalQuery, parseCanonicalQuery, type SavedQuery } from "#shared/api/saved-searches.ts";
import {
  GUEST_SAVED_SEARCHES_MAX,
  SAVED_SEARCH_COOKIE_MAX_AGE_S,
  SAVED_SEARCH_COOKIE_NAME,
} from "#shared/constants.ts";
import {
  type GuestSavedSearch,
  parseGuestSearches,
  serializeGuestSearches,
  withGuestSearch,
  withoutGuestSearch,
} from "#shared/saved-search-cookie.ts";
import { type LabelPlaces, savedSearchLabel } from "#shared/saved-search-label.ts";
import { savedQueryOf, savedSearchState, searchHref, type SearchState } from "#shared/search-query.ts";
import type { ApiClient } from "#shared/api-client.ts";
import { formProblem } from "#client/api/form-problem.server.ts";
import { appContext, type RequestArgs } from "#client/app-context.server.ts";
import type { SearchPageData } from "#client/components/listing-results/search-types.ts";
import {
  alertChoiceOf,
  GUEST_PANEL_ID,
  isSaveIntent,
  type SavedState,
  type SaveSearchData,
  type SaveSearchResult,
  type SavedSearchItem,
} from "#client/components/saved-searches/saved-search-state.ts";
import { parseId } from "#client/id-param.ts";

function guestSavedSearches(request: Request): GuestSavedSearch[] {
  return parseGuestSearches(
    parse(request.headers.get("cookie") ?? "", SAVED_SEARCH_COOKIE_NAME)[SAVED_SEARCH_COOKIE_NAME],
  );
}

/** The `Set-Cookie` value keeping these searches (none left: the cookie goes). */
function savedSearchesCookie(searches: readonly GuestSavedSearch[], request: Request): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  const value = serializeGuestSearches(searches);
  return value
    ? `${SAVED_SEARCH_COOKIE_NAME}=${value}; Max-Age=${SAVED_SEARCH_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${secure}`
    : `${SAVED_SEARCH_COOKIE_NAME}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
}

/** The names of a query's city and district, from the form options' places. */
export function placeNames(cities: FormOptions["cities"], query: SavedQuery): LabelPlaces {
  const city = query.city ? cities.find((c) => c.slug === query.city) : undefined;
  const district = query.district ? city?.districts.find((d) => d.slug === query.district) : undefined;
  return { city: city?.name, district: district?.name };
}

/** A page's filters in the API's own terms (as it will keep them): read by its schema. */
function savedFiltersOf(state: SearchState): SavedQuery {
  const pageFilters = savedQueryOf(state);
  return parseCanonicalQuery(canonicalQuery(pageFilters)) ?? pageFilters;
}

/** A signed-in person's saved search of some filters, asked for beside the search (not marked opened). */
export interface SavedSearchLookup {
  query: string;
  found: ReturnType<ApiClient["findSavedSearch"]>;
}

/**
 * Asks for the signed-in person's saved search of the filters the search is asked with, at the same time
 * as the search (decision 105): `saveSearchData` uses it when the page keeps those filters. Null for guests.
 */
export function savedSearchBeside({ context }: RequestArgs, state: SearchState): SavedSearchLookup | null {
  const { api, user } = context.get(appContext);
  if (!user) return null;
  const filters = savedFiltersOf(state);
  const found = api.findSavedSearch(filters, false);
  // Awaited only when the page keeps these filters; a page that ends otherwise leaves it unread.
  found.catch(() => {});
  return { query: canonicalQuery(filters), found };
}

/**
 * The "Save search" control of a search or list page: the page's filters, the name they would be saved
 * under, and whether they are saved. A signed-in person's saved search is marked opened now (the page
 * shows its listings), so its count of new listings starts again.
 */
export async function saveSearchData(
  { request, context }: RequestArgs,
  page: SearchPageData,
  early?: SavedSearchLookup | null,
): Promise<SaveSearchData> {
  const { api, user, texts, locale, afterAnswer } = context.get(appContext);
  const { state, city, district } = page;
  const filters = savedFiltersOf(state);
  const query = canonicalQuery(filters);
  const label = savedSearchLabel(filters, { city: city?.name, district: district?.name }, texts.intl);
  if (user) {
    let found;
    if (early?.query === query) {
      // Found beside the search, for the filters the page kept: marked opened once the answer is out.
      found = await early.found;
      if (found.ok && found.data.data) afterAnswer(() => api.findSavedSearch(filters, true));
    } else found = await api.findSavedSearch(filters, true);
    const saved = found.ok ? found.data.data : null;
    const manage = localizePath(privatePaths.cabinet.savedSearches(), locale);
    return {
      query,
      label: saved?.label ?? label,
      saved: saved ? { id: saved.id, alerts: alertChoiceOf(saved) } : null,
      signedIn: true,
      manage,
    };
  }
  const guest = guestSavedSearches(request).find((search) => search.key === query);
  const manage = `${localizePath(paths.page("favourites"), locale)}#${GUEST_PANEL_ID}`;
  return { query, label: guest?.name ?? label, saved: guest ? { id: null } : null, signedIn: false, manage };
}

/**
 * The posts of the "Save search" control and of the guests' panel (`intent`: save-search, unsave-search;
 * `query`, the canonical filters; `id`, a signed-in person's saved search to remove). A plain form post (no
 * JavaScript) names the page to return to (`redirect_to`) and goes back there; a post in the background
 * gets the answer.
 */
export async function saveSearchAction({ request, context }: RequestArgs, form: FormData) {
  const { api, user } = context.get(appContext);
  const intent = form.get("intent");
  const text = form.get("query");
  const filters = typeof text === "string" ? parseCanonicalQuery(text) : null;
  const query = filters ? canonicalQuery(filters) : "";
  const refuse = (status: number, error: string, serverMessage?: string) =>
    data<SaveSearchResult>(
      { ok: false, intent: isSaveIntent(intent) ? intent : null, query, error, serverMessage },
      { status },
    );
  if (!isSaveIntent(intent) || !filters) return refuse(400, "form.error.generic");

  const headers = new Headers();
  let saved: SavedState | null = null;
  if (user && intent === "save-search") {
    const result = await api.saveSearch({ query: { ...filters } });
    if (!result.ok) {
      if (result.status === 409) return refuse(409, "saveSearch.error.limit");
      const problem = formProblem(result, {});
      return refuse(problem.status, problem.error ?? "form.error.generic", problem.serverMessage);
    }
    saved = { id: result.data.data.id, alerts: alertChoiceOf(result.data.data) };
  } else if (user) {
    // The saved search of these filters (the form names it; without an id, the one the API finds).
    const id = parseId(String(form.get("id") ?? "")) ?? (await findId(context, filters));
    const result = id ? await api.deleteSavedSearch(id) : null;
    if (result && !result.ok && result.status !== 404) {
      const problem = formProblem(result, {});
      return refuse(problem.status, problem.error ?? "form.error.generic", problem.serverMessage);
    }
  } else {
    const current = guestSavedSearches(request);
    if (intent === "save-search") {
      if (current.length >= GUEST_SAVED_SEARCHES_MAX && !current.some((search) => search.key === query))
        return refuse(409, "saveSearch.error.guestLimit");
      headers.append("Set-Cookie", savedSearchesCookie(withGuestSearch(current, filters, null, Date.now()), request));
      saved = { id: null };
    } else headers.append("Set-Cookie", savedSearchesCookie(withoutGuestSearch(current, query), request));
  }
  const back = safeNextPath(form.get("redirect_to"));
  if (back) throw redirect(back, { headers });
  return data<SaveSearchResult>({ ok: true, intent, query, saved }, { headers });
}

async function findId(context: RequestArgs["context"], filters: SavedQuery): Promise<number | null> {
  const found = await context.get(appContext).api.findSavedSearch(filters);
  return found.ok ? (found.data.data?.id ?? null) : null;
}

/** A guest's saved searches as the favourites page lists them, newest first. */
export async function guestSavedSearchItems({ request, context }: RequestArgs): Promise<SavedSearchItem[]> {
  const searches = guestSavedSearches(request);
  if (!searches.length) return [];
  const { api, texts } = context.get(appContext);
  const options = searches.some((search) => search.query.city) ? await api.formOptions() : null;
  const cities = options?.ok ? options.data.data.cities : [];
  return searches.map((search) => {
    const places = placeNames(cities, search.query);
    return {
      id: null,
      query: search.key,
      label: search.name ?? savedSearchLabel(search.query, places, texts.intl),
      filters: search.query,
      places,
      href: searchHref(savedSearchState(search.query)),
    };
  });
}
