import { redirect } from "react-router";
import type { ApiClient } from "#shared/api-client.ts";
import { MAX_PAGE } from "#shared/api/limits.ts";
import { PWA_USER_PARAM, PWA_USER_VALUE } from "#shared/constants.ts";
import type { ListingQuery } from "#shared/api/realty.ts";
import { cardListing } from "#client/components/listing-card/card-listing.ts";
import { localizePath, splitLocale } from "#shared/locales.ts";
import { agencyPath } from "#shared/agency-paths.ts";
import {
  fieldsOfApiError,
  FILTER_OF,
  type RouteScope,
  parseSearch,
  refinements,
  SEARCH_FIELDS,
  SEARCH_PER_PAGE,
  type SearchField,
  type SearchState,
  searchHref,
  searchLocation,
  toListingQuery,
  widenings,
  withoutFields,
  withoutFilter,
} from "#shared/search-query.ts";
import { notFound, unavailable } from "#client/http-errors.server.ts";
import type { MapCentre, Place, SearchPageData, Suggestion } from "./search-types.ts";
import { SEARCH_FORM_LIMITS } from "#client/components/search-filters/search-form-limits.server.ts";
import { secondaryData } from "#client/secondary-data.server.ts";
import { readMapParams } from "#client/components/map/map-params.server.ts";

/** The zoom a map of a city, or of a district, opens at. */
const CITY_ZOOM = 12;
const DISTRICT_ZOOM = 14;

/**
 * The API's query of a page: its filters, the map's area (`bounds`) and an agency's page's agency (decision
 * 103), which saved searches leave out.
 */
function listingQuery(state: SearchState, agency?: string): ListingQuery {
  return { ...toListingQuery(state), bounds: state.bounds?.join(","), agency };
}

/** Made here, on the server, so the map's code needs none of the query mapping. */
function mapFilters(state: SearchState, agency?: string): string {
  const { sort: _s, page: _p, per_page: _pp, ...filters } = { ...toListingQuery(state), agency };
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, String(item));
  }
  return params.toString();
}

/** The gazetteer's point of the search's district or city, for a map view without `bounds`. */
async function mapCentreOf(api: ApiClient, state: SearchState, district: Place | null): Promise<MapCentre | null> {
  if (!state.view || state.bounds || !state.city) return null;
  if (district) {
    const found = await api.searchPlaces(district.name, 5);
    const hit = found.ok
      ? found.data.items.find((item) => item.kind === "district" && item.slug === district.slug)
      : undefined;
    if (hit) return { lat: hit.lat, lng: hit.lng, zoom: DISTRICT_ZOOM };
  }
  const city = await api.city(state.city);
  return city.ok ? { lat: city.data.data.lat, lng: city.data.data.lng, zoom: CITY_ZOOM } : null;
}

const SUGGESTION_COUNT = 3;
/**
 * Query names that are not the search's: a `.data` request's or an index route's, and the installed app's
 * flag (product §2), which the search's one address keeps.
 */
const ROUTER_PARAMS = new Set(["_routes", "index", PWA_USER_PARAM]);

/** A query's parameters in any order, without the router's own. */
function queryKey(params: URLSearchParams): string {
  return [...params]
    .filter(([name]) => !ROUTER_PARAMS.has(name))
    .map(([name, value]) => `${name}=${value}`)
    .sort()
    .join("&");
}

/**
 * The loader of the search page and the list pages: reads the URL, sends form submissions and
 * stray parameters to the search's one address (order aside; a 302 — `?type=house&deal=sale` on `/search/`
 * becomes `/buy/house/`), names values it cannot use instead of failing, and answers 404 for an
 * unknown city in the path or a page past the end.
 */
