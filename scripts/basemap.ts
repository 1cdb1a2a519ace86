/**
 * `npm run basemap`: cuts the region around Serbia (BASEMAP_REGION) out of Natural Earth's 1:10m country
 * outlines — public domain data (https://www.naturalearthdata.com/about/terms-of-use/, credited "Made with
 * Natural Earth"), shipped as TopoJSON by the npm package world-atlas (ISC) — into the compact module the
 * worker draws its basemap tiles from, worker/map/basemap-data.json (worker/map/extract.ts does the work;
 * worker/map/basemap-data.test.ts checks the committed file is what it makes). Run it again after
 * changing the region or upgrading world-atlas, and commit the file.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Topology } from "topojson-specification";
import { extractBasemap } from "#worker/map/extract.ts";
import { serializeBasemap } from "#worker/map/basemap-file.ts";

const topology = JSON.parse(
  readFileSync(fileURLToPath(import.meta.resolve("world-atlas/countries-10m.json")), "utf8"),
) as Topology;
const file = fileURLToPath(import.meta.resolve("#worker/map/basemap-data.json"));
const data = extractBasemap(topology);
const text = serializeBasemap(data);
writeFileSync(file, text);
const points = data.countries.flatMap((c) => c.polygons.flatMap((p) => p.rings)).reduce((n, r) => n + r.length, 0);
console.log(
  `${file}: ${data.countries.length} countries (${data.countries.map((c) => c.name).join(", ")}), ` +
    `${points} polygon points, ${data.borders.length} border and ${data.coasts.length} coast lines, ${text.length} bytes`,
);
