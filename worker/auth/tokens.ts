/**
 * Tokens (decision 006).
 * - Access token: a short JWT (hono/jwt, HS256) with the user id, role and session family. Its secret is
 *   the `JWT_SECRET` wrangler secret; in development a fixed default stands in, anywhere else a missing
 *   secret refuses to sign or verify.
 * - Refresh token: 256 random bits, stored only as its SHA-256. Exchanging it (`refresh-token`, a page's
 *   renewal) rotates it within its family; presenting a used one revokes the whole family (reuse
 *   detection). Only the worker's implicit renewal of a page request and `GET /api/auth/access-token` tolerate
 *   a token used in the last few seconds (parallel requests of one client), and they then only hand out an
 *   access token; `access-token` never uses or replaces a refresh token at all.
 */
import { sign, verify } from "hono/jwt";
import {
  ACCESS_TOKEN_TTL_S,
  EXPIRING_REFRESH_TOKEN_THRESHOLD_S,
  JWT_SECRET_MIN_BYTES,
  REFRESH_REUSE_GRACE_S,
  REFRESH_TOKEN_TTL_S,
} from "#shared/constants.ts";
import { bytesToBase64Url } from "#shared/base64.ts";
import {
  claimRefreshToken,
  familyOfTokenHash,
  insertRefreshToken,
  type RefreshTokenRow,
  refreshTokenByHash,
} from "#worker/db/refresh-tokens.ts";
import { isDevelopment } from "#worker/http/environment.ts";
import { config, type ConfigSource } from "#worker/config.ts";
import { randomBytes, sha256Hex } from "./secret-bytes.ts";
import { endSession } from "./session-end.ts";
import type { Database, RequestEnv } from "#worker/app-env.ts";

export const DEV_JWT_SECRET = "development-only-jwt-secret-never-used-in-production";

export class AuthConfigError extends Error {}

const reported = new WeakSet<Request>();

/** Logs a configuration problem once per request (one line naming the problem, not the key). */
export function reportAuthConfigError(request: Request, error: AuthConfigError): void {
  if (reported.has(request)) return;
  reported.add(request);
  console.error(error.message);
}

/**
 * The key of the access tokens. Outside development a missing key, the development key or one shorter
 * than JWT_SECRET_MIN_BYTES refuses to sign or verify (AuthConfigError: sign-in answers 503, visitors
 * are served signed out); the error names the problem, never the key.
 */
export function jwtSecret(env: ConfigSource): string {
  const secret = config(env).JWT_SECRET;
  if (isDevelopment(env)) return secret || DEV_JWT_SECRET;
  if (!secret)
    throw new AuthConfigError("JWT_SECRET is not set: refusing to sign or verify tokens outside development");
  if (secret === DEV_JWT_SECRET) {
    throw new AuthConfigError(
      "JWT_SECRET is the development key: refusing to sign or verify tokens outside development",
    );
  }
  const bytes = new TextEncoder().encode(secret).length;
  if (bytes < JWT_SECRET_MIN_BYTES) {
    throw new AuthConfigError(
      `JWT_SECRET is ${bytes} bytes, shorter than ${JWT_SECRET_MIN_BYTES}: refusing to sign or verify tokens outside development`,
    );
  }
  return secret;
}

export type Role = "user" | "admin";

export interface AccessClaims {
  userId: number;
  role: Role;
  familyId: string;
  /** Expiry, ms since the epoch. */
  expiresAt: number;
}

export async function signAccessToken(
  env: ConfigSource,
  claims: { userId: number; role: Role; familyId: string },
  now: number,
): Promise<{ token: string; expiresAt: number }> {
  const iat = Math.floor(now / 1000);
  const exp = iat + ACCESS_TOKEN_TTL_S;
  const token = await sign(
    { sub: String(claims.userId), role: claims.role, fam: claims.familyId, iat, exp, typ: "access" },
    jwtSecret(env),
    "HS256",
  );
  return { token, expiresAt: exp * 1000 };
}

/** The claims of a well-signed, unexpired access token; null for anything else (never throws on input). */
export async function verifyAccessToken(env: ConfigSource, token: string, now: number): Promise<AccessClaims | null> {
  const secret = jwtSecret(env);
  if (token.length > 4096 || token.split(".").length !== 3) return null;
  let payload: Record<string, unknown>;
  try {
    // Expiry is checked against the request's clock below (development tests move it).
    payload = await verify(token, secret, { alg: "HS256", exp: false, iat: false, nbf: false });
  } catch {
    return null;
  }
  const exp = payload.exp;
  const userId = Number(payload.sub);
  if (payload.typ !== "access" || typeof exp !== "number" || !Number.isSafeInteger(userId) || userId < 1) return null;
  if (exp * 1000 <= now) return null;
  const role = payload.role === "admin" ? "admin" : "user";
  return { userId, role, familyId: String(payload.fam ?? ""), expiresAt: exp * 1000 };
}

export function newRefreshToken(): string {
  return bytesToBase64Url(randomBytes(32));
}

const hashRefreshToken = (token: string) => sha256Hex(`refresh:${token}`);

function newFamilyId(): string {
  return bytesToBase64Url(randomBytes(16));
}

