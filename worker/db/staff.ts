/**
 * Staff's queries (decisions 057 and 058): finding people, their roles, blocking and
 * unblocking, one-time sign-in links. Every change is one D1 batch with its audit row (worker/db/audit.ts).
 */
import type { StaffRole } from "#shared/staff-roles.ts";
import { type ActionContext, auditStatement } from "./audit.ts";
import type { Database } from "#worker/app-env.ts";

export interface AdminUserRow {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  roles: string | null;
  blocked_at: number | null;
  blocked_reason: string | null;
  listing_count: number;
  created_at: number;
  deleted_at: number | null;
}

const ADMIN_USER_COLUMNS = `u.id, u.name, u.email, u.phone, u.blocked_at, u.blocked_reason, u.created_at, u.deleted_at,
  (SELECT group_concat(r.role) FROM user_roles r WHERE r.user_id = u.id) AS roles,
  (SELECT count(*) FROM listings l WHERE l.owner_id = u.id AND l.deleted_at IS NULL) AS listing_count`;

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * People matching `q`: an id, a phone (any part of its digits), an e-mail or a name (any part, any case
 * of ASCII letters); everyone for an empty `q`. Newest first.
 */
export async function findAdminUsers(
  db: Database,
  q: string,
  page: number,
  perPage: number,
): Promise<{ rows: AdminUserRow[]; total: number }> {
  const digits = q.replace(/[\s()+-]/g, "");
  const id = /^\d{1,15}$/.test(q) ? Number(q) : null;
  const phone = /^\d{3,15}$/.test(digits) ? `%${digits}%` : null;
  const text = q ? `%${likeEscaped(q.toLowerCase())}%` : null;
  const where = q
    ? `WHERE u.id = ?1 OR u.phone LIKE ?2 OR lower(u.email) LIKE ?3 ESCAPE '\\' OR lower(u.name) LIKE ?3 ESCAPE '\\'`
    : "";
  const bind = q ? [id, phone, text] : [];
  const [rows, count] = await db.batch([
    db
      .prepare(`SELECT ${ADMIN_USER_COLUMNS} FROM users u ${where} ORDER BY u.id DESC LIMIT ?4 OFFSET ?5`)
      .bind(...(q ? bind : [null, null, null]), perPage, (page - 1) * perPage),
    db.prepare(`SELECT count(*) AS n FROM users u ${where}`).bind(...bind),
  ]);
  return { rows: rows!.results as AdminUserRow[], total: (count!.results[0] as { n: number }).n };
}

export function adminUser(db: Database, id: number): Promise<AdminUserRow | null> {
  return db.prepare(`SELECT ${ADMIN_USER_COLUMNS} FROM users u WHERE u.id = ?`).bind(id).first<AdminUserRow>();
}

/**
 * Replaces a person's roles with `roles`, with the audit row of what they were and became, in one batch.
 * Revoking the last active admin's admin role fails in the database (trigger `user_roles_keep_last_admin`:
 * the error names `last_admin`) and changes nothing.
 */
export async function setUserRoles(
  db: Database,
  userId: number,
  before: StaffRole[],
  roles: StaffRole[],
  context: ActionContext,
): Promise<void> {
  await db.batch([
    db
      .prepare("DELETE FROM user_roles WHERE user_id = ?1 AND role NOT IN (SELECT value FROM json_each(?2))")
      .bind(userId, JSON.stringify(roles)),
    db
      .prepare(
        `INSERT INTO user_roles (user_id, role, granted_at) SELECT ?1, value, ?3 FROM json_each(?2)
         WHERE true ON CONFLICT (user_id, role) DO NOTHING`,
      )
      .bind(userId, JSON.stringify(roles), context.now),
    auditStatement(db, {
      ...context,
      action: "user.roles",
      target: { kind: "user", id: userId },
      before: { roles: before },
      after: { roles },
    }),
  ]);
}

/** Whether a database error is the refusal to leave the site without an administrator. */
export const isLastAdminError = (error: unknown) => error instanceof Error && /last_admin/.test(error.message);

/**
 * Blocks a person: marked blocked with the reason, their public listings taken off the site (archived,
 * `blocked_at` set so unblocking restores exactly those, each with its event), the audit row — in one
 * batch, and only if they were not blocked already (false then: nothing written). Blocking the last active
 * admin fails in the database (`last_admin`). Sessions end apart (worker/auth/session-end.ts).
 */
