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

/** A city's id and, when asked, its district's id by slugs, in one statement (`district_id` null if not the city's). */
export function findPlaceIds(
  db: D1Database,
  citySlug: string,
  districtSlug: string | undefined,
): Promise<{ city_id: number; district_id: number | null } | null> {
  return db
    .prepare(
      `SELECT c.id AS city_id, d.id AS district_id FROM cities c
       LEFT JOIN districts d ON d.city_id = c.id AND d.slug = ? WHERE c.slug = ?`,
    )
    .bind(districtSlug ?? null, citySlug)
    .first();
}

export function listDistricts(db: D1Database): Promise<DistrictRow[]> {
  return db
    .prepare("SELECT * FROM districts ORDER BY city_id, slug")
    .all<DistrictRow>()
    .then((r) => r.results);
}

export const districtName = (row: DistrictRow, locale: Locale) => row[`name_${locale}`];
