/**
 * The back office's users and audit API (decisions 057 and 058):
 * `GET /api/admin/users?q=`, `POST /api/admin/users/{id}/block {reason}`, `…/unblock`,
 * `…/roles {roles}`, `GET /api/admin/audit`.
 */
import * as v from "valibot";
import { INVALID } from "#shared/validation.ts";
import { plainLine, plainText } from "#shared/plain-text.ts";
import { STAFF_ROLES, type StaffRole } from "#shared/staff-roles.ts";
import { intParamOr, type Paged } from "./conventions.ts";
import type { AccountSignal } from "./signals.ts";

export const BLOCK_REASON_MAX = 500;
export const ADMIN_USERS_PER_PAGE = 20;
export const AUDIT_PER_PAGE = 50;
/** Who may be searched: a query of up to this many characters. */
export const USER_QUERY_MAX = 100;

const page = intParamOr(1, 1000, 1);

export const AdminUsersQuery = v.object({
  q: v.optional(v.pipe(v.string(), plainLine(), v.trim(), v.maxLength(USER_QUERY_MAX, INVALID.tooLong)), ""),
  page,
});

export const BlockUserBody = v.object({
  reason: v.pipe(
    v.string(INVALID.required),
    plainText(),
    v.trim(),
    v.minLength(3, INVALID.tooShort),
    v.maxLength(BLOCK_REASON_MAX, INVALID.tooLong),
  ),
});
export type BlockUserInput = v.InferInput<typeof BlockUserBody>;

export const UserRolesBody = v.object({
  roles: v.pipe(
    v.array(v.picklist(STAFF_ROLES, INVALID.choice), INVALID.format),
    v.maxLength(STAFF_ROLES.length, INVALID.tooMany),
    v.check((roles) => new Set(roles).size === roles.length, INVALID.tooMany),
  ),
});
export type UserRolesInput = v.InferInput<typeof UserRolesBody>;

const isoTime = v.pipe(
  v.string(),
  v.isoTimestamp(INVALID.format),
  v.transform((value) => Date.parse(value)),
);
const DAY_MS = 86_400_000;
/** An ISO time, or a date (UTC): its first millisecond, or with `endOfDay` its last (`to` includes the day). */
export const dateOrTime = (endOfDay: boolean) =>
  v.union(
    [
      isoTime,
      v.pipe(
        v.string(),
        v.isoDate(INVALID.format),
        v.transform((value) => Date.parse(`${value}T00:00:00Z`) + (endOfDay ? DAY_MS - 1 : 0)),
      ),
    ],
    INVALID.format,
  );

/** `actor` is a user id or `ops`; `target` is `kind` or `kind:id`; `from`/`to` ISO dates or times (UTC). */
export const AuditQuery = v.pipe(
  v.object({
    actor: v.optional(v.union([v.literal("ops"), v.pipe(v.string(), v.regex(/^[1-9]\d{0,14}$/))], INVALID.format)),
    action: v.optional(v.pipe(v.string(), v.regex(/^[a-z_.]{1,40}$/, INVALID.format))),
    target: v.optional(v.pipe(v.string(), v.regex(/^[a-z_]{1,30}(?::[\w.-]{1,40})?$/, INVALID.format))),
    from: v.optional(dateOrTime(false)),
    to: v.optional(dateOrTime(true)),
    page,
  }),
  v.forward(
    v.check((query) => query.from === undefined || query.to === undefined || query.from <= query.to, INVALID.order),
    ["to"],
  ),
);

/** A person as the back office finds them. */
export interface ApiAdminUser {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  roles: StaffRole[];
  blocked: boolean;
  blocked_at: string | null;
  blocked_reason: string | null;
  /** Their listings that are not deleted, in any state. */
  listing_count: number;
  created_at: string;
  deleted: boolean;
}

/** `GET /api/admin/users/{id}`: one person, with what should make staff look twice (decision 088). */
export interface ApiAdminUserDetail extends ApiAdminUser {
  signals: AccountSignal[];
}

export type AdminUsersResponse = Paged<ApiAdminUser>;

export interface ApiAuditEntry {
  id: number;
  actor: { kind: "user"; id: number; name: string } | { kind: "ops" };
  action: string;
  target: { kind: string; id: string };
  before: unknown;
  after: unknown;
  reason: string | null;
  created_at: string;
  request_id: string | null;
}

export type AuditResponse = Paged<ApiAuditEntry>;
