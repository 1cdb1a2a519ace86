/**
 * Listing search and detail: query and response shapes of product §7 "Listings", as valibot schemas
 * the worker validates with and types the client and pages share.
 */
import * as v from "valibot";
import type { ListingStatus } from "#shared/listing-types.ts";
import { plainLine } from "#shared/plain-text.ts";
import { LISTING_TYPES, type ListingTypeId, type Deal, type ListingKind } from "#shared/listing-types.ts";
import { intParam, intParamOr, Slug } from "./conventions.ts";
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, type Sort } from "./limits.ts";
import { FILTER_GRAMMARS as FILTERS, FILTER_RANGES } from "#shared/search-filters.ts";
import { AMOUNT } from "#shared/value-patterns.ts";
import { AGENCY_SLUG } from "./agency.ts";
import { INVALID } from "#shared/validation.ts";
import type { ListingFactValues } from "#shared/listing-facts.ts";
import type { LocationPrecision } from "#shared/map.ts";
import type { AdvertiserType, ApiListingAdvertiser } from "./advertiser.ts";
import type { RejectionCode } from "./cabinet.ts";
import type { ListingFormData } from "./listing-edit.ts";

/**
 * A query name that may repeat (`type=1&type=4`): always an array, empty when absent, each value once
 * (`type=1&type=01&type=1` is `[1]`) — so no list binds more SQL parameters than it has distinct values,
 * at most `max` (decision 051).
 */
const repeatable = <S extends v.GenericSchema<string, number>>(item: S, max: number) =>
  v.optional(
    v.pipe(
      v.union([v.string(), v.array(v.string())]),
      v.transform((value) => (Array.isArray(value) ? value : [value])),
      v.array(item),
      v.transform((values) => [...new Set(values)]),
      v.maxLength(max, INVALID.tooMany),
    ),
    [],
  );

// The filters' grammar is shared/search-filters.ts; these read it strictly, each failure named by its message.
const choice = <const C extends readonly string[]>({ choices }: { choices: C }) => v.picklist(choices, INVALID.choice);

const code = ({ pattern, codes }: { pattern: RegExp; codes: readonly number[] }) =>
  v.pipe(
    v.string(),
    v.regex(pattern, INVALID.choice),
    v.transform(Number),
    v.check((n) => codes.includes(n), INVALID.choice),
  );

/** An amount; empty reads as absent. */
const amount = ({ max }: { max: number }) =>
  v.pipe(
    v.optional(v.string()),
    v.check((s) => s === undefined || s === "" || AMOUNT.test(s), INVALID.number),
    v.transform((s) => (s === undefined || s === "" ? undefined : Number(s))),
    v.check((n) => n === undefined || n <= max, INVALID.tooLarge),
  );

const flag = v.pipe(
  v.picklist(["true", "false"], INVALID.choice),
  v.transform((s) => s === "true"),
);

/**
 * `south,west,north,east` in degrees. West east of east is a viewport across the antimeridian (two
 * longitude ranges, worker/db/listing-map.ts); south north of north is a mistake.
 */
export const Bounds = v.pipe(
  v.string(),
  v.regex(/^-?\d{1,3}(\.\d+)?,-?\d{1,3}(\.\d+)?,-?\d{1,3}(\.\d+)?,-?\d{1,3}(\.\d+)?$/, INVALID.format),
  v.transform((s) => s.split(",").map(Number) as [number, number, number, number]),
  v.check(
    ([s, w, n, e]) => s >= -90 && n <= 90 && s <= n && w >= -180 && w <= 180 && e >= -180 && e <= 180,
    INVALID.format,
  ),
  v.transform(([south, west, north, east]) => ({ south, west, north, east })),
);

