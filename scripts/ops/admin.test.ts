import { createHash } from "node:crypto";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { hashSignInToken, SIGN_IN_TOKEN } from "#worker/auth/sign-in-link.ts";
import { adminEmail, adminStatements, newSignInToken, signInLinkHash } from "./admin.ts";
import { siteOriginFor, siteOriginVar } from "./site-origin.ts";

describe("ops admin", () => {
  it("hashes a token as the worker does", async () => {
    const token = newSignInToken();
    expect(token).toMatch(SIGN_IN_TOKEN);
    expect(signInLinkHash(token)).toBe(await hashSignInToken(token));
    expect(signInLinkHash(token)).toBe(createHash("sha256").update(`sign-in-link:${token}`).digest("hex"));
    expect(newSignInToken()).not.toBe(token);
  });

  it("takes exactly one e-mail, normalised, and nothing like a password", () => {
    expect(adminEmail([" Boss@Example.RS "])).toBe("boss@example.rs");
    expect(() => adminEmail([])).toThrow(/Usage/);
    expect(() => adminEmail(["boss@example.rs", "secret"])).toThrow(/no password/);
    expect(() => adminEmail(["not-an-address"])).toThrow(/not an e-mail/);
    expect(() => adminEmail(["x'); DROP TABLE users; --@a.rs"])).toThrow(/not an e-mail/);
  });

  it("reads SITE_ORIGIN of the environment's vars", () => {
    const toml = `name = "k"\n[vars]\nSITE_ORIGIN = ""\n[env.production.vars]\nSITE_ORIGIN = "https://kvadrat.rs/" # public\n`;
    expect(siteOriginVar(toml)).toBe("");
    expect(siteOriginVar(toml, "production")).toBe("https://kvadrat.rs/");
    expect(siteOriginFor({ remote: false, toml })).toBe("http://localhost:8787");
    expect(siteOriginFor({ remote: true, env: "production", toml })).toBe("https://kvadrat.rs");
    expect(() => siteOriginFor({ remote: true, toml })).toThrow(/SITE_ORIGIN is not set/);
    expect(() => siteOriginFor({ remote: true, toml: `[vars]\nSITE_ORIGIN = "javascript:x"` })).toThrow(/http/);
  });

  it("writes the account, its role, the audit row and the link, as SQLite runs them", () => {
    const db = new DatabaseSync(":memory:");
    db.exec(`CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT UNIQUE, created_at INTEGER,
      updated_at INTEGER, email_verified_at INTEGER, deleted_at INTEGER, blocked_at INTEGER);
      CREATE TABLE user_roles (user_id INTEGER, role TEXT, granted_at INTEGER, PRIMARY KEY (user_id, role));
      CREATE TABLE audit_log (id INTEGER PRIMARY KEY, actor_kind TEXT, actor_id INTEGER, action TEXT, target_kind TEXT,
        target_id TEXT, before TEXT, after TEXT, reason TEXT, created_at INTEGER, request_id TEXT);
      CREATE TABLE sign_in_links (token_hash TEXT PRIMARY KEY, user_id INTEGER NOT NULL, created_at INTEGER,
        expires_at INTEGER, used_at INTEGER);`);
    const email = "o'brien@example.rs";
    for (const s of adminStatements({ email, existing: null, tokenHash: "h1", now: 1000 })) db.exec(s);
    expect(db.prepare("SELECT id, email, email_verified_at FROM users").all()).toEqual([
      { id: 1, email, email_verified_at: 1000 },
    ]);
    expect(db.prepare("SELECT role FROM user_roles WHERE user_id = 1").all()).toEqual([{ role: "admin" }]);
    expect(db.prepare("SELECT user_id, expires_at FROM sign_in_links").get()).toEqual({
      user_id: 1,
      expires_at: 1000 + 30 * 60 * 1000,
    });
    const existing = { id: 1, blocked_at: null, email_verified_at: 1000, roles: "admin" };
    for (const s of adminStatements({ email, existing, tokenHash: "h2", now: 2000 })) db.exec(s);
    expect(db.prepare("SELECT count(*) AS n FROM user_roles").get()).toEqual({ n: 1 });
    expect(db.prepare("SELECT actor_kind, action, target_id, after FROM audit_log ORDER BY id").all()).toEqual([
      { actor_kind: "ops", action: "user.create", target_id: "1", after: '{"roles":["admin"],"email_verified":true}' },
      { actor_kind: "ops", action: "user.promote", target_id: "1", after: '{"roles":["admin"],"email_verified":true}' },
    ]);
  });
});
