/**
 * What a schema says when a value fails it: a message id of `locales/*.json`, never a sentence. The
 * API answers these ids in `fields`; a form shows them in the visitor's language, with the bounds its
 * schema states (`limitsOf`) as the message's values.
 */
import type * as v from "valibot";

export const INVALID = {
  /** Missing or empty. */
  required: "validation.required",
  /** `{min}` characters or more. */
  tooShort: "validation.tooShort",
  /** `{max}` characters or fewer. */
  tooLong: "validation.tooLong",
  /** A number from `{min}` to `{max}`. */
  range: "validation.range",
  /** At most `{max}`. */
  tooLarge: "validation.tooLarge",
  number: "validation.number",
  wholeNumber: "validation.wholeNumber",
  email: "validation.email",
  /** One of a fixed list. */
  choice: "validation.choice",
  /** The wrong shape (a slug, a token, coordinates, …). */
  format: "validation.format",
  /** The upper end of a range below its lower end. */
  order: "validation.order",
  /** A listing type of the other deal. */
  typeOfDeal: "validation.typeOfDeal",
  /** "Rented" for a listing for sale, or "Sold" for one to let (decision 084). */
  outcomeOfDeal: "validation.outcomeOfDeal",
  /** More items than allowed. */
  tooMany: "validation.tooMany",
  /** A district given without its city. */
  needsCity: "validation.needsCity",
  /** A field the listing's property type does not have (a land plot's rooms). */
  notApplicable: "validation.notApplicable",
  /** A field given together with another that it excludes (`realty_id` with `conversation_id`). */
  exclusive: "validation.exclusive",
} as const;

/**
 * The message of a check that names none of its own (a bare `v.string()`, an object's missing key), so
 * it speaks an id too rather than valibot's English default: the worker sets it globally
 * (`v.setGlobalMessage`, worker/api/validate.ts) before anything is parsed.
 */
export const defaultMessage = (issue: v.BaseIssue<unknown>): string =>
  issue.input === undefined ? INVALID.required : INVALID.format;

/** The bounds a schema states, for a form field's constraint attributes and its messages' values. */
export interface Limits {
  minLength?: number;
  maxLength?: number;
  minValue?: number;
  maxValue?: number;
}

type Piped = { pipe?: readonly { type: string; requirement?: unknown }[]; wrapped?: Piped };

/**
 * The length and value bounds of a valibot schema's pipe (looking through `optional`), so a form reads
 * its `minLength`/`maxLength`/`min`/`max` from the schema the API checks with instead of repeating it.
 */
export function limitsOf(schema: v.GenericSchema): Limits {
  const limits: Limits = {};
  const visit = (node: Piped | undefined) => {
    if (!node) return;
    visit(node.wrapped);
    for (const item of node.pipe ?? []) {
      if (item === node) continue;
      const value = typeof item.requirement === "number" ? item.requirement : undefined;
      if (value === undefined) visit(item as Piped);
      else if (item.type === "min_length") limits.minLength = value;
      else if (item.type === "max_length") limits.maxLength = value;
      else if (item.type === "min_value") limits.minValue = value;
      else if (item.type === "max_value") limits.maxValue = value;
    }
  };
  visit(schema as unknown as Piped);
  return limits;
}
