/** Query shapes of SPEC §7 "Cities and locations". */
import * as v from "valibot";
import { intParamOr } from "./conventions.ts";

export const LocationSearchQuery = v.object({
  q: v.pipe(v.string("is required"), v.trim(), v.minLength(1, "is required"), v.maxLength(100, "must be at most 100 characters")),
  limit: intParamOr(1, 20, 10),
  locale: v.optional(v.string()),
});

const coordinate = (min: number, max: number) =>
  v.pipe(
    v.string("is required"),
    v.regex(/^-?\d{1,3}(\.\d{1,10})?$/, "must be a decimal coordinate"),
    v.transform(Number),
    v.minValue(min, `must be between ${min} and ${max}`),
    v.maxValue(max, `must be between ${min} and ${max}`),
  );

export const ReverseGeocodeQuery = v.object({
  lat: coordinate(-90, 90),
  lng: coordinate(-180, 180),
  locale: v.optional(v.string()),
});

export const AddressInfoQuery = v.object({
  address: v.pipe(v.string("is required"), v.trim(), v.minLength(2, "is too short"), v.maxLength(300, "must be at most 300 characters")),
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
