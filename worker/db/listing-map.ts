/**
 * The map's queries (architecture §8, decision 044): a viewport's listings as clusters and single listings, from the
 * grid columns of migration 0021. A listing's cell at level g is (gx >> (24 - g), gy >> (24 - g)), cells of
 * 360/2^g degrees on both axes, over its *shown* point — the exact point of a hidden house is never read.
 *
 * When the summaries keep the filters (`map_type_cells`, `map_cells`), the cells wholly inside the viewport
 * come from them, coarse inside and finer towards the edges, so the cost of a whole-country view does not
 * grow with the listings; only a border thinner than a level-16 cell (~600 m), finer levels and other
 * filters aggregate the listings. Counts are exact to the viewport's edges and agree with the search's
 * `bounds` filter (a listing on an edge is inside, once).
 */
import type { SearchFilters } from "#shared/api/realty.ts";
import { LISTING_TYPES, type Deal } from "#shared/listing-types.ts";
import { LOCATION_PRECISIONS, type LocationPrecision } from "#shared/map.ts";
import { countableFromSummary, type ResolvedPlaces, summaryWhere, whereClause } from "./listing-search.ts";
import {
  type Bounds,
  type CellRect,
  cellsInside,
  FINEST_STORED,
  GRID_BITS,
  gridX,
  gridY,
  lngRanges,
  mapLevel,
  refine,
  ring,
  type Side,
  type Span,
  STORED_LEVELS,
} from "./map-grid.ts";
import type { Database } from "#worker/app-env.ts";

/**
 * Filters the summaries keep: those of `listing_counts` but furnishing (the search's `bounds` is the
 * viewport itself).
 */
const mapSummaryCountable = (filters: SearchFilters) =>
  countableFromSummary({ ...filters, bounds: undefined }) && filters.furnished === undefined;

/** `map_type_cells` serves filters of deal and type alone; places and rooms need `map_cells`. */
const summaryTable = (filters: SearchFilters, places: ResolvedPlaces) =>
  places.cityId === undefined && places.districtId === undefined && !filters.rooms.length
    ? { table: "map_type_cells", columns: "map_type_cells_x" }
    : { table: "map_cells", columns: "map_cells_x" };

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

/**
 * A cell of the map at its level: how many listings and the sums of their shown points; for a cell of one
 * listing (a summary's sums of one are its values) its id, price, deal and precision, else those null.
 */
export interface MapCellRow extends Omit<CellRow, "precision" | "deal"> {
  precision: LocationPrecision | null;
  deal: Deal | null;
}

const PRECISION_INDEX: Record<number, LocationPrecision> = Object.fromEntries(
  LOCATION_PRECISIONS.map((p, i) => [i, p]),
);

