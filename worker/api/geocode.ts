/**
 * `GET /api/geocode?q=…&lang=…` (decision 065): street addresses for the wizard's address
 * field, from the operator's geocoder (worker/adapters/geocoder.ts) — signed-in owners only, throttled per
 * person and address, answers kept a day at the edge. No geocoder configured: 404, and the field stays a
 * text field; the geocoder failing: 503 `geocoder_unavailable`.
 */
import { Hono } from "hono";
import type { AppEnv } from "#worker/app-env.ts";
import { GEOCODE_LIMIT, GeocodeQuery, type GeocodeResponse } from "#shared/api/geocode.ts";
import type { Locale } from "#shared/locales.ts";
import { placeAt } from "#worker/db/gazetteer.ts";
import { referenceTables } from "#worker/db/reference-data.ts";
import { apiError } from "#worker/http/api-error.ts";
import { apiLocale } from "#worker/http/api-locale.ts";
import { perAddress, perUser, throttle } from "#worker/middleware/throttle.ts";
import { requireAuth } from "#worker/middleware/session.ts";
import {
  type GeocoderConfig,
  geocoderConfig,
  GeocoderUnavailable,
  searchAddresses,
} from "#worker/adapters/geocoder.ts";
import { valid } from "./validate.ts";

/** A suggestion list is looked up as the owner pauses typing: a few a second at most, bursts allowed. */
const PER_MINUTE = 60;
/** An address's answer changes with the map's data, seldom: a day at the edge spares the geocoder. */
const ANSWER_TTL_S = 86_400;
/** A point this near one of the gazetteer's cities is in it (Belgrade's outer districts included). */
const CITY_RADIUS_KM = 20;

const cacheKey = (config: GeocoderConfig, q: string, locale: Locale) =>
  `https://geocode.cache/${config.kind}/${locale}/${encodeURIComponent(config.url.href)}/${encodeURIComponent(
    q.toLowerCase().replace(/\s+/g, " "),
  )}`;

export const geocode = new Hono<AppEnv>().get(
  "/geocode",
  requireAuth,
  async (c, next) => {
    if (!geocoderConfig(c.env)) return apiError(c, 404, "not_found", "No geocoder is configured");
    await next();
  },
  throttle((c) => [perUser(c, "geocode", PER_MINUTE, 60), perAddress(c, "geocode", PER_MINUTE * 3, 60)]),
  valid("query", GeocodeQuery),
  async (c) => {
    const config = geocoderConfig(c.env)!;
    const query = c.req.valid("query");
    const locale = query.lang ?? apiLocale(c);
    const key = cacheKey(config, query.q, locale);
    const cache = await caches.open("geocode");
    const kept = await cache.match(key);
    if (kept) return c.json(await kept.json<GeocodeResponse>());
    let addresses;
    try {
      addresses = await searchAddresses(config, query.q, locale, GEOCODE_LIMIT);
    } catch (error) {
      if (!(error instanceof GeocoderUnavailable)) throw error;
      console.warn("geocoder unavailable", { message: error.message });
      c.header("Retry-After", "10");
      return apiError(c, 503, "geocoder_unavailable", "The address search is unavailable; type the address");
    }
    const gazetteer = await referenceTables(c.env).gazetteer();
    const body: GeocodeResponse = {
      items: addresses.map((address) => {
        const place = placeAt(gazetteer, address.lat, address.lng);
        const near = place && (place.district || place.distance_km <= CITY_RADIUS_KM);
        return {
          ...address,
          ...(near ? { city_slug: place.city.slug } : {}),
          ...(near && place.district ? { district: place.district.slug } : {}),
        };
      }),
    };
    const response = Response.json(body, { headers: { "Cache-Control": `max-age=${ANSWER_TTL_S}` } });
    await cache.put(key, response);
    return c.json(body, 200, { "Cache-Control": "private, max-age=300" });
  },
);
