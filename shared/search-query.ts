/**
 * The search pages' URLs and the API's `ListingQuery`, mapped in one place.
 *
 * Page URLs use the API's query names with visitor-friendly values: `type` is a type word
 * (`apartment`; a listing type id such as `4` is read too), `deal` is `sale` or `rent`, `sort` and
 * `page` are left out at their defaults. A deal with exactly one type is a list page
 * (`/buy/apartment/beograd/?rooms=2`), anything else is `/search/?…`. Every value is checked on its
 * own against the search's grammar (shared/search-filters.ts): a bad one is named in `invalid` and left out,
 * the rest of the search stands.
 */
import type { Sort } from "./api/limits.ts";
import type { ListingQuery } from "./api/realty.ts";
import type { SavedQuery } from "./api/saved-searches.ts";
import { LISTING_TYPES, type Deal, type ListingKind, TYPES_BY_DEAL } from "./listing-types.ts";
import { stripUnseenLine } from "./unseen-text.ts";
import { FILTER_GRAMMARS, FILTER_RANGES, readFilter, SEARCH_FIELDS, type SearchField } from "./search-filters.ts";
import { paths } from "./paths.ts";
// Types only: the search pages' first load has no room for the map's module (its names are checked against it).
import type { MAP_VIEW_PARAM, MAP_ZOOM_PARAM, MapView } from "./map.ts";

/** Listings per page of every search and list page: 2, 3 and 4 columns fill evenly. */
export const SEARCH_PER_PAGE = 24;

export interface SearchState {
  deal?: Deal;
  types: ListingKind[];
  city?: string;
  district?: string;
  price_min?: number;
  price_max?: number;
  area_min?: number;
  area_max?: number;
  /** 0 studio, 1–4 rooms, 5 means 5+. */
  rooms: number[];
  floor_min?: number;
  floor_max?: number;
  furnished?: boolean;
  /** Confirmed within this many days (decision 084). */
  confirmed_within?: number;
  q?: string;
  /**
   * The page the search is on when it is not its own list or search page — an agency's, `/agency/{slug}/`
   * (decision 103) —, locale-free: every filter then goes in its query. Set by that page's loader, never
   * read from a query.
   */
  path?: string;
  /**
   * The map's area (`bounds=south,west,north,east`, decision 044): the list shows the same area. It and `zoom`
   * are read by the page's loader (client/components/map/map-params.server.ts), where the browser needs neither.
   */
  bounds?: MapBounds;
  sort: Sort;
  page: number;
  /** Page-only (the API ignores them): the list/map choice (absent: the list) and the map's zoom. */
  view?: Exclude<MapView, "list">;
  zoom?: number;
}

/** South, west, north, east in degrees. */
export type MapBounds = [number, number, number, number];

export { SEARCH_FIELDS, type SearchField };

/** The filter a field belongs to, as the page names it to visitors (`search.filter.{name}`). */
export type FilterName =
  | "deal"
  | "type"
  | "city"
  | "district"
  | "price"
  | "area"
  | "rooms"
  | "floor"
  | "furnished"
  | "confirmed"
  | "q"
  | "sort"
  | "page";
export const FILTER_OF: Record<SearchField, FilterName> = {
  deal: "deal",
  type: "type",
  city: "city",
  district: "district",
  price_min: "price",
  price_max: "price",
  area_min: "area",
  area_max: "area",
  rooms: "rooms",
  floor_min: "floor",
  floor_max: "floor",
  furnished: "furnished",
  confirmed_within: "confirmed",
  q: "q",
  sort: "sort",
  page: "page",
};

/** What a list page's path has already decided: `/buy/apartment/beograd/`. */
export interface RouteScope {
  deal: Deal;
  type: ListingKind;
  city?: string;
}

export interface ParsedSearch {
  state: SearchState;
  /** Fields whose value was not understood and was left out, in URL order, once each. */
  invalid: SearchField[];
}

const ALL_TYPES = [...new Set(LISTING_TYPES.map((t) => t.type))] as ListingKind[];