export async function loadSearch({
  api,
  url,
  scope,
  beside,
  agency,
}: {
  api: ApiClient;
  url: URL;
  scope?: RouteScope;
  /**
   * Called with the filters as the search is asked for them, so that what depends only on them can be
   * asked at the same time (one round trip, decision 105); the page's state may still change after it
   * (filters the API refuses).
   */
  beside?: (state: SearchState) => void;
  /** An agency's page: its slug scopes the search (decision 103), whatever the query says. */
  agency?: string;
}): Promise<SearchPageData> {
  const { locale, rest } = splitLocale(url.pathname);
  const parsed = parseSearch(url.searchParams, scope);
  let state: SearchState = { ...parsed.state, ...readMapParams(url.searchParams) };
  if (agency) state.path = agencyPath(agency);
  const invalid = new Set<SearchField>(parsed.invalid);
  const optionsCall = api.formOptions();

  // The form's free-text place (no JavaScript, or typed without picking a suggestion).
  const where = (url.searchParams.get("where") ?? "").trim().slice(0, 100);
  if (where) {
    const found = await api.searchPlaces(where, 1);
    const hit = found.ok ? found.data.items[0] : undefined;
    if (hit) state = { ...state, city: hit.city.slug, district: hit.kind === "district" ? hit.slug : undefined };
    else state = { ...state, q: [state.q, where].filter(Boolean).join(" ") };
  }

  const options = await optionsCall;
  if (!options.ok) throw unavailable();
  const allCities = options.data.data.cities;
  if (scope?.city && !allCities.some((c) => c.slug === scope.city)) throw notFound(url);
  let city = state.city ? allCities.find((c) => c.slug === state.city) : undefined;
  if (state.city && !city) {
    invalid.add("city");
    state = withoutFields(state, ["city"]);
    if (scope?.city) {
      state.city = scope.city;
      city = allCities.find((c) => c.slug === scope.city);
    }
  }
  let district = state.district ? city?.districts.find((d) => d.slug === state.district) : undefined;
  if (state.district && !district) {
    invalid.add("district");
    state = withoutFields(state, ["district"]);
  }

  // One address per search: a path that names another list, empty form fields, defaults written out.
  const target = searchLocation(state);
  if (target.path !== rest || (invalid.size === 0 && queryKey(url.searchParams) !== queryKey(target.params))) {
    const href = localizePath(searchHref(state), locale);
    const pwaUser = url.searchParams.get(PWA_USER_PARAM) === PWA_USER_VALUE;
    throw redirect(pwaUser ? `${href}${href.includes("?") ? "&" : "?"}${PWA_USER_PARAM}=${PWA_USER_VALUE}` : href);
  }

  const centreCall = mapCentreOf(api, state, district ? { slug: district.slug, name: district.name } : null);
  const searching = api.searchListings(listingQuery(state, agency));
  beside?.(state);
  let result = await searching;
  if (!result.ok && result.status === 400) {
    // The API knows best what it cannot search by: leave those out and say so.
    const bad = fieldsOfApiError(result.error?.fields);
    if (bad.length) {
      for (const field of bad) invalid.add(field);
      state = withoutFields(state, bad);
      if (!state.city) city = undefined;
      if (!state.district) district = undefined;
      result = await api.searchListings(listingQuery(state, agency));
    }
  }
  if (!result.ok) throw unavailable();
  const { items, promoted = [], total, total_exact: totalExact, facets } = result.data;
  if (state.page > 1 && items.length === 0) throw notFound(url);

  const lastPage = totalExact ? Math.max(1, Math.min(MAX_PAGE, Math.ceil(total / SEARCH_PER_PAGE))) : null;
  const searched = state;
  // Streamed after the shell, and given up when late (the empty state then offers only "all listings").
  const suggestions =
    total === 0
      ? secondaryData(
          Promise.all(
            widenings(searched).map(async (filter): Promise<Suggestion> => {
              const wider = withoutFilter(searched, filter);
              const count = await api.listingTotal(listingQuery(wider, agency));
              return {
                filter,
                href: searchHref(wider),
                count: count.ok ? count.data.data.total : null,
                exact: count.ok ? count.data.data.total_exact : true,
              };
            }),
          ).then((list) => list.filter((s) => s.count !== 0).slice(0, SUGGESTION_COUNT)),
        )
      : null;

  return {
    now: Date.now(),
    state,
    invalid: SEARCH_FIELDS.filter((field) => invalid.has(field)),
    invalidFilters: [...new Set(SEARCH_FIELDS.filter((field) => invalid.has(field)).map((field) => FILTER_OF[field]))],
    city: city ? { slug: city.slug, name: city.name } : null,
    district: district ? { slug: district.slug, name: district.name } : null,
    cities: allCities.map(({ slug, name }) => ({ slug, name })),
    districts: city?.districts ?? [],
    // A listing the promoted block shows is not repeated in the results under it.
    items: items.filter((item) => !promoted.some((placed) => placed.id === item.id)).map(cardListing),
    promoted: promoted.map(cardListing),
    total,
    totalExact,
    perPage: SEARCH_PER_PAGE,
    lastPage,
    hasNext: lastPage !== null ? state.page < lastPage : items.length === SEARCH_PER_PAGE && state.page < MAX_PAGE,
    facets: facets ?? null,
    activeFilters: refinements(state).length + (state.q ? 1 : 0) + (state.district ? 1 : 0),
    limits: SEARCH_FORM_LIMITS,
    suggestions,
    rental: state.deal === "rent",
    clearCity: !state.city,
    clearType: state.types.length !== 1,
    mapFilters: mapFilters(state, agency),
    mapCentre: await centreCall,
  };
}
