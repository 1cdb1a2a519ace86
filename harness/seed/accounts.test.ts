import { describe, expect, it } from "vitest";
import { verifyPassword } from "#worker/auth/passwords.ts";
import { PASSWORD_PBKDF2_ITERATIONS } from "#shared/constants.ts";
import { accountStatements, DEV_ACCOUNTS, devPasswordHash } from "./accounts.ts";

describe("development accounts", () => {
  it("their Node-computed hashes verify with the worker's WebCrypto check", async () => {
    for (const account of DEV_ACCOUNTS) {
      const stored = { hash: devPasswordHash(account), salt: account.salt, iterations: PASSWORD_PBKDF2_ITERATIONS };
      expect(await verifyPassword(account.password, stored)).toBe(true);
      expect(await verifyPassword(`${account.password}x`, stored)).toBe(false);
    }
  });

  it("are deterministic UPDATEs of the three seeded e-mails, and the admin's role", () => {
    const statements = accountStatements();
    expect(statements).toEqual(accountStatements());
    expect(statements).toHaveLength(4);
    expect(statements[0]).toMatch(/^UPDATE users SET password_hash.* WHERE email = 'admin@kvadrat\.test'$/);
    expect(statements[1]).toMatch(/^INSERT INTO user_roles .*'admin'.* WHERE email = 'admin@kvadrat\.test'$/);
    expect(statements[2]).toMatch(/phone_verified_at = created_at.* WHERE email = 'user@kvadrat\.test'$/);
    expect(statements[3]).toMatch(/phone_verified_at = created_at.* WHERE email = 'agency@kvadrat\.test'$/);
  });
});
