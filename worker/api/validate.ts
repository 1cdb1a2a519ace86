import type { Context } from "hono";
import { validator } from "hono/validator";
import * as v from "valibot";
import { defaultMessage } from "#shared/validation.ts";
import { apiError } from "#worker/http/api-error.ts";

v.setGlobalMessage(defaultMessage);

/**
 * `{ "price_min": "must be a number" }` from valibot issues: one message per field, the first wins.
 * Query names are flat (a repeated `type` is one field); JSON bodies keep the full path (`ids.3`).
 */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[], flat = false): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path?.map((item) => String(item.key)) ?? [];
    const key = (flat ? path.slice(0, 1) : path).join(".") || "body";
    fields[key] ??= issue.message;
  }
  return fields;
}

export function invalidInput(c: Context, issues: readonly v.BaseIssue<unknown>[], flat = false) {
  const fields = fieldErrors(issues, flat);
  return apiError(c, 400, "invalid_input", `Invalid ${Object.keys(fields).join(", ")}`, fields);
}

type Target = "query" | "json" | "param" | "form";

/**
 * A Hono validator for one part of the request, checked with a valibot schema from `shared/`.
 * Failure is the API's 400 naming each bad field; `c.req.valid(target)` is the parsed output.
 * Query values arrive as strings (repeated names as arrays): schemas coerce them.
 */
export function valid<T extends Target, S extends v.GenericSchema>(target: T, schema: S) {
  return validator(target, (value, c) => {
    const result = v.safeParse(schema, value);
    if (!result.success) return invalidInput(c, result.issues, target === "query" || target === "param");
    return result.output as v.InferOutput<S>;
  });
}
