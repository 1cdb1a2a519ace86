/** Typed D1 queries of accounts (table `users`, migrations 0002 and 0003). */
import type { LoginIdentity } from "#shared/api/auth.ts";
import { STAFF_ROLES, type StaffRole } from "#shared/staff-roles.ts";
import type { Locale } from "#shared/locales.ts";
import type { AdvertiserInput, AdvertiserType, LicenceState } from "#shared/api/advertiser.ts";
import type { Database } from "#worker/app-env.ts";

export interface UserRow {
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  /** The staff roles, comma-joined (user_roles, decision 057); `users.role` is retired and never read. */
  roles: string | null;
  created_at: number;
  password_hash: string | null;
  password_salt: string | null;
  password_iterations: number | null;
  phone_verified_at: number | null;
  email_verified_at: number | null;
  /** The profile picture's variants key and largest side (migration 0028, decision 050); null without one. */
  image_key: string | null;
  image_side: number | null;
  updated_at: number | null;
  deleted_at: number | null;
  /** The language the person reads the site in (migration 0015): what is e-mailed to them is in it. */
  locale: Locale | null;
  /** The keyed hash of the network it signed up from (migration 0025, decision 047). */
  signup_network: string | null;
  /** Blocked by staff (migration 0032): no session, no sign-in, listings hidden. */
  blocked_at: number | null;
  blocked_reason: string | null;
  /**
   * Who it advertises as (migration 0039) and — joined from the agency whose licence account it is
   * (`agencies.account_id`, migration 0051, decision 104) — the agency's name and licence check.
   */
  advertiser_type: AdvertiserType;
  agency_name: string | null;
  licence_number: string | null;
  licence_submitted_at: number | null;
  licence_checked_at: number | null;
  licence_checked_by: number | null;
  licence_refused_at: number | null;
  licence_refused_reason: string | null;
}

/** Where an agency's licence check stands (owners have none). */
export function licenceStateOf(
  row: Pick<UserRow, "advertiser_type" | "licence_number" | "licence_checked_at" | "licence_refused_at">,
): LicenceState {
  if (row.advertiser_type !== "agency" || row.licence_number === null) return "none";
  if (row.licence_checked_at !== null) return "licensed";
  return row.licence_refused_at !== null ? "refused" : "awaiting";
}

/**
 * A user row's columns with its staff roles (`roles`, comma-joined) and the name and licence of the agency
 * it holds the licence of, from USER_FROM.
 */
const USER_WITH_ROLES = `users.*, (SELECT group_concat(r.role) FROM user_roles r WHERE r.user_id = users.id) AS roles,
  ag.name AS agency_name, ag.licence_number, ag.licence_submitted_at, ag.licence_checked_at, ag.licence_checked_by,
  ag.licence_refused_at, ag.licence_refused_reason`;
const USER_FROM = "users LEFT JOIN agencies ag ON ag.account_id = users.id";

/** The staff roles of a comma-joined list (unknown words dropped), in STAFF_ROLES order. */
export function rolesOf(joined: string | null | undefined): StaffRole[] {
  const words = new Set((joined ?? "").split(","));
  return STAFF_ROLES.filter((role) => words.has(role));
}

/** A password as stored: PBKDF2 hash and salt (base64) and the iteration count (worker/auth/passwords.ts). */
export interface PasswordHash {
  hash: string;
  salt: string;
  iterations: number;
}

export function findUserById(db: Database, id: number): Promise<UserRow | null> {
  return db
    .prepare(`SELECT ${USER_WITH_ROLES} FROM ${USER_FROM} WHERE users.id = ? AND users.deleted_at IS NULL`)
    .bind(id)
    .first<UserRow>();
}

/**
 * The live account a phone or e-mail signs in to. A phone finds the account that verified it; failing
 * that, the single account that has it unverified (an e-mail account that added a phone not yet confirmed
 * does not count: it cannot sign in with it until it is verified).
 */
export async function findUserByIdentity(db: Database, identity: LoginIdentity): Promise<UserRow | null> {
  if (identity.kind === "email") {
    return db
      .prepare(`SELECT ${USER_WITH_ROLES} FROM ${USER_FROM} WHERE users.email = ? AND users.deleted_at IS NULL`)
      .bind(identity.value)
      .first<UserRow>();
  }
  return db
    .prepare(
      `SELECT ${USER_WITH_ROLES} FROM ${USER_FROM}
       WHERE users.phone = ? AND users.deleted_at IS NULL AND users.phone_verified_at IS NOT NULL LIMIT 1`,
    )
    .bind(identity.value)
    .first<UserRow>();
}

/** Whether another live account already owns this phone (verified) or e-mail. */
export async function identityTaken(db: Database, identity: LoginIdentity, exceptUserId = 0): Promise<boolean> {
  const user = await findUserByIdentity(db, identity);
  return user !== null && user.id !== exceptUserId;
}

export type SessionUserRow = Pick<
  UserRow,
  "id" | "name" | "roles" | "phone_verified_at" | "image_key" | "image_side" | "blocked_at" | "blocked_reason"
> & {
  family_alive: number;
};

/**
 * The live user of a session and whether its refresh family is still unrevoked and belongs to that user
 * (one round trip per request): a token naming one user with another user's family is refused.
 */
export function sessionUserOf(
  db: Database,
  session: { userId: number; familyId: string },
): Promise<SessionUserRow | null> {
  return db
    .prepare(
      `SELECT u.id, u.name, u.phone_verified_at, u.image_key, u.image_side, u.blocked_at, u.blocked_reason,
         (SELECT group_concat(r.role) FROM user_roles r WHERE r.user_id = u.id) AS roles,
         EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.family_id = ?1 AND r.user_id = u.id AND r.revoked_at IS NULL)
           AS family_alive
       FROM users u WHERE u.id = ?2 AND u.deleted_at IS NULL`,
    )
    .bind(session.familyId, session.userId)
    .first<SessionUserRow>();
}

