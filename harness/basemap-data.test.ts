/**
 * The committed basemap data (worker/map/basemap-data.json) against its source: here in Node, beside the
 * migrations' check, because workerd cannot load topojson-client's untyped `.js` modules.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Topology } from "topojson-specification";
import { describe, expect, it } from "vitest";
import { serializeBasemap } from "#worker/map/basemap-file.ts";
import { extractBasemap } from "#worker/map/extract.ts";

const read = (specifier: string) => readFileSync(fileURLToPath(import.meta.resolve(specifier)), "utf8");
const topology = JSON.parse(read("world-atlas/countries-10m.json")) as Topology;
const committed = read("#worker/map/basemap-data.json");
const data = extractBasemap(topology);

describe("worker/map/basemap-data.json", () => {
  it("is exactly what `npm run basemap` makes from world-atlas now", () => {
    expect(committed === serializeBasemap(data)).toBe(true);
  });

  it("holds Serbia and its neighbours, each polygon within the region with its box", () => {
    const names = data.countries.map((c) => c.name);
    for (const name of [
      "Serbia",
      "Hungary",
      "Romania",
      "Bulgaria",
      "Macedonia",
      "Kosovo",
      "Montenegro",
      "Bosnia and Herz.",
      "Croatia",
    ])
      expect(names).toContain(name);
    expect(names).not.toContain("France");
    expect(data.countries.find((c) => c.name === "Serbia")?.id).toBe("688");
    const [w, s, e, n] = data.region;
    for (const country of data.countries)
      for (const { bbox, rings } of country.polygons) {
        expect(bbox[0] >= w && bbox[1] >= s && bbox[2] <= e && bbox[3] <= n, country.name).toBe(true);
        for (const [lng, lat] of rings[0]!)
          expect(lng >= bbox[0] && lng <= bbox[2] && lat >= bbox[1] && lat <= bbox[3]).toBe(true);
      }
    expect(data.borders.filter((b) => b.between.includes("Serbia")).length).toBeGreaterThanOrEqual(8);
  });
});
