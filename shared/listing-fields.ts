/**
 * A listing's editable fields, defined once (decision 078): in the wizard's order, how each is entered, the
 * step that sets it, which property types and deals have it, which types must state it, and its unit. The
 * edit API's steps and rules (shared/api/listing-edit.ts, beside the fields' valibot schemas and bounds),
 * the wizard (client/components/listing-wizard/), the facts (shared/listing-facts.ts) and the listing's
 * columns in worker/db/ derive their lists from it. No valibot: the wizard's pages read it in the browser.
 */
import { listingType, type ListingKind } from "./listing-types.ts";

type Kind = "number" | "decimal" | "text" | "longText" | "flag" | "choice";
type Step = "params" | "description" | "conditions";

export interface ListingField {
  /** How it is entered: a whole or decimal number, one line or several of text, yes/no, or one of a list. */
  kind: Kind;
  /** The wizard step that sets it. */
  step: Step;
  /** The property types that have it: every type when absent. */
  types?: readonly ListingKind[];
  /** Only listings of this deal have it. */
  deal?: "rent";
  /** The types that must state it before the listing is submitted: `true` for every type. */
  required?: true | readonly ListingKind[];
  /** A number's unit: a message id (`m²` is `м²` in Russian) or the sign itself. */
  unit?: string;
  /** A number that is a year ("1972", never "1,972"). */
  year?: true;
}

const BUILDING: readonly ListingKind[] = ["apartment", "house", "commercial"];
const HOMES: readonly ListingKind[] = ["apartment", "house"];
const M2 = "wizard.unit.m2";

export const LISTING_FIELDS = {
  city: { kind: "choice", step: "params", required: true },
  district: { kind: "choice", step: "params" },
  address: { kind: "text", step: "params", required: true },
  lat: { kind: "decimal", step: "params", required: true },
  lng: { kind: "decimal", step: "params", required: true },
  location_precision: { kind: "choice", step: "params" },
  area: {
    kind: "number",
    step: "params",
    types: [...BUILDING, "investment", "other"],
    required: [...BUILDING, "investment"],
    unit: M2,
  },
  land_area: {
    kind: "number",
    step: "params",
    types: ["house", "land", "investment", "other"],
    required: ["land"],
    unit: M2,
  },
  rooms: { kind: "number", step: "params", types: BUILDING, required: HOMES },
  bedrooms: { kind: "number", step: "params", types: HOMES },
  bathrooms: { kind: "number", step: "params", types: BUILDING },
  floor: { kind: "number", step: "params", types: ["apartment", "commercial"] },
  floors: { kind: "number", step: "params", types: [...BUILDING, "investment"] },
  year_built: { kind: "number", step: "params", types: [...BUILDING, "investment"], year: true },
  heating: { kind: "choice", step: "params", types: BUILDING },
  parking: { kind: "flag", step: "params", types: [...BUILDING, "investment", "other"] },
  balcony: { kind: "flag", step: "params", types: HOMES },
  elevator: { kind: "flag", step: "params", types: ["apartment", "commercial"] },
  title: { kind: "text", step: "description" },
  description: { kind: "longText", step: "description", required: true },
  lang: { kind: "choice", step: "description", required: true },
  price: { kind: "number", step: "conditions", required: true, unit: "€" },
  deposit: { kind: "number", step: "conditions", deal: "rent", unit: "€" },
  pets_allowed: { kind: "flag", step: "conditions", deal: "rent" },
  furnished: { kind: "flag", step: "conditions", types: BUILDING },
} as const satisfies Record<string, ListingField>;
export type EditField = keyof typeof LISTING_FIELDS;

export type ListingFieldTable = typeof LISTING_FIELDS;

/** Every field's name, in the wizard's order. */
export const LISTING_FIELD_NAMES = Object.keys(LISTING_FIELDS) as EditField[];
/** A field's definition, whatever its name. */
export const listingField = (name: EditField): ListingField => LISTING_FIELDS[name];

/** A field's value by how it is entered: a number, yes/no, or the chosen value's code. */
export type FieldValue<F extends EditField> = ListingFieldTable[F]["kind"] extends "flag"
  ? boolean
  : ListingFieldTable[F]["kind"] extends "number" | "decimal"
    ? number
    : string;

/** The fields a step sets, in the wizard's order. */
export type FieldOfStep<S extends Step> = {
  [F in EditField]: (typeof LISTING_FIELDS)[F]["step"] extends S ? F : never;
}[EditField];
export const fieldsOfStep = <S extends Step>(step: S): FieldOfStep<S>[] =>
  LISTING_FIELD_NAMES.filter((name): name is FieldOfStep<S> => listingField(name).step === step);

/** Every field a listing of this type has, in the wizard's order. */
export function fieldsOfType(typeId: number): readonly EditField[] {
  const type = listingType(typeId);
  if (!type) return [];
  return LISTING_FIELD_NAMES.filter((name) => {
    const { types, deal } = listingField(name);
    return (!types || types.includes(type.type)) && (!deal || deal === type.deal);
  });
}

/** What must be stated before submitting (the title is generated when the owner writes none). */
export function requiredOfType(typeId: number): readonly EditField[] {
  const type = listingType(typeId)?.type;
  return LISTING_FIELD_NAMES.filter((name) => {
    const { required } = listingField(name);
    return required === true || (type !== undefined && required?.includes(type));
  });
}
