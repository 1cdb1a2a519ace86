/**
 * Production latency, measured in development (decision 091): every request allowed development knobs
 * (`debugAllowed`) gets its own metered D1 binding, made once here at the worker's entry and carried in a
 * per-request copy of `env`, so the page, its in-process API calls and the API app all count into it.
 * A production request is not wrapped: it pays one settings lookup.
 *
 * - `D1_DELAY_MS` (var) or `X-Debug-D1-Delay: <ms>` (per request, at most 10 s): every D1 round trip waits
 *   that long first, as if the database were in another region.
 * - Response headers, as counted when the headers went out (for a streamed page: before its first byte):
 *   `X-Debug-D1` round trips, `X-Debug-D1-Writes` writing statements, `X-Debug-D1-Before-First-Byte` the
 *   sequential depth of the round trips that had ended, `X-Debug-Session-Reads` the visitor's session
 *   resolved from a token (a user read), and `X-Debug-D1-Id`.
 * - `GET /api/dev/d1/<X-Debug-D1-Id>`: the same counts once the request has finished (the whole streamed
 *   body), for the bench; the last few hundred requests are kept.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "#worker/app-env.ts";
import { config, withBindings, type ConfigSource } from "#worker/config.ts";
import { type D1Counts, meterD1 } from "#worker/db/d1-meter.ts";
import { debugAllowed } from "./environment.ts";

const D1_DELAY_HEADER = "x-debug-d1-delay";
const MAX_DEBUG_DELAY_MS = 10_000;
/** How many finished requests' counts are kept for `GET /api/dev/d1/<id>`. */
const KEPT_REQUESTS = 500;

export interface RequestMeter {
  id: string;
  d1: D1Counts;
  /** How often the visitor's session was resolved from a token (each is a user read). */
  sessionReads: number;
  /** The in-process API calls the request made (`GET /api/…`), in order; a call answered again is not repeated. */
  apiCalls: string[];
  /** What the counts were when the response's headers went out. */
  beforeFirstByte?: { roundTrips: number; writes: number; sequential: number };
}

/** The meter of each request's own env copy. */
const meters = new WeakMap<object, RequestMeter>();
const recent = new Map<string, RequestMeter>();

/** The D1 delay a request asks for: the header, else `D1_DELAY_MS`; 0 where knobs do not apply. */
export function d1Delay(env: ConfigSource, request: Request): number {
  if (!debugAllowed(env, request)) return 0;
  const ms = Number(request.headers.get(D1_DELAY_HEADER) ?? config(env).D1_DELAY_MS);
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, MAX_DEBUG_DELAY_MS) : 0;
}

/** The meter of the request whose env this is (undefined in production and for other addresses). */
export function meterOf(env: object): RequestMeter | undefined {
  return meters.get(env);
}

/** `copy` (a copy of a metered env, with some bindings replaced) counts into the same meter as `env`. */
export function shareMeter(env: object, copy: object): void {
  const meter = meters.get(env);
  if (meter) meters.set(copy, meter);
}

/** A session resolved from a token (the session middleware's user read). */
export function countSessionRead(env: object): void {
  const meter = meters.get(env);
  if (meter) meter.sessionReads += 1;
}

/** An in-process API call made (the bench and tests see which, and that none is made twice). */
export function countApiCall(env: object, method: string, url: string): void {
  const meter = meters.get(env);
  if (meter) {
    const { pathname, search } = new URL(url);
    meter.apiCalls.push(`${method} ${pathname}${search}`);
  }
}

/** A finished (or still streaming) request's counts, by its `X-Debug-D1-Id`. */
export function recentMeter(id: string): RequestMeter | undefined {
  return recent.get(id);
}

export function requestMeter(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!debugAllowed(c.env, c.req.raw)) return next();
    const { db, counts } = meterD1(c.env.DB, { delayMs: d1Delay(c.env, c.req.raw) });
    c.env = withBindings(c.env, { DB: db });
    const meter: RequestMeter = { id: crypto.randomUUID(), d1: counts, sessionReads: 0, apiCalls: [] };
    meters.set(c.env, meter);
    recent.set(meter.id, meter);
    if (recent.size > KEPT_REQUESTS) recent.delete(recent.keys().next().value!);
    await next();
    meter.beforeFirstByte = {
      roundTrips: counts.roundTrips,
      writes: counts.writes,
      sequential: counts.sequentialEnded,
    };
    // A WebSocket's 101 cannot be copied; it has no body to wait for either.
    if (c.res.status === 101) return;
    const headers = {
      "X-Debug-D1": String(counts.roundTrips),
      "X-Debug-D1-Writes": String(counts.writes),
      "X-Debug-D1-Before-First-Byte": String(counts.sequentialEnded),
      "X-Debug-Session-Reads": String(meter.sessionReads),
      "X-Debug-D1-Id": meter.id,
    };
    c.res = new Response(c.res.body, c.res);
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  };
}
