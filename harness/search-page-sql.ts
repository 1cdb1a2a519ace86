/**
 * The SQL of one page of a search, as the API runs it for a query string, with only the ids selected:
 * what harness/query-plans.test.ts reads its plan from (the whole batch: search-batch-sql.ts).
 */
import * as v from "valibot";
import { type SearchFilters, SearchQuery } from "#shared/api/realty.ts";
import { type ResolvedPlaces, searchPageStatement, whereClause } from "#worker/db/listing-search.ts";

export function searchPageSql(
  query: string,
  placesOf: (filters: SearchFilters) => ResolvedPlaces,
  now = Date.now(),
): { sql: string; args: unknown[] } {
  const parsed = v.parse(SearchQuery, Object.fromEntries(new URLSearchParams(query)));
  const places = placesOf(parsed);
  return searchPageStatement(
    parsed,
    whereClause(parsed, places, undefined, now),
    { sort: parsed.sort, page: parsed.page, perPage: parsed.per_page, now, columns: "l.id" },
    places,
  );
}
