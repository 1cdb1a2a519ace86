/**
 * The API's plain constants: paging limits, sorts, filter ranges and tag depth. They
 * sit apart from the valibot schemas (`shared/api/*.ts`) so that a page using them in the browser
 * does not bundle the schemas too — module-level schema calls are not tree-shaken.
 */

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 50;
/** Deep pages cost a scan each: no listing search goes past this page. */
export const MAX_PAGE = 1000;

export const SORTS = ["newest", "price_asc", "price_desc", "price_m2", "area"] as const;
export type Sort = (typeof SORTS)[number];

/** Room filter values: 0 is a studio, 1–4 the whole number of rooms (1 also matches 1.5), 5 means 5+. */
export const ROOM_FILTERS = [0, 1, 2, 3, 4, 5] as const;
export const MAX_TEXT_QUERY = 200;
export const MAX_PRICE = 100_000_000;
export const MAX_AREA = 1_000_000;

/** Tags nest up to four levels. */
export const MAX_TAG_DEPTH = 4;
