/**
 * The map's grid (migration 0021, decision 044): the viewport's cells, the grid level of a zoom, and the
 * search's `bounds` filter over the shown point. Pure: the SQL's twin expressions live in the migration.
 */
import { MAP_FEATURES_MAX } from "#shared/map.ts";

/** The finest grid level, the generated columns' (migration 0021). */
export const GRID_BITS = 24;
/** The levels `map_cells` keeps (migration 0021's `map_levels`). */
export const STORED_LEVELS = [4, 6, 8, 10, 12, 14, 16] as const;
export const FINEST_STORED = STORED_LEVELS.at(-1)!;

/** The generated columns' expressions, in the same floating-point order, so edges fall alike. */
export const gridX = (lng: number) => Math.floor(((lng + 180) * 16777216) / 360);
export const gridY = (lat: number) => Math.floor(((lat + 90) * 16777216) / 360);

export interface Bounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** A viewport's longitude ranges: one, or two when it crosses the antimeridian (west > east). */
export function lngRanges({ west, east }: Bounds): [number, number][] {
  return west <= east
    ? [[west, east]]
    : [
        [west, 180],
        [-180, east],
      ];
}

/**
 * The search's `bounds` filter over the shown point: the grid's index narrows the rows, the shown
 * coordinates decide (the same rule as the map's).
 */
export function boundsWhere(bounds: Bounds): { sql: string; args: unknown[] } {
  const ranges = lngRanges(bounds);
  const grid = ranges.map(() => "l.gx BETWEEN ? AND ?").join(" OR ");
  const shown = ranges.map(() => "l.shown_lng BETWEEN ? AND ?").join(" OR ");
  return {
    sql: `l.gy BETWEEN ? AND ? AND (${grid}) AND l.shown_lat BETWEEN ? AND ? AND (${shown})`,
    args: [
      gridY(bounds.south),
      gridY(bounds.north),
      ...ranges.flatMap(([w, e]) => [gridX(w), gridX(e)]),
      bounds.south,
      bounds.north,
      ...ranges.flat(),
    ],
  };
}

/** How many cells of `level` cover the viewport. */
export function cellsCovering(bounds: Bounds, level: number): number {
  const shift = GRID_BITS - level;
  const rows = (gridY(bounds.north) >> shift) - (gridY(bounds.south) >> shift) + 1;
  return lngRanges(bounds).reduce((sum, [w, e]) => sum + ((gridX(e) >> shift) - (gridX(w) >> shift) + 1) * rows, 0);
}

/**
 * The grid level of a viewport at `zoom`: the finest even level (cells of 64–128 px at that zoom, even so
 * one place keeps its cells whatever the filters) whose cells covering the viewport are at most
 * MAP_FEATURES_MAX — so a huge viewport gets coarser cells and the cap holds by construction.
 */
export function mapLevel(bounds: Bounds, zoom: number): number {
  let level = Math.min(GRID_BITS, zoom + 2) & ~1;
  while (level > 0 && cellsCovering(bounds, level) > MAP_FEATURES_MAX) level -= 2;
  return level;
}

/** An inclusive range of cell (or fine grid) indexes, and a rectangle of them. */
export type Span = [number, number];
export interface CellRect {
  x: Span;
  y: Span;
}
/** Which side of a ring a strip is: rows (bottom, top) are read by row, columns (left, right) by column. */
export type Side = "rows" | "columns";

/**
 * `outer` without `inner` (inside it, or null) as at most four rectangles: the rows below and above
 * `inner`, then the columns left and right of it between them.
 */
export function ring(outer: CellRect, inner: CellRect | null): { rect: CellRect; side: Side }[] {
  if (!inner) return [{ rect: outer, side: "rows" }];
  const strips: { rect: CellRect; side: Side }[] = [
    { rect: { x: outer.x, y: [outer.y[0], inner.y[0] - 1] }, side: "rows" },
    { rect: { x: outer.x, y: [inner.y[1] + 1, outer.y[1]] }, side: "rows" },
    { rect: { x: [outer.x[0], inner.x[0] - 1], y: inner.y }, side: "columns" },
    { rect: { x: [inner.x[1] + 1, outer.x[1]], y: inner.y }, side: "columns" },
  ];
  return strips.filter(({ rect }) => rect.x[0] <= rect.x[1] && rect.y[0] <= rect.y[1]);
}

/**
 * The cells of `level` wholly inside a rectangle of fine grid indexes (null: none): a listing in one of them
 * has a fine index strictly between the rectangle's edges, so its shown point is strictly inside the viewport.
 */
export function cellsInside(fine: CellRect, level: number): CellRect | null {
  const shift = GRID_BITS - level;
  const x: Span = [(fine.x[0] >> shift) + 1, (fine.x[1] >> shift) - 1];
  const y: Span = [(fine.y[0] >> shift) + 1, (fine.y[1] >> shift) - 1];
  return x[0] <= x[1] && y[0] <= y[1] ? { x, y } : null;
}

/** A rectangle of cells of one level as the same area at a finer level (`by` levels finer). */
export const refine = (rect: CellRect, by: number): CellRect => ({
  x: [rect.x[0] << by, ((rect.x[1] + 1) << by) - 1],
  y: [rect.y[0] << by, ((rect.y[1] + 1) << by) - 1],
});
