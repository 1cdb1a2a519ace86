/**
 * The map (issue 24): the constants and shapes the worker's map endpoint, its basemap and the browser's
 * lazily loaded map share. Each number exists here once.
 */

/** At most this many features (clusters and single listings) answer one viewport. */
export const MAP_FEATURES_MAX = 300;
/** The zoom levels the map offers and the endpoint accepts (Leaflet's integer zooms). */
export const MAP_MIN_ZOOM = 5;
export const MAP_MAX_ZOOM = 18;
/** Whole Serbia, the view of a map without bounds, a city or a district. */
export const SERBIA_BOUNDS = { south: 42.2, west: 18.8, north: 46.2, east: 23.05 } as const;

/**
 * How precisely the public sees a listing's position. `exact`: the point the owner set; `street` and
 * `district`: the owner hid the house — public responses carry an approximate point instead (never the
 * exact one, anywhere) and the map draws an area of LOCATION_AREA_RADIUS_M around it.
 */
export const LOCATION_PRECISIONS = ["exact", "street", "district"] as const;
export type LocationPrecision = (typeof LOCATION_PRECISIONS)[number];
export const LOCATION_AREA_RADIUS_M: Record<Exclude<LocationPrecision, "exact">, number> = {
  street: 300,
  district: 1500,
};

/** The list/map choice of `/search/` and the list pages, kept in the URL (`view=map`); absent: the list. */
export const MAP_VIEW_PARAM = "view";
export const MAP_VIEWS = ["list", "map", "both"] as const;
export type MapView = (typeof MAP_VIEWS)[number];
/** The map's zoom in the URL, next to the search's `bounds=south,west,north,east` filter. */
export const MAP_ZOOM_PARAM = "zoom";
/** The no-JavaScript bounds form's fields (issue 24 §4), which the search pages read into `bounds`. */
export const BOUNDS_FIELDS = ["south", "west", "north", "east"] as const;

/** The map endpoint (SPEC §7 listings, issue 24 §2). */
export const MAP_API_PATH = "/api/realty/map";
/** The basemap's description for the browser: tiles URL template, attribution, zooms (from wrangler.toml). */
export const MAP_STYLE_PATH = "/map/style.json";
/** The basemap the worker draws itself (Natural Earth outlines and the gazetteer) when no provider is set. */
export const SELF_TILES_PATH = "/map/tiles/{z}/{x}/{y}.svg";
export const MAP_TILE_SIZE = 256;

/** What `MAP_STYLE_PATH` answers. */
export interface MapStyle {
  /** An XYZ template (`{z}`, `{x}`, `{y}`), absolute or from the site's root. */
  tiles: string;
  /** HTML the map shows in its corner, as the data's licence requires. */
  attribution: string;
  min_zoom: number;
  max_zoom: number;
  tile_size: number;
}
