/**
 * Response and query conventions shared by the API, the pages, the tests and any outside client:
 * collections are `{ items, total, page, per_page }` (total/page where paged), single
 * resources `{ data }`, errors `{ error: { code, message, fields? } }`.
 */
import * as v from "valibot";
import { DEFAULT_PER_PAGE, MAX_PAGE, MAX_PER_PAGE } from "./limits.ts";
import { INVALID } from "#shared/validation.ts";
import { SLUG, SLUG_MAX, WHOLE_NUMBER } from "#shared/value-patterns.ts";

export interface Collection<T> {
  items: T[];
  total?: number;
  page?: number;
  per_page?: number;
}

export interface Paged<T> extends Collection<T> {
  total: number;
  page: number;
  per_page: number;
}

export interface Single<T> {
  data: T;
}

export const wholeNumber = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(WHOLE_NUMBER, INVALID.wholeNumber),
    v.transform(Number),
    v.minValue(min, INVALID.range),
    v.maxValue(max, INVALID.range),
  );

/** An optional query value as a whole number in a range. */
export const intParam = (min: number, max: number) => v.optional(wholeNumber(min, max));

/** A query value as a whole number in a range, the fallback when absent. */
export const intParamOr = (min: number, max: number, fallback: number) =>
  v.optional(wholeNumber(min, max), String(fallback));

/** `page` (from 1) and `per_page` (1–50, default 20). */
export const PageQuery = v.object({
  page: intParamOr(1, MAX_PAGE, 1),
  per_page: intParamOr(1, MAX_PER_PAGE, DEFAULT_PER_PAGE),
});

/** A JSON body's whole number in a range, the fallback when absent. */
const bodyInt = (min: number, max: number, fallback: number) =>
  v.optional(
    v.pipe(
      v.number(INVALID.number),
      v.integer(INVALID.wholeNumber),
      v.minValue(min, INVALID.range),
      v.maxValue(max, INVALID.range),
    ),
    fallback,
  );

/** Paging in a JSON body (the cabinet's POST lists): `page` from 1, `per_page` 1–50 (default `perPage`). */
export const bodyPaging = (perPage: number) => ({
  page: bodyInt(1, MAX_PAGE, 1),
  per_page: bodyInt(1, MAX_PER_PAGE, perPage),
});

/** Positive integer id in a path segment. */
export const IdParam = v.pipe(
  v.string(),
  v.regex(/^[1-9]\d{0,15}$/, INVALID.format),
  v.transform(Number),
  v.check((n: number) => Number.isSafeInteger(n), INVALID.format),
);

/** Lowercase ASCII slug with hyphens (cities, districts, tags, articles). */
export const Slug = v.pipe(v.string(), v.maxLength(SLUG_MAX, INVALID.tooLong), v.regex(SLUG, INVALID.format));

/**
 * A JSON body that takes exactly one of `keys` (`id` or `ids`): none names the first as required, more
 * than one names the later ones — a 400 names a field, never the whole body.
 */
export const exactlyOne = <T extends Record<string, unknown>>(
  keys: readonly [keyof T & string, ...(keyof T & string)[]],
  messages: { required: string; exclusive: string } = { required: INVALID.required, exclusive: INVALID.exclusive },
) =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const body = dataset.value;
    const name = (key: string, message: string) =>
      addIssue({ message, path: [{ type: "object", origin: "value", input: body, key, value: body[key] }] });
    const given = keys.filter((key) => body[key] !== undefined);
    if (given.length === 0) name(keys[0], messages.required);
    for (const key of given.slice(1)) name(key, messages.exclusive);
  });
