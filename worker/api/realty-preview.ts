/**
 * Listing previews (SPEC §7): `GET /api/realty/preview/{id}` — the signed-in owner's own listing in any
 * state — and `GET /api/admin/realty/preview/{id}` — any listing, for admins (404 for other users).
 * Someone else's listing answers 404 as a missing one does, so ids of hidden listings are not confirmed.
 */
import { Hono } from "hono";
import * as v from "valibot";
import { IdParam } from "#shared/api/conventions.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { listingPreview } from "#worker/db/listings.ts";
import { apiError } from "#worker/http/api-error.ts";
import { apiLocale } from "#worker/http/api-locale.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { requireAuth } from "#worker/middleware/session.ts";
import { valid } from "./validate.ts";

const IdParams = v.object({ id: IdParam });

export const realtyPreview = new Hono<AppEnv>();
for (const path of ["/realty/preview/*", "/admin/realty/preview/*"]) {
  realtyPreview.use(path, requireAuth, async (c, next) => {
    await next();
    c.header("Cache-Control", "private, no-store");
  });
}
realtyPreview.use("/admin/realty/preview/*", async (c, next) => {
  // The admin area does not exist for anyone else (issue 18 item 7): a 404, as a missing listing.
  if (c.get("user")!.role !== "admin") return apiError(c, 404, "not_found", "No such listing");
  await next();
});

realtyPreview
  .get("/realty/preview/:id", valid("param", IdParams), async (c) => {
    const owner = c.get("user")!.id;
    const listing = await listingPreview(c.env.DB, c.req.valid("param").id, apiLocale(c), nowOf(c), owner);
    if (!listing) return apiError(c, 404, "not_found", "No such listing");
    return c.json({ data: listing });
  })
  .get("/admin/realty/preview/:id", valid("param", IdParams), async (c) => {
    const listing = await listingPreview(c.env.DB, c.req.valid("param").id, apiLocale(c), nowOf(c), null);
    if (!listing) return apiError(c, 404, "not_found", "No such listing");
    return c.json({ data: listing });
  });
