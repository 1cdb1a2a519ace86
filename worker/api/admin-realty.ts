/**
 * Moderation (SPEC §7, issue 18 item 6): `POST /api/admin/realty/{id}/approve` publishes a pending
 * listing for LISTING_RUN_DAYS days, `POST /api/admin/realty/{id}/reject {"reason"}` sends it back to its
 * owner with the reason, `GET /api/admin/realty/{id}/history` lists its changes of state. Admins only:
 * everyone else gets 404, as for a path that does not exist.
 */
import { Hono, type Context } from "hono";
import * as v from "valibot";
import { IdParam } from "#shared/api/conventions.ts";
import { RejectBody } from "#shared/api/cabinet.ts";
import { LISTING_RUN_DAYS } from "#shared/constants.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { editRow, listingHistory, updateListing, type ColumnValues } from "#worker/db/listing-edits.ts";
import { apiError } from "#worker/http/api-error.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { toEdit } from "./realty-edit.ts";
import { valid } from "./validate.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const IdParams = v.object({ id: IdParam });

export const adminRealty = new Hono<AppEnv>();

for (const path of ["/admin/realty/:id/approve", "/admin/realty/:id/reject", "/admin/realty/:id/history"]) {
  adminRealty.use(path, async (c, next) => {
    if (c.get("user")?.role !== "admin") return apiError(c, 404, "not_found", "No such endpoint");
    await next();
    c.header("Cache-Control", "private, no-store");
  });
}

/** Moves a pending listing to a decision; 409 when it is not pending (decided already, or not submitted). */
async function decide(c: Context<AppEnv>, id: number, values: ColumnValues) {
  const row = await editRow(c.env.DB, id, null);
  if (!row) return apiError(c, 404, "not_found", "No such listing");
  if (row.status !== "pending") return apiError(c, 409, "not_pending", `The listing is ${row.status}, not pending`);
  const applied = await updateListing(c.env.DB, id, "pending", values, nowOf(c), {
    actorId: c.get("user")!.id,
    reason: typeof values.rejection_reason === "string" ? values.rejection_reason : null,
  });
  if (!applied) return apiError(c, 409, "not_pending", "The listing was decided meanwhile");
  return c.json({ data: toEdit((await editRow(c.env.DB, id, null))!) });
}

adminRealty
  .post("/admin/realty/:id/approve", valid("param", IdParams), (c) =>
    decide(c, c.req.valid("param").id, {
      status: "active",
      rejection_reason: null,
      expires_at: nowOf(c) + LISTING_RUN_DAYS * DAY_MS,
    }),
  )
  .post("/admin/realty/:id/reject", valid("param", IdParams), valid("json", RejectBody), (c) =>
    decide(c, c.req.valid("param").id, {
      status: "rejected",
      rejection_code: c.req.valid("json").code ?? null,
      rejection_reason: c.req.valid("json").reason || null,
    }),
  )
  .get("/admin/realty/:id/history", valid("param", IdParams), async (c) => {
    const id = c.req.valid("param").id;
    if (!(await editRow(c.env.DB, id, null))) return apiError(c, 404, "not_found", "No such listing");
    const items = await listingHistory(c.env.DB, id);
    return c.json({ items: items.map((e) => ({ ...e, created_at: new Date(e.created_at).toISOString() })) });
  });
