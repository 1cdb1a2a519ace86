/**
 * `GET /api/trust` (product §7 "Trust in numbers", decision 089): how current the public listings are and
 * how moderation works, computed from the database at most once per isolate per `REFERENCE_CACHE_TTL`
 * seconds — the same for everyone, so a crawler hitting `/trust/` costs a memory read, not four queries.
 */
import { Hono } from "hono";
import { TRUST_CONFIRMED_DAYS, TRUST_WINDOW_DAYS, type ApiTrustFigures } from "#shared/api/trust.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { referenceData } from "#worker/db/reference-data.ts";
import { trustFigures } from "#worker/db/trust.ts";
import { debugRequest } from "#worker/http/environment.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { toTrustFigures } from "./shapes/trust.ts";

export const trust = new Hono<AppEnv>().get("/trust", async (c) => {
  const now = nowOf(c);
  const read = async () =>
    toTrustFigures(await trustFigures(c.env.DB, now, TRUST_CONFIRMED_DAYS, TRUST_WINDOW_DAYS), now);
  // A request on a development clock (X-Debug-Now) reads its own figures and keeps none for others.
  const data: ApiTrustFigures = debugRequest(c.env, c.req.raw)
    ? await read()
    : await referenceData(c.env, "trust", read);
  return c.json({ data });
});