export async function createUser(
  db: Database,
  options: {
    identity: LoginIdentity;
    name?: string;
    password?: PasswordHash | null;
    /** The keyed hash of the network it signs up from (worker/auth/network-key.ts). */
    network: string | null;
    /** Who it advertises as; a private owner when not given. */
    advertiser?: AdvertiserInput;
    now: number;
  },
): Promise<UserRow> {
  const { identity, now } = options;
  const phone = identity.kind === "phone" ? identity.value : null;
  const email = identity.kind === "email" ? identity.value : null;
  const row = await db
    .prepare(
      `INSERT INTO users (name, phone, email, created_at, updated_at, phone_verified_at, email_verified_at,
         password_hash, password_salt, password_iterations, signup_network, advertiser_type)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       RETURNING *, NULL AS roles, NULL AS agency_name, NULL AS licence_number, NULL AS licence_submitted_at,
         NULL AS licence_checked_at, NULL AS licence_checked_by, NULL AS licence_refused_at,
         NULL AS licence_refused_reason`,
    )
    .bind(
      options.name ?? "",
      phone,
      email,
      now,
      now,
      phone ? now : null,
      email ? now : null,
      options.password?.hash ?? null,
      options.password?.salt ?? null,
      options.password?.iterations ?? null,
      options.network,
      options.advertiser?.advertiser_type ?? "owner",
    )
    .first<UserRow>();
  if (!row) throw new Error("User insert returned no row");
  return row;
}

export async function setPassword(db: Database, userId: number, password: PasswordHash, now: number): Promise<void> {
  await db
    .prepare(
      "UPDATE users SET password_hash = ?, password_salt = ?, password_iterations = ?, updated_at = ? WHERE id = ?",
    )
    .bind(password.hash, password.salt, password.iterations, now, userId)
    .run();
}

export async function setUserName(db: Database, userId: number, name: string, now: number): Promise<void> {
  await db.prepare("UPDATE users SET name = ?, updated_at = ? WHERE id = ?").bind(name, now, userId).run();
}

/** The language of the person's e-mails: the one they signed in in (unchanged rows are not written). */
export async function setUserLocale(db: Database, userId: number, locale: Locale): Promise<void> {
  await db.prepare("UPDATE users SET locale = ?1 WHERE id = ?2 AND locale IS NOT ?1").bind(locale, userId).run();
}

/** Replaces the account's phone or e-mail with a confirmed one; a value another account holds fails the UNIQUE index. */
export async function setVerifiedIdentity(
  db: Database,
  userId: number,
  kind: "phone" | "email",
  value: string,
  now: number,
): Promise<void> {
  const sql =
    kind === "phone"
      ? "UPDATE users SET phone = ?, phone_verified_at = ?, updated_at = ? WHERE id = ?"
      : "UPDATE users SET email = ?, email_verified_at = ?, updated_at = ? WHERE id = ?";
  await db.prepare(sql).bind(value, now, now, userId).run();
}

/** A profile picture as stored: its variants key and largest side. */
export interface StoredImage {
  key: string;
  side: number;
}

/**
 * Replaces the account's picture with `image` (null removes it) if it is still `previous` (the key): the
 * caller removes the picture it replaced only if this wrote, so two uploads at once leave no files behind.
 */
export async function replaceUserImage(
  db: Database,
  userId: number,
  previous: string | null,
  image: StoredImage | null,
  now: number,
): Promise<boolean> {
  const result = await db
    .prepare(
      `UPDATE users SET image_key = ?, image_side = ?, updated_at = ?
        WHERE id = ? AND deleted_at IS NULL AND image_key IS ?`,
    )
    .bind(image?.key ?? null, image?.side ?? null, now, userId, previous)
    .run();
  return result.meta.changes > 0;
}

/**
 * Deletes an account in one batch: personal data wiped (the row stays for the listings' history) and its
 * listings deleted (decision 038): public and pending ones go to the archive, a draft stays a draft (one
 * without its facts cannot be archived), and all are marked deleted, never shown or acted on again. Its
 * saved searches are deleted.
 */
export async function deleteAccount(db: Database, userId: number, now: number): Promise<void> {
  await db.batch([
    db
      .prepare(
        `UPDATE users SET name = '', email = NULL, phone = NULL, password_hash = NULL, password_salt = NULL,
           password_iterations = NULL, phone_verified_at = NULL, email_verified_at = NULL, image_key = NULL,
           image_side = NULL, updated_at = ?1, deleted_at = ?1 WHERE id = ?2`,
      )
      .bind(now, userId),
    // The agency it holds the licence of is gone with it (its page answers 404): its name and number too.
    db
      .prepare("UPDATE agencies SET name = NULL, licence_number = NULL, updated_at = ?1 WHERE account_id = ?2")
      .bind(now, userId),
    db
      .prepare(
        `UPDATE listings SET status = CASE WHEN status IN ('pending', 'active') THEN 'archived' ELSE status END,
           updated_at = ?1, deleted_at = coalesce(deleted_at, ?1)
         WHERE owner_id = ?2`,
      )
      .bind(now, userId),
    // What they searched for is theirs: their saved searches go with it (their matches by ON DELETE CASCADE).
    db.prepare("DELETE FROM saved_searches WHERE user_id = ?").bind(userId),
  ]);
}

/** A write that hit a UNIQUE index (two sign-ups of one identity at once, a phone taken meanwhile). */
export function isUniqueConstraintError(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed/i.test(error.message);
}
