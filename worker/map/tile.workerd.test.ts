import { describe, expect, it } from "vitest";
import type { CityRow } from "#worker/db/cities.ts";
import basemapData from "./basemap-data.json";
import type { BasemapData } from "./basemap-file.ts";
import { pixelLngLat, worldPixel } from "./geo.ts";
import { DISTRICT_LABELS_ZOOM, renderTile } from "./tile.ts";

const data = basemapData as unknown as BasemapData;

function city(name: string, lng: number, lat: number, population: number): CityRow {
  return {
    id: population,
    slug: name.toLowerCase(),
    name_en: name,
    name_ru: name,
    name_sr: name,
    lat,
    lng,
    population,
  };
}

/** The x of each text named `name` in a tile. */
const textXs = (svg: string, name: string) =>
  [...svg.matchAll(new RegExp(`<text x="(-?[0-9.]+)"[^>]*>${name}</text>`, "g"))].map((m) => Number(m[1]));

describe("renderTile", () => {
  it("draws a label that crosses a tile's edge in both tiles, continuing at the same place", () => {
    // A city 10 px left of the right edge of tile 9/284/184 (Serbia): its name runs on into 9/285/184.
    const [lng, lat] = pixelLngLat(285 * 256 - 10, 184 * 256 + 128, 9);
    const g = { cities: [city("Borderton", lng, lat, 500_000)], districts: [] };
    const left = renderTile(data, g, 9, 284, 184, "en");
    const right = renderTile(data, g, 9, 285, 184, "en");
    const [inLeft] = textXs(left, "Borderton");
    const [inRight] = textXs(right, "Borderton");
    expect(inLeft).toBeCloseTo(252, 0);
    expect(inRight).toBeCloseTo(inLeft! - 256, 1);
    expect(renderTile(data, g, 9, 286, 184, "en")).not.toContain("Borderton");
  });

  it("names smaller cities as the zoom grows, districts from DISTRICT_LABELS_ZOOM, and escapes names", () => {
    const [lng, lat] = pixelLngLat(284 * 256 + 60, 184 * 256 + 60, 9);
    // The district 10 px (at zoom 9) below the town: clear of its name from zoom 12.
    const [dLng, dLat] = pixelLngLat(284 * 256 + 60, 184 * 256 + 70, 9);
    const g = {
      cities: [city("Small <&> Town", lng, lat, 5_000)],
      districts: [
        {
          id: 1,
          city_id: 5_000,
          slug: "d",
          name_en: "Old Quarter",
          name_ru: "Old Quarter",
          name_sr: "Stari kraj",
          lat: dLat,
          lng: dLng,
        },
      ],
    };
    expect(renderTile(data, g, 8, 142, 92, "en")).not.toContain("Small");
    expect(renderTile(data, g, 9, 284, 184, "en")).toContain(">Small &lt;&amp;&gt; Town</text>");
    const tileOf = (z: number) => worldPixel(dLng, dLat, z).map((v) => Math.floor(v / 256)) as [number, number];
    expect(renderTile(data, g, DISTRICT_LABELS_ZOOM, ...tileOf(DISTRICT_LABELS_ZOOM), "sr")).toContain(
      ">Stari kraj</text>",
    );
    expect(renderTile(data, g, DISTRICT_LABELS_ZOOM, ...tileOf(DISTRICT_LABELS_ZOOM), "en")).toContain(
      ">Old Quarter</text>",
    );
    expect(renderTile(data, g, DISTRICT_LABELS_ZOOM - 1, ...tileOf(DISTRICT_LABELS_ZOOM - 1), "sr")).not.toContain(
      "Stari kraj",
    );
  });

  it("falls back to the 1:50m outlines beyond the 1:10m region, and draws sea beyond both", () => {
    const g = { cities: [], districts: [] };
    const tileOf = (lng: number, lat: number, z: number) =>
      worldPixel(lng, lat, z).map((v) => Math.floor(v / 256)) as [number, number];
    // Paris at zoom 9: land (France) with no Serbia.
    const paris = renderTile(data, g, 9, ...tileOf(2.35, 48.86, 9), "en");
    expect(paris).toMatch(/<path fill="[^"]+" fill-rule="evenodd" d="M/);
    expect(paris).not.toContain('id="serbia"');
    expect(renderTile(data, g, 9, ...tileOf(-100, 40, 9), "en")).not.toContain("<path");
  });
});
