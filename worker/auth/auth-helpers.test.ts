import { describe, expect, it } from "vitest";
import {
  EXPIRING_REFRESH_TOKEN_THRESHOLD_S,
  JWT_SECRET_MIN_BYTES,
  PASSWORD_PBKDF2_ITERATIONS,
} from "#shared/constants.ts";
import { newCode } from "./codes.ts";
import { constantTimeEqualText } from "./secret-bytes.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { cookiePolicy, withoutSessionCookies } from "./session.ts";
import {
  AuthConfigError,
  DEV_JWT_SECRET,
  jwtSecret,
  newRefreshToken,
  refreshRowAlive,
  signAccessToken,
  verifyAccessToken,
} from "./tokens.ts";

describe("passwords", () => {
  it("PBKDF2-SHA256 with a per-password salt and ≥ 100 000 iterations", async () => {
    const a = await hashPassword("secret password");
    const b = await hashPassword("secret password");
    expect(a.iterations).toBe(PASSWORD_PBKDF2_ITERATIONS);
    expect(a.iterations).toBeGreaterThanOrEqual(100_000);
    expect(a.salt).not.toBe(b.salt);
    expect(a.hash).not.toBe(b.hash);
    expect(await verifyPassword("secret password", a)).toBe(true);
    expect(await verifyPassword("secret passwore", a)).toBe(false);
    expect(await verifyPassword("secret password", { ...a, hash: "!!" })).toBe(false);
    expect(await verifyPassword("secret password", { ...a, iterations: 10_000_000 })).toBe(false);
  });

  it("constant-time comparison", () => {
    expect(constantTimeEqualText("abc", "abc")).toBe(true);
    expect(constantTimeEqualText("abc", "abd")).toBe(false);
    expect(constantTimeEqualText("abc", "abcd")).toBe(false);
  });
});

describe("tokens", () => {
  const env = { ENVIRONMENT: "development" };
  it("the development default secret, and none elsewhere", () => {
    expect(jwtSecret(env)).toBe(DEV_JWT_SECRET);
    const strong = "s".repeat(JWT_SECRET_MIN_BYTES);
    expect(jwtSecret({ ENVIRONMENT: "production", JWT_SECRET: strong })).toBe(strong);
    expect(() => jwtSecret({ ENVIRONMENT: "production" })).toThrow(/JWT_SECRET is not set/);
  });

  it("outside development a short key or the development key is refused, naming the problem, not the key", () => {
    const short = "s".repeat(JWT_SECRET_MIN_BYTES - 1);
    expect(() => jwtSecret({ ENVIRONMENT: "production", JWT_SECRET: short })).toThrow(
      new RegExp(`JWT_SECRET is ${JWT_SECRET_MIN_BYTES - 1} bytes, shorter than ${JWT_SECRET_MIN_BYTES}`),
    );
    // Bytes, not characters: 16 two-byte letters are 32 bytes.
    expect(jwtSecret({ ENVIRONMENT: "production", JWT_SECRET: "ж".repeat(16) })).toBe("ж".repeat(16));
    expect(() => jwtSecret({ JWT_SECRET: DEV_JWT_SECRET })).toThrow(AuthConfigError);
    try {
      jwtSecret({ ENVIRONMENT: "production", JWT_SECRET: DEV_JWT_SECRET });
    } catch (error) {
      expect((error as Error).message).toMatch(/development key/);
      expect((error as Error).message).not.toContain(DEV_JWT_SECRET);
    }
    // Development takes any key it is given.
    expect(jwtSecret({ ENVIRONMENT: "development", JWT_SECRET: "short" })).toBe("short");
  });

  it("access tokens verify until their expiry, against the given clock", async () => {
    const now = Date.UTC(2026, 0, 1);
    const { token, expiresAt } = await signAccessToken(env, { userId: 7, role: "admin", familyId: "f" }, now);
    expect(expiresAt - now).toBe(900_000);
    expect(await verifyAccessToken(env, token, expiresAt - 1)).toMatchObject({
      userId: 7,
      role: "admin",
      familyId: "f",
    });
    expect(await verifyAccessToken(env, token, expiresAt)).toBeNull();
    const other = { ENVIRONMENT: "production", JWT_SECRET: "other".repeat(JWT_SECRET_MIN_BYTES) };
    expect(await verifyAccessToken(other, token, now)).toBeNull();
    expect(await verifyAccessToken(env, token.slice(0, -2) + "xx", now)).toBeNull();
    expect(await verifyAccessToken(env, "a.b.c", now)).toBeNull();
  });

  it("refresh tokens are 256 random bits", () => {
    const token = newRefreshToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newRefreshToken()).not.toBe(token);
  });

  it("a non-remembered token dies at the expiring marker, a remembered one at its expiry", () => {
    const expires_at = 100_000_000_000;
    const marker = expires_at - EXPIRING_REFRESH_TOKEN_THRESHOLD_S * 1000;
    expect(refreshRowAlive({ remember: 0, expires_at, revoked_at: null }, marker - 1)).toBe(true);
    expect(refreshRowAlive({ remember: 0, expires_at, revoked_at: null }, marker)).toBe(false);
    expect(refreshRowAlive({ remember: 1, expires_at, revoked_at: null }, expires_at - 1)).toBe(true);
    expect(refreshRowAlive({ remember: 1, expires_at, revoked_at: null }, expires_at)).toBe(false);
    expect(refreshRowAlive({ remember: 1, expires_at, revoked_at: 5 }, 0)).toBe(false);
  });
});

describe("codes", () => {
  it("six digits", () => {
    for (let i = 0; i < 200; i++) expect(newCode()).toMatch(/^\d{6}$/);
  });
});

describe("cookie policy", () => {
  it("Secure except on plain-http localhost; __Host- only in production over https", () => {
    expect(cookiePolicy("http://localhost:8787/", { ENVIRONMENT: "development" })).toMatchObject({
      secure: false,
      accessName: "access_token",
    });
    expect(cookiePolicy("http://127.0.0.1:8787/", { ENVIRONMENT: "production" })).toMatchObject({
      secure: false,
      refreshName: "refresh_token",
    });
    expect(cookiePolicy("https://kvadrat.test/", { ENVIRONMENT: "development" })).toMatchObject({
      secure: true,
      accessName: "access_token",
    });
    expect(cookiePolicy("https://kvadrat.rs/", { ENVIRONMENT: "production" })).toMatchObject({
      secure: true,
      accessName: "__Host-access_token",
      refreshName: "__Host-refresh_token",
    });
    expect(cookiePolicy("http://kvadrat.rs/", { ENVIRONMENT: "production" }).secure).toBe(true);
  });

  it("in-process API calls get the other cookies but not the session ones", () => {
    const policy = cookiePolicy("https://kvadrat.test/", { ENVIRONMENT: "development" });
    expect(withoutSessionCookies("locale=ru; access_token=a.b.c; saved_search=1; refresh_token=r", policy)).toBe(
      "locale=ru; saved_search=1",
    );
    expect(withoutSessionCookies(undefined, policy)).toBe("");
  });
});
