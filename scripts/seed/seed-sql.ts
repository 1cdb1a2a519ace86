/**
 * The deterministic seed as SQL statements: the same input gives the same rows, byte for byte.
 * Used by `npm run seed` (local D1 through wrangler) and by the workerd tests (applied directly).
 */
import { CITIES } from "./gazetteer.ts";

export function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

export function seedStatements(): string[] {
  const statements: string[] = ["DELETE FROM districts", "DELETE FROM cities"];
  CITIES.forEach((city, index) => {
    const cityId = index + 1;
    statements.push(
      `INSERT INTO cities (id, slug, name_en, name_ru, name_sr, lat, lng, population) VALUES (${cityId}, ${sqlString(city.slug)}, ${sqlString(city.en)}, ${sqlString(city.ru)}, ${sqlString(city.sr)}, ${city.lat}, ${city.lng}, ${city.population})`,
    );
    for (const district of city.districts ?? []) {
      statements.push(
        `INSERT INTO districts (city_id, slug, name_en, name_ru, name_sr, lat, lng) VALUES (${cityId}, ${sqlString(district.slug)}, ${sqlString(district.en)}, ${sqlString(district.ru)}, ${sqlString(district.sr)}, ${district.lat}, ${district.lng})`,
      );
    }
  });
  return statements;
}
