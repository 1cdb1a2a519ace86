/** Query shapes of product §7 "Cities and locations". */
import * as v from "valibot";
import { intParamOr } from "./conventions.ts";
import { INVALID } from "#shared/validation.ts";

export const LocationSearchQuery = v.object({
  q: v.pipe(v.string(INVALID.required), v.trim(), v.minLength(1, INVALID.required), v.maxLength(100, INVALID.tooLong)),
  limit: intParamOr(1, 20, 10),
  locale: v.optional(v.string()),
});

const coordinate = (min: number, max: number) =>
  v.pipe(
    v.string(INVALID.required),
    v.regex(/^-?\d{1,3}(\.\d{1,10})?$/, INVALID.number),
    v.transform(Number),
    v.minValue(min, INVALID.range),
    v.maxValue(max, INVALID.range),
  );

export const ReverseGeocodeQuery = v.object({
  lat: coordinate(-90, 90),
  lng: coordinate(-180, 180),
  locale: v.optional(v.string()),
});

export const AddressInfoQuery = v.object({
  address: v.pipe(
    v.string(INVALID.required),
    v.trim(),
    v.minLength(2, INVALID.tooShort),
    v.maxLength(300, INVALID.tooLong),
  ),
  locale: v.optional(v.string()),
});

export interface ApiPlaceHit {
  kind: "city" | "district";
  slug: string;
  name: string;
  city: { slug: string; name: string };
  lat: number;
  lng: number;
}
