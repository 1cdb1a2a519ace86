/**
 * The back office's listings (decision 062), moderators and admins — a 404 for
 * everyone else:
 * - `GET /api/admin/listings?q=&state=&page=`: any listing by id, owner (id, e-mail, phone) or text, in any
 *   state (`hidden`: taken off by staff, `deleted`), newest first;
 * - `GET /api/admin/listings/{id}`: one, in any state;
 * - `POST /api/admin/listings/{id}/hide {reason}`: off the site (archived, the owner told why in the
 *   cabinet and unable to restore it), 409 `invalid_state` from a draft, a deleted or a hidden listing;
 * - `POST /api/admin/listings/{id}/restore {reason}`: back to the state it had, 409 `not_hidden`, or
 *   `owner_blocked` while its owner is blocked (unblocking brings their listings back).
 * Each change is one D1 batch with its audit row and its history entry (listing_events).
 */
import { type Context, Hono } from "hono";
import * as v from "valibot";
import {
  ADMIN_LISTINGS_PER_PAGE,
  AdminListingsQuery,
  type AdminListingsResponse,
  ListingModerationBody,
} from "#shared/api/admin-listings.ts";
import { IdParam } from "#shared/api/conventions.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { adminListing, findAdminListings, hideListing, restoreListing } from "#worker/db/admin-listings.ts";
import { apiError } from "#worker/http/api-error.ts";
import { apiLocale } from "#worker/http/api-locale.ts";
import { staffAction } from "#worker/http/staff-action.ts";
import { requireRole } from "#worker/middleware/staff.ts";
import { perUser, throttle } from "#worker/middleware/throttle.ts";
import { toAdminListing } from "./shapes/admin-listing.ts";
import { valid } from "./validate.ts";

/** Hides and restores per moderator and hour: far above a real day's work, a ceiling for a stolen session. */
const LISTING_WRITES_PER_HOUR = 300;

const IdParams = v.object({ id: IdParam });

const noListing = (c: Context<AppEnv>) => apiError(c, 404, "not_found", "No such listing");

async function answer(c: Context<AppEnv>, id: number) {
  const locale = apiLocale(c);
  const row = await adminListing(c.env.DB, id, locale);
  return row ? c.json({ data: toAdminListing(row, locale) }) : noListing(c);
}

export const adminListings = new Hono<AppEnv>();

for (const path of ["/admin/listings", "/admin/listings/*"]) adminListings.use(path, requireRole("moderator"));
adminListings.on(
  "POST",
  "/admin/listings/*",
  throttle((c) => [perUser(c, "admin-listing-write", LISTING_WRITES_PER_HOUR, 3600)]),
);

adminListings
  .get("/admin/listings", valid("query", AdminListingsQuery), async (c) => {
    const { q, state, page } = c.req.valid("query");
    const locale = apiLocale(c);
    const { rows, total } = await findAdminListings(c.env.DB, { q, state }, page, ADMIN_LISTINGS_PER_PAGE, locale);
    const items = rows.map((row) => toAdminListing(row, locale));
    const body: AdminListingsResponse = { items, total, page, per_page: ADMIN_LISTINGS_PER_PAGE };
    return c.json(body);
  })
  .get("/admin/listings/:id", valid("param", IdParams), (c) => answer(c, c.req.valid("param").id))
  .post("/admin/listings/:id/hide", valid("param", IdParams), valid("json", ListingModerationBody), async (c) => {
    const { id } = c.req.valid("param");
    const listing = await adminListing(c.env.DB, id, apiLocale(c));
    if (!listing) return noListing(c);
    if (!(await hideListing(c.env.DB, id, c.req.valid("json").reason, staffAction(c)))) {
      return apiError(c, 409, "invalid_state", "Only a listing that is not a draft, deleted or hidden can be hidden");
    }
    return answer(c, id);
  })
  .post("/admin/listings/:id/restore", valid("param", IdParams), valid("json", ListingModerationBody), async (c) => {
    const { id } = c.req.valid("param");
    const listing = await adminListing(c.env.DB, id, apiLocale(c));
    if (!listing) return noListing(c);
    if (listing.owner_blocked_at !== null) {
      return apiError(c, 409, "owner_blocked", "Its owner is blocked: unblocking them brings their listings back");
    }
    if (!(await restoreListing(c.env.DB, id, c.req.valid("json").reason, staffAction(c)))) {
      return apiError(c, 409, "not_hidden", "The listing is not hidden");
    }
    return answer(c, id);
  });
