/**
 * `GET /api/geocode?q=…&lang=…` (decision 065): street addresses in Serbia from the operator's
 * geocoder, for the wizard's address field. Each suggestion's place in the site's gazetteer comes with it.
 */
import * as v from "valibot";
import { LOCALES } from "#shared/locales.ts";
import { INVALID } from "#shared/validation.ts";

/** Fewer letters name no street; more is not an address. */
export const GEOCODE_QUERY_MIN = 3;
const GEOCODE_QUERY_MAX = 200;
/** Suggestions one answer carries. */
export const GEOCODE_LIMIT = 6;

export const GeocodeQuery = v.object({
  q: v.pipe(
    v.string(INVALID.required),
    v.trim(),
    v.minLength(GEOCODE_QUERY_MIN, INVALID.tooShort),
    v.maxLength(GEOCODE_QUERY_MAX, INVALID.tooLong),
  ),
  lang: v.optional(
    v.picklist(
      LOCALES.map((l) => l.code),
      INVALID.choice,
    ),
  ),
  locale: v.optional(v.string()),
});

export interface ApiGeocodeItem {
  /** The address as people write it, in the asked language where the data has it ("Knez Mihailova 12, Beograd"). */
  label: string;
  lat: number;
  lng: number;
  /** The gazetteer's city there (its slug), when the point is near one of ours. */
  city_slug?: string;
  /** The gazetteer's district there (its slug, of `city_slug`), when the point is in one. */
  district?: string;
}

export interface GeocodeResponse {
  items: ApiGeocodeItem[];
}
