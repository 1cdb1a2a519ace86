import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAP_FEATURES_MAX, MAP_MAX_ZOOM, MAP_MIN_ZOOM, SERBIA_BOUNDS } from "#shared/map.ts";
import { boundsWhere, cellsCovering, GRID_BITS, gridX, gridY, lngRanges, mapLevel } from "./map-grid.ts";

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
});
