import type * as Leaflet from "leaflet";
import type { Locale } from "#shared/locales.ts";
import { MAP_STYLE_PATH, type MapStyle } from "#shared/map.ts";

/** The map library and the deployment's basemap, both fetched when a map is first opened. */
export interface MapKit {
  L: typeof Leaflet;
  style: MapStyle;
}

let loading: Promise<MapKit> | undefined;

/**
 * Loads Leaflet (its own chunk and stylesheet) and `MAP_STYLE_PATH` together, once per page; a failure
 * (offline, say) is not remembered, so the next opening tries again. Browser only.
 */
export function loadMapKit(): Promise<MapKit> {
  loading ??= Promise.all([
    // Never part of the server's bundle (Leaflet reads `window` as it loads; workerd would only carry it).
    import.meta.env.SSR ? Promise.reject(new Error("the map is browser only")) : import("./leaflet.ts"),
    fetch(MAP_STYLE_PATH).then((res) => {
      if (!res.ok) throw new Error(`${MAP_STYLE_PATH}: HTTP ${res.status}`);
      return res.json() as Promise<MapStyle>;
    }),
  ]).then(
    async ([module, style]) => {
      await afterNextFrame();
      return { L: module.L, style };
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Resolves in a task of its own after the browser's next frame (at once in a hidden tab, which draws
 * none). Leaflet's evaluation and the first map's creation were one task of 180–280 ms at 4× CPU on the
 * wizard's params step (issue 25): waiting for a frame in between makes them two, and lets the page be
 * painted before the map is drawn.
 */
export function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === "hidden") setTimeout(resolve, 0);
    else requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

/**
 * The basemap as the map's bottom layer, with the attribution its licence asks for. The site's own tiles
 * (a template from its root) name places in the page's language; a provider's draw what it draws.
 */
export function addBaseLayer({ L, style }: MapKit, map: Leaflet.Map, locale: Locale): Leaflet.TileLayer {
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
