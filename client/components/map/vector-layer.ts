/**
 * The street map (decision 064): the site's own OpenStreetMap vector tiles drawn on canvas by
 * protomaps-leaflet, in the site's colours, places and streets named in the page's language where the data
 * has the name. Its own chunk, loaded by map-kit.ts only when `/map/style.json` offers vector tiles.
 */
import { namedFlavor } from "@protomaps/basemaps";
import { labelRules, leafletLayer, paintRules } from "protomaps-leaflet";
import type * as Leaflet from "leaflet";
import type { Locale } from "#shared/locales.ts";
import { BASEMAP_COLORS, type MapStyle } from "#shared/map.ts";

/**
 * Which `name:*` tag names a place on each language's pages (then `name`, the local one): Serbian pages
 * are written in Latin letters, and OpenStreetMap keeps those as `name:sr-Latn`.
 */
export const NAME_LANGUAGE: Record<Locale, string> = { en: "en", ru: "ru", sr: "sr-Latn" };

/** Protomaps' light style in the drawn basemap's colours: the same land, water, borders and lettering. */
export function siteFlavor() {
  const light = namedFlavor("light");
  return {
    ...light,
    background: BASEMAP_COLORS.water,
    earth: BASEMAP_COLORS.serbia,
    water: BASEMAP_COLORS.water,
    boundaries: BASEMAP_COLORS.serbiaBorder,
    city_label: BASEMAP_COLORS.text,
    state_label: BASEMAP_COLORS.district,
    country_label: BASEMAP_COLORS.district,
    subplace_label: BASEMAP_COLORS.district,
    roads_label_major: BASEMAP_COLORS.text,
    roads_label_minor: BASEMAP_COLORS.district,
    address_label: BASEMAP_COLORS.district,
  };
}

/** The vector basemap as a Leaflet layer, asking for no tile outside the archive's bounds or zooms. */
export function vectorLayer(
  vector: NonNullable<MapStyle["vector"]>,
  style: Pick<MapStyle, "attribution" | "min_zoom" | "max_zoom">,
  locale: Locale,
): Leaflet.GridLayer {
  const flavor = siteFlavor();
  const [west, south, east, north] = vector.bounds;
  // protomaps-leaflet types its layer loosely (it extends Leaflet's global `L.GridLayer`).
  const layer: unknown = leafletLayer({
    url: vector.tiles,
    maxDataZoom: vector.max_zoom,
    paintRules: paintRules(flavor),
    labelRules: labelRules(flavor, NAME_LANGUAGE[locale]),
    backgroundColor: flavor.background,
    attribution: style.attribution,
    minZoom: style.min_zoom,
    maxZoom: style.max_zoom,
    bounds: [
      [south, west],
      [north, east],
    ],
  });
  return layer as Leaflet.GridLayer;
}
