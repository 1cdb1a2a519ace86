// The search pages' map parameters, read by their loader (server only): the browser's code needs none of it.
import { BOUNDS_FIELDS, MAP_MAX_ZOOM, MAP_MIN_ZOOM, MAP_ZOOM_PARAM } from "#shared/map.ts";
import type { MapBounds } from "#shared/search-query.ts";

const DEGREES = /^-?\d{1,3}(\.\d{1,7})?$/;

/** `bounds` as the URL and the API write it, or null when it is not a real box of degrees. */
function parseBounds(parts: readonly string[]): MapBounds | null {
  if (parts.length !== 4 || !parts.every((part) => DEGREES.test(part.trim()))) return null;
  const [s, w, n, e] = parts.map(Number) as MapBounds;
  return s >= -90 && n <= 90 && s < n && w >= -180 && e <= 180 && w < e ? [s, w, n, e] : null;
}

/**
 * `bounds` (or the no-JavaScript form's four fields, decision 044) and `zoom` of a page URL; a bad value is
 * left out (the loader's redirect then drops it from the URL).
 */
export function readMapParams(params: URLSearchParams): { bounds?: MapBounds; zoom?: number } {
  const out: { bounds?: MapBounds; zoom?: number } = {};
  const bounds = params.has("bounds")
    ? parseBounds((params.get("bounds") ?? "").split(","))
    : BOUNDS_FIELDS.some((name) => params.has(name))
      ? parseBounds(BOUNDS_FIELDS.map((name) => params.get(name) ?? ""))
      : null;
  if (bounds) out.bounds = bounds;
  const zoom = Number(params.get(MAP_ZOOM_PARAM) ?? "");
  if (params.has(MAP_ZOOM_PARAM) && Number.isInteger(zoom) && zoom >= MAP_MIN_ZOOM && zoom <= MAP_MAX_ZOOM) {
    out.zoom = zoom;
  }
  return out;
}
