/**
 * The back office's people and audit log (decisions 057 and 058), admins only — a 404 for
 * everyone else, moderators and editors included:
 * - `GET /api/admin/users?q=&page=`: find by id, phone, e-mail or name; each with roles, block, listing count;
 * - `GET /api/admin/users/{id}`: one person, with their account's signals (decision 088); `…/activity`: their listings, payments, the reports of their
 *   listings and on their conversations (shared/api/admin-listings.ts `ApiAdminUserActivity`);
 * - `POST /api/admin/users/{id}/block {reason}`: blocked at once — sessions ended (live sockets too), public
 *   listings off the site, signed-in calls refused with 403 `account_blocked`, sign-in told why;
 * - `POST /api/admin/users/{id}/unblock`: the block lifted, the listings it hid back;
 * - `POST /api/admin/users/{id}/roles {roles}`: the full set of staff roles;
 * - `GET /api/admin/audit?actor=&action=&target=&from=&to=&page=`: the log, newest first.
 * Every change is one D1 batch with its audit row. Nobody blocks themselves; the last active admin can
 * neither lose the role nor be blocked (409 `last_admin`, enforced by triggers in the database).
 */
import { type Context, Hono } from "hono";
import * as v from "valibot";
import { IdParam } from "#shared/api/conventions.ts";
import {
  ADMIN_USERS_PER_PAGE,
  AdminUsersQuery,
  type AdminUsersResponse,
  type ApiAdminUser,
  type ApiAuditEntry,
  AUDIT_PER_PAGE,
  AuditQuery,
  type AuditResponse,
  BlockUserBody,
  UserRolesBody,
} from "#shared/api/staff.ts";
import { USER_ACTIVITY_MAX } from "#shared/api/admin-listings.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { endUserSessions } from "#worker/auth/session-end.ts";
import { userActivity } from "#worker/db/admin-user-activity.ts";
import { accountSignalRows } from "#worker/db/moderator-signals.ts";
import { auditEntries, type AuditRow } from "#worker/db/audit.ts";
import {
  adminUser,
  type AdminUserRow,
  blockUser,
  findAdminUsers,
  isLastAdminError,
  setUserRoles,
  unblockUser,
} from "#worker/db/staff.ts";
import { rolesOf } from "#worker/db/users.ts";
import { apiError } from "#worker/http/api-error.ts";
import { apiLocale } from "#worker/http/api-locale.ts";
import { staffAction } from "#worker/http/staff-action.ts";
import { requireRole } from "#worker/middleware/staff.ts";
import { accountSignals } from "#worker/workflows/moderator-signals.ts";
import { perUser, throttle } from "#worker/middleware/throttle.ts";
import { toUserActivity } from "./shapes/admin-user-activity.ts";
import { valid } from "./validate.ts";

/** Staff writes per admin and hour: far above any real day's work, a ceiling for a stolen session. */
export const ADMIN_WRITES_PER_HOUR = 300;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function toAdminUser(row: AdminUserRow): ApiAdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    roles: rolesOf(row.roles),
    blocked: row.blocked_at !== null,
    blocked_at: iso(row.blocked_at),
    blocked_reason: row.blocked_reason,
    listing_count: row.listing_count,
    created_at: iso(row.created_at)!,
    deleted: row.deleted_at !== null,
  };
}

const parsed = (json: string | null): unknown => (json === null ? null : JSON.parse(json));

function toAuditEntry(row: AuditRow): ApiAuditEntry {
  return {
    id: row.id,
    actor: row.actor_kind === "ops" ? { kind: "ops" } : { kind: "user", id: row.actor_id!, name: row.actor_name ?? "" },
    action: row.action,
    target: { kind: row.target_kind, id: row.target_id },
    before: parsed(row.before),
    after: parsed(row.after),
    reason: row.reason,
    created_at: iso(row.created_at)!,
    request_id: row.request_id,
  };
}

const IdParams = v.object({ id: IdParam });

/** The person the path names (deleted accounts included: their history stays), or the 404. */
async function target(c: Context<AppEnv>, id: number) {
  const row = await adminUser(c.env.DB, id);
  return row ?? null;
}

const lastAdmin = (c: Context<AppEnv>) =>
  apiError(c, 409, "last_admin", "The site would be left without an active administrator");

export const adminUsers = new Hono<AppEnv>();