/** Filters shared by search and total. */
export const filterEntries = {
  deal: v.optional(choice(FILTERS.deal)),
  type: repeatable(code(FILTERS.type), FILTERS.type.repeat),
  city: v.optional(Slug),
  district: v.optional(Slug),
  price_min: amount(FILTERS.price_min),
  price_max: amount(FILTERS.price_max),
  area_min: amount(FILTERS.area_min),
  area_max: amount(FILTERS.area_max),
  rooms: repeatable(code(FILTERS.rooms), FILTERS.rooms.repeat),
  floor_min: intParam(FILTERS.floor_min.min, FILTERS.floor_min.max),
  floor_max: intParam(FILTERS.floor_max.min, FILTERS.floor_max.max),
  furnished: v.optional(flag),
  confirmed_within: intParam(FILTERS.confirmed_within.min, FILTERS.confirmed_within.max),
  promoted: v.optional(flag),
  /** `true`: only listings whose "Home" placement runs, in turn (the home page's shelf). */
  home: v.optional(
    v.pipe(
      v.picklist(["true"], INVALID.choice),
      v.transform(() => true as const),
    ),
  ),
  /** `false`: the visitor's sort alone, no paid placement first (the home page's "New listings"). */
  ranked: v.optional(
    v.pipe(
      v.picklist(["false"], INVALID.choice),
      v.transform(() => false as const),
    ),
  ),
  q: v.optional(v.pipe(v.string(), plainLine(), v.trim(), v.maxLength(FILTERS.q.max, INVALID.tooLong))),
  bounds: v.optional(Bounds),
  /** One agency's listings (its page, `/agency/{slug}/`): every offer of its own, not only its properties' leads. */
  agency: v.optional(v.pipe(v.string(), v.regex(AGENCY_SLUG, INVALID.format))),
  locale: v.optional(v.string()),
};

export interface FilterShape {
  deal?: Deal;
  type: number[];
  price_min?: number;
  price_max?: number;
  area_min?: number;
  area_max?: number;
  floor_min?: number;
  floor_max?: number;
}

const ordered = (low: number | undefined, high: number | undefined) =>
  low === undefined || high === undefined || low <= high;

/** Ranges that run backwards and types of the other deal are mistakes worth naming, on the later field. */
export const filterChecks = <T extends FilterShape>() =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const f: FilterShape = dataset.value;
    const fail = (key: keyof FilterShape, message: string) =>
      addIssue({
        message,
        path: [{ type: "object", origin: "value", input: f as unknown as Record<string, unknown>, key, value: f[key] }],
      });
    for (const [low, high] of FILTER_RANGES) if (!ordered(f[low], f[high])) fail(high, INVALID.order);
    if (f.deal && !f.type.every((id) => LISTING_TYPES.find((t) => t.id === id)?.deal === f.deal)) {
      fail("type", INVALID.typeOfDeal);
    }
  });

const TotalObject = v.object(filterEntries);
const SearchObject = v.object({
  ...filterEntries,
  sort: v.optional(choice(FILTERS.sort), "newest"),
  page: intParamOr(FILTERS.page.min, FILTERS.page.max, 1),
  per_page: intParamOr(1, MAX_PER_PAGE, DEFAULT_PER_PAGE),
  facets: v.optional(flag, "true"),
});

export const TotalQuery = v.pipe(TotalObject, filterChecks<v.InferOutput<typeof TotalObject>>());
export const SearchQuery = v.pipe(SearchObject, filterChecks<v.InferOutput<typeof SearchObject>>());
export type SearchFilters = v.InferOutput<typeof TotalQuery>;

const MAX_BY_IDS = 100;
export const ByIdsBody = v.object({
  ids: v.pipe(
    v.array(
      v.pipe(
        v.number(INVALID.number),
        v.integer(INVALID.wholeNumber),
        v.minValue(1, INVALID.format),
        v.maxValue(Number.MAX_SAFE_INTEGER, INVALID.format),
      ),
    ),
    v.maxLength(MAX_BY_IDS, INVALID.tooMany),
  ),
});

export const SEO_LIST_MAX_PER_PAGE = 1000;
export const SeoListQuery = v.object({
  page: intParamOr(1, 100_000, 1),
  per_page: intParamOr(1, SEO_LIST_MAX_PER_PAGE, SEO_LIST_MAX_PER_PAGE),
});

/**
 * A listing's image: an uploaded photo (WebP variants, decision 031) or a seeded illustration (SVG,
 * one file that scales freely).
 */
export interface ApiImage {
  id: number;
  /** The size most layouts want: a photo's middle variant, or the illustration. */
  url: string;
  /** The largest variant's pixel size (the shape of them all). */
  width: number;
  height: number;
  /** `url 480w, url 960w, …` of a photo's variants for `<img srcset>`; null for an illustration. */
  srcset: string | null;
  /** The largest variant (og:image, JSON-LD). */
  url_large: string;
}

