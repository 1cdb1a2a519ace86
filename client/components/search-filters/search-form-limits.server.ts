import { LocationSearchQuery } from "#shared/api/locations.ts";
import { filterEntries } from "#shared/api/realty.ts";
import { limitsOf } from "#shared/validation.ts";
import type { SearchFormLimits } from "./search-filters.tsx";

/**
 * The search forms' field limits as the API checks them, read from its schemas on the server and sent
 * with the page's data: the browser's bundle of these pages carries no schema.
 */
export const SEARCH_FORM_LIMITS: SearchFormLimits = {
  q: limitsOf(filterEntries.q),
  floor: limitsOf(filterEntries.floor_min),
  where: limitsOf(LocationSearchQuery.entries.q),
};
