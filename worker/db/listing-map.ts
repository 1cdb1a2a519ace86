/**
 * The map's queries (issue 24, DESIGN §8): a viewport's listings as clusters and single listings, from the
 * grid columns of migration 0021. A listing's cell at level g is (gx >> (24 - g), gy >> (24 - g)), cells of
 * 360/2^g degrees on both axes, over its *shown* point — the exact point of a hidden house is never read.
 *
 * Cells wholly inside the viewport come from the `map_cells` summary when the filters are ones it keeps
 * (the cost of a whole-country view does not grow with the listings); the viewport's border cells, finer
 * levels and other filters aggregate the listings directly, so counts are exact to the viewport's edges
 * and agree with the search's `bounds` filter (a listing on an edge is inside, once).
 */
import type { SearchFilters } from "#shared/api/realty.ts";
import type { MapFeature, MapResponse } from "#shared/api/realty-map.ts";
import { CLASSIFIED_TYPES, type Deal } from "#shared/listing-types.ts";
import { LOCATION_PRECISIONS, type LocationPrecision } from "#shared/map.ts";
import { countableFromSummary, type ResolvedPlaces, summaryWhere, whereClause } from "./listings.ts";
import { type Bounds, FINEST_STORED, GRID_BITS, gridX, gridY, lngRanges, mapLevel, STORED_LEVELS } from "./map-grid.ts";

/** Filters `map_cells` keeps: those of `listing_counts` (the search's `bounds` is the viewport itself). */
export const mapSummaryCountable = (filters: SearchFilters) => countableFromSummary({ ...filters, bounds: undefined });

interface CellRow {
  cx: number;
  cy: number;
  n: number;
  lat_sum: number;
  lng_sum: number;
  id: number;
  price: number;
  /** Summary rows: the precision's index and the type; listing rows: the names. */
  precision: number | LocationPrecision;
  deal: Deal | null;
  type_id: number | null;
}

/** A rectangle of fine grid cells and the shown coordinates it stands for (one longitude range). */
interface Rect {
  gx: [number, number];
  gy: [number, number];
  lat: [number, number];
  lng: [number, number];
}

const PRECISION_INDEX: Record<number, LocationPrecision> = Object.fromEntries(
  LOCATION_PRECISIONS.map((p, i) => [i, p]),
);

export async function mapFeatures(
  db: D1Database,
  filters: SearchFilters,
  places: ResolvedPlaces,
  bounds: Bounds,
  zoom: number,
  now: number,
): Promise<MapResponse> {
  const level = mapLevel(bounds, zoom);
  const shift = GRID_BITS - level;
  const listingWhere = whereClause({ ...filters, bounds: undefined }, places, undefined, now);
  const summary = mapSummaryCountable(filters) && level <= FINEST_STORED;

  /** Listings of a rectangle, grouped by their cell at the level; `index` for thin strips. */
  const direct = (rect: Rect, index?: "listings_grid" | "listings_grid_x") =>
    db
      .prepare(
        `SELECT l.gx >> ${shift} AS cx, l.gy >> ${shift} AS cy, COUNT(*) AS n, SUM(l.shown_lat) AS lat_sum,
           SUM(l.shown_lng) AS lng_sum, MIN(l.id) AS id, MIN(l.price) AS price,
           MIN(l.location_precision) AS precision, MIN(l.deal) AS deal, NULL AS type_id
         FROM listings l ${index ? `INDEXED BY ${index}` : ""}
         WHERE ${listingWhere.sql} AND l.gy BETWEEN ? AND ? AND l.gx BETWEEN ? AND ?
           AND l.shown_lat BETWEEN ? AND ? AND l.shown_lng BETWEEN ? AND ? GROUP BY 1, 2`,
      )
      .bind(...listingWhere.args, ...rect.gy, ...rect.gx, ...rect.lat, ...rect.lng);

  const statements: D1PreparedStatement[] = [];
  for (const [west, east] of lngRanges(bounds)) {
    const rect: Rect = {
      gx: [gridX(west), gridX(east)],
      gy: [gridY(bounds.south), gridY(bounds.north)],
      lat: [bounds.south, bounds.north],
      lng: [west, east],
    };
    const [cx0, cx1] = rect.gx.map((g) => g >> shift) as [number, number];
    const [cy0, cy1] = rect.gy.map((g) => g >> shift) as [number, number];
    if (!summary || cx1 - cx0 < 2 || cy1 - cy0 < 2) {
      statements.push(direct(rect));
      continue;
    }
    // Whole cells inside the viewport from the summary, at the stored level at or under this one.
    const stored = STORED_LEVELS.find((l) => l >= level)!;
    const up = stored - level;
    const s = summaryWhere(filters, places);
    statements.push(
      db
        .prepare(
          `SELECT s.cx >> ${up} AS cx, s.cy >> ${up} AS cy, SUM(s.count) AS n, SUM(s.lat_sum) AS lat_sum,
             SUM(s.lng_sum) AS lng_sum, SUM(s.id_sum) AS id, SUM(s.price_sum) AS price,
             SUM(s.precision_sum) AS precision, NULL AS deal, MAX(s.type_id) AS type_id
           FROM map_cells s WHERE s.level = ? AND s.cy BETWEEN ? AND ? AND s.cx BETWEEN ? AND ? AND ${s.sql}
           GROUP BY 1, 2`,
        )
        .bind(stored, (cy0 + 1) << up, (cy1 << up) - 1, (cx0 + 1) << up, (cx1 << up) - 1, ...s.args),
    );
    // The border ring of cells, from the listings: the bottom and top rows, then the side columns between.
    const innerY: [number, number] = [(cy0 + 1) << shift, (cy1 << shift) - 1];
    statements.push(
      direct({ ...rect, gy: [rect.gy[0], innerY[0] - 1] }, "listings_grid"),
      direct({ ...rect, gy: [cy1 << shift, rect.gy[1]] }, "listings_grid"),
      direct({ ...rect, gy: innerY, gx: [rect.gx[0], ((cx0 + 1) << shift) - 1] }, "listings_grid_x"),
      direct({ ...rect, gy: innerY, gx: [cx1 << shift, rect.gx[1]] }, "listings_grid_x"),
    );
  }
  const results = await db.batch(statements);
  const rows = results.flatMap((r) => r.results as CellRow[]).filter((r) => r.n > 0);
  rows.sort((a, b) => a.cy - b.cy || a.cx - b.cx);

  const size = 360 / 2 ** level;
  const items: MapFeature[] = rows.map((row) => {
    if (row.n === 1) {
      const precision = typeof row.precision === "number" ? PRECISION_INDEX[row.precision]! : row.precision;
      const deal = row.deal ?? CLASSIFIED_TYPES.find((t) => t.id === row.type_id)!.deal;
      return {
        kind: "listing",
        id: row.id,
        lat: row.lat_sum,
        lng: row.lng_sum,
        price: row.price,
        deal,
        location_precision: precision,
      };
    }
    const south = Math.max(-90, row.cy * size - 90);
    const north = Math.min(90, (row.cy + 1) * size - 90);
    return {
      kind: "cluster",
      count: row.n,
      lat: row.lat_sum / row.n,
      lng: row.lng_sum / row.n,
      bounds: [south, row.cx * size - 180, north, (row.cx + 1) * size - 180],
    };
  });
  return { items, total: rows.reduce((sum, r) => sum + r.n, 0), zoom, level };
}
