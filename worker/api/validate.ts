import type { Context } from "hono";
import { validator } from "hono/validator";
import * as v from "valibot";
import { defaultMessage } from "#shared/validation.ts";
import { apiClientError } from "#worker/middleware/request-limits.ts";
import { apiError } from "#worker/http/api-error.ts";

v.setGlobalMessage(defaultMessage);

/**
 * `{ "price_min": "must be a number" }` from valibot issues: one message per field, the first wins.
 * Query names are flat (a repeated `type` is one field); JSON bodies keep the full path (`ids.3`).
 */
function fieldErrors(issues: readonly v.BaseIssue<unknown>[], flat = false): Record<string, string> {
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
  const check = validator(target, (value, c) => {
    const result = v.safeParse(schema, value);
    if (!result.success) return invalidInput(c, result.issues, target === "query" || target === "param");
    return result.output as v.InferOutput<S>;
  });
  if (target !== "json") return check;
  // A body of another type would be read as no body at all: it is refused as such (decision 027).
  return (async (c, next) =>
    hasBody(c.req.raw) && !isJson(c) ? apiClientError(c, 415) : check(c, next)) as typeof check;
}

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

const hasBody = (request: Request) => request.body !== null && request.headers.get("content-length") !== "0";
const isJson = (c: Context) => JSON_TYPE.test((c.req.header("content-type") ?? "").split(";")[0]!.trim());
