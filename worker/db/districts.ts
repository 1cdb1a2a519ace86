import type { Database } from "#worker/app-env.ts";
export interface DistrictRow {
  id: number;
  city_id: number;
  slug: string;
  name_en: string;
  name_ru: string;
  name_sr: string;
  lat: number;
  lng: number;
}

export function listDistricts(db: Database): Promise<DistrictRow[]> {
  return db
    .prepare("SELECT * FROM districts ORDER BY city_id, slug")
    .all<DistrictRow>()
    .then((r) => r.results);
}