export interface ApiPlace {
  slug: string;
  name: string;
}

/** A listing as visitors see it, its facts those of shared/listing-fields.ts. The owner's phone number is never part of it. */
export interface ApiListing extends ListingFactValues {
  id: number;
  type_id: ListingTypeId;
  deal: Deal;
  type: ListingKind;
  /** Canonical locale-free path: /buy|rent/{type}/{city}/{id}/ */
  path: string;
  city: ApiPlace;
  district: ApiPlace | null;
  address: string;
  /** The public position (decision 044): the owner's point when `exact`, else an approximate one, never the house. */
  lat: number;
  lng: number;
  location_precision: LocationPrecision;
  price: number;
  currency: "EUR";
  /** The price before a cut within the last PRICE_CUT_SHOWN_DAYS days (a card's "was €X"); null otherwise. */
  previous_price: number | null;
  price_m2: number | null;
  /** A generated title in the language of the request; an owner's own title as written. */
  title: string;
  /** The language `title` is written in. */
  title_lang: "en" | "ru" | "sr";
  /** The language of the owner's texts (description, own title). */
  lang: "en" | "ru" | "sr";
  /** Its "Top" placement runs (labelled "Promoted"). */
  promoted: boolean;
  /** In a search's `promoted` block: shown there for its "Top" placement, in turn (decision 067). */
  promoted_slot?: boolean;
  /** Its "Highlight" placement runs: the card is marked, its place unchanged. */
  highlighted: boolean;
  created_at: string;
  updated_at: string;
  expires_at: string;
  /** When it was last known to be on offer: publication, renewal, an edit or its owner's confirmation (decision 084); null only in a preview of a listing never published. */
  confirmed_at: string | null;
  image: ApiImage | null;
  image_count: number;
  /**
   * How many advertisers offer its property (decision 090): search and lists show each property once, by
   * its cheapest offer, and its card says "N offers of this property" when more than 1.
   */
  offers: number;
  /** Who offers it (decision 087): 'owner' a private owner, 'agency' a broker. */
  advertiser_type: AdvertiserType;
  /** An agency's public name and whether a moderator checked its licence (the badge); null for an owner. */
  agency: {
    name: string;
    licensed: boolean;
    /** Its public page's locale-free path (decision 103). */ page?: string;
  } | null;
}

/** The figure a low-price warning names: the median it is far below, of how many listings, where. */
interface ApiPriceWarning {
  median_price_m2: number;
  sample_size: number;
  scope: "district" | "city";
}

export interface ApiListingDetail extends ApiListing {
  description: string;
  images: ApiImage[];
  status: "active";
  owner: { id: number; name: string; member_since: string };
  /** Who offers it, as the detail says: "Owner" or the agency, its badge, "Phone verified", "On Kvadrat since". */
  advertiser: ApiListingAdvertiser;
  /** When the owner last confirmed the listing is still there (decision 038); null when never. */
  checked_at: string | null;
  /** Left out of search and lists until its owner confirms it is still on offer (decision 084). */
  awaiting_confirmation: boolean;
  /**
   * Median price per m² of the newest PRICE_M2_MEDIAN_SAMPLE active listings of the same type in the same city
   * (all of them in a smaller city; decision 115), and how many make it.
   */
  market: { city_median_price_m2: number | null; sample_size: number };
  /**
   * Set when its price per m² is under half its type's median in its district (its city without one):
   * the page shows a calm warning with advice and a link to /safety/ (decision 088). Null otherwise.
   */
  price_warning: ApiPriceWarning | null;
  /** Every price it has shown the public, oldest first, from its first publication (decision 082). */
  price_history: ApiPricePoint[];
  /** The other public offers of the same property by other advertisers, cheapest first; empty when none (decision 090). */
  same_property: ApiSameProperty[];
}

/** Another advertiser's offer of the same property (decision 090). */
interface ApiSameProperty {
  id: number;
  price: number;
  advertiser_type: AdvertiserType;
  /** Canonical locale-free path of its detail. */
  path: string;
}

/** A price a listing showed from `at` on. */
export interface ApiPricePoint {
  price: number;
  currency: "EUR";
  at: string;
}

export { LISTING_STATUSES } from "#shared/listing-types.ts";
export type { ListingStatus };

/**
 * A listing in any state in the detail shape (what the preview endpoints read of a listing that has a
 * place; see ApiPreview).
 */
