/**
 * The street-address geocoder (decision 065): the operator's Nominatim or Photon (the same
 * HTTP APIs, self-hosted or a provider's), called by the worker only — browsers never talk to it. Bounded
 * to Serbia, in the page's language, a short timeout; what it answers becomes `{ label, lat, lng }`.
 */
import type { Locale } from "#shared/locales.ts";
import { SERBIA_BOUNDS } from "#shared/map.ts";
import { type Config, config, type ConfigSource } from "#worker/config.ts";
import { cyrillicToLatin } from "#shared/cyrillic-latin.ts";

type GeocoderKind = Config["GEOCODER_KIND"];

export interface GeocoderConfig {
  /** The search endpoint: Nominatim's `/search` or Photon's `/api`; its own query (an API key) is kept. */
  url: URL;
  kind: GeocoderKind;
  userAgent: string;
}

export interface Address {
  label: string;
  lat: number;
  lng: number;
}

/** The geocoder did not answer in time, answered an error, or answered what is not its API. */
export class GeocoderUnavailable extends Error {}

/** A suggestion comes while typing: an answer later than this is no suggestion. */
const GEOCODER_TIMEOUT_MS = 2500;

/** The configured geocoder (GEOCODER_URL, GEOCODER_KIND), or null when there is none. */
export function geocoderConfig(env: ConfigSource): GeocoderConfig | null {
  const { GEOCODER_URL, GEOCODER_KIND, SITE_ORIGIN } = config(env);
  if (!GEOCODER_URL) return null;
  // Nominatim's usage policy asks every application to name itself.
  const userAgent = `Kvadrat real estate (${SITE_ORIGIN ?? "development"})`;
  return { url: new URL(GEOCODER_URL), kind: GEOCODER_KIND, userAgent };
}

/** The languages asked of the data: Serbian pages are written in Latin letters. */
const ACCEPT_LANGUAGE: Record<Locale, string> = { en: "en", ru: "ru,sr;q=0.5", sr: "sr-Latn,sr;q=0.5" };
const PHOTON_LANG: Record<Locale, string> = { en: "en", ru: "ru", sr: "sr" };

/** The request for `q`: the operator's URL with the API's parameters added. */
function geocoderRequest(config: GeocoderConfig, q: string, locale: Locale, limit: number): Request {
  const url = new URL(config.url);
  const b = SERBIA_BOUNDS;
  const set = (name: string, value: string) => url.searchParams.set(name, value);
  set("q", q);
  set("limit", String(limit));
  if (config.kind === "nominatim") {
    set("format", "jsonv2");
    set("addressdetails", "1");
    set("countrycodes", "rs");
    set("viewbox", `${b.west},${b.north},${b.east},${b.south}`);
    set("bounded", "1");
    set("accept-language", ACCEPT_LANGUAGE[locale]);
  } else {
    set("lang", PHOTON_LANG[locale]);
    set("bbox", `${b.west},${b.south},${b.east},${b.north}`);
  }
  return new Request(url, {
    headers: { Accept: "application/json", "Accept-Language": ACCEPT_LANGUAGE[locale], "User-Agent": config.userAgent },
  });
}

/** Addresses for `q`, at most `limit`, inside Serbia; throws GeocoderUnavailable when the geocoder fails. */
export async function searchAddresses(
  config: GeocoderConfig,
  q: string,
  locale: Locale,
  limit: number,
  fetcher: typeof fetch = fetch,
): Promise<Address[]> {
  let body: unknown;
  try {
    const res = await fetcher(geocoderRequest(config, q, locale, limit), {
      signal: AbortSignal.timeout(GEOCODER_TIMEOUT_MS),
    });
    if (!res.ok) throw new GeocoderUnavailable(`geocoder answered ${res.status}`);
    body = await res.json();
  } catch (error) {
    if (error instanceof GeocoderUnavailable) throw error;
    throw new GeocoderUnavailable((error as Error).message);
  }
  const found = config.kind === "nominatim" ? fromNominatim(body) : fromPhoton(body);
  if (!found) throw new GeocoderUnavailable("the geocoder's answer is not its API's");
  const seen = new Set<string>();
  return found
    .filter((a) => inSerbia(a.lat, a.lng) && a.label !== "")
    .map((a) => ({ ...a, label: locale === "sr" ? cyrillicToLatin(a.label) : a.label }))
    .filter((a) => !seen.has(a.label) && seen.add(a.label))
    .slice(0, limit);
}

const inSerbia = (lat: number, lng: number) =>
  lat >= SERBIA_BOUNDS.south && lat <= SERBIA_BOUNDS.north && lng >= SERBIA_BOUNDS.west && lng <= SERBIA_BOUNDS.east;

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
const first = (...values: unknown[]) => values.map(text).find((v) => v !== "") ?? "";

/** "Street 12, Town", from the parts the data has (a named place when there is no street). */
function label(street: string, number: string, name: string, locality: string): string {
  const head = street ? (number ? `${street} ${number}` : street) : name;
  return [head, locality].filter((part, i, all) => part !== "" && all.indexOf(part) === i).join(", ");
}

type Record_ = Record<string, unknown>;
const isRecord = (value: unknown): value is Record_ => typeof value === "object" && value !== null;

/** Nominatim's `format=jsonv2` with `addressdetails=1`: an array of places. */
export function fromNominatim(body: unknown): Address[] | null {
  if (!Array.isArray(body)) return null;
  return body.filter(isRecord).flatMap((place) => {
    const lat = Number(place.lat);
    const lng = Number(place.lon);
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) return [];
    const a = isRecord(place.address) ? place.address : {};
    const street = first(a.road, a.pedestrian, a.footway, a.square, a.place);
    const locality = first(a.city, a.town, a.village, a.municipality, a.suburb);
    const name = first(place.name, text(place.display_name).split(",")[0]);
    return [{ label: label(street, text(a.house_number), name, locality), lat, lng }];
  });
}

/** Photon's GeoJSON FeatureCollection. */
export function fromPhoton(body: unknown): Address[] | null {
  if (!isRecord(body) || !Array.isArray(body.features)) return null;
  return body.features.filter(isRecord).flatMap((feature) => {
    const geometry = isRecord(feature.geometry) ? feature.geometry : {};
    const [lng, lat] = Array.isArray(geometry.coordinates) ? geometry.coordinates.map(Number) : [];
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) return [];
    const p = isRecord(feature.properties) ? feature.properties : {};
    const locality = first(p.city, p.town, p.village, p.county);
    return [{ label: label(text(p.street), text(p.housenumber), text(p.name), locality), lat: lat!, lng: lng! }];
  });
}
