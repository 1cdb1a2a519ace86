/**
 * The shape of worker/map/basemap-data.json (made by extract.ts, drawn by tile.ts) and how
 * scripts/basemap.ts writes it. Apart from extract.ts, so the worker's tiles never bundle topojson-client.
 */
import type { BBox, Point } from "./geo.ts";

/** The country the map is about (its Natural Earth name): filled lighter, its borders stronger. */
export const SERBIA = "Serbia";

export interface BasemapPolygon {
  bbox: BBox;
  /** The outer ring first, then its holes; each [lng, lat] without the closing repeat. */
  rings: Point[][];
}
interface BasemapLine {
  bbox: BBox;
  points: Point[];
}
/** `serbia`: Serbia's borders, drawn stronger; `disputed`: Serbia–Kosovo, dashed as Natural Earth draws it. */
export type LineKind = "coast" | "border" | "serbia" | "disputed";
export interface BasemapLayer {
  /** The zoom from which tiles draw this layer (until the next layer's). */
  min_zoom: number;
  region: BBox;
  countries: {
    /** ISO 3166-1 numeric, as Natural Earth gives it; null where it has none (Kosovo). */
    id: string | null;
    name: string;
    polygons: BasemapPolygon[];
  }[];
  /** Coasts (land against sea) and land borders, each once. */
  lines: (BasemapLine & { kind: LineKind })[];
}
export interface BasemapData {
  source: string;
  /** By min_zoom, lowest first. */
  layers: BasemapLayer[];
}

/** The file's text: one country or line a line, so a change of the data shows as a readable diff. */
export function serializeBasemap(data: BasemapData): string {
  const list = (items: unknown[]) =>
    `[\n${items.map((item) => `        ${JSON.stringify(item)}`).join(",\n")}\n      ]`;
  const layers = data.layers.map(
    (layer) =>
      `    {\n      "min_zoom": ${layer.min_zoom},\n      "region": ${JSON.stringify(layer.region)},\n` +
      `      "countries": ${list(layer.countries)},\n      "lines": ${list(layer.lines)}\n    }`,
  );
  return `{\n  "source": ${JSON.stringify(data.source)},\n  "layers": [\n${layers.join(",\n")}\n  ]\n}\n`;
}
