/**
 * Value patterns the API's schemas check and the pages' lenient readers share (shared/search-filters.ts).
 * No valibot and nothing else here: the search page loads this module first (decision 070's budget).
 */

/** Lowercase ASCII words joined by `-` or `_` (cities, districts, tags, articles), at most SLUG_MAX long. */
export const SLUG = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;
export const SLUG_MAX = 100;
/** A whole number as a query writes it. */
export const WHOLE_NUMBER = /^-?\d{1,15}$/;
/** A price or an area: up to 12 digits and 2 decimals, never negative. */
export const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
