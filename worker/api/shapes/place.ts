/** The gazetteer's cities and districts (worker/db/gazetteer.ts) named in the request's language, in the API's shape. */
import type { ApiCity } from "#shared/api-client.ts";
import type { ApiPlaceHit } from "#shared/api/locations.ts";
import type { Locale } from "#shared/locales.ts";
import type { CityRow } from "#worker/db/cities.ts";
import type { PlaceRows } from "#worker/db/gazetteer.ts";

/** A city of `GET /api/cities` and `GET /api/city`. */
export function toCity(row: CityRow, locale: Locale): ApiCity {
  return { id: row.id, slug: row.slug, name: row[`name_${locale}`], lat: row.lat, lng: row.lng };
}

/** A city, or a district with its city's slug and name. */
export function toPlace({ city, district }: PlaceRows, locale: Locale): ApiPlaceHit {
  const cityName = city[`name_${locale}`];
  if (!district) {
    return {
      kind: "city",
      slug: city.slug,
      name: cityName,
      city: { slug: city.slug, name: cityName },
      lat: city.lat,
      lng: city.lng,
    };
  }
  return {
    kind: "district",
    slug: district.slug,
    name: district[`name_${locale}`],
    city: { slug: city.slug, name: cityName },
    lat: district.lat,
    lng: district.lng,
  };
}

/**
 * `GET /api/geocoder/back` and `GET /api/geocoder/address-info`: the gazetteer's answer with its city and
 * district (or null) each a place, the other fields as they are.
 */
export function toGeocodedPlace<Found extends PlaceRows>(
  found: Found,
  locale: Locale,
): Omit<Found, "city" | "district"> & { city: ApiPlaceHit; district: ApiPlaceHit | null } {
  const { city, district } = found;
  return {
    ...found,
    city: toPlace({ city, district: null }, locale),
    district: district && toPlace({ city, district }, locale),
  };
}
