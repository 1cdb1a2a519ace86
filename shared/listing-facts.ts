/**
 * A property's facts: the fields of the table (shared/listing-fields.ts) that some types or deals lack —
 * every listing has the others, its place, price and texts. Apart from the table so that the detail page
 * reads their order without loading the wizard's definitions.
 */
import type { EditField, FieldValue, ListingFieldTable } from "./listing-fields.ts";

/** A fact's name: a field with property types or a deal of its own. */
export type ListingFact = {
  [F in EditField]: ListingFieldTable[F] extends { types: unknown } | { deal: unknown } ? F : never;
}[EditField];

/**
 * The facts in the order people scan them: the detail page lists them so and the API gives them so. Not
 * the wizard's order, which asks whether a home is furnished among the conditions (the unit test checks
 * that these are exactly the table's facts).
 */
export const LISTING_FACTS = [
  "area",
  "land_area",
  "rooms",
  "bedrooms",
  "bathrooms",
  "floor",
  "floors",
  "year_built",
  "furnished",
  "heating",
  "parking",
  "balcony",
  "elevator",
  "deposit",
  "pets_allowed",
] as const satisfies readonly ListingFact[];

/** A listing's facts as the API gives them: null where the listing lacks one or its owner has not stated it. */
export type ListingFactValues = { [F in ListingFact]: FieldValue<F> | null };
