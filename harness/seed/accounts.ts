/**
 * Development accounts (decision 006): passwords for the fixed seed users, so a developer can sign in
 * at once. Development data only — the production database is never seeded. The PBKDF2-SHA256 hash is
 * computed here with a fixed salt (the seed stays byte-for-byte deterministic) and has exactly the form
 * worker/auth/passwords.ts checks. `seed-sql.ts` appends these statements after inserting the users.
 */
import { pbkdf2Sync } from "node:crypto";
import { PASSWORD_PBKDF2_ITERATIONS } from "#shared/constants.ts";

export interface DevAccount {
  email: string;
  password: string;
  /** The admin, the ordinary user, or the manager of the demo's team agency (harness/seed/agency-feed.ts). */
  role: "admin" | "user" | "manager";
  /** Whether the seeded phone counts as verified (the ordinary user may create listings at once). */
  phoneVerified: boolean;
  /** Fixed 16-byte salt, base64. */
  salt: string;
}

/** Written in README's "Development accounts" section too. */
export const DEV_ACCOUNTS: readonly DevAccount[] = [
  {
    email: "admin@kvadrat.test",
    password: "kvadrat-admin-2026",
    role: "admin",
    phoneVerified: false,
    salt: "a3ZhZHJhdC1hZG1pbi1zYQ==",
  },
  {
    email: "user@kvadrat.test",
    password: "kvadrat-user-2026",
    role: "user",
    phoneVerified: true,
    salt: "a3ZhZHJhdC11c2VyLXNhbA==",
  },
  {
    email: "agency@kvadrat.test",
    password: "kvadrat-agency-2026",
    role: "manager",
    phoneVerified: true,
    salt: "a3ZhZHJhdC1hZ2VuY3ktcw==",
  },
];

const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;

export function devPasswordHash(account: DevAccount): string {
  return pbkdf2Sync(
    account.password,
    Buffer.from(account.salt, "base64"),
    PASSWORD_PBKDF2_ITERATIONS,
    32,
    "sha256",
  ).toString("base64");
}

let cached: string[] | undefined;

/**
 * UPDATEs giving the seeded accounts their passwords, verified e-mail and (user, manager) verified phone, and
 * the admin its role (user_roles, decision 057).
 */
export function accountStatements(): string[] {
  cached ??= DEV_ACCOUNTS.flatMap((account) => [
    `UPDATE users SET password_hash = ${quote(devPasswordHash(account))}, password_salt = ${quote(account.salt)}, ` +
      `password_iterations = ${PASSWORD_PBKDF2_ITERATIONS}, email_verified_at = created_at, ` +
      `phone_verified_at = ${account.phoneVerified ? "created_at" : "NULL"}, updated_at = created_at ` +
      `WHERE email = ${quote(account.email)}`,
    ...(account.role === "admin"
      ? [
          `INSERT INTO user_roles (user_id, role, granted_at) SELECT id, 'admin', created_at FROM users ` +
            `WHERE email = ${quote(account.email)}`,
        ]
      : []),
  ]);
  return [...cached];
}
