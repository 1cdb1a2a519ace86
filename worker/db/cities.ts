import type { Database } from "#worker/app-env.ts";
export interface CityRow {
  id: number;
  slug: string;
  name_en: string;
  name_ru: string;
  name_sr: string;
  lat: number;
  lng: number;
  population: number;
}

export function listCities(db: Database): Promise<CityRow[]> {
  return db
    .prepare("SELECT * FROM cities ORDER BY population DESC, slug")
    .all<CityRow>()
    .then((r) => r.results);
}
