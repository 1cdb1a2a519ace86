import { Hono } from "hono";
import { formData as listingFormData, HEATING_KINDS } from "#shared/api/listing-edit.ts";
import { PRICE_PRESETS, AREA_PRESETS } from "#shared/api/form-options.ts";
import { AddressInfoQuery, LocationSearchQuery, ReverseGeocodeQuery } from "#shared/api/locations.ts";
import { ROOM_FILTERS, SORTS } from "#shared/api/limits.ts";
import { LISTING_TYPES } from "#shared/listing-types.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { type Gazetteer, placeAt, placeOfAddress, searchPlaces } from "#worker/db/gazetteer.ts";
import { referenceData, referenceTables } from "#worker/db/reference-data.ts";
import { makeIntl } from "#shared/intl.ts";
import type { Locale } from "#shared/locales.ts";
import { textsFor } from "#shared/text-catalog.ts";
import { apiError } from "#worker/http/api-error.ts";
import { apiLocale } from "#worker/http/api-locale.ts";
import { geocoderConfig } from "#worker/adapters/geocoder.ts";
import { toGeocodedPlace, toPlace } from "./shapes/place.ts";
import { valid } from "./validate.ts";

/** Product §7 "Cities and locations" beyond the city list: type-ahead, geocoding, form options. */
export const locations = new Hono<AppEnv>()
  .get("/location/search", valid("query", LocationSearchQuery), async (c) => {
    const { q, limit } = c.req.valid("query");
    const locale = apiLocale(c);
    const items = searchPlaces(await referenceTables(c.env).gazetteer(), q, locale, limit).map((place) =>
      toPlace(place, locale),
    );
    return c.json({ items, total: items.length });
  })
  .get("/geocoder/back", valid("query", ReverseGeocodeQuery), async (c) => {
    const { lat, lng } = c.req.valid("query");
    const place = placeAt(await referenceTables(c.env).gazetteer(), lat, lng);
    if (!place) return apiError(c, 404, "not_found", "No place of ours there");
    return c.json({ data: toGeocodedPlace(place, apiLocale(c)) });
  })
  .get("/geocoder/address-info", valid("query", AddressInfoQuery), async (c) => {
    const place = placeOfAddress(await referenceTables(c.env).gazetteer(), c.req.valid("query").address);
    if (!place) return apiError(c, 404, "not_found", "No known city in the address");
    return c.json({ data: toGeocodedPlace(place, apiLocale(c)) });
  })
  // The same for every visitor of a language: built once per kept gazetteer (worker/db/reference-data.ts).
  .get("/form-data", async (c) => {
    const locale = apiLocale(c);
    const data = await referenceData(c.env, `form-data:${locale}`, async () =>
      formData(await referenceTables(c.env).gazetteer(), locale),
    );
    // The deployment's setting, beside the kept tables: the wizard asks no geocoder the site does not have.
    return c.json({ data: { ...data, address_suggestions: geocoderConfig(c.env) !== null } });
  });

function formData(g: Gazetteer, locale: Locale) {
  const intl = makeIntl(locale, textsFor(locale));
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const collator = new Intl.Collator(locale);
  return {
    deals: (["sale", "rent"] as const).map((value) => ({ value, label: t(`form.deal.${value}`) })),
    types: LISTING_TYPES.map((type) => ({ ...type, label: t(`form.type.${type.type}`) })),
    rooms: ROOM_FILTERS.map((value) => ({ value, label: t("form.rooms", { rooms: value }) })),
    heating: HEATING_KINDS.map((value) => ({ value, label: t(`form.heating.${value}`) })),
    sorts: SORTS.map((value) => ({ value, label: t(`form.sort.${value}`) })),
    cities: g.cities.map((city) => ({
      slug: city.slug,
      name: city[`name_${locale}`],
      districts: g.districts
        .filter((d) => d.city_id === city.id)
        .map((d) => ({ slug: d.slug, name: d[`name_${locale}`] }))
        .sort((a, b) => collator.compare(a.name, b.name)),
    })),
    price_presets: PRICE_PRESETS,
    area_presets: AREA_PRESETS,
    // The listing wizard's fields per type, steps and limits (decision 030).
    listing: listingFormData(),
  };
}