/**
 * Reads a page URL's query (and, on a list page, its path). A name present in the query speaks for
 * itself even when empty — `type=` on a list page means "any type" — so a GET form that carries
 * deal, type and city can move the visitor to another list.
 */
export function parseSearch(params: URLSearchParams, scope?: RouteScope): ParsedSearch {
  const invalid = new Set<SearchField>();
  const state: SearchState = { types: [], rooms: [], sort: "newest", page: 1 };
  const one = (name: SearchField) => (params.get(name) ?? "").trim();

  // deal
  if (params.has("deal")) {
    // `buy` is the sale's path word.
    const raw = one("deal") === "buy" ? "sale" : one("deal");
    const deal = readFilter(FILTER_GRAMMARS.deal, raw);
    if (deal) state.deal = deal;
    else if (raw !== "") {
      invalid.add("deal");
      state.deal = scope?.deal;
    }
  } else state.deal = scope?.deal;

  // type: words, or listing type ids (which also tell the deal when none is given)
  if (params.has("type")) {
    const dealsOfIds = new Set<Deal>();
    for (const raw of params.getAll("type").map((s) => s.trim())) {
      if (raw === "") continue;
      const id = readFilter(FILTER_GRAMMARS.type, raw);
      const byId = id === undefined ? undefined : LISTING_TYPES.find((t) => t.id === id);
      if (byId) {
        dealsOfIds.add(byId.deal);
        state.types.push(byId.type);
      } else if ((ALL_TYPES as string[]).includes(raw)) state.types.push(raw as ListingKind);
      else invalid.add("type");
    }
    if (!state.deal && !params.has("deal") && dealsOfIds.size === 1) state.deal = [...dealsOfIds][0];
    if (invalid.has("type") && state.types.length === 0 && scope) state.types = [scope.type];
  } else if (scope) state.types = [scope.type];
  state.types = [...new Set(state.types)];
  if (state.deal) {
    const deal = state.deal;
    const fitting = state.types.filter((type) => TYPES_BY_DEAL[deal].includes(type));
    if (fitting.length < state.types.length) invalid.add("type");
    state.types = fitting;
  }

  // city and district
  if (params.has("city")) {
    const raw = one("city");
    if (readFilter(FILTER_GRAMMARS.city, raw) !== undefined) state.city = raw;
    else if (raw !== "") {
      invalid.add("city");
      state.city = scope?.city;
    }
  } else state.city = scope?.city;
  const district = one("district");
  if (district !== "") {
    if (readFilter(FILTER_GRAMMARS.district, district) !== undefined && state.city) state.district = district;
    else invalid.add("district");
  }

  // ranges: a bound that runs backwards is the mistake, named on the upper one (as the API does)
  for (const [low, high] of FILTER_RANGES) {
    for (const name of [low, high]) {
      const raw = one(name);
      if (raw === "") continue;
      const value = readFilter(FILTER_GRAMMARS[name], raw);
      if (value === undefined) invalid.add(name);
      else state[name] = value;
    }
    const a = state[low];
    const b = state[high];
    if (a !== undefined && b !== undefined && a > b) {
      invalid.add(high);
      delete state[high];
    }
  }

  for (const raw of params.getAll("rooms").map((s) => s.trim())) {
    if (raw === "") continue;
    const rooms = readFilter(FILTER_GRAMMARS.rooms, raw);
    if (rooms === undefined) invalid.add("rooms");
    else state.rooms.push(rooms);
  }
  state.rooms = [...new Set(state.rooms)].sort((a, b) => a - b);

  const furnished = one("furnished");
  const furnishing = readFilter(FILTER_GRAMMARS.furnished, furnished);
  if (furnishing !== undefined) state.furnished = furnishing;
  else if (furnished !== "") invalid.add("furnished");

  const confirmed = one("confirmed_within");
  const within = readFilter(FILTER_GRAMMARS.confirmed_within, confirmed);
  if (within !== undefined) state.confirmed_within = within;
  else if (confirmed !== "") invalid.add("confirmed_within");

  // Text is never wrong: what cannot be shown is dropped, a long one cut.
  const q = readFilter(FILTER_GRAMMARS.q, stripUnseenLine(one("q")).replace(/\s+/g, " "))?.trim();
  if (q) state.q = q;

  const sort = one("sort");
  const sorted = readFilter(FILTER_GRAMMARS.sort, sort);
  if (sorted) state.sort = sorted;
  else if (sort !== "") invalid.add("sort");

  const page = one("page");
  const paged = readFilter(FILTER_GRAMMARS.page, page);
  if (paged !== undefined) state.page = paged;
  else if (page !== "") invalid.add("page");

  // The list/map choice (decision 044), kept through the filter form's submissions.
  const view = params.get("view" satisfies typeof MAP_VIEW_PARAM);
  if (view === "map" || view === "both") state.view = view;

  return { state, invalid: SEARCH_FIELDS.filter((f) => invalid.has(f)) };
}

