/**
 * The map (decision 044): the constants and shapes the worker's map endpoint, its basemap and the browser's
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

/**
 * How much of the wizard's pin map must be on the screen before Leaflet loads: a map whose edge only
 * touches a phone's first screen would load, evaluate and draw during the page's load (decision 045).
 */
export const PIN_MAP_SHOWN_SHARE = 0.25;

/** The list/map choice of `/search/` and the list pages, kept in the URL (`view=map`); absent: the list. */
export const MAP_VIEW_PARAM = "view";
export const MAP_VIEWS = ["list", "map", "both"] as const;
export type MapView = (typeof MAP_VIEWS)[number];
/** The map's zoom in the URL, next to the search's `bounds=south,west,north,east` filter. */
export const MAP_ZOOM_PARAM = "zoom";
/** The no-JavaScript bounds form's fields (decision 044), which the search pages read into `bounds`. */
export const BOUNDS_FIELDS = ["south", "west", "north", "east"] as const;

/** The map endpoint (product §7 listings, decision 044). */
export const MAP_API_PATH = "/api/realty/map";
/** The basemap's description for the browser: tiles URL template, attribution, zooms (from wrangler.toml). */
export const MAP_STYLE_PATH = "/map/style.json";
/** The basemap the worker draws itself (Natural Earth outlines and the gazetteer) when no provider is set. */
export const SELF_TILES_PATH = "/map/tiles/{z}/{x}/{y}.svg";
export const MAP_TILE_SIZE = 256;
/**
 * Street-level vector tiles (decision 064): read by the worker from the OpenStreetMap archive
 * (PMTiles) in R2 and drawn by the browser. The path is served only while an archive is there.
 */
export const VECTOR_TILES_PATH = "/tiles/{z}/{x}/{y}.mvt";

/** The basemap's colours, shared by the worker's drawn tiles and the browser's drawing of vector tiles. */
export const BASEMAP_COLORS = {
  water: "#aad3df",
  land: "#ebe7df",
  serbia: "#fbfaf6",
  coast: "#8fb6c4",
  border: "#9b93a6",
  serbiaBorder: "#7b4f8e",
  text: "#2b2b2b",
  district: "#5c5c5c",
} as const;

/** What `MAP_STYLE_PATH` answers. */
export interface MapStyle {
  /** An XYZ template (`{z}`, `{x}`, `{y}`), absolute or from the site's root. */
  tiles: string;
  /** HTML the map shows in its corner, as the data's licence requires. */
  attribution: string;
  min_zoom: number;
  max_zoom: number;
  tile_size: number;
  /**
   * The worker's own vector tiles (VECTOR_TILES_PATH), when an archive is in R2 and no provider is set:
   * the browser draws them instead of `tiles`, asking no zoom beyond the archive's (`max_zoom`: deeper
   * views enlarge its last tiles) nor outside `bounds` ([west, south, east, north]). Null: draw `tiles`.
   */
  vector: { tiles: string; min_zoom: number; max_zoom: number; bounds: [number, number, number, number] } | null;
}
