import type { Locale } from "#shared/locales.ts";

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

export interface City {
  id: number;
  slug: string;
  name: string;
  lat: number;
  lng: number;
}

export function localizeCity(row: CityRow, locale: Locale): City {
  return { id: row.id, slug: row.slug, name: row[`name_${locale}`], lat: row.lat, lng: row.lng };
}

export function listCities(db: D1Database): Promise<CityRow[]> {
  return db
    .prepare("SELECT * FROM cities ORDER BY population DESC, slug")
    .all<CityRow>()
    .then((r) => r.results);
}
