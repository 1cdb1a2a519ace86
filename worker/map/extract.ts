/**
 * The part of Natural Earth the self-served basemap draws (decision 044), cut from world-atlas's TopoJSON by
 * scripts/basemap.ts into worker/map/basemap-data.json — once, at build time, so a tile only reads compact
 * rings. Two layers: the 1:50m outlines of Europe and its surroundings for the lowest zooms (a wide screen
 * at zoom 5 shows ~80° of longitude), the 1:10m outlines of Serbia's region from DETAIL_ZOOM. Beside the
 * extraction so the test can check the committed file is what this makes from the package now
 * (harness/basemap-data.test.ts).
 */
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import { type BBox, bboxOf, clipLine, clipRing, type Point } from "./geo.ts";
import { type BasemapData, type BasemapLayer, type BasemapPolygon, type LineKind, SERBIA } from "./basemap-file.ts";

/** From this zoom tiles draw the 1:10m outlines of DETAIL_REGION; below it the 1:50m ones of OVERVIEW_REGION. */
export const DETAIL_ZOOM = 7;
/** Serbia and its neighbours: what a wide screen shows around Serbia from DETAIL_ZOOM. */
const DETAIL_REGION: BBox = [10, 37, 32, 51];
/** What a wide screen shows around Serbia at the map's lowest zoom (MAP_MIN_ZOOM, 5). */
const OVERVIEW_REGION: BBox = [-30, 25, 70, 64];
/** ~10 m: finer than either scale's data (the 10m one steps ~0.0036° east–west, ~0.0017° north–south). */
const DECIMALS = 4;

const BASEMAP_SOURCE =
  "Natural Earth Admin 0 countries, 1:10m and 1:50m (https://www.naturalearthdata.com/), public domain " +
  '("Made with Natural Earth"), via the npm package world-atlas@2.0.2 (countries-10m.json, countries-50m.json; ISC); ' +
  "extracted by scripts/basemap.ts";

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
type Side = { properties: { name: string } };

/** Natural Earth marks the Serbia–Kosovo line as disputed; it is drawn dashed, as in its own maps. */
const DISPUTED = "Kosovo";

function extractLayer(topology: Topology, region: BBox, min_zoom: number): BasemapLayer {
  const object = topology.objects.countries as Countries;
  const countries: BasemapLayer["countries"] = [];
  for (const country of feature(topology, object).features) {
    const { geometry } = country;
    if (!geometry || (geometry.type !== "Polygon" && geometry.type !== "MultiPolygon")) continue;
    const parts = geometry.type === "Polygon" ? [geometry.coordinates] : geometry.coordinates;
    const polygons: BasemapPolygon[] = [];
    for (const part of parts) {
      // GeoJSON repeats a ring's first point at its end; the clip closes rings itself.
      const [outer, ...holes] = part.map((ring) => compact(clipRing(pointsOf(ring.slice(0, -1)), region)));
      if (!outer || outer.length < 3) continue;
      polygons.push({ bbox: bboxOf(outer), rings: [outer, ...holes.filter((ring) => ring.length >= 3)] });
    }
    if (polygons.length)
      countries.push({ id: (country.id as string | undefined) ?? null, name: country.properties.name, polygons });
  }

  const lines: BasemapLayer["lines"] = [];
  const add = (kind: LineKind, filter: (a: Side, b: Side) => boolean) => {
    for (const line of mesh(topology, object, filter as never).coordinates)
      for (const piece of clipLine(pointsOf(line), region)) {
        const points = compact(piece);
        if (points.length >= 2) lines.push({ kind, bbox: bboxOf(points), points });
      }
  };
  const names = (a: Side, b: Side) => [a.properties.name, b.properties.name];
  add("coast", (a, b) => a === b);
  add("border", (a, b) => a !== b && !names(a, b).includes(SERBIA));
  add("serbia", (a, b) => a !== b && names(a, b).includes(SERBIA) && !names(a, b).includes(DISPUTED));
  add("disputed", (a, b) => a !== b && names(a, b).includes(SERBIA) && names(a, b).includes(DISPUTED));
  return { min_zoom, region, countries: countries.sort((a, b) => a.name.localeCompare(b.name)), lines };
}

export function extractBasemap(detail: Topology, overview: Topology): BasemapData {
  return {
    source: BASEMAP_SOURCE,
    layers: [extractLayer(overview, OVERVIEW_REGION, 0), extractLayer(detail, DETAIL_REGION, DETAIL_ZOOM)],
  };
}
