/**
 * Listing editing (product §7 `realty/edit/*`, `form-data`, decision 030): the one definition of
 * the wizard's steps and fields. The API validates each step's body with these schemas, `GET
 * /api/form-data` publishes their limits (`limitsOf`) and which fields each property type has, and the
 * wizard reads the same. Field names are those of `GET /api/realty/{id}`.
 */
import * as v from "valibot";
import { plainLine, plainText } from "#shared/plain-text.ts";
import { LISTING_TYPES, type ListingTypeId, type ListingKind } from "#shared/listing-types.ts";
import type { ListingFactValues } from "#shared/listing-facts.ts";
import { type EditField, fieldsOfStep, fieldsOfType, requiredOfType } from "#shared/listing-fields.ts";
import {
  LISTING_ADDRESS_MAX,
  LISTING_DESCRIPTION_MAX,
  LISTING_DESCRIPTION_MIN,
  LISTING_FLOOR_MAX,
  LISTING_FLOOR_MIN,
  LISTING_TITLE_MAX,
  LISTING_TITLE_MIN,
  LISTING_YEAR_MIN,
} from "#shared/constants.ts";
import { LOCALES, type Locale } from "#shared/locales.ts";
import { LOCATION_PRECISIONS, type LocationPrecision } from "#shared/map.ts";
import { INVALID, limitsOf, type Limits } from "#shared/validation.ts";
import { Slug } from "./conventions.ts";
import { MAX_AREA, MAX_PRICE } from "./limits.ts";
import type { ApiRevisionState, ListingStatus } from "./realty.ts";

/** Languages a description may be written in (the site's). */
const LISTING_LANGS = LOCALES.map((l) => l.code);

export const HEATING_KINDS = ["central", "gas", "electric", "heat_pump", "solid_fuel", "none"] as const;

const int = (min: number, max: number) =>
  v.pipe(
    v.number(INVALID.number),
    v.integer(INVALID.wholeNumber),
    v.minValue(min, INVALID.range),
    v.maxValue(max, INVALID.range),
  );
const decimal = (min: number, max: number) =>
  v.pipe(
    v.number(INVALID.number),
    v.finite(INVALID.number),
    v.minValue(min, INVALID.range),
    v.maxValue(max, INVALID.range),
  );
/** Free text: `plainLine()` for one line, `plainText()` for several. */
const text = (min: number, max: number, clean: typeof plainText = plainLine) =>
  v.pipe(v.string(), clean(), v.trim(), v.minLength(min, INVALID.tooShort), v.maxLength(max, INVALID.tooLong));
const flag = v.boolean(INVALID.choice);
/** Absent leaves a field as it is; null clears it. */
const field = <S extends v.GenericSchema>(schema: S) => v.optional(v.nullable(schema));

/** Each field's schema: its value when given (not null); the fields themselves are shared/listing-fields.ts. */
export const FIELD_SCHEMAS = {
  city: Slug,
  district: Slug,
  address: text(3, LISTING_ADDRESS_MAX),
  lat: decimal(-90, 90),
  lng: decimal(-180, 180),
  /** Decision 044: how precisely the public sees the point (shared/map.ts); null sets the default, `exact`. */
  location_precision: v.picklist(LOCATION_PRECISIONS, INVALID.choice),
  area: decimal(1, MAX_AREA),
  land_area: decimal(1, MAX_AREA),
  // Serbian counting: 0.5 is a studio, 1.5 a "jednoiposoban" flat.
  rooms: v.pipe(
    decimal(0.5, 20),
    v.check((n) => Number.isInteger(n * 2), INVALID.format),
  ),
  bedrooms: int(0, 20),
  bathrooms: int(0, 10),
  floor: int(LISTING_FLOOR_MIN, LISTING_FLOOR_MAX),
  floors: int(1, LISTING_FLOOR_MAX),
  year_built: int(LISTING_YEAR_MIN, 2100),
  heating: v.picklist(HEATING_KINDS, INVALID.choice),
  parking: flag,
  balcony: flag,
  elevator: flag,
  title: text(LISTING_TITLE_MIN, LISTING_TITLE_MAX),
  description: text(LISTING_DESCRIPTION_MIN, LISTING_DESCRIPTION_MAX, plainText),
  lang: v.picklist(LISTING_LANGS, INVALID.choice),
  price: int(1, MAX_PRICE),
  deposit: int(0, MAX_PRICE),
  pets_allowed: flag,
  furnished: flag,
} as const satisfies Record<EditField, v.GenericSchema>;
export { type EditField, fieldsOfType, requiredOfType };

