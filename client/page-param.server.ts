import { MAX_PAGE } from "#shared/api/limits.ts";

/** A page number of a page's query (`?page=`): anything else is the first page, and none is past MAX_PAGE. */
export function pageParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1;
}