export interface ApiListingPreview extends Omit<ApiListingDetail, "status"> {
  status: ListingStatus;
}

/** Facts a draft may not state yet (a public listing always has them). */
type DraftFact = "city" | "path" | "address" | "lat" | "lng" | "price" | "title" | "description" | "lang";

/**
 * `GET /api/realty/preview/{id}` (its owner) and `GET /api/admin/realty/preview/{id}` (admins): the
 * detail shape of a listing in any state; a draft's facts not given yet are null.
 */
export type ApiPreview = Omit<ApiListingPreview, DraftFact> & {
  [F in DraftFact]: ApiListingDetail[F] | null;
} & {
  /** Why a moderator rejected it (rejected listings only). */
  rejection_reason: string | null;
  /** The reason picked from the list (decision 038), beside or instead of the words. */
  rejection_code?: RejectionCode | null;
  /** Changes to the approved listing waiting for a moderator: the preview shows them (decision 053). */
  revision?: ApiRevisionState | null;
};

/** Where an approved listing's changes stand: waiting for a moderator, or refused with a reason. */
export interface ApiRevisionState {
  status: "pending" | "rejected";
  rejection_code: RejectionCode | null;
  rejection_reason: string | null;
  submitted_at: string;
  updated_at: string;
}

/** `GET /api/admin/realty/preview/{id}`: the preview and what a moderator needs of its owner. */
export type ApiAdminPreview = ApiPreview & {
  contact: { name: string; phone: string | null; email: string | null };
};

/** `GET /api/admin/realty/{id}/history`: one change of a listing's state. */
export interface ApiListingEvent {
  status: ListingStatus;
  reason: string | null;
  created_at: string;
  actor_id: number | null;
  actor_name: string | null;
  actor_role: string | null;
}

export interface SearchFacets {
  types: { type_id: number; count: number }[];
  rooms: { rooms: number; count: number }[];
  districts: { slug: string; name: string; count: number }[];
}

export interface SearchResponse {
  /** The page of every match in the visitor's sort ("Top" listings where the sort puts them). */
  items: ApiListing[];
  /**
   * The promoted block shown above the page (decision 067): up to PROMOTED_PER_PAGE running "Top"
   * placements that match the search, taken in turn; empty for `ranked=false`, `promoted=…` and `home=true`.
   * A page shows each listing once: those of the block are left out of its list of `items`.
   */
  promoted: ApiListing[];
  /** Exact, or — when `total_exact` is false — the count so far: "at least this many". */
  total: number;
  total_exact: boolean;
  page: number;
  per_page: number;
  /** Left out when the total is not exact. */
  facets?: SearchFacets;
}

/** What a client may send to search and total: the query names of the search, with typed values. */
export interface ListingQuery {
  deal?: Deal;
  type?: number[];
  city?: string;
  district?: string;
  price_min?: number;
  price_max?: number;
  area_min?: number;
  area_max?: number;
  rooms?: number[];
  floor_min?: number;
  floor_max?: number;
  furnished?: boolean;
  /** Only listings whose availability was confirmed within this many days (decision 084). */
  confirmed_within?: number;
  /** Only listings whose paid promotion is running. */
  promoted?: boolean;
  /** Only listings whose "Home" placement is running. */
  home?: true;
  /** `false`: no paid placement first. */
  ranked?: false;
  q?: string;
  /** south,west,north,east */
  bounds?: string;
  /** An agency's slug: only its listings. */
  agency?: string;
  sort?: Sort;
  page?: number;
  per_page?: number;
  facets?: boolean;
}

export interface FormOptions {
  deals: { value: Deal; label: string }[];
  types: { id: ListingTypeId; deal: Deal; type: ListingKind; label: string }[];
  rooms: { value: number; label: string }[];
  heating: { value: string; label: string }[];
  sorts: { value: Sort; label: string }[];
  cities: { slug: string; name: string; districts: { slug: string; name: string }[] }[];
  price_presets: { sale: readonly number[]; rent: readonly number[] };
  area_presets: readonly number[];
  /** The listing wizard's definition: fields per type, steps, limits (shared/api/listing-edit.ts). */
  listing: ListingFormData;
  /** Whether `/api/geocode` suggests street addresses here (an operator's geocoder is set, decision 065). */
  address_suggestions: boolean;
}