export interface IssuedRefresh {
  token: string;
  familyId: string;
  userId: number;
  remember: boolean;
  expiresAt: number;
}

/** Whether a token row still opens a session at `now` (product §4: the expiring marker ends a non-remembered session). */
export function refreshRowAlive(
  row: Pick<RefreshTokenRow, "remember" | "expires_at" | "revoked_at">,
  now: number,
): boolean {
  if (row.revoked_at !== null) return false;
  const left = row.expires_at - now;
  if (left <= 0) return false;
  return row.remember === 1 || left > EXPIRING_REFRESH_TOKEN_THRESHOLD_S * 1000;
}

/** A new token; a new family (a sign-in) unless `familyId` continues one. */
export async function issueRefreshToken(
  db: Database,
  options: { userId: number; remember: boolean; now: number; familyId?: string; expiresAt?: number },
): Promise<IssuedRefresh> {
  const token = newRefreshToken();
  const familyId = options.familyId ?? newFamilyId();
  const expiresAt = options.expiresAt ?? options.now + REFRESH_TOKEN_TTL_S * 1000;
  await insertRefreshToken(db, {
    tokenHash: await hashRefreshToken(token),
    familyId,
    userId: options.userId,
    remember: options.remember,
    now: options.now,
    expiresAt,
  });
  return { token, familyId, userId: options.userId, remember: options.remember, expiresAt };
}

export type RotateResult =
  | { kind: "rotated"; issued: IssuedRefresh }
  | { kind: "grace"; userId: number; familyId: string; remember: boolean }
  | { kind: "reused"; familyId: string }
  | { kind: "invalid" };

type Presented =
  | { kind: "current"; row: RefreshTokenRow }
  | { kind: "grace"; userId: number; familyId: string; remember: boolean }
  | { kind: "reused"; familyId: string }
  | { kind: "invalid" };

/**
 * What a presented refresh token is, without using it: the family's current token, a used one within the
 * reuse grace (when allowed), or a reuse — which revokes the family — or nothing.
 */
async function presentRefreshToken(
  env: RequestEnv,
  token: string,
  now: number,
  allowGrace: boolean,
): Promise<Presented> {
  if (!token || token.length > 512) return { kind: "invalid" };
  const row = await refreshTokenByHash(env.DB, await hashRefreshToken(token));
  if (!row) return { kind: "invalid" };
  if (row.used_at !== null) {
    if (
      allowGrace &&
      row.revoked_at === null &&
      now - row.used_at <= REFRESH_REUSE_GRACE_S * 1000 &&
      refreshRowAlive(row, now)
    ) {
      return { kind: "grace", userId: row.user_id, familyId: row.family_id, remember: row.remember === 1 };
    }
    await endSession(env, row.family_id, now);
    return { kind: "reused", familyId: row.family_id };
  }
  if (!refreshRowAlive(row, now)) return { kind: "invalid" };
  return { kind: "current", row };
}

/**
 * Exchanges a refresh token for its successor. A remembered session slides to a fresh 30 days; a
 * non-remembered one keeps its token's expiry, so it ends at the one-day marker however often it rotates.
 */
export async function rotateRefreshToken(
  env: RequestEnv,
  token: string,
  now: number,
  { allowGrace = false }: { allowGrace?: boolean } = {},
): Promise<RotateResult> {
  const presented = await presentRefreshToken(env, token, now, allowGrace);
  if (presented.kind !== "current") return presented;
  const { row } = presented;
  if (!(await claimRefreshToken(env.DB, row.id, now))) {
    // Another request used it between our read and write: that is a reuse too.
    await endSession(env, row.family_id, now);
    return { kind: "reused", familyId: row.family_id };
  }
  const issued = await issueRefreshToken(env.DB, {
    userId: row.user_id,
    remember: row.remember === 1,
    now,
    familyId: row.family_id,
    expiresAt: row.remember === 1 ? undefined : row.expires_at,
  });
  return { kind: "rotated", issued };
}

export type SessionOfRefresh =
  | { kind: "session"; userId: number; familyId: string; remember: boolean }
  | { kind: "reused"; familyId: string }
  | { kind: "invalid" };

/**
 * The session a refresh token opens, for an access token only: the token is neither used nor replaced
 * (rotation is `rotateRefreshToken`'s). A token already rotated away counts within the reuse grace, as
 * for a page's implicit renewal, and is a reuse after it.
 */
export async function sessionOfRefreshToken(env: RequestEnv, token: string, now: number): Promise<SessionOfRefresh> {
  const presented = await presentRefreshToken(env, token, now, true);
  switch (presented.kind) {
    case "current":
      return {
        kind: "session",
        userId: presented.row.user_id,
        familyId: presented.row.family_id,
        remember: presented.row.remember === 1,
      };
    case "grace":
      return { ...presented, kind: "session" };
    default:
      return presented;
  }
}

/** The live family a refresh token belongs to, without using it (logout). */
export async function familyOfRefreshToken(db: Database, token: string): Promise<string | null> {
  if (!token || token.length > 512) return null;
  return familyOfTokenHash(db, await hashRefreshToken(token));
}
