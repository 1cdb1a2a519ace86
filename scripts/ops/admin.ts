/**
 * `npm run ops -- admin EMAIL [--local [--persist-to DIR] | --remote] [--env NAME]` (decision
 * 057): makes EMAIL's account an administrator — creating it when there is none (no password; its e-mail
 * counts as verified: the operator vouches for it) — records that in the audit log (actor "ops"), and
 * prints a one-time sign-in link (single use, 30 minutes) to the site's SITE_ORIGIN. All of it is one D1
 * batch. No password ever passes the command line: the person signs in through the link and may set one
 * in the cabinet.
 */
import { createHash, randomBytes } from "node:crypto";
import * as v from "valibot";
import { AccountEmail } from "#shared/api/auth.ts";
import { SIGN_IN_LINK_PATH, SIGN_IN_LINK_TTL_S } from "#worker/auth/sign-in-link.ts";
import { type D1Target, describeTarget, execute, query, sqlText } from "./d1-target.ts";
import { siteOriginFor } from "./site-origin.ts";

/** 256 random bits, base64url: the token of a sign-in link. */
export const newSignInToken = () => randomBytes(32).toString("base64url");

/** What the database keeps of a token (the worker's `hashSignInToken`, worker/auth/sign-in-link.ts). */
export const signInLinkHash = (token: string) => createHash("sha256").update(`sign-in-link:${token}`).digest("hex");

/** The e-mail of the command's arguments, normalised (trimmed, lower-case); an error names what is wrong. */
export function adminEmail(args: string[]): string {
  if (args.length !== 1) {
    throw new Error(
      args.length === 0
        ? "Usage: npm run ops -- admin EMAIL [--local [--persist-to DIR] | --remote] [--env NAME]"
        : "admin takes one argument, the e-mail address (no password: the person signs in through the link)",
    );
  }
  const result = v.safeParse(AccountEmail, args[0]);
  if (!result.success) throw new Error(`"${args[0]}" is not an e-mail address`);
  return result.output;
}

interface Existing {
  id: number;
  blocked_at: number | null;
  email_verified_at: number | null;
  roles: string | null;
}

/** The statements of one run: the account, its admin role, the audit row and the link — one batch. */
export function adminStatements(options: {
  email: string;
  existing: Existing | null;
  tokenHash: string;
  now: number;
}): string[] {
  const { email, existing, now } = options;
  const who = `(SELECT id FROM users WHERE email = ${sqlText(email)} AND deleted_at IS NULL)`;
  const rolesBefore = existing?.roles ? existing.roles.split(",").sort() : [];
  const rolesAfter = [...new Set([...rolesBefore, "admin"])].sort();
  const before = existing ? { roles: rolesBefore, email_verified: existing.email_verified_at !== null } : null;
  const after = { roles: rolesAfter, email_verified: true };
  return [
    existing
      ? `UPDATE users SET email_verified_at = coalesce(email_verified_at, ${now}), updated_at = ${now} WHERE id = ${existing.id}`
      : `INSERT INTO users (name, email, created_at, updated_at, email_verified_at) VALUES ('', ${sqlText(email)}, ${now}, ${now}, ${now})`,
    `INSERT INTO user_roles (user_id, role, granted_at) SELECT ${who}, 'admin', ${now} WHERE true ON CONFLICT (user_id, role) DO NOTHING`,
    `INSERT INTO audit_log (actor_kind, actor_id, action, target_kind, target_id, before, after, reason, created_at) ` +
      `SELECT 'ops', NULL, ${sqlText(existing ? "user.promote" : "user.create")}, 'user', CAST(${who} AS TEXT), ` +
      `${before ? sqlText(JSON.stringify(before)) : "NULL"}, ${sqlText(JSON.stringify(after))}, ` +
      `'npm run ops -- admin', ${now}`,
    `INSERT INTO sign_in_links (token_hash, user_id, created_at, expires_at) ` +
      `SELECT ${sqlText(options.tokenHash)}, ${who}, ${now}, ${now + SIGN_IN_LINK_TTL_S * 1000}`,
  ];
}

export async function admin(target: D1Target, args: string[]): Promise<void> {
  const email = adminEmail(args);
  const origin = siteOriginFor({ remote: target.remote, env: target.env });
  const [existing] = await query<Existing>(
    target,
    `SELECT u.id, u.blocked_at, u.email_verified_at,
       (SELECT group_concat(r.role) FROM user_roles r WHERE r.user_id = u.id) AS roles
     FROM users u WHERE u.email = ${sqlText(email)} AND u.deleted_at IS NULL`,
  );
  if (existing?.blocked_at) {
    throw new Error(
      `${email}'s account is blocked: an administrator unblocks it first (POST /api/admin/users/${existing.id}/unblock)`,
    );
  }
  const token = newSignInToken();
  const now = Date.now();
  await execute(target, adminStatements({ email, existing: existing ?? null, tokenHash: signInLinkHash(token), now }));
  const link = `${origin}${SIGN_IN_LINK_PATH}?token=${token}`;
  console.log(
    [
      `${existing ? "Promoted" : "Created"} ${email} as an administrator on the ${describeTarget(target)}.`,
      `One-time sign-in link (single use, valid until ${new Date(now + SIGN_IN_LINK_TTL_S * 1000).toISOString()}):`,
      link,
    ].join("\n"),
  );
}
