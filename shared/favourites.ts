/** The guest favourites cookie's value: listing ids, newest first, dot-separated (no quoting needed). */
import { FAVOURITES_MAX } from "./constants.ts";

export function parseFavourites(value: string | null | undefined): number[] {
  if (!value) return [];
  const ids = value
    .split(".")
    .filter((part) => /^[1-9]\d{0,15}$/.test(part))
    .map(Number)
    .filter(Number.isSafeInteger);
  return [...new Set(ids)].slice(0, FAVOURITES_MAX);
}

export function serializeFavourites(ids: readonly number[]): string {
  return [...new Set(ids)].slice(0, FAVOURITES_MAX).join(".");
}

/** Adds (to the front) or removes one id. */
export function toggleFavourite(ids: readonly number[], id: number, saved: boolean): number[] {
  const rest = ids.filter((x) => x !== id);
  return saved ? [id, ...rest].slice(0, FAVOURITES_MAX) : rest;
}
