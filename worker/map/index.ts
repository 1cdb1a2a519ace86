/**
 * The basemap (architecture §8, decision 044):
 * - `GET /map/style.json` (MAP_STYLE_PATH): the tiles the browser's map loads and their attribution, from
 *   `MAP_TILES_URL` and `MAP_TILES_ATTRIBUTION` ([vars]) — any XYZ provider in production; unset, the
 *   worker's own tiles, so development and tests never call a third party.
 *   With no provider and an OpenStreetMap archive in R2, it also names the vector tiles (`vector`, decision
 *   064); `?lang=en|ru|sr` writes the credits in that language.
 * - `GET /map/tiles/{z}/{x}/{y}.svg` (SELF_TILES_PATH): a tile drawn here from Natural Earth's outlines
 *   (basemap-data.json, `npm run basemap`) and the site's gazetteer; `?lang=en|ru|sr` names places in
 *   that language (Serbian, the local names, by default).
 * - `GET /tiles/{z}/{x}/{y}.mvt` (VECTOR_TILES_PATH): a vector tile of the archive (vector-tiles.ts).
 */
import { Hono } from "hono";
import { etag } from "hono/etag";
import type { AppEnv } from "#worker/app-env.ts";
import { config } from "#worker/config.ts";
import {
  MAP_MAX_ZOOM,
  MAP_MIN_ZOOM,
  MAP_STYLE_PATH,
  MAP_TILE_SIZE,
  type MapStyle,
  SELF_TILES_PATH,
  VECTOR_TILES_PATH,
} from "#shared/map.ts";
import { isLocale, type Locale } from "#shared/locales.ts";
import { textCatalog } from "#shared/text-catalog.ts";
import { escapeHtml } from "#worker/workflows/alert-mail.ts";
import { referenceTables } from "#worker/db/reference-data.ts";
import type { BasemapData } from "./basemap-file.ts";
import { renderTile } from "./tile.ts";
import { type ArchiveEnv, openArchive, vectorStyle } from "./vector-tiles.ts";

/**
 * The outlines (~1.3 MB) are read by the first tile an isolate draws, not by every isolate that starts;
 * as text for JSON.parse, quicker than the same data as a JavaScript literal (and a third smaller).
 */
let basemapData: Promise<BasemapData> | undefined;
const basemap = () =>
  (basemapData ??= import("./basemap-data.json?raw").then((m) => JSON.parse(m.default) as BasemapData));

/**
 * What the self-served tiles owe their sources, in the page's language: Natural Earth asks for its credit
 * (the names are ours); OpenStreetMap's licence for its contributors'.
 */
function selfTilesAttribution(locale: Locale, vector: boolean): string {
  const t = (id: string) => escapeHtml(textCatalog(locale).intl.formatMessage({ id }));
  if (vector)
    return textCatalog(locale).intl.formatMessage(
      { id: "map.credits.osm" },
      { osm: '<a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>' },
    );
  return `<a href="https://www.naturalearthdata.com/">${t("map.credits.naturalEarth")}</a> · ${t("map.credits.gazetteer")}`;
}
/** The style is configuration: a deploy that changes the provider is seen within minutes. */
const STYLE_CACHE = "public, max-age=300";
/** A tile changes only with the data or the gazetteer: a day is fresh enough for a new city's name. */
const TILE_CACHE = "public, max-age=86400";
/** Tiles' places language when the request names none: the local names, as on the ground. */
const TILE_DEFAULT_LOCALE: Locale = "sr";
/** The credits' language when the style request names none. */
const STYLE_DEFAULT_LOCALE: Locale = "en";
/**
 * A vector tile is the archive's: it changes only with a new upload (another ETag, which validators see
 * at once). A week fresh, a month served stale while it is checked again.
 */
const VECTOR_TILE_CACHE = "public, max-age=604800, stale-while-revalidate=2592000";
const VECTOR_TILE_TYPE = "application/vnd.mapbox-vector-tile";

/** The basemap: a provider's when MAP_TILES_URL is set, else the site's own (vector tiles if it has them). */
async function mapStyle(env: ArchiveEnv, locale: Locale = STYLE_DEFAULT_LOCALE): Promise<MapStyle> {
  const { MAP_TILES_URL: provider, MAP_TILES_ATTRIBUTION } = config(env);
  const archive = provider ? null : await openArchive(env);
  return {
    tiles: provider ?? SELF_TILES_PATH,
    attribution: provider ? MAP_TILES_ATTRIBUTION : selfTilesAttribution(locale, archive !== null),
    min_zoom: MAP_MIN_ZOOM,
    max_zoom: MAP_MAX_ZOOM,
    tile_size: MAP_TILE_SIZE,
    vector: archive ? vectorStyle(archive.header, VECTOR_TILES_PATH) : null,
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
/** VECTOR_TILES_PATH as a route; what is not `{z}/{x}/{y}.mvt` of numbers is told apart below. */
const VECTOR_TILE_ROUTE = "/tiles/:z/:x/:file{[^/]+\\.mvt}";
/** A coordinate of a vector tile's address: a decimal integer without leading zeros (pmtiles' zooms ≤ 26). */
const TILE_NUMBER = /^(0|[1-9][0-9]{0,7})$/;

const problem = (text: string, status: 400 | 404) =>
  new Response(`${text}\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });

export const map = new Hono<AppEnv>()
  .get(MAP_STYLE_PATH, async (c) => {
    const lang = c.req.query("lang");
    const style = await mapStyle(c.env, isLocale(lang) ? lang : STYLE_DEFAULT_LOCALE);
    return c.json(style, 200, { "Cache-Control": STYLE_CACHE });
  })
  .get(VECTOR_TILE_ROUTE, async (c) => {
    const [zText, xText, yText] = [c.req.param("z"), c.req.param("x"), c.req.param("file").slice(0, -".mvt".length)];
    if (![zText, xText, yText].every((n) => TILE_NUMBER.test(n)))
      return problem("A vector tile's address is /tiles/{z}/{x}/{y}.mvt with whole numbers.", 400);
    const [z, x, y] = [Number(zText), Number(xText), Number(yText)];
    const archive = await openArchive(c.env);
    if (!archive) return problem("This site has no vector tiles (no map archive).", 404);
    const { header, pmtiles } = archive;
    const side = 2 ** z;
    if (z < header.minZoom || z > header.maxZoom || x >= side || y >= side)
      return problem(`Tile ${z}/${x}/${y} is outside the archive (zooms ${header.minZoom}–${header.maxZoom}).`, 404);
    const etag = `"${header.etag ?? "archive"}-${z}-${x}-${y}"`;
    const headers = { "Cache-Control": VECTOR_TILE_CACHE, ETag: etag };
    const asked = c.req.header("if-none-match");
    if (asked && asked.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag))
      return new Response(null, { status: 304, headers });
    const tile = await pmtiles.getZxy(z, x, y);
    if (!tile) return problem(`The archive has no tile ${z}/${x}/${y}.`, 404);
    return new Response(tile.data, { headers: { ...headers, "Content-Type": VECTOR_TILE_TYPE } });
  })
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