/** The API's query for a state: type words become listing type ids of the deal (of both deals when none). */
export function toListingQuery(state: SearchState, perPage = SEARCH_PER_PAGE): ListingQuery {
  const ids = LISTING_TYPES.filter((t) => state.types.includes(t.type) && (!state.deal || t.deal === state.deal)).map(
    (t) => t.id,
  );
  return {
    deal: state.deal,
    type: ids.length ? ids : undefined,
    city: state.city,
    district: state.district,
    price_min: state.price_min,
    price_max: state.price_max,
    area_min: state.area_min,
    area_max: state.area_max,
    rooms: state.rooms.length ? state.rooms : undefined,
    floor_min: state.floor_min,
    floor_max: state.floor_max,
    furnished: state.furnished,
    confirmed_within: state.confirmed_within,
    q: state.q,
    sort: state.sort,
    page: state.page,
    per_page: perPage,
  };
}

/**
 * The filters a saved search keeps of a page (decision 041): the API's query without order and paging. The
 * API and the guest cookie bring it to its canonical form (shared/api/saved-searches.ts).
 */
export function savedQueryOf(state: SearchState): SavedQuery {
  const { sort: _sort, page: _page, per_page: _perPage, ...filters } = toListingQuery(state);
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) as SavedQuery;
}

/** The page state of a saved search's filters (its `type` ids read as the page reads them): open it with `searchHref`. */
export function savedSearchState(query: SavedQuery): SearchState {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, String(item));
  return parseSearch(params).state;
}

/** A list page when one deal and one type are chosen (a page of its own keeps them in its query). */
function listScope(state: SearchState): RouteScope | null {
  const [type] = state.types;
  return !state.path && state.deal && type && state.types.length === 1
    ? { deal: state.deal, type, city: state.city }
    : null;
}

/** The locale-free path and query of a state: its list page, or the search page. */
export function searchLocation(state: SearchState): { path: string; params: URLSearchParams } {
  const scope = listScope(state);
  const params = new URLSearchParams();
  const put = (
    name: SearchField | "bounds" | typeof MAP_ZOOM_PARAM | typeof MAP_VIEW_PARAM,
    value: string | number | boolean | undefined,
  ) => {
    if (value !== undefined) params.append(name, String(value));
  };
  if (!scope) {
    put("deal", state.deal);
    for (const type of state.types) put("type", type);
    put("city", state.city);
  }
  put("district", state.district);
  put("price_min", state.price_min);
  put("price_max", state.price_max);
  put("area_min", state.area_min);
  put("area_max", state.area_max);
  for (const rooms of state.rooms) put("rooms", rooms);
  put("floor_min", state.floor_min);
  put("floor_max", state.floor_max);
  put("furnished", state.furnished);
  put("confirmed_within", state.confirmed_within);
  put("q", state.q);
  put("bounds", state.bounds?.join(","));
  if (state.sort !== "newest") put("sort", state.sort);
  if (state.page > 1) put("page", state.page);
  put("zoom", state.zoom);
  put("view", state.view);
  const path = state.path ?? (scope ? paths.list(scope.deal, scope.type, scope.city) : paths.search());
  return { path, params };
}

