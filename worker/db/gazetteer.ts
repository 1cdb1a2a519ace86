/**
 * The gazetteer behind the location endpoints: cities and districts from D1, searched and measured
 * here — no outside geocoding service. Answers are rows; worker/api/shapes/place.ts names them in a language.
 */
import { fold, matchesPrefix } from "#shared/text-match.ts";
import type { Locale } from "#shared/locales.ts";
import { type CityRow, listCities } from "./cities.ts";
import { type DistrictRow, listDistricts } from "./districts.ts";
import type { Database } from "#worker/app-env.ts";

/** A place of the gazetteer: a city, or a district with its city. */
export interface PlaceRows {
  city: CityRow;
  district: DistrictRow | null;
}

/** Serbia's bounding box: coordinates outside it are not ours to name. */
const SERBIA_BOUNDS = { south: 42.2, west: 18.8, north: 46.2, east: 23.05 } as const;

const names = (row: CityRow | DistrictRow) => [row.name_en, row.name_ru, row.name_sr, row.slug];

/** Cities and districts from D1; the API reads them through `referenceTables(env).gazetteer()`, kept a while. */
export async function readGazetteer(db: Database) {
  const [cities, districts] = await Promise.all([listCities(db), listDistricts(db)]);
  const cityById = new Map(cities.map((c) => [c.id, c]));
  return { cities, districts, cityById };
}
export type Gazetteer = Awaited<ReturnType<typeof readGazetteer>>;

/** A city's id and, when asked, its district's id by slugs (`district_id` null if not the city's); null: no such city. */
export function placeIds(
  g: Gazetteer,
  citySlug: string,
  districtSlug: string | undefined,
): { city_id: number; district_id: number | null } | null {
  const city = g.cities.find((row) => row.slug === citySlug);
  if (!city) return null;
  const district =
    districtSlug === undefined
      ? undefined
      : g.districts.find((row) => row.city_id === city.id && row.slug === districtSlug);
  return { city_id: city.id, district_id: district?.id ?? null };
}

/**
 * Type-ahead over city and district names in all three languages; name starts rank above word starts, and
 * equal ranks go by the name in `locale`.
 */
export function searchPlaces(g: Gazetteer, query: string, locale: Locale, limit: number): PlaceRows[] {
  const q = fold(query);
  if (!q) return [];
  const ranked: { place: PlaceRows; score: number }[] = [];
  for (const city of g.cities) {
    const hits = names(city).map((n) => matchesPrefix(n, q));
    if (hits.some(Boolean))
      ranked.push({ place: { city, district: null }, score: (hits.includes("start") ? 0 : 2) - city.population / 1e7 });
  }
  for (const district of g.districts) {
    const city = g.cityById.get(district.city_id);
    const hits = names(district).map((n) => matchesPrefix(n, q));
    if (city && hits.some(Boolean)) ranked.push({ place: { city, district }, score: hits.includes("start") ? 1 : 3 });
  }
  const name = ({ city, district }: PlaceRows) => (district ?? city)[`name_${locale}`];
  return ranked
    .sort((a, b) => a.score - b.score || name(a.place).localeCompare(name(b.place)))
    .slice(0, limit)
    .map((r) => r.place);
}

/** Great-circle distance in kilometres. */
function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

/** A district counts within this distance of its centre; otherwise the nearest city. */
const DISTRICT_RADIUS_KM = 3;

/** Reverse geocoding: the nearest city (and district, when close to one) of a point in Serbia. */
export function placeAt(g: Gazetteer, lat: number, lng: number): (PlaceRows & { distance_km: number }) | null {
  const b = SERBIA_BOUNDS;
  if (lat < b.south || lat > b.north || lng < b.west || lng > b.east) return null;
  const nearestCity = g.cities
    .map((city) => ({ city, km: distanceKm(lat, lng, city.lat, city.lng) }))
    .sort((a, b) => a.km - b.km)[0];
  if (!nearestCity) return null;
  const nearestDistrict = g.districts
    .map((district) => ({ district, km: distanceKm(lat, lng, district.lat, district.lng) }))
    .filter((d) => d.km <= DISTRICT_RADIUS_KM)
    .sort((a, b) => a.km - b.km)[0];
  const city = nearestDistrict ? g.cityById.get(nearestDistrict.district.city_id)! : nearestCity.city;
  return {
    city,
    district: nearestDistrict?.district ?? null,
    distance_km: Math.round(distanceKm(lat, lng, city.lat, city.lng) * 10) / 10,
  };
}

/**
 * Forward geocoding of a free-text address: the city (and district) named in it, with their centre
 * as the position. The longest matching name wins, so "Novi Beograd" is not read as Beograd.
 */
export function placeOfAddress(g: Gazetteer, address: string) {
  const text = ` ${fold(address)} `;
  const mentions = (row: CityRow | DistrictRow) =>
    Math.max(...names(row).map((n) => (text.includes(` ${fold(n)} `) ? fold(n).length : 0)));
  const namedCity = g.cities
    .map((row) => ({ row, score: mentions(row) }))
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score || b.row.population - a.row.population)[0]?.row;
  // "Centar" alone could be any city's centre: with a city named, only its own districts count.
  const district = g.districts
    .filter((row) => !namedCity || row.city_id === namedCity.id)
    .map((row) => ({ row, score: mentions(row) }))
    .filter((d) => d.score > 0)
    .sort((a, b) => b.score - a.score)[0]?.row;
  const city = district ? g.cityById.get(district.city_id)! : namedCity;
  if (!city) return null;
  const at = district ?? city;
  return {
    address: address.trim(),
    city,
    district: district ?? null,
    lat: at.lat,
    lng: at.lng,
    precision: district ? ("district" as const) : ("city" as const),
  };
}
