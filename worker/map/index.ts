/**
 * The basemap (issue 24 §3; DESIGN §8):
 * - `GET /map/style.json` (MAP_STYLE_PATH): the tiles the browser's map loads and their attribution, from
 *   `MAP_TILES_URL` and `MAP_TILES_ATTRIBUTION` ([vars]) — any XYZ provider in production; unset, the
 *   worker's own tiles, so development and tests never call a third party.
 * - `GET /map/tiles/{z}/{x}/{y}.svg` (SELF_TILES_PATH): a tile drawn here from Natural Earth's outlines
 *   (basemap-data.json, `npm run basemap`) and the site's gazetteer; `?lang=en|ru|sr` names places in
 *   that language (Serbian, the local names, by default).
 */
import { Hono } from "hono";
import { etag } from "hono/etag";
import type { AppEnv } from "#worker/app-env.ts";
import {
  MAP_MAX_ZOOM,
  MAP_MIN_ZOOM,
  MAP_STYLE_PATH,
  MAP_TILE_SIZE,
  type MapStyle,
  SELF_TILES_PATH,
} from "#shared/map.ts";
import { isLocale, type Locale } from "#shared/locales.ts";
import { referenceTables } from "#worker/db/reference-data.ts";
import type { BasemapData } from "./basemap-file.ts";
import { renderTile } from "./tile.ts";

/**
 * The outlines (~1.3 MB) are read by the first tile an isolate draws, not by every isolate that starts;
 * as text for JSON.parse, quicker than the same data as a JavaScript literal (and a third smaller).
 */
let basemapData: Promise<BasemapData> | undefined;
const basemap = () =>
  (basemapData ??= import("./basemap-data.json?raw").then((m) => JSON.parse(m.default) as BasemapData));

/** What the self-served tiles owe their sources: Natural Earth asks for this credit; the names are ours. */
export const SELF_TILES_ATTRIBUTION =
  '<a href="https://www.naturalearthdata.com/">Made with Natural Earth</a> · places: the site’s own gazetteer';
/** The style is configuration: a deploy that changes the provider is seen within minutes. */
const STYLE_CACHE = "public, max-age=300";
/** A tile changes only with the data or the gazetteer: a day is fresh enough for a new city's name. */
const TILE_CACHE = "public, max-age=86400";
/** Tiles' places language when the request names none: the local names, as on the ground. */
const TILE_DEFAULT_LOCALE: Locale = "sr";

export function mapStyle(env: { MAP_TILES_URL?: string; MAP_TILES_ATTRIBUTION?: string }): MapStyle {
  const provider = env.MAP_TILES_URL?.trim();
  return {
    tiles: provider || SELF_TILES_PATH,
    attribution: provider ? (env.MAP_TILES_ATTRIBUTION?.trim() ?? "") : SELF_TILES_ATTRIBUTION,
    min_zoom: MAP_MIN_ZOOM,
    max_zoom: MAP_MAX_ZOOM,
    tile_size: MAP_TILE_SIZE,
  };
}

/** A tile coordinate as written in a URL: a plain decimal integer within [0, max]. */
function coordinate(text: string, max: number): number | null {
  if (!/^(0|[1-9][0-9]{0,5})$/.test(text)) return null;
  const n = Number(text);
  return n <= max ? n : null;
}

/** SELF_TILES_PATH as a route (written out, so the parameters are typed; the tests request SELF_TILES_PATH). */
const TILE_ROUTE = "/map/tiles/:z/:x/:file{[0-9]+\\.svg}";

export const map = new Hono<AppEnv>()
  .get(MAP_STYLE_PATH, (c) => c.json(mapStyle(c.env), 200, { "Cache-Control": STYLE_CACHE }))
  .get(TILE_ROUTE, etag(), async (c) => {
    const z = coordinate(c.req.param("z"), MAP_MAX_ZOOM);
    const side = z === null ? 0 : 2 ** z - 1;
    const x = z === null ? null : coordinate(c.req.param("x"), side);
    const y = z === null ? null : coordinate(c.req.param("file").slice(0, -".svg".length), side);
    if (z === null || x === null || y === null) return c.text("Not found", 404);
    const lang = c.req.query("lang");
    const locale = isLocale(lang) ? lang : TILE_DEFAULT_LOCALE;
    const svg = renderTile(await basemap(), await referenceTables(c.env).gazetteer(), z, x, y, locale);
    return c.body(svg, 200, { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": TILE_CACHE });
  });