for (const path of ["/admin/users", "/admin/users/*", "/admin/audit"]) adminUsers.use(path, requireRole("admin"));
adminUsers.on(
  "POST",
  "/admin/users/*",
  throttle((c) => [perUser(c, "admin-write", ADMIN_WRITES_PER_HOUR, 3600)]),
);

adminUsers
  .get("/admin/users", valid("query", AdminUsersQuery), async (c) => {
    const { q, page } = c.req.valid("query");
    const { rows, total } = await findAdminUsers(c.env.DB, q, page, ADMIN_USERS_PER_PAGE);
    const body: AdminUsersResponse = { items: rows.map(toAdminUser), total, page, per_page: ADMIN_USERS_PER_PAGE };
    return c.json(body);
  })
  .get("/admin/users/:id", valid("param", IdParams), async (c) => {
    const row = await target(c, c.req.valid("param").id);
    if (!row) return apiError(c, 404, "not_found", "No such user");
    const signals = accountSignals(await accountSignalRows(c.env.DB, [row.id]), row.id);
    return c.json({ data: { ...toAdminUser(row), signals } });
  })
  .get("/admin/users/:id/activity", valid("param", IdParams), async (c) => {
    const { id } = c.req.valid("param");
    if (!(await target(c, id))) return apiError(c, 404, "not_found", "No such user");
    const locale = apiLocale(c);
    return c.json({ data: toUserActivity(await userActivity(c.env.DB, id, USER_ACTIVITY_MAX, locale), locale) });
  })
  .post("/admin/users/:id/block", valid("param", IdParams), valid("json", BlockUserBody), async (c) => {
    const { id } = c.req.valid("param");
    const { reason } = c.req.valid("json");
    const row = await target(c, id);
    if (!row || row.deleted_at !== null) return apiError(c, 404, "not_found", "No such user");
    if (id === c.get("user")!.id) return apiError(c, 409, "cannot_block_self", "You cannot block yourself");
    if (row.blocked_at !== null) return apiError(c, 409, "already_blocked", "The user is already blocked");
    const context = staffAction(c);
    let blocked: boolean;
    try {
      blocked = await blockUser(c.env.DB, id, reason, context);
    } catch (error) {
      if (isLastAdminError(error)) return lastAdmin(c);
      throw error;
    }
    if (!blocked) return apiError(c, 409, "already_blocked", "The user is already blocked");
    // Their sessions end now, open sockets included; the session middleware refuses the account meanwhile.
    await endUserSessions(c.env, id, context.now);
    return c.json({ data: toAdminUser((await target(c, id))!) });
  })
  .post("/admin/users/:id/unblock", valid("param", IdParams), async (c) => {
    const { id } = c.req.valid("param");
    const row = await target(c, id);
    if (!row || row.deleted_at !== null) return apiError(c, 404, "not_found", "No such user");
    if (row.blocked_at === null || !(await unblockUser(c.env.DB, id, staffAction(c)))) {
      return apiError(c, 409, "not_blocked", "The user is not blocked");
    }
    return c.json({ data: toAdminUser((await target(c, id))!) });
  })
  .post("/admin/users/:id/roles", valid("param", IdParams), valid("json", UserRolesBody), async (c) => {
    const { id } = c.req.valid("param");
    const roles = rolesOf(c.req.valid("json").roles.join(","));
    const row = await target(c, id);
    if (!row || row.deleted_at !== null) return apiError(c, 404, "not_found", "No such user");
    const before = rolesOf(row.roles);
    if (before.join() !== roles.join()) {
      try {
        await setUserRoles(c.env.DB, id, before, roles, staffAction(c));
      } catch (error) {
        if (isLastAdminError(error)) return lastAdmin(c);
        throw error;
      }
    }
    return c.json({ data: toAdminUser((await target(c, id))!) });
  })
  .get("/admin/audit", valid("query", AuditQuery), async (c) => {
    const query = c.req.valid("query");
    const [kind, id] = query.target?.split(":") ?? [];
    const { rows, total } = await auditEntries(
      c.env.DB,
      {
        actor: query.actor === undefined ? undefined : query.actor === "ops" ? "ops" : Number(query.actor),
        action: query.action,
        target: kind ? { kind, id } : undefined,
        from: query.from,
        to: query.to,
      },
      query.page,
      AUDIT_PER_PAGE,
    );
    const body: AuditResponse = { items: rows.map(toAuditEntry), total, page: query.page, per_page: AUDIT_PER_PAGE };
    return c.json(body);
  });
