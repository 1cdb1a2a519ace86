/**
 * `npm run basemap`: cuts the region around Serbia (DETAIL_REGION) out of Natural Earth's 1:10m country
 * outlines, and a wider one (OVERVIEW_REGION) for the lowest zooms out of its 1:50m ones — public domain data (https://www.naturalearthdata.com/about/terms-of-use/, credited "Made with
 * Natural Earth"), shipped as TopoJSON by the npm package world-atlas (ISC) — into the compact module the
 * worker draws its basemap tiles from, worker/map/basemap-data.json (worker/map/extract.ts does the work;
 * harness/basemap-data.test.ts checks the committed file is what it makes). Run it again after
 * changing the region or upgrading world-atlas, and commit the file.
 *
 * `npm run basemap -- --time`: instead, how long drawing a tile takes (100 renders of tiles over Belgrade at
 * zooms 7 and 12, and of the whole region at the map's lowest zoom), with the reference gazetteer.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Topology } from "topojson-specification";
import { extractBasemap } from "#worker/map/extract.ts";
import { serializeBasemap } from "#worker/map/basemap-file.ts";
import type { BasemapData } from "#worker/map/basemap-file.ts";
import { worldPixel } from "#worker/map/geo.ts";
import { renderTile } from "#worker/map/tile.ts";
import { MAP_MIN_ZOOM } from "#shared/map.ts";
import { GAZETTEER } from "#worker/db/reference/gazetteer-tables.ts";

if (process.argv.includes("--time")) {
  await timeTiles();
  process.exit(0);
}

const topology = (scale: string) =>
  JSON.parse(
    readFileSync(fileURLToPath(import.meta.resolve(`world-atlas/countries-${scale}.json`)), "utf8"),
  ) as Topology;
const file = fileURLToPath(import.meta.resolve("#worker/map/basemap-data.json"));
const data = extractBasemap(topology("10m"), topology("50m"));
const text = serializeBasemap(data);
writeFileSync(file, text);
console.log(`${file}: ${text.length} bytes`);
for (const layer of data.layers) {
  const points = layer.countries.flatMap((c) => c.polygons.flatMap((p) => p.rings)).reduce((n, r) => n + r.length, 0);
  console.log(
    `  from zoom ${layer.min_zoom}: ${layer.countries.length} countries, ${points} polygon points, ${layer.lines.length} lines`,
  );
}

/** CPU milliseconds per render of the tile over Belgrade at each zoom (the first, projecting and placing labels, apart). */
async function timeTiles() {
  const data = JSON.parse(
    readFileSync(fileURLToPath(import.meta.resolve("#worker/map/basemap-data.json")), "utf8"),
  ) as BasemapData;
  // The whole reference gazetteer (decision 055), by population as D1 lists it.
  const cities = GAZETTEER.cities
    .map((c) => ({ ...c, name_en: c.en, name_ru: c.ru, name_sr: c.sr }))
    .sort((a, b) => b.population - a.population);
  const districts = GAZETTEER.districts.map((d) => ({ ...d, name_en: d.en, name_ru: d.ru, name_sr: d.sr }));
  const gazetteer = { cities, districts };
  const RUNS = 100;
  for (const z of [MAP_MIN_ZOOM, 7, 12]) {
    const [x, y] = worldPixel(20.4633, 44.8176, z).map((v) => Math.floor(v / 256)) as [number, number];
    // CPU time, not wall time: the figure a Worker is billed and limited by, whatever else the machine runs.
    const cpuMs = (since: NodeJS.CpuUsage) => {
      const { user, system } = process.cpuUsage(since);
      return (user + system) / 1000;
    };
    let start = process.cpuUsage();
    const bytes = renderTile(data, gazetteer, z, x, y, "sr").length;
    const first = cpuMs(start);
    start = process.cpuUsage();
    for (let i = 0; i < RUNS; i++) renderTile(data, gazetteer, z, x, y, "sr");
    const each = cpuMs(start) / RUNS;
    console.log(
      `tile ${z}/${x}/${y}: ${each.toFixed(2)} ms CPU a render (${RUNS} renders; the first ${first.toFixed(2)} ms), ${bytes} bytes`,
    );
  }
}
