import type { Context } from "hono";
import { apiError } from "./api-error.ts";

/** The API's 429: `Retry-After` in seconds and, for a form, the field the message belongs to. */
export function rateLimited(c: Context, verdict: { retryAfterS: number }, field?: string) {
  c.header("Retry-After", String(verdict.retryAfterS));
  return apiError(
    c,
    429,
    "rate_limited",
    `Too many requests; try again in ${verdict.retryAfterS} s`,
    field ? { [field]: "form.error.rateLimited" } : undefined,
  );
}
