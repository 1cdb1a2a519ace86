import type { Locale } from "#shared/locales.ts";

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

export function findDistrict(db: D1Database, cityId: number, slug: string): Promise<DistrictRow | null> {
  return db.prepare("SELECT * FROM districts WHERE city_id = ? AND slug = ?").bind(cityId, slug).first<DistrictRow>();
}

export function listDistricts(db: D1Database): Promise<DistrictRow[]> {
  return db
    .prepare("SELECT * FROM districts ORDER BY city_id, slug")
    .all<DistrictRow>()
    .then((r) => r.results);
}

export const districtName = (row: DistrictRow, locale: Locale) => row[`name_${locale}`];
