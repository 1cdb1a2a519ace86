import type { Context } from "hono";
import type { AppEnv } from "#worker/app-env.ts";
import type { ConfigSource } from "#worker/config.ts";
import { debugAllowed } from "./environment.ts";

/**
 * The time a request works with. In development, from a loopback address (`debugAllowed`), a request
 * may set it with `X-Debug-Now` (milliseconds since the epoch), so tests can reach the 30-second and
 * one-day edges without waiting; any other request's header is ignored.
 */
const DEBUG_NOW_HEADER = "x-debug-now";

function requestNow(env: ConfigSource, request: Request): number {
  if (debugAllowed(env, request)) {
    const value = request.headers.get(DEBUG_NOW_HEADER);
    if (value && /^\d{1,15}$/.test(value)) return Number(value);
  }
  return Date.now();
}

/** The request's clock, read once and kept in the context. */
export function nowOf(c: Context<AppEnv>): number {
  let now = c.get("now");
  if (now === undefined) {
    now = requestNow(c.env, c.req.raw);
    c.set("now", now);
  }
  return now;
}

/** The clock header to pass on to in-process API calls (the API ignores it outside development too). */
export function debugClock(request: Request): Record<string, string> {
  const value = request.headers.get(DEBUG_NOW_HEADER);
  return value ? { [DEBUG_NOW_HEADER]: value } : {};
}
