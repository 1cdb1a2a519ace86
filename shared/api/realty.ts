/**
 * Listing search and detail: query and response shapes of SPEC §7 "Listings", as valibot schemas
 * the worker validates with and types the client and pages share (issue 3 §4).
 */
import * as v from "valibot";
import { plainLine } from "#shared/plain-text.ts";
import { CLASSIFIED_TYPES, type ClassifiedTypeId, type Deal, type PropertyType } from "#shared/listing-types.ts";
import { intParam, intParamOr, Slug } from "./conventions.ts";
import {
  DEFAULT_PER_PAGE,
  MAX_AREA,
  MAX_PAGE,
  MAX_PER_PAGE,
  MAX_PRICE,
  MAX_TEXT_QUERY,
  ROOM_FILTERS,
  SORTS,
  type Sort,
} from "./limits.ts";
import { INVALID } from "#shared/validation.ts";
import type { LocationPrecision } from "#shared/map.ts";
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

const TypeId = v.pipe(
  v.string(),
  v.regex(/^\d{1,2}$/, INVALID.choice),
  v.transform(Number),
  v.check((id) => CLASSIFIED_TYPES.some((t) => t.id === id), INVALID.choice),
);

const RoomFilter = v.pipe(
  v.string(),
  v.regex(/^\d$/, INVALID.choice),
  v.transform(Number),
  v.check((n) => (ROOM_FILTERS as readonly number[]).includes(n), INVALID.choice),
);

const number = (max: number) =>
  v.pipe(
    v.optional(v.string()),
    v.check((s) => s === undefined || s === "" || /^\d{1,12}(\.\d{1,2})?$/.test(s), INVALID.number),
    v.transform((s) => (s === undefined || s === "" ? undefined : Number(s))),
    v.check((n) => n === undefined || n <= max, INVALID.tooLarge),
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
  deal: v.optional(v.picklist(["sale", "rent"], INVALID.choice)),
  type: repeatable(TypeId, CLASSIFIED_TYPES.length),
  city: v.optional(Slug),
  district: v.optional(Slug),
  price_min: number(MAX_PRICE),
  price_max: number(MAX_PRICE),
  area_min: number(MAX_AREA),
  area_max: number(MAX_AREA),
  rooms: repeatable(RoomFilter, ROOM_FILTERS.length),
  floor_min: intParam(-5, 200),
  floor_max: intParam(-5, 200),
  furnished: v.optional(
    v.pipe(
      v.picklist(["true", "false"], INVALID.choice),
      v.transform((s) => s === "true"),
    ),
  ),
  promoted: v.optional(
    v.pipe(
      v.picklist(["true", "false"], INVALID.choice),
      v.transform((s) => s === "true"),
    ),
  ),
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
  q: v.optional(v.pipe(v.string(), plainLine(), v.trim(), v.maxLength(MAX_TEXT_QUERY, INVALID.tooLong))),
  bounds: v.optional(Bounds),
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
    if (!ordered(f.price_min, f.price_max)) fail("price_max", INVALID.order);
    if (!ordered(f.area_min, f.area_max)) fail("area_max", INVALID.order);
    if (!ordered(f.floor_min, f.floor_max)) fail("floor_max", INVALID.order);
    if (f.deal && !f.type.every((id) => CLASSIFIED_TYPES.find((t) => t.id === id)?.deal === f.deal)) {
      fail("type", INVALID.typeOfDeal);
    }
  });

const TotalObject = v.object(filterEntries);
const SearchObject = v.object({
  ...filterEntries,
  sort: v.optional(v.picklist(SORTS, INVALID.choice), "newest"),
  page: intParamOr(1, MAX_PAGE, 1),
  per_page: intParamOr(1, MAX_PER_PAGE, DEFAULT_PER_PAGE),
  facets: v.optional(
    v.pipe(
      v.picklist(["true", "false"], INVALID.choice),
      v.transform((s) => s === "true"),
    ),
    "true",
  ),
});

export const TotalQuery = v.pipe(TotalObject, filterChecks<v.InferOutput<typeof TotalObject>>());
export const SearchQuery = v.pipe(SearchObject, filterChecks<v.InferOutput<typeof SearchObject>>());
export type SearchFilters = v.InferOutput<typeof TotalQuery>;
export type SearchParams = v.InferOutput<typeof SearchQuery>;

export const MAX_BY_IDS = 100;
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

