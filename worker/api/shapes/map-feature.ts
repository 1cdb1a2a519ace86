/** The map's cells (worker/db/listing-map.ts) as the API's features: a single listing, or a cluster with its cell. */
import type { MapFeature, MapResponse } from "#shared/api/realty-map.ts";
import type { MapCellRow } from "#worker/db/listing-map.ts";

export function toMapResponse(cells: MapCellRow[], level: number, zoom: number): MapResponse {
  const size = 360 / 2 ** level;
  const items: MapFeature[] = cells.map((row) => {
    if (row.n === 1) {
      return {
        kind: "listing",
        id: row.id,
        lat: row.lat_sum,
        lng: row.lng_sum,
        price: row.price,
        deal: row.deal!,
        location_precision: row.precision!,
      };
    }
    const south = Math.max(-90, row.cy * size - 90);
    const north = Math.min(90, (row.cy + 1) * size - 90);
    return {
      kind: "cluster",
      count: row.n,
      lat: row.lat_sum / row.n,
      lng: row.lng_sum / row.n,
      bounds: [south, row.cx * size - 180, north, (row.cx + 1) * size - 180],
    };
  });
  return { items, total: cells.reduce((sum, r) => sum + r.n, 0), zoom, level };
}
