import { describe, expect, it } from "vitest";
import { clipLine, clipRing, pixelLngLat, tileBBox, worldPixel } from "./geo.ts";

/** The slippy-map tile of a point, as the OSM wiki writes it (another formula than worldPixel's). */
function osmTile(lng: number, lat: number, z: number) {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return [Math.floor(((lng + 180) / 360) * n), Math.floor(((1 - Math.asinh(Math.tan(rad)) / Math.PI) / 2) * n)];
}

describe("worldPixel", () => {
  it("puts the world's corners and centre where Web Mercator does", () => {
    expect(worldPixel(0, 0, 0)).toEqual([128, 128]);
    const [x0, y0] = worldPixel(-180, 85.0511287798066, 0);
    expect(x0).toBe(0);
    expect(y0).toBeCloseTo(0, 6);
    const [x1, y1] = worldPixel(180, -85.0511287798066, 1);
    expect(x1).toBe(512);
    expect(y1).toBeCloseTo(512, 6);
  });

  it("finds Belgrade's tile at every zoom as the OSM formula does", () => {
    // Belgrade's centre: tile 7/71/46 and 12/2280/1476 (checked on tile.openstreetmap.org).
    expect(worldPixel(20.4633, 44.8176, 7).map((v) => Math.floor(v / 256))).toEqual([71, 46]);
    expect(worldPixel(20.4633, 44.8176, 12).map((v) => Math.floor(v / 256))).toEqual([2280, 1476]);
    for (let z = 0; z <= 18; z++)
      for (const [lng, lat] of [
        [20.4633, 44.8176],
        [19.8335, 45.2671],
        [-30, 40],
        [151.2, -33.9],
      ] as const)
        expect(
          worldPixel(lng, lat, z).map((v) => Math.floor(v / 256)),
          `${z} ${lng} ${lat}`,
        ).toEqual(osmTile(lng, lat, z));
  });

  it("is undone by pixelLngLat, and a tile's box holds its pixels", () => {
    const [px, py] = worldPixel(20.4633, 44.8176, 12);
    const [lng, lat] = pixelLngLat(px, py, 12);
    expect(lng).toBeCloseTo(20.4633, 9);
    expect(lat).toBeCloseTo(44.8176, 9);
    const [w, s, e, n] = tileBBox(12, 2280, 1476);
    expect(w < 20.4633 && 20.4633 < e && s < 44.8176 && 44.8176 < n).toBe(true);
    expect(e - w).toBeCloseTo(360 / 4096, 9);
  });
});

describe("clipping", () => {
  it("cuts a ring to a rectangle along its edges, and drops one outside it", () => {
    const square = [
      [-5, -5],
      [5, -5],
      [5, 5],
      [-5, 5],
    ] as const;
    expect(clipRing(square, [0, 0, 10, 10])).toEqual([
      [0, 0],
      [5, 0],
      [5, 5],
      [0, 5],
    ]);
    expect(clipRing(square, [20, 20, 30, 30])).toEqual([]);
  });

  it("splits a line leaving and re-entering the rectangle into pieces", () => {
    expect(
      clipLine(
        [
          [-5, 5],
          [5, 5],
          [15, 5],
          [15, 8],
          [5, 8],
        ],
        [0, 0, 10, 10],
      ),
    ).toEqual([
      [
        [0, 5],
        [5, 5],
        [10, 5],
      ],
      [
        [10, 8],
        [5, 8],
      ],
    ]);
  });
});
