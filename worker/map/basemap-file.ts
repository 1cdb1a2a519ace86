import type { BasemapData } from "./extract.ts";

/**
 * How scripts/basemap.ts writes worker/map/basemap-data.json: one country, border or coast a line, so a
 * change of the data shows as a readable diff.
 */
export function serializeBasemap(data: BasemapData): string {
  const list = (items: unknown[]) => `[\n${items.map((item) => `    ${JSON.stringify(item)}`).join(",\n")}\n  ]`;
  return (
    `{\n  "source": ${JSON.stringify(data.source)},\n  "region": ${JSON.stringify(data.region)},\n` +
    `  "countries": ${list(data.countries)},\n  "borders": ${list(data.borders)},\n  "coasts": ${list(data.coasts)}\n}\n`
  );
}
