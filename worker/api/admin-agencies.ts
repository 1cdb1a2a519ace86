/**
 * Agencies' licence checks (product §3 "Person", §7, decision 087), moderators and admins — a 404 for
 * everyone else, as every back-office route (decision 057):
 * - `GET /api/admin/agencies?state=awaiting|licensed|refused&page=`: awaiting oldest first;
 * - `GET /api/admin/agencies/{id}`: one agency's check;
 * - `POST /api/admin/agencies/{id}/licence/confirm {licence_number}`: the "Licensed agency" badge;
 * - `POST /api/admin/agencies/{id}/licence/refuse {licence_number, reason}`: refused, the reason shown to
 *   the agency in its profile.
 * `licence_number` is the number the moderator checked: if the agency changed its name or number since
 * (or another moderator decided), nothing is written and the answer is 409 `licence_changed`; nobody
 * decides on an agency they belong to (409 `cannot_check_own`). Each decision is one D1 batch with its audit row.
 */
import { type Context, Hono } from "hono";
import { membershipOf } from "#worker/db/agencies.ts";
import * as v from "valibot";
import {
  AGENCIES_PER_PAGE,
  AgenciesQuery,
  type AgenciesResponse,
  type ApiAgencyCheck,
  ConfirmLicenceBody,
  RefuseLicenceBody,
} from "#shared/api/advertiser.ts";
import { IdParam } from "#shared/api/conventions.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { agenciesIn, agencyOf, type AgencyRow, decideLicence } from "#worker/db/agency-licences.ts";
import { licenceStateOf } from "#worker/db/users.ts";
import { apiError } from "#worker/http/api-error.ts";
import { staffAction } from "#worker/http/staff-action.ts";
import { requireRole } from "#worker/middleware/staff.ts";
import { perUser, throttle } from "#worker/middleware/throttle.ts";
import { ADMIN_WRITES_PER_HOUR } from "./admin-users.ts";
import { valid } from "./validate.ts";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function toAgencyCheck(row: AgencyRow): ApiAgencyCheck {
  const licence = licenceStateOf(row);
  return {
    user_id: row.id,
    agency_name: row.agency_name,
    licence_number: row.licence_number,
    licence,
    licence_refused_reason: licence === "refused" ? row.licence_refused_reason : null,
    submitted_at: iso(row.licence_submitted_at ?? row.created_at)!,
    checked_at: iso(row.licence_checked_at ?? row.licence_refused_at),
    blocked: row.blocked_at !== null,
  };
}

const IdParams = v.object({ id: IdParam });

const noAgency = (c: Context<AppEnv>) => apiError(c, 404, "not_found", "No such agency");

async function decide(
  c: Context<AppEnv>,
  id: number,
  seen: string,
  decision: { confirm: true } | { confirm: false; reason: string },
) {
  const row = await agencyOf(c.env.DB, id);
  if (!row) return noAgency(c);
  // Nobody vouches for their own agency — as its licence account or any member — another moderator checks it.
  const own = await membershipOf(c.env.DB, c.get("user")!.id);
  if (id === c.get("user")!.id || own?.account_id === id) {
    return apiError(c, 409, "cannot_check_own", "You cannot check your own agency's licence", {
      licence_number: "adminAgencies.error.cannot_check_own",
    });
  }
  const decided = await decideLicence(c.env.DB, { id, name: row.agency_name, seen }, decision, staffAction(c));
  if (!decided) {
    return apiError(c, 409, "licence_changed", "The agency's licence number changed or was already decided", {
      licence_number: "adminAgencies.error.licence_changed",
    });
  }
  return c.json({ data: toAgencyCheck((await agencyOf(c.env.DB, id))!) });
}

export const adminAgencies = new Hono<AppEnv>();

for (const path of ["/admin/agencies", "/admin/agencies/*"]) adminAgencies.use(path, requireRole("moderator"));
adminAgencies.on(
  "POST",
  "/admin/agencies/*",
  throttle((c) => [perUser(c, "admin-write", ADMIN_WRITES_PER_HOUR, 3600)]),
);

adminAgencies
  .get("/admin/agencies", valid("query", AgenciesQuery), async (c) => {
    const { state, page } = c.req.valid("query");
    const { rows, total } = await agenciesIn(c.env.DB, state, page, AGENCIES_PER_PAGE);
    const body: AgenciesResponse = { items: rows.map(toAgencyCheck), total, page, per_page: AGENCIES_PER_PAGE };
    return c.json(body);
  })
  .get("/admin/agencies/:id", valid("param", IdParams), async (c) => {
    const row = await agencyOf(c.env.DB, c.req.valid("param").id);
    return row ? c.json({ data: toAgencyCheck(row) }) : noAgency(c);
  })
  .post("/admin/agencies/:id/licence/confirm", valid("param", IdParams), valid("json", ConfirmLicenceBody), (c) =>
    decide(c, c.req.valid("param").id, c.req.valid("json").licence_number, { confirm: true }),
  )
  .post("/admin/agencies/:id/licence/refuse", valid("param", IdParams), valid("json", RefuseLicenceBody), (c) => {
    const { licence_number, reason } = c.req.valid("json");
    return decide(c, c.req.valid("param").id, licence_number, { confirm: false, reason });
  });
