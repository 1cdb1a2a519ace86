import type { BasemapData } from "./extract.ts";

/**
 * How scripts/basemap.ts writes worker/map/basemap-data.json: one country or line a line of text, so a
 * change of the data shows as a readable diff.
 */
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
