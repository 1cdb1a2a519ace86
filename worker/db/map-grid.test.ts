import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAP_FEATURES_MAX, MAP_MAX_ZOOM, MAP_MIN_ZOOM, SERBIA_BOUNDS } from "#shared/map.ts";
import {
  boundsWhere,
  type CellRect,
  cellsCovering,
  cellsInside,
  GRID_BITS,
  gridX,
  gridY,
  lngRanges,
  mapLevel,
  refine,
  ring,
} from "./map-grid.ts";

const lat = fc.double({ min: -90, max: 90, noNaN: true });
const lng = fc.double({ min: -180, max: 180, noNaN: true });
const viewport = fc
  .tuple(lat, lat, lng, lng)
  .map(([a, b, west, east]) => ({ south: Math.min(a, b), north: Math.max(a, b), west, east }));

describe("the map's grid", () => {
  it("puts a cell's edge in the cell east and north of it, at every level", () => {
    for (let level = 0; level <= GRID_BITS; level += 2) {
      const size = 360 / 2 ** level;
      const shift = GRID_BITS - level;
      expect(gridX(-180 + 7 * size) >> shift).toBe(7);
      expect(gridY(-90 + 3 * size) >> shift).toBe(3);
      expect(gridX(-180 + 7 * size - 1e-9) >> shift).toBe(6);
    }
  });

  it("is monotonic, so a viewport's grid range holds every point inside it", () => {
    fc.assert(fc.property(lng, lng, (a, b) => (a <= b ? gridX(a) <= gridX(b) : gridX(a) >= gridX(b))));
    fc.assert(fc.property(lat, lat, (a, b) => (a <= b ? gridY(a) <= gridY(b) : gridY(a) >= gridY(b))));
  });

  it("splits a viewport across the antimeridian in two longitude ranges", () => {
    expect(lngRanges({ south: 0, north: 1, west: 10, east: 20 })).toEqual([[10, 20]]);
    expect(lngRanges({ south: 0, north: 1, west: 170, east: -170 })).toEqual([
      [170, 180],
      [-180, -170],
    ]);
    const where = boundsWhere({ south: 0, north: 1, west: 170, east: -170 });
    expect(where.sql).toContain("l.shown_lng BETWEEN ? AND ? OR l.shown_lng BETWEEN ? AND ?");
    expect(where.args).toHaveLength(2 + 4 + 2 + 4);
  });

  it("picks a level whose cells over the viewport are at most MAP_FEATURES_MAX, never finer than zoom + 2", () => {
    fc.assert(
      fc.property(viewport, fc.integer({ min: MAP_MIN_ZOOM, max: MAP_MAX_ZOOM }), (bounds, zoom) => {
        const level = mapLevel(bounds, zoom);
        expect(level % 2).toBe(0);
        expect(level).toBeLessThanOrEqual(zoom + 2);
        expect(cellsCovering(bounds, level)).toBeLessThanOrEqual(MAP_FEATURES_MAX);
      }),
    );
    // Serbia whole at zoom 7: cells of 1.4° (level 8); a street at zoom 17: level 18 (64–128 px).
    expect(mapLevel(SERBIA_BOUNDS, 7)).toBe(8);
    expect(mapLevel({ south: 44.8095, west: 20.4543, north: 44.8155, east: 20.4681 }, 17)).toBe(18);
    expect(mapLevel({ south: -90, west: -180, north: 90, east: 180 }, MAP_MIN_ZOOM)).toBeLessThanOrEqual(4);
  });

  it("splits a viewport into whole cells of finer and finer levels and a border, each fine cell once", () => {
    // Small grids (a 2^6 fine grid stands for 2^24) so every fine cell can be counted.
    const small = fc.tuple(fc.integer({ min: 0, max: 63 }), fc.integer({ min: 0, max: 63 }));
    fc.assert(
      fc.property(small, small, ([x0, x1], [y0, y1]) => {
        const fine: CellRect = {
          x: [Math.min(x0, x1), Math.max(x0, x1)],
          y: [Math.min(y0, y1), Math.max(y0, y1)],
        };
        const seen = new Map<string, number>();
        const mark = (rect: CellRect, level: number) => {
          const shift = 6 - level;
          for (let x = rect.x[0] << shift; x <= ((rect.x[1] + 1) << shift) - 1; x++)
            for (let y = rect.y[0] << shift; y <= ((rect.y[1] + 1) << shift) - 1; y++)
              seen.set(`${x},${y}`, (seen.get(`${x},${y}`) ?? 0) + 1);
        };
        let held: { level: number; rect: CellRect } | null = null;
        for (const level of [2, 4]) {
          const inside = cellsInside(fine, level + GRID_BITS - 6);
          if (!inside) continue;
          for (const { rect } of ring(inside, held && refine(held.rect, level - held.level))) mark(rect, level);
          held = { level, rect: inside };
        }
        for (const { rect } of ring(fine, held && refine(held.rect, 6 - held.level))) mark(rect, 6);
        const cells = (fine.x[1] - fine.x[0] + 1) * (fine.y[1] - fine.y[0] + 1);
        expect(seen.size).toBe(cells);
        expect([...seen.values()].every((n) => n === 1)).toBe(true);
        for (const key of seen.keys()) {
          const [x, y] = key.split(",").map(Number) as [number, number];
          expect(x >= fine.x[0] && x <= fine.x[1] && y >= fine.y[0] && y <= fine.y[1]).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });
});