/** `/buy/apartment/beograd/?rooms=2&page=2` — locale-free; wrap in `localizePath`. */
export function searchHref(state: SearchState): string {
  const { path, params } = searchLocation(state);
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The same search on another page (1 drops `page`). */
export function withPage(state: SearchState, page: number): SearchState {
  return { ...state, page };
}

/** Filters beyond the place and type: price, area, rooms, floor, furnishing, a recent confirmation. */
export function refinements(state: SearchState): FilterName[] {
  const out: FilterName[] = [];
  if (state.price_min !== undefined || state.price_max !== undefined) out.push("price");
  if (state.area_min !== undefined || state.area_max !== undefined) out.push("area");
  if (state.rooms.length) out.push("rooms");
  if (state.floor_min !== undefined || state.floor_max !== undefined) out.push("floor");
  if (state.furnished !== undefined) out.push("furnished");
  if (state.confirmed_within !== undefined) out.push("confirmed");
  return out;
}

/**
 * Whether search engines should index the page: place and type lists and one simple refinement
 * (`?rooms=2`, a price range) are landing pages people search for; text searches, several types,
 * several refinements and URLs with bad values are not.
 */
export function isIndexable(state: SearchState, invalid: readonly SearchField[] = []): boolean {
  if (invalid.length || state.q || state.bounds || state.types.length > 1 || state.rooms.length > 1) return false;
  return refinements(state).length <= 1;
}

/** The canonical form of a page: the same search without its sort order and map view (page ≥ 2 keeps `page`). */
export function canonicalState(state: SearchState): SearchState {
  const { view: _view, zoom: _zoom, ...search } = state;
  return { ...search, sort: "newest" };
}

/** A search with one filter removed, for the empty state's suggestions. */
export function withoutFilter(state: SearchState, filter: FilterName): SearchState {
  const next: SearchState = { ...state, rooms: [...state.rooms], types: [...state.types], page: 1 };
  switch (filter) {
    case "price":
      delete next.price_min;
      delete next.price_max;
      break;
    case "area":
      delete next.area_min;
      delete next.area_max;
      break;
    case "floor":
      delete next.floor_min;
      delete next.floor_max;
      break;
    case "rooms":
      next.rooms = [];
      break;
    case "type":
      next.types = [];
      break;
    case "city":
      delete next.city;
      delete next.district;
      break;
    case "deal":
      delete next.deal;
      break;
    case "district":
    case "furnished":
    case "q":
      delete next[filter];
      break;
    case "confirmed":
      delete next.confirmed_within;
      break;
    case "sort":
      next.sort = "newest";
      break;
    case "page":
      break;
  }
  return next;
}

/**
 * The filters of a search that could be dropped to find more, most restrictive first: text, then
 * district, rooms, the ranges, furnishing, then the city and the type.
 */
export function widenings(state: SearchState): FilterName[] {
  const order: FilterName[] = [
    "q",
    "district",
    "rooms",
    "price",
    "area",
    "floor",
    "furnished",
    "confirmed",
    "city",
    "type",
  ];
  const present = new Set<FilterName>([...refinements(state)]);
  if (state.q) present.add("q");
  if (state.district) present.add("district");
  if (state.city) present.add("city");
  if (state.types.length) present.add("type");
  return order.filter((f) => present.has(f));
}

/** Maps the API's 400 `fields` (its query names) onto the page's fields. */
export function fieldsOfApiError(fields: Record<string, string> | undefined): SearchField[] {
  const names = Object.keys(fields ?? {});
  return SEARCH_FIELDS.filter((f) => names.includes(f) || (f === "type" && names.includes("deal")));
}

/** A state without the given fields (bad values the API named). */
export function withoutFields(state: SearchState, fields: readonly SearchField[]): SearchState {
  let next: SearchState = { ...state, rooms: [...state.rooms], types: [...state.types] };
  for (const field of fields) {
    if (field === "type") next.types = [];
    else if (field === "rooms") next.rooms = [];
    else if (field === "sort") next.sort = "newest";
    else if (field === "page") next.page = 1;
    else if (field === "city") next = withoutFilter(next, "city");
    else delete next[field];
  }
  return next;
}
