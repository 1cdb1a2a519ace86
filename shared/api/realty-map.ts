/**
 * `GET /api/realty/map?bounds=south,west,north,east&zoom=Z&…filters` (decision 044): the listings of a viewport
 * as clusters and single listings, at most MAP_FEATURES_MAX features, from the indexed grid columns.
 * Every position in it is the public one (`location_precision`): a hidden house is never in it.
 */
import * as v from "valibot";
import type { Deal } from "#shared/listing-types.ts";
import { type LocationPrecision, MAP_MAX_ZOOM, MAP_MIN_ZOOM } from "#shared/map.ts";
import { wholeNumber } from "./conventions.ts";
import { Bounds, filterChecks, filterEntries } from "./realty.ts";

/** Several listings in one grid cell: their count, the mean of their public positions, the cell's bounds. */
export interface MapCluster {
  kind: "cluster";
  count: number;
  lat: number;
  lng: number;
  /** [south, west, north, east]: zooming to it splits the cluster. */
  bounds: [number, number, number, number];
}

/** One listing alone in its cell, at its public position. */
export interface MapListing {
  kind: "listing";
  id: number;
  lat: number;
  lng: number;
  price: number;
  deal: Deal;
  location_precision: LocationPrecision;
}

export type MapFeature = MapCluster | MapListing;

export interface MapResponse {
  items: MapFeature[];
  /** Listings matching the filters in the viewport (the sum of the features' counts). */
  total: number;
  /** The zoom asked for, and the grid level (cells of 360/2^level degrees) the features come from. */
  zoom: number;
  level: number;
}

/**
 * The endpoint's query: the search's filters, `bounds` (required; west > east crosses the antimeridian)
 * and the map's integer `zoom` (MAP_MIN_ZOOM…MAP_MAX_ZOOM), which sets the grid's level.
 */
const MapObject = v.object({
  ...filterEntries,
  bounds: Bounds,
  zoom: wholeNumber(MAP_MIN_ZOOM, MAP_MAX_ZOOM),
});
export const MapQuery = v.pipe(MapObject, filterChecks<v.InferOutput<typeof MapObject>>());
