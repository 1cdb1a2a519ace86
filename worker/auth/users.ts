/** Typed D1 queries of accounts (table `users`, migrations 0002 and 0003). */
import type { ApiUser, LoginIdentity, Role, SessionUser } from "#shared/api/auth.ts";
import type { PasswordHash } from "./passwords.ts";

export interface UserRow {
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  role: Role;
  created_at: number;
  password_hash: string | null;
  password_salt: string | null;
  password_iterations: number | null;
  phone_verified_at: number | null;
  email_verified_at: number | null;
  image_url: string | null;
  updated_at: number | null;
  deleted_at: number | null;
}

export function toApiUser(row: UserRow): ApiUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    phone_verified: row.phone_verified_at !== null,
    email_verified: row.email_verified_at !== null,
    has_password: row.password_hash !== null,
    image_url: row.image_url,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export function toSessionUser(row: Pick<UserRow, "id" | "name" | "role" | "phone_verified_at">): SessionUser {
  return { id: row.id, name: row.name, role: row.role, phone_verified: row.phone_verified_at !== null };
}

export function passwordOf(row: UserRow): PasswordHash | null {
  if (!row.password_hash || !row.password_salt || !row.password_iterations) return null;
  return { hash: row.password_hash, salt: row.password_salt, iterations: row.password_iterations };
}

export function findUserById(db: D1Database, id: number): Promise<UserRow | null> {
  return db.prepare("SELECT * FROM users WHERE id = ? AND deleted_at IS NULL").bind(id).first<UserRow>();
}

/**
 * The live account a phone or e-mail signs in to. A phone finds the account that verified it; failing
 * that, the single account that has it unverified (an e-mail account that added a phone not yet confirmed
 * does not count: it cannot sign in with it until it is verified).
 */
export async function findUserByIdentity(db: D1Database, identity: LoginIdentity): Promise<UserRow | null> {
  if (identity.kind === "email") {
    return db.prepare("SELECT * FROM users WHERE email = ? AND deleted_at IS NULL").bind(identity.value).first<UserRow>();
  }
  return db
    .prepare("SELECT * FROM users WHERE phone = ? AND deleted_at IS NULL AND phone_verified_at IS NOT NULL LIMIT 1")
    .bind(identity.value)
    .first<UserRow>();
}

/** Whether another live account already owns this phone (verified) or e-mail. */
export async function identityTaken(db: D1Database, identity: LoginIdentity, exceptUserId = 0): Promise<boolean> {
  const user = await findUserByIdentity(db, identity);
  return user !== null && user.id !== exceptUserId;
}

export async function createUser(
  db: D1Database,
  options: { identity: LoginIdentity; name?: string; password?: PasswordHash | null; now: number },
): Promise<UserRow> {
  const { identity, now } = options;
  const phone = identity.kind === "phone" ? identity.value : null;
  const email = identity.kind === "email" ? identity.value : null;
  const row = await db
    .prepare(
      `INSERT INTO users (name, phone, email, role, created_at, updated_at, phone_verified_at, email_verified_at,
         password_hash, password_salt, password_iterations)
       VALUES (?, ?, ?, 'user', ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
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
    )
    .first<UserRow>();
  if (!row) throw new Error("User insert returned no row");
  return row;
}

export async function setPassword(db: D1Database, userId: number, password: PasswordHash, now: number): Promise<void> {
  await db
    .prepare("UPDATE users SET password_hash = ?, password_salt = ?, password_iterations = ?, updated_at = ? WHERE id = ?")
    .bind(password.hash, password.salt, password.iterations, now, userId)
    .run();
}
