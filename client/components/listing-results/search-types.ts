import type { SearchFacets } from "#shared/api/realty.ts";
import type { FilterName, SearchField, SearchState } from "#shared/search-query.ts";
import type { CardListing } from "#client/components/listing-card/card-listing.ts";
import type { SearchFormLimits } from "#client/components/search-filters/search-filters.tsx";

/* What the search page's loader (load-search.server.ts) hands the page: the browser's modules import these. */

export interface Place {
  slug: string;
  name: string;
}

/** A wider search offered when nothing matched: its locale-free URL and how many it finds. */
export interface Suggestion {
  filter: FilterName;
  href: string;
  count: number | null;
  exact: boolean;
}

export interface SearchPageData {
  /** The loader's clock, so relative dates read the same on the server and after hydration. */
  now: number;
  state: SearchState;
  /** Fields of the URL whose values were left out, for `noindex`. */
  invalid: SearchField[];
  /** The filters those fields belong to, for the page's notice (the mapping stays out of the page's code). */
  invalidFilters: FilterName[];
  city: Place | null;
  district: Place | null;
  cities: Place[];
  /** Districts of the chosen city (none without a city, or for cities without districts). */
  districts: Place[];
  /** The page's results in the visitor's sort, less the listings the promoted block shows (decision 067). */
  items: CardListing[];
  /** The promoted block above the results (decision 067): "Top" placements matching the search, in turn. */
  promoted: CardListing[];
  total: number;
  totalExact: boolean;
  perPage: number;
  /** Null when the total is a lower bound. */
  lastPage: number | null;
  hasNext: boolean;
  facets: SearchFacets | null;
  /** How many filters narrow the search (text and district included), for the folded form's label. */
  activeFilters: number;
  /** The filter form's field limits. */
  limits: SearchFormLimits;
  /** Only when nothing matched; streams after the shell. */
  suggestions: Promise<Suggestion[]> | null;
  /** Route data of product §3. */
  rental: boolean;
  clearCity: boolean;
  clearType: boolean;
  /** The search's filters as the map endpoint's query (no order, paging or area): the map adds its viewport. */
  mapFilters: string;
  /** Where a map without `bounds` opens (decision 044): the district's or the city's centre; null: all Serbia. */
  mapCentre: MapCentre | null;
}

export interface MapCentre {
  lat: number;
  lng: number;
  zoom: number;
}
