import type * as Leaflet from "leaflet";
import type * as VectorLayer from "./vector-layer.ts";
import type { Locale } from "#shared/locales.ts";
import { MAP_STYLE_PATH, type MapStyle } from "#shared/map.ts";

/** The map library and the deployment's basemap, both fetched when a map is first opened. */
export interface MapKit {
  L: typeof Leaflet;
  style: MapStyle;
  /** The street map's drawing (vector-layer.ts), loaded only when the style offers vector tiles. */
  vector: typeof VectorLayer | null;
}

const loading = new Map<Locale, Promise<MapKit>>();

/**
 * Loads Leaflet (its own chunk and stylesheet) and `MAP_STYLE_PATH` (its credits in the page's language)
 * together, once per page and language, then the vector tiles' drawing when the style offers them; a
 * failure (offline, say) is not remembered, so the next opening tries again. Browser only.
 */
export function loadMapKit(locale: Locale): Promise<MapKit> {
  let kit = loading.get(locale);
  if (kit) return kit;
  kit = Promise.all([
    // Never part of the server's bundle (Leaflet reads `window` as it loads; workerd would only carry it).
    import.meta.env.SSR ? Promise.reject(new Error("the map is browser only")) : import("./leaflet.ts"),
    fetch(`${MAP_STYLE_PATH}?lang=${locale}`).then(async (res) => {
      if (!res.ok) throw new Error(`${MAP_STYLE_PATH}: HTTP ${res.status}`);
      const style = (await res.json()) as MapStyle;
      // Fetched beside Leaflet, not after it; evaluated after it (it draws on Leaflet's global `L`).
      return { style, vector: style.vector && !import.meta.env.SSR ? await import("./vector-layer.ts") : null };
    }),
  ]).then(
    async ([module, { style, vector }]) => {
      await afterNextFrame();
      return { L: module.L, style, vector };
    },
    (error: unknown) => {
      loading.delete(locale);
      throw error;
    },
  );
  loading.set(locale, kit);
  return kit;
}

/**
 * Resolves in a task of its own after the browser's next frame (at once in a hidden tab, which draws
 * none). Leaflet's evaluation and the first map's creation were one task of 180–280 ms at 4× CPU on the
 * wizard's params step (decision 045): waiting for a frame in between makes them two, and lets the page be
 * painted before the map is drawn.
 */
export function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === "hidden") setTimeout(resolve, 0);
    else requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

/**
 * The basemap as the map's bottom layer, with the attribution its licence asks for: the street map when
 * the site has its vector tiles, else the tiles of `style.tiles`. The site's own (a template from its root)
 * name places in the page's language; a provider's draw what it draws.
 */
export function addBaseLayer({ L, style, vector }: MapKit, map: Leaflet.Map, locale: Locale): Leaflet.GridLayer {
  if (vector && style.vector) return vector.vectorLayer(style.vector, style, locale).addTo(map);
  const tiles = style.tiles.startsWith("/")
    ? `${style.tiles}${style.tiles.includes("?") ? "&" : "?"}lang=${locale}`
    : style.tiles;
  return L.tileLayer(tiles, {
    attribution: style.attribution,
    minZoom: style.min_zoom,
    maxZoom: style.max_zoom,
    tileSize: style.tile_size,
  }).addTo(map);
}
