/**
 * The committed basemap data (worker/map/basemap-data.json) against its source: here in Node, beside the
 * migrations' check, because workerd cannot load topojson-client's untyped `.js` modules.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Topology } from "topojson-specification";
import { describe, expect, it } from "vitest";
import { serializeBasemap } from "#worker/map/basemap-file.ts";
import { DETAIL_ZOOM, extractBasemap } from "#worker/map/extract.ts";

const read = (specifier: string) => readFileSync(fileURLToPath(import.meta.resolve(specifier)), "utf8");
const topology = (scale: string) => JSON.parse(read(`world-atlas/countries-${scale}.json`)) as Topology;
const committed = read("#worker/map/basemap-data.json");
const data = extractBasemap(topology("10m"), topology("50m"));

describe("worker/map/basemap-data.json", () => {
  it("is exactly what `npm run basemap` makes from world-atlas now", () => {
    expect(committed === serializeBasemap(data)).toBe(true);
  });

  it("holds Serbia and its neighbours in each layer, every polygon within the layer's region with its box", () => {
    expect(data.layers.map((l) => l.min_zoom)).toEqual([0, DETAIL_ZOOM]);
    for (const layer of data.layers) {
      const names = layer.countries.map((c) => c.name);
      for (const name of ["Serbia", "Hungary", "Romania", "Bulgaria", "Macedonia", "Kosovo", "Montenegro", "Croatia"])
        expect(names).toContain(name);
      expect(layer.countries.find((c) => c.name === "Serbia")?.id).toBe("688");
      const [w, s, e, n] = layer.region;
      for (const country of layer.countries)
        for (const { bbox, rings } of country.polygons) {
          expect(bbox[0] >= w && bbox[1] >= s && bbox[2] <= e && bbox[3] <= n, country.name).toBe(true);
          for (const [lng, lat] of rings[0]!)
            expect(lng >= bbox[0] && lng <= bbox[2] && lat >= bbox[1] && lat <= bbox[3]).toBe(true);
        }
      const kinds = new Set(layer.lines.map((l) => l.kind));
      expect([...kinds].sort()).toEqual(["border", "coast", "disputed", "serbia"]);
    }
    expect(data.layers[1]!.countries.map((c) => c.name)).not.toContain("France");
    expect(data.layers[0]!.countries.map((c) => c.name)).toContain("France");
  });
});