export async function mapFeatures(
  db: Database,
  filters: SearchFilters,
  places: ResolvedPlaces,
  bounds: Bounds,
  zoom: number,
  now: number,
): Promise<{ cells: MapCellRow[]; level: number }> {
  const level = mapLevel(bounds, zoom);
  const shift = GRID_BITS - level;
  const listingWhere = whereClause({ ...filters, bounds: undefined }, places, undefined, now);
  const summary = mapSummaryCountable(filters) && level <= FINEST_STORED;

  /** Listings of a rectangle of fine grid indexes inside one longitude range, by their cell at the level. */
  const direct = (rect: CellRect, side: Side, lng: Span) =>
    db
      .prepare(
        `SELECT l.gx >> ${shift} AS cx, l.gy >> ${shift} AS cy, COUNT(*) AS n, SUM(l.shown_lat) AS lat_sum,
           SUM(l.shown_lng) AS lng_sum, MIN(l.id) AS id, MIN(l.price) AS price,
           MIN(l.location_precision) AS precision, MIN(l.deal) AS deal, NULL AS type_id
         FROM listings l INDEXED BY ${side === "rows" ? "listings_grid" : "listings_grid_x"}
         WHERE ${listingWhere.sql} AND l.gy BETWEEN ? AND ? AND l.gx BETWEEN ? AND ?
           AND l.shown_lat BETWEEN ? AND ? AND l.shown_lng BETWEEN ? AND ? GROUP BY 1, 2`,
      )
      .bind(...listingWhere.args, ...rect.y, ...rect.x, bounds.south, bounds.north, ...lng);

  /**
   * Summary cells of a stored level in a rectangle of its cells, by their cell at the map's level: rows of
   * cells by the primary key (level, cy, cx; `+s.cx` keeps the column index out), columns by map_cells_x.
   */
  const summaryWhereSql = summaryWhere(filters, places);
  const { table, columns } = summaryTable(filters, places);
  const fromSummary = (at: number, rect: CellRect, side: Side) =>
    db
      .prepare(
        `SELECT s.cx >> ${at - level} AS cx, s.cy >> ${at - level} AS cy, SUM(s.count) AS n,
           SUM(s.lat_sum) AS lat_sum, SUM(s.lng_sum) AS lng_sum, SUM(s.id_sum) AS id, SUM(s.price_sum) AS price,
           SUM(s.precision_sum) AS precision, NULL AS deal, MAX(s.type_id) AS type_id
         FROM ${table} s ${side === "rows" ? "" : `INDEXED BY ${columns}`}
         WHERE s.level = ? AND s.cy BETWEEN ? AND ? AND ${side === "rows" ? "+s.cx" : "s.cx"} BETWEEN ? AND ?
           AND ${summaryWhereSql.sql}
         GROUP BY 1, 2`,
      )
      .bind(at, ...rect.y, ...rect.x, ...summaryWhereSql.args);

  const statements: D1PreparedStatement[] = [];
  for (const lng of lngRanges(bounds)) {
    const fine: CellRect = { x: [gridX(lng[0]), gridX(lng[1])], y: [gridY(bounds.south), gridY(bounds.north)] };
    let inner: CellRect | null = null;
    if (summary) {
      // A quadtree of the viewport: the cells wholly inside it at the coarsest stored level, then at each
      // finer level the ring of cells wholly inside around what the coarser ones hold; only the thin
      // border left over at the finest stored level (cells of ~600 m) is read from the listings.
      let held: { level: number; rect: CellRect } | null = null;
      for (const at of STORED_LEVELS.filter((l) => l >= level)) {
        const inside = cellsInside(fine, at);
        if (!inside) continue;
        for (const { rect, side } of ring(inside, held && refine(held.rect, at - held.level))) {
          statements.push(fromSummary(at, rect, side));
        }
        held = { level: at, rect: inside };
      }
      inner = held && refine(held.rect, GRID_BITS - held.level);
    }
    for (const { rect, side } of ring(fine, inner)) statements.push(direct(rect, side, lng));
  }
  const results = await db.batch(statements);
  // A cell's parts (summary rings, border strips) add up; a cell of one listing has one part with it.
  const cells = new Map<string, CellRow>();
  for (const row of results.flatMap((r) => r.results as CellRow[])) {
    if (!(row.n > 0)) continue;
    const key = `${row.cx},${row.cy}`;
    const cell = cells.get(key);
    if (!cell) cells.set(key, { ...row });
    else
      Object.assign(cell, {
        n: cell.n + row.n,
        lat_sum: cell.lat_sum + row.lat_sum,
        lng_sum: cell.lng_sum + row.lng_sum,
      });
  }
  const rows = [...cells.values()].sort((a, b) => a.cy - b.cy || a.cx - b.cx);

  return {
    cells: rows.map((row) =>
      row.n === 1
        ? {
            ...row,
            precision: typeof row.precision === "number" ? PRECISION_INDEX[row.precision]! : row.precision,
            deal: row.deal ?? LISTING_TYPES.find((t) => t.id === row.type_id)!.deal,
          }
        : { ...row, precision: null, deal: null },
    ),
    level,
  };
}
