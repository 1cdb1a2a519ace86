/**
 * The region of Natural Earth the self-served basemap draws (issue 24 §3), cut from world-atlas's
 * countries-10m.json by scripts/basemap.ts into worker/map/basemap-data.json — once, at build time, so a
 * tile only reads compact rings. Beside the extraction so the test can check the committed file is
 * what this makes from the package now (basemap-data.test.ts).
 */
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import { type BBox, bboxOf, clipLine, clipRing, type Point } from "./geo.ts";

/** Serbia and every neighbour near enough to show around it at the map's lowest zoom. */
export const BASEMAP_REGION: BBox = [12, 38, 28, 50];
/** ~1 m: far finer than the 10m data (~0.0036° a step), and short to write. */
const DECIMALS = 5;

export const BASEMAP_SOURCE =
  "Natural Earth 1:10m Admin 0 countries (https://www.naturalearthdata.com/), public domain, via the npm " +
  "package world-atlas@2.0.2 (countries-10m.json, ISC); extracted by scripts/basemap.ts";

export interface BasemapPolygon {
  bbox: BBox;
  /** The outer ring first, then its holes; each [lng, lat] without the closing repeat. */
  rings: Point[][];
}
export interface BasemapLine {
  bbox: BBox;
  points: Point[];
}
export interface BasemapData {
  source: string;
  region: BBox;
  countries: {
    /** ISO 3166-1 numeric, as Natural Earth gives it; null where it has none (Kosovo). */
    id: string | null;
    name: string;
    polygons: BasemapPolygon[];
  }[];
  /** Land borders between two countries, each once. */
  borders: (BasemapLine & { between: [string, string] })[];
  /** Where land meets the sea. */
  coasts: BasemapLine[];
}

/** GeoJSON positions (which may carry a third value) as [lng, lat]. */
const pointsOf = (positions: readonly (readonly number[])[]): Point[] => positions.map((p) => [p[0]!, p[1]!]);

const round = (v: number) => Math.round(v * 10 ** DECIMALS) / 10 ** DECIMALS;

function compact(points: readonly Point[]): Point[] {
  const out: Point[] = [];
  for (const [x, y] of points) {
    const p: Point = [round(x), round(y)];
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  return out;
}

type Countries = GeometryCollection<{ name: string }>;

export function extractBasemap(topology: Topology): BasemapData {
  const object = topology.objects.countries as Countries;
  const countries: BasemapData["countries"] = [];
  for (const country of feature(topology, object).features) {
    const { geometry } = country;
    if (!geometry || (geometry.type !== "Polygon" && geometry.type !== "MultiPolygon")) continue;
    const parts = geometry.type === "Polygon" ? [geometry.coordinates] : geometry.coordinates;
    const polygons: BasemapPolygon[] = [];
    for (const part of parts) {
      // GeoJSON repeats a ring's first point at its end; the clip closes rings itself.
      const [outer, ...holes] = part.map((ring) => compact(clipRing(pointsOf(ring.slice(0, -1)), BASEMAP_REGION)));
      if (!outer || outer.length < 3) continue;
      polygons.push({ bbox: bboxOf(outer), rings: [outer, ...holes.filter((ring) => ring.length >= 3)] });
    }
    if (polygons.length)
      countries.push({ id: (country.id as string | undefined) ?? null, name: country.properties.name, polygons });
  }

  const lines = (filter: (a: { properties: { name: string } }, b: { properties: { name: string } }) => boolean) =>
    mesh(topology, object, filter as never).coordinates.flatMap((line) =>
      clipLine(pointsOf(line), BASEMAP_REGION)
        .map(compact)
        .filter((points) => points.length >= 2)
        .map((points) => ({ bbox: bboxOf(points), points })),
    );
  // topojson's mesh gives each shared arc once; which two countries share it is kept for the dashed
  // disputed line (Serbia–Kosovo) — the mesh filter sees both sides.
  const borders: BasemapData["borders"] = [];
  const names = new Set(countries.map((c) => c.name));
  for (const a of names)
    for (const b of names)
      if (a < b)
        for (const line of lines((x, y) => {
          const pair = [x.properties.name, y.properties.name];
          return pair.includes(a) && pair.includes(b) && x !== y;
        }))
          borders.push({ ...line, between: [a, b] });
  return {
    source: BASEMAP_SOURCE,
    region: BASEMAP_REGION,
    countries: countries.sort((a, b) => a.name.localeCompare(b.name)),
    borders,
    coasts: lines((a, b) => a === b),
  };
}
