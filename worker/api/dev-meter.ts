/**
 * `GET /api/dev/d1/:id` (decision 091): a request's D1 round trips, writes and sequential depth, and its
 * session reads, once it has finished — the streamed page's whole body included, which its own headers
 * cannot say. `id` is the request's `X-Debug-D1-Id`. Development and loopback only (`debugAllowed`),
 * elsewhere a 404 like every other development endpoint. Round trips still running (work after the
 * response) are waited for, up to a second.
 */
import { Hono } from "hono";
import type { AppEnv } from "#worker/app-env.ts";
import { apiError } from "#worker/http/api-error.ts";
import { debugAllowed } from "#worker/http/environment.ts";
import { recentMeter } from "#worker/http/request-meter.ts";

export const devMeter = new Hono<AppEnv>();

const SETTLE_MS = 1_000;

devMeter.get("/dev/d1/:id", async (c) => {
  if (!debugAllowed(c.env, c.req.raw)) return apiError(c, 404, "not_found", "No such endpoint");
  const meter = recentMeter(c.req.param("id"));
  if (!meter) return apiError(c, 404, "not_found", "No such request (only the last few hundred are kept)");
  for (const end = Date.now() + SETTLE_MS; meter.d1.inFlight > 0 && Date.now() < end;) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const { roundTrips, writes, sequential } = meter.d1;
  c.header("Cache-Control", "no-store");
  return c.json({
    roundTrips,
    writes,
    sequential,
    sessionReads: meter.sessionReads,
    apiCalls: meter.apiCalls,
    trips: meter.d1.trips,
    beforeFirstByte: meter.beforeFirstByte ?? null,
  });
});