/** The wizard's steps that carry fields, in order, and the fields each one sets. */
export const STEP_FIELDS = {
  params: fieldsOfStep("params"),
  description: fieldsOfStep("description"),
  conditions: fieldsOfStep("conditions"),
};
export type EditStep = keyof typeof STEP_FIELDS;

const Id = v.pipe(
  v.number(INVALID.number),
  v.integer(INVALID.format),
  v.minValue(1, INVALID.format),
  v.maxValue(Number.MAX_SAFE_INTEGER, INVALID.format),
);
const TypeId = v.pipe(
  v.number(INVALID.choice),
  v.check((id) => LISTING_TYPES.some((t) => t.id === id), INVALID.choice),
  v.transform((id) => id as ListingTypeId),
);

export const TypeStepBody = v.object({ id: v.optional(Id), type_id: TypeId });
export const IdBody = v.object({ id: Id });

const stepBody = <K extends EditField>(fields: readonly K[]) =>
  v.object({
    id: Id,
    ...(Object.fromEntries(fields.map((name) => [name, field(FIELD_SCHEMAS[name])])) as {
      [F in K]: ReturnType<typeof field<(typeof FIELD_SCHEMAS)[F]>>;
    }),
  });
export const STEP_BODIES = {
  params: stepBody(STEP_FIELDS.params),
  description: stepBody(STEP_FIELDS.description),
  conditions: stepBody(STEP_FIELDS.conditions),
};
export type StepValues = Partial<{ [F in EditField]: v.InferOutput<(typeof FIELD_SCHEMAS)[F]> | null }>;

/** A listing as its owner edits it: the stored fields, null where not given yet. */
export interface ApiListingEdit extends ListingFactValues {
  id: number;
  status: ListingStatus;
  type_id: ListingTypeId;
  city: string | null;
  district: string | null;
  address: string | null;
  /** The point the owner set, exact whatever the precision (only the owner's shapes carry it). */
  lat: number | null;
  lng: number | null;
  location_precision: LocationPrecision;
  price: number | null;
  title: string | null;
  /** The title was made from the facts (and follows them); false: the owner wrote it. */
  title_generated: boolean;
  description: string | null;
  lang: Locale | null;
  rejection_reason: string | null;
  /**
   * Changes to the approved listing that wait for a moderator (decision 053): the texts above are then the
   * owner's proposed ones, while the public still sees the approved version. Null when none wait.
   */
  revision: ApiRevisionState | null;
  /** How many photos it has (they are listed by `GET /api/realty/edit/{id}/images`). */
  photo_count: number;
  /** The fields this listing's type has (the wizard shows only these). */
  fields: readonly EditField[];
  created_at: string;
  updated_at: string;
  expires_at: string | null;
}

/** `GET /api/form-data`: what the wizard needs to draw and check its fields. */
export interface ListingFormData {
  types: {
    id: ListingTypeId;
    deal: "sale" | "rent";
    type: ListingKind;
    fields: readonly EditField[];
    required: readonly EditField[];
  }[];
  heating: readonly string[];
  steps: Record<EditStep, readonly EditField[]>;
  limits: Record<EditField, Limits>;
}

export function formData(): ListingFormData {
  return {
    types: LISTING_TYPES.map((t) => ({
      id: t.id,
      deal: t.deal,
      type: t.type,
      fields: fieldsOfType(t.id),
      required: requiredOfType(t.id),
    })),
    heating: HEATING_KINDS,
    steps: STEP_FIELDS,
    limits: Object.fromEntries(
      Object.entries(FIELD_SCHEMAS).map(([name, schema]) => [name, limitsOf(schema as v.GenericSchema)]),
    ) as Record<EditField, Limits>,
  };
}

/** A 409 of `check` when the owner already has a listing with the same facts. */
export interface DuplicateError {
  error: {
    code: "possible_duplicate";
    message: string;
    /** What matched: the owner's listing with the same address, area and price, or a listing with the same photos. */
    match: "facts" | "photos";
    /**
     * `mine`: the owner's own listing (any state but archived); otherwise another advertiser's, and then
     * always a public one (`active`): someone else's private listing is never named.
     */
    listing: { id: number; status: ListingStatus; title: string | null; mine: boolean };
  };
}
