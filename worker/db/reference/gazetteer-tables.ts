/**
 * The committed gazetteer (worker/db/reference/gazetteer.json, decision 055) as the rows of D1's
 * `cities` and `districts`: what `npm run ops -- init` upserts and the demo seed inserts.
 */
import type { ReferenceGazetteer } from "./gazetteer-build.ts";
import gazetteer from "./gazetteer.json" with { type: "json" };
import type { ReferenceTable } from "./upsert.ts";

export const GAZETTEER = gazetteer as ReferenceGazetteer;

const CITY_COLUMNS = [
  "id",
  "geonames_id",
  "slug",
  "name_en",
  "name_ru",
  "name_sr",
  "lat",
  "lng",
  "population",
] as const;
const DISTRICT_COLUMNS = [
  "id",
  "city_id",
  "geonames_id",
  "slug",
  "name_en",
  "name_ru",
  "name_sr",
  "lat",
  "lng",
] as const;

export function gazetteerTables(g: ReferenceGazetteer = GAZETTEER): ReferenceTable[] {
  return [
    {
      table: "cities",
      key: ["id"],
      columns: CITY_COLUMNS,
      rows: g.cities.map((c) => ({
        id: c.id,
        geonames_id: c.geonames_id,
        slug: c.slug,
        name_en: c.en,
        name_ru: c.ru,
        name_sr: c.sr,
        lat: c.lat,
        lng: c.lng,
        population: c.population,
      })),
    },
    {
      table: "districts",
      key: ["id"],
      columns: DISTRICT_COLUMNS,
      rows: g.districts.map((d) => ({
        id: d.id,
        city_id: d.city_id,
        geonames_id: d.geonames_id,
        slug: d.slug,
        name_en: d.en,
        name_ru: d.ru,
        name_sr: d.sr,
        lat: d.lat,
        lng: d.lng,
      })),
    },
  ];
}
