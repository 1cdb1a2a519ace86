/**
 * The search's filters, defined once: each query name's value grammar (kind, bounds, choices) and whether it
 * repeats. The API reads it strictly — `filterEntries` in shared/api/realty.ts builds its valibot schema from
 * this table, and a bad value is a 400 naming the field — and the pages read it leniently with `readFilter`
 * (shared/search-query.ts): a bad value is left out and named, the rest of the search stands (decision 078).
 * Plain data, no valibot: the search page's first-load budget has no room for it (decision 070).
 */
import { MAX_AREA, MAX_PAGE, MAX_PRICE, MAX_TEXT_QUERY, ROOM_FILTERS, SORTS } from "./api/limits.ts";
import { LISTING_TYPES } from "./listing-types.ts";
import { CONFIRMED_WITHIN_MAX_DAYS, LISTING_FLOOR_MAX, LISTING_FLOOR_MIN } from "./constants.ts";
import { AMOUNT, SLUG, SLUG_MAX, WHOLE_NUMBER } from "./value-patterns.ts";

/** One query value's grammar. */
export type FilterGrammar =
  | { kind: "choice"; choices: readonly string[] }
  /** A number of a fixed set written with digits matching `pattern` (listing type ids, room filters). */
  | { kind: "code"; pattern: RegExp; codes: readonly number[] }
  | { kind: "slug" }
  | { kind: "amount"; max: number }
  | { kind: "whole"; min: number; max: number }
  | { kind: "flag" }
  /** Free text on one line, at most `max` characters. */
  | { kind: "text"; max: number };

/** The value a grammar reads. */
export type FilterValueOf<G extends FilterGrammar> = G extends { kind: "choice"; choices: readonly (infer C)[] }
  ? C
  : G extends { kind: "slug" | "text" }
    ? string
    : G extends { kind: "flag" }
      ? boolean
      : number;

const LISTING_TYPE_IDS = LISTING_TYPES.map((t) => t.id);

/**
 * The search's query names in the order page URLs and saved searches write them (decision 041), then sort and
 * page. `repeat`: the name may repeat (`rooms=1&rooms=2`), each value once, at most that many (decision 051).
 */
export const FILTER_GRAMMARS = {
  deal: { kind: "choice", choices: ["sale", "rent"] },
  type: { kind: "code", pattern: /^\d{1,2}$/, codes: LISTING_TYPE_IDS, repeat: LISTING_TYPE_IDS.length },
  city: { kind: "slug" },
  district: { kind: "slug" },
  price_min: { kind: "amount", max: MAX_PRICE },
  price_max: { kind: "amount", max: MAX_PRICE },
  area_min: { kind: "amount", max: MAX_AREA },
  area_max: { kind: "amount", max: MAX_AREA },
  rooms: { kind: "code", pattern: /^\d$/, codes: ROOM_FILTERS, repeat: ROOM_FILTERS.length },
  floor_min: { kind: "whole", min: LISTING_FLOOR_MIN, max: LISTING_FLOOR_MAX },
  floor_max: { kind: "whole", min: LISTING_FLOOR_MIN, max: LISTING_FLOOR_MAX },
  furnished: { kind: "flag" },
  /** Only listings whose availability was confirmed within this many days (decision 084). */
  confirmed_within: { kind: "whole", min: 1, max: CONFIRMED_WITHIN_MAX_DAYS },
  q: { kind: "text", max: MAX_TEXT_QUERY },
  sort: { kind: "choice", choices: SORTS },
  page: { kind: "whole", min: 1, max: MAX_PAGE },
} as const satisfies Record<string, FilterGrammar & { repeat?: number }>;
export type SearchField = keyof typeof FILTER_GRAMMARS;

/** The search's query names in URL order: the filters, then sort and page. */
export const SEARCH_FIELDS = Object.keys(FILTER_GRAMMARS) as SearchField[];
/** The filters alone (what a saved search keeps). */
export const SEARCH_FILTERS = /* @__PURE__ */ SEARCH_FIELDS.filter(
  (name): name is Exclude<SearchField, "sort" | "page"> => name !== "sort" && name !== "page",
);
/** The names that may repeat. */
export const REPEATED_FIELDS: ReadonlySet<string> = /* @__PURE__ */ new Set(
  /* @__PURE__ */ SEARCH_FIELDS.filter((name) => "repeat" in FILTER_GRAMMARS[name]),
);

/** Ranges whose upper end may not lie below the lower one: a backward range is named on its upper end. */
export const FILTER_RANGES = [
  ["price_min", "price_max"],
  ["area_min", "area_max"],
  ["floor_min", "floor_max"],
] as const satisfies readonly (readonly [SearchField, SearchField])[];

/**
 * A value as the pages read it: `undefined` when it does not fit the grammar. The API's schema of the same
 * grammar accepts exactly these; the page has trimmed the value first, and cuts a long text where the API
 * refuses it.
 */
export function readFilter<G extends FilterGrammar>(grammar: G, raw: string): FilterValueOf<G> | undefined;
export function readFilter(grammar: FilterGrammar, raw: string): string | number | boolean | undefined {
  switch (grammar.kind) {
    case "choice":
      return grammar.choices.includes(raw) ? raw : undefined;
    case "code": {
      const code = Number(raw);
      return grammar.pattern.test(raw) && grammar.codes.includes(code) ? code : undefined;
    }
    case "slug":
      return raw.length <= SLUG_MAX && SLUG.test(raw) ? raw : undefined;
    case "amount": {
      const amount = Number(raw);
      return AMOUNT.test(raw) && amount <= grammar.max ? amount : undefined;
    }
    case "whole": {
      const whole = Number(raw);
      return WHOLE_NUMBER.test(raw) && whole >= grammar.min && whole <= grammar.max ? whole : undefined;
    }
    case "flag":
      return raw === "true" ? true : raw === "false" ? false : undefined;
    case "text":
      return raw.slice(0, grammar.max);
  }
}
