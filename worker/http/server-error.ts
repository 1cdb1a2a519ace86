import type { Context } from "hono";
import type { AppEnv } from "#worker/app-env.ts";
import type { ConfigSource } from "#worker/config.ts";
import { isErrorLogging } from "./environment.ts";
import { requestIdOf } from "./request-id.ts";

/**
 * Logs an unexpected error in full under the request's id and returns the id, for the answer to name
 * (`X-Request-Id`): a visitor's report then finds the log line while the answer shows nothing of the error.
 */
export function logServerError(c: Context<AppEnv>, error: unknown): string {
  const requestId = requestIdOf(c);
  const { message, stack } = error instanceof Error ? error : { message: String(error), stack: undefined };
  console.error("server error", { request_id: requestId, message, stack });
  return requestId;
}

/** What an answer may say of an exception: its own text (a D1 message, a provider's) only with error logging. */
export function shownErrorText(env: ConfigSource, error: unknown, generic: string): string {
  return isErrorLogging(env) && error instanceof Error && error.message ? error.message : generic;
}
