/**
 * Contract of the saved-search calls (product §7 "Saved searches", decision 041): a saved search is a set of the
 * search's filters under the query names of `/api/realty/search`, validated the same way, kept in one
 * canonical form so that the same filters are the same saved search.
 *
 * - `POST /api/saved-search {query, name?, notify?, frequency?}` → 201 `{data: SavedSearch}`; the same query
 *   again → 200 with the existing one; more than SAVED_SEARCHES_MAX → 409 `limit_reached`.
 * - `GET /api/saved-searches` → `{items: SavedSearch[], total}`, newest first.
 * - `POST /api/saved-searches/search {query, opened?}` → `{data: SavedSearch | null}`; `opened: true` also
 *   marks it opened now (a search page shown to its owner), so its `new_count` starts again.
 * - `POST /api/saved-search/set-notify {id, notify, frequency?}` → `{data: SavedSearch}`.
 * - `POST /api/saved-search/rename {id, name}` → `{data: SavedSearch}` (`name: null` or "" names it from
 *   its filters again).
 * - `DELETE /api/saved-search/{id}` → `{data: {id}}`.
 * Signed-in only (401); another person's id is 404.
 */
import * as v from "valibot";
import { plainLine } from "#shared/plain-text.ts";
import { INVALID } from "#shared/validation.ts";
import { SEARCH_FILTERS } from "#shared/search-filters.ts";
import { type ListingQuery, TotalQuery } from "./realty.ts";

/** The filters a saved search keeps, in the order of its canonical form: the search's own. */
const SAVED_FILTERS = SEARCH_FILTERS;
type SavedFilter = (typeof SAVED_FILTERS)[number];

/** Query names a page's query may carry that are not filters: accepted and left out. */
const NOT_FILTERS = new Set(["sort", "page", "per_page", "facets", "locale"]);

const ALERT_FREQUENCIES = ["daily", "instant"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** A saved search's filters: the API's query names with typed values; empty lists and defaults left out. */
export type SavedQuery = Pick<ListingQuery, SavedFilter>;

const Scalar = v.union([v.string(), v.number(), v.boolean()], INVALID.format);
type ScalarValue = v.InferOutput<typeof Scalar>;
type RawQuery = Record<string, ScalarValue | ScalarValue[]>;
const asText = (value: ScalarValue) => String(value);

/** The typed filters of TotalQuery's output, as a SavedQuery. */
function pickFilters(filters: v.InferOutput<typeof TotalQuery>): SavedQuery {
  const query: SavedQuery = {};
  const put = <K extends SavedFilter>(key: K, value: SavedQuery[K] | undefined) => {
    if (value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) return;
    query[key] = Array.isArray(value) ? ([...new Set(value)].sort((a, b) => a - b) as SavedQuery[K]) : value;
  };
  for (const key of SAVED_FILTERS) put(key, filters[key] as SavedQuery[typeof key]);
  return query;
}

/**
 * A saved search's `query` from JSON: values as strings, numbers or booleans (lists for `type` and `rooms`),
 * checked as `/api/realty/search` checks its query — a bad value is named (`query.price_max`). Names that are
 * not filters of a saved search (`bounds`, `promoted`, a typo) are refused; sort and paging are dropped.
 */
export const SavedQueryInput = v.pipe(
  v.record(v.string(), v.union([Scalar, v.array(Scalar)]), INVALID.format),
  v.rawCheck<RawQuery>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    for (const key of Object.keys(dataset.value)) {
      if ((SAVED_FILTERS as readonly string[]).includes(key) || NOT_FILTERS.has(key)) continue;
      addIssue({
        message: INVALID.notApplicable,
        path: [{ type: "object", origin: "value", input: dataset.value, key, value: dataset.value[key] }],
      });
    }
  }),
  v.transform((input) => {
    const strings: Record<string, string | string[]> = {};
    for (const [key, value] of Object.entries(input)) {
      if (NOT_FILTERS.has(key)) continue;
      strings[key] = Array.isArray(value) ? value.map(asText) : asText(value);
    }
    return strings;
  }),
  TotalQuery,
  v.transform(pickFilters),
);

/** The one text of a saved query: its filters as a query string in SAVED_FILTERS order, lists sorted. */
export function canonicalQuery(query: SavedQuery): string {
  const params = new URLSearchParams();
  for (const key of SAVED_FILTERS) {
    const value = query[key];
    if (value === undefined) continue;
    if (Array.isArray(value))
      for (const item of [...new Set(value)].sort((a, b) => a - b)) params.append(key, String(item));
    else params.append(key, String(value));
  }
  return params.toString();
}

/** A canonical query string (as stored, or in the saved-search cookie) back to its filters; null if not valid. */
export function parseCanonicalQuery(text: string): SavedQuery | null {
  const params = new URLSearchParams(text);
  const input: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    input[key] = key === "type" || key === "rooms" ? values : values[0]!;
  }
  const result = v.safeParse(SavedQueryInput, input);
  return result.success ? result.output : null;
}

const Id = v.pipe(
  v.number(INVALID.number),
  v.integer(INVALID.wholeNumber),
  v.minValue(1, INVALID.range),
  v.check((n: number) => Number.isSafeInteger(n), INVALID.range),
);

/** A saved search's own name: trimmed, at most SAVED_SEARCH_NAME_MAX characters; "" or null: from its filters. */
export const SAVED_SEARCH_NAME_MAX = 120;
const Name = v.nullish(
  v.pipe(v.string(INVALID.format), plainLine(), v.trim(), v.maxLength(SAVED_SEARCH_NAME_MAX, INVALID.tooLong)),
);

export const SaveSearchBody = v.object({
  query: SavedQueryInput,
  name: Name,
  notify: v.optional(v.boolean(INVALID.choice), true),
  frequency: v.optional(v.picklist(ALERT_FREQUENCIES, INVALID.choice), "daily"),
});
export type SaveSearchInput = v.InferInput<typeof SaveSearchBody>;

export const FindSavedSearchBody = v.object({
  query: SavedQueryInput,
  opened: v.optional(v.boolean(INVALID.choice), false),
});

export const SetNotifyBody = v.object({
  id: Id,
  notify: v.boolean(INVALID.choice),
  frequency: v.optional(v.picklist(ALERT_FREQUENCIES, INVALID.choice)),
});
export type SetNotifyInput = v.InferInput<typeof SetNotifyBody>;

export const RenameSavedSearchBody = v.object({ id: Id, name: Name });

/** A saved search as the API gives it. */
export interface SavedSearch {
  id: number;
  /** The person's own name, or null when it is named from its filters (`label`). */
  name: string | null;
  /** What to call it, in the request's language: `name`, else made from the filters. */
  label: string;
  query: SavedQuery;
  notify: boolean;
  frequency: AlertFrequency;
  /** Listings that went public and matched it since it was last opened, at most SAVED_SEARCH_NEW_COUNT_MAX. */
  new_count: number;
  /** More than `new_count` did (decision 116): shown as "99+". */
  new_count_capped: boolean;
  /** ISO 8601 times, as every endpoint gives them. */
  created_at: string;
  opened_at: string;
}
