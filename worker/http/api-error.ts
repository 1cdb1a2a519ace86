import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "#worker/app-env.ts";
import { logServerError, shownErrorText } from "./server-error.ts";

/** The API's one error shape (architecture §4). */
export function apiError(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  message: string,
  fields?: Record<string, string>,
) {
  return c.json({ error: { code, message, ...(fields ? { fields } : {}) } }, status);
}

/** The API's 500: logged in full under a request id; the body names the id, not the error (unless ERROR_LOGGING). */
export function apiServerError(c: Context<AppEnv>, error: unknown) {
  const requestId = logServerError(c, error);
  return c.json(
    { error: { code: "server_error", message: shownErrorText(c.env, error, "Server error"), request_id: requestId } },
    500,
    { "X-Request-Id": requestId },
  );
}
