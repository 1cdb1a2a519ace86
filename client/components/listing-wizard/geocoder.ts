/**
 * The geocoder's clients (product §7) for the wizard's pin. Not in client/api/browser-api.ts: that module
 * is in the `core` chunk every page loads (vite.config.ts), and only the wizard needs these.
 */
import type { Single } from "#shared/api/conventions.ts";
import type { ApiGeocodeItem, GeocodeResponse } from "#shared/api/geocode.ts";
import type { ApiPlaceHit } from "#shared/api/locations.ts";
import type { Locale } from "#shared/locales.ts";
import { fold } from "#shared/text-match.ts";
import { reportApiFailure } from "#client/api/api-failures.ts";
import type { WizardOptions } from "./wizard-types.ts";

/** `/api/geocoder/address-info`: the city (and district) an address names, with that place's centre. */
export interface ApiAddressPlace {
  address: string;
  city: ApiPlaceHit;
  district: ApiPlaceHit | null;
  lat: number;
  lng: number;
  precision: "city" | "district";
}

/** `/api/geocoder/back`: the gazetteer's city (and district, when near one) of a point. */
export interface ApiPointPlace {
  city: ApiPlaceHit;
  district: ApiPlaceHit | null;
  distance_km: number;
}

/**
 * "No place of ours there" (404) is an answer, not a failure: it raises no notice, and comes back as
 * null like a call that got no answer.
 */
async function geocoder<T>(
  path: string,
  query: Record<string, string | number>,
  locale?: Locale,
  signal?: AbortSignal,
) {
  const { createApiClient } = await import("#shared/api-client.ts");
  const api = createApiClient({
    baseUrl: window.location.origin,
    locale,
    onFailure: (failure) => failure.status !== 404 && reportApiFailure(failure),
  });
  const result = await api.get<Single<T>>(path, query, signal);
  // Aborted while its body was read, a call reads as answered with nothing.
  return result.ok && !signal?.aborted ? (result.data?.data ?? null) : null;
}

export const geocodeAddress = (address: string, locale?: Locale, signal?: AbortSignal) =>
  geocoder<ApiAddressPlace>("/api/geocoder/address-info", { address }, locale, signal);

export const reverseGeocode = (lat: number, lng: number, locale?: Locale, signal?: AbortSignal) =>
  geocoder<ApiPointPlace>("/api/geocoder/back", { lat, lng }, locale, signal);

/**
 * Whether an address names one of our cities or districts (this language's name or the slug), as the
 * geocoder needs: "Knez Mihailova 12" alone is not looked up, to a certain "no place" (404).
 */
export function namesPlace(address: string, cities: WizardOptions["cities"]): boolean {
  const text = ` ${fold(address)} `;
  return cities.some((city) =>
    [city, ...city.districts].some((place) => [place.name, place.slug].some((n) => text.includes(` ${fold(n)} `))),
  );
}

/**
 * Street addresses for the typed words (`/api/geocode`, decision 065): "none" when the site has no
 * geocoder (404: the field stays a text field), null when it could not answer now. Type-ahead fails
 * quietly — the owner can always type the address — except a lost session, which the notices tell.
 */
export async function suggestAddresses(
  q: string,
  locale: Locale,
  signal?: AbortSignal,
): Promise<ApiGeocodeItem[] | "none" | null> {
  const { createApiClient } = await import("#shared/api-client.ts");
  const api = createApiClient({
    baseUrl: window.location.origin,
    locale,
    onFailure: (failure) => failure.status === 401 && reportApiFailure(failure),
  });
  const result = await api.get<GeocodeResponse>("/api/geocode", { q, lang: locale }, signal);
  if (signal?.aborted) return null;
  if (result.ok) return result.data.items;
  return result.status === 404 ? "none" : null;
}