export async function blockUser(
  db: Database,
  userId: number,
  reason: string,
  context: ActionContext,
): Promise<boolean> {
  const { now } = context;
  const actorId = context.actor.kind === "user" ? context.actor.id : null;
  const results = await db.batch([
    auditStatement(
      db,
      {
        ...context,
        action: "user.block",
        target: { kind: "user", id: userId },
        before: { blocked: false },
        after: { blocked: true },
        reason,
      },
      {
        sql: "EXISTS (SELECT 1 FROM users WHERE id = ?11 AND blocked_at IS NULL AND deleted_at IS NULL)",
        bind: [userId],
      },
    ),
    db
      .prepare(
        "UPDATE users SET blocked_at = ?1, blocked_reason = ?2 WHERE id = ?3 AND blocked_at IS NULL AND deleted_at IS NULL",
      )
      .bind(now, reason, userId),
    db
      .prepare(
        `UPDATE listings SET status = 'archived', blocked_at = ?1, updated_at = ?1
         WHERE owner_id = ?2 AND status = 'active' AND deleted_at IS NULL
           AND EXISTS (SELECT 1 FROM users WHERE id = ?2 AND blocked_at = ?1)`,
      )
      .bind(now, userId),
    db
      .prepare(
        `INSERT INTO listing_events (listing_id, status, actor_id, reason, created_at)
         SELECT id, 'archived', ?3, 'blocked', ?1 FROM listings WHERE owner_id = ?2 AND blocked_at = ?1`,
      )
      .bind(now, userId, actorId),
  ]);
  return results[1]!.meta.changes > 0;
}

/**
 * Unblocks a person: the block lifted and the listings it took off the site back on it (each with its
 * event) — not those a moderator hid meanwhile (decision 062) — with the audit row — in one batch, only if they were blocked (false otherwise).
 */
export async function unblockUser(db: Database, userId: number, context: ActionContext): Promise<boolean> {
  const { now } = context;
  const actorId = context.actor.kind === "user" ? context.actor.id : null;
  const results = await db.batch([
    auditStatement(
      db,
      {
        ...context,
        action: "user.unblock",
        target: { kind: "user", id: userId },
        before: { blocked: true },
        after: { blocked: false },
      },
      { sql: "EXISTS (SELECT 1 FROM users WHERE id = ?11 AND blocked_at IS NOT NULL)", bind: [userId] },
    ),
    db
      .prepare(
        `INSERT INTO listing_events (listing_id, status, actor_id, reason, created_at)
         SELECT l.id, 'active', ?3, 'unblocked', ?1 FROM listings l
         WHERE l.owner_id = ?2 AND l.blocked_at IS NOT NULL AND l.status = 'archived' AND l.deleted_at IS NULL
           AND l.staff_hidden_at IS NULL AND EXISTS (SELECT 1 FROM users WHERE id = ?2 AND blocked_at IS NOT NULL)`,
      )
      .bind(now, userId, actorId),
    db
      .prepare(
        `UPDATE listings SET status = CASE WHEN status = 'archived' AND deleted_at IS NULL AND staff_hidden_at IS NULL
             THEN 'active' ELSE status END,
           blocked_at = NULL, updated_at = ?1
         WHERE owner_id = ?2 AND blocked_at IS NOT NULL
           AND EXISTS (SELECT 1 FROM users WHERE id = ?2 AND blocked_at IS NOT NULL)`,
      )
      .bind(now, userId),
    db
      .prepare("UPDATE users SET blocked_at = NULL, blocked_reason = NULL WHERE id = ? AND blocked_at IS NOT NULL")
      .bind(userId),
  ]);
  return results[3]!.meta.changes > 0;
}

/**
 * Uses a one-time sign-in link: marks it used if it is unused and unexpired at `now`, in one statement (two
 * presses at once: one wins). The account it signs in to, or null (unknown, used or expired), with why.
 */
export async function consumeSignInLink(
  db: Database,
  tokenHash: string,
  now: number,
): Promise<{ userId: number } | { refused: "unknown" | "used" | "expired" }> {
  const row = await db
    .prepare(
      `UPDATE sign_in_links SET used_at = ?2 WHERE token_hash = ?1 AND used_at IS NULL AND expires_at > ?2
       RETURNING user_id`,
    )
    .bind(tokenHash, now)
    .first<{ user_id: number }>();
  if (row) return { userId: row.user_id };
  const seen = await db
    .prepare("SELECT used_at, expires_at FROM sign_in_links WHERE token_hash = ?")
    .bind(tokenHash)
    .first<{ used_at: number | null; expires_at: number }>();
  if (!seen) return { refused: "unknown" };
  return { refused: seen.used_at !== null ? "used" : "expired" };
}

/** Whether a sign-in link is one that would sign in now (the page shows its button only then). */
export async function signInLinkUsable(db: Database, tokenHash: string, now: number) {
  const seen = await db
    .prepare("SELECT used_at, expires_at FROM sign_in_links WHERE token_hash = ?")
    .bind(tokenHash)
    .first<{ used_at: number | null; expires_at: number }>();
  if (!seen) return "unknown" as const;
  if (seen.used_at !== null) return "used" as const;
  return seen.expires_at > now ? ("usable" as const) : ("expired" as const);
}