/** A listing as visitors see it. The owner's phone number is never part of it. */
export interface ApiListing {
  id: number;
  type_id: ClassifiedTypeId;
  deal: Deal;
  type: PropertyType;
  /** Canonical locale-free path: /buy|rent/{type}/{city}/{id}/ */
  path: string;
  city: ApiPlace;
  district: ApiPlace | null;
  address: string;
  /** The public position (issue 24): the owner's point when `exact`, else an approximate one, never the house. */
  lat: number;
  lng: number;
  location_precision: LocationPrecision;
  price: number;
  currency: "EUR";
  price_m2: number | null;
  area: number | null;
  land_area: number | null;
  rooms: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  floor: number | null;
  floors: number | null;
  year_built: number | null;
  furnished: boolean | null;
  heating: string | null;
  parking: boolean | null;
  balcony: boolean | null;
  elevator: boolean | null;
  deposit: number | null;
  pets_allowed: boolean | null;
  /** A generated title in the language of the request; an owner's own title as written. */
  title: string;
  /** The language `title` is written in. */
  title_lang: "en" | "ru" | "sr";
  /** The language of the owner's texts (description, own title). */
  lang: "en" | "ru" | "sr";
  /** Its "Top" placement runs (labelled "Promoted"). */
  promoted: boolean;
  /**
   * In search results: placed first on its page for its "Top" placement (at most PROMOTED_PER_PAGE a
   * page, worker/db/promoted-ranking.ts), not in the visitor's sort.
   */
  promoted_slot?: boolean;
  /** Its "Highlight" placement runs: the card is marked, its place unchanged. */
  highlighted: boolean;
  created_at: string;
  updated_at: string;
  expires_at: string;
  image: ApiImage | null;
  image_count: number;
}

export interface ApiListingDetail extends ApiListing {
  description: string;
  images: ApiImage[];
  status: "active";
  owner: { id: number; name: string; member_since: string };
  /** When the owner last confirmed the listing is still there (issue 19 item 3); null when never. */
  checked_at: string | null;
  /** Median price per m² of active listings of the same type in the same city. */
  market: { city_median_price_m2: number | null; sample_size: number };
}

/** The states of a listing (migration 0002); only `active` listings are public. */
export const LISTING_STATUSES = ["draft", "pending", "active", "archived", "rejected"] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/**
 * A listing in any state in the detail shape (what the preview endpoints read of a listing that has a
 * place; see ApiPreview).
 */
export interface ApiListingPreview extends Omit<ApiListingDetail, "status"> {
  status: ListingStatus;
}

/** Facts a draft may not state yet (a public listing always has them). */
export type DraftFact = "city" | "path" | "address" | "lat" | "lng" | "price" | "title" | "description" | "lang";

/**
 * `GET /api/realty/preview/{id}` (its owner) and `GET /api/admin/realty/preview/{id}` (admins): the
 * detail shape of a listing in any state; a draft's facts not given yet are null.
 */
export type ApiPreview = Omit<ApiListingPreview, DraftFact> & {
  [F in DraftFact]: ApiListingDetail[F] | null;
} & {
  /** Why a moderator rejected it (rejected listings only). */
  rejection_reason: string | null;
  /** The reason picked from the list (issue 19), beside or instead of the words. */
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
  items: ApiListing[];
  /** Exact, or — when `total_exact` is false — the count so far: "at least this many". */
  total: number;
  total_exact: boolean;
  page: number;
  per_page: number;
  /** Left out when the total is not exact. */
  facets?: SearchFacets;
}

/** What a client may send to search and total: the query names of issue 3 §4 with typed values. */
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
  /** Only listings whose paid promotion is running. */
  promoted?: boolean;
  /** Only listings whose "Home" placement is running. */
  home?: true;
  /** `false`: no paid placement first. */
  ranked?: false;
  q?: string;
  /** south,west,north,east */
  bounds?: string;
  sort?: Sort;
  page?: number;
  per_page?: number;
  facets?: boolean;
}

export interface FormOptions {
  deals: { value: Deal; label: string }[];
  types: { id: ClassifiedTypeId; deal: Deal; type: PropertyType; label: string }[];
  rooms: { value: number; label: string }[];
  heating: { value: string; label: string }[];
  sorts: { value: Sort; label: string }[];
  cities: { slug: string; name: string; districts: { slug: string; name: string }[] }[];
  price_presets: { sale: readonly number[]; rent: readonly number[] };
  area_presets: readonly number[];
  /** The listing wizard's definition: fields per type, steps, limits (shared/api/listing-edit.ts). */
  listing: ListingFormData;
}
