/**
 * The steps the account endpoints share: requesting a code (rate limits, storage, delivery), answering a
 * failed code check, and signing a user in.
 */
import type { Context } from "hono";
import type { LoginIdentity } from "#shared/api/auth.ts";
import {
  CODE_REQUESTS_PER_IDENTITY_PER_HOUR,
  CODE_REQUESTS_PER_IP_PER_HOUR,
  CODE_RESEND_INTERVAL_S,
  CODE_TTL_S,
} from "#shared/constants.ts";
import type { AppEnv } from "#worker/app-env.ts";
import type { UserRow } from "#worker/db/users.ts";
import { lastCodeCreatedAt } from "#worker/db/verification-codes.ts";
import { apiError } from "#worker/http/api-error.ts";
import { rateLimited } from "#worker/http/rate-limited.ts";
import { hitAll } from "#worker/services/rate-limit.ts";
import { apiLocale } from "#worker/http/api-locale.ts";
import { clientIp } from "#worker/http/client-ip.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { logServerError } from "#worker/http/server-error.ts";
import { authEnv } from "./auth-env.ts";
import { type CheckResult, type CodePurpose, createCode } from "./codes.ts";
import { deliverCode } from "./senders.ts";
import { sessionResponse } from "./session.ts";
import { AuthConfigError, issueRefreshToken, jwtSecret, signAccessToken } from "./tokens.ts";
import { toApiUser } from "./users.ts";

export const fieldOf = (identity: LoginIdentity) => identity.kind;

/**
 * Sends a fresh code for the identity and purpose: at most one per identity per resend interval, a few per
 * identity and more per IP per hour (exact counters in D1). `payload` is computed only once the request is
 * allowed (it may hash a password).
 */
export async function requestCode(
  c: Context<AppEnv>,
  options: {
    identity: LoginIdentity;
    purpose: CodePurpose;
    payload?: () => unknown | Promise<unknown>;
    field?: string;
  },
) {
  const db = c.env.DB;
  const now = nowOf(c);
  const { identity, purpose } = options;
  const field = options.field ?? fieldOf(identity);

  const lastCreatedAt = await lastCodeCreatedAt(db, identity.value, purpose);
  const sinceLast = lastCreatedAt !== null ? now - lastCreatedAt : Infinity;
  if (sinceLast >= 0 && sinceLast < CODE_RESEND_INTERVAL_S * 1000) {
    return rateLimited(c, { retryAfterS: Math.ceil((CODE_RESEND_INTERVAL_S * 1000 - sinceLast) / 1000) }, field);
  }
  const verdict = await hitAll(
    db,
    [
      { key: `code:identity:${identity.value}`, limit: CODE_REQUESTS_PER_IDENTITY_PER_HOUR, windowS: 3600 },
      { key: `code:ip:${clientIp(c.req.raw)}`, limit: CODE_REQUESTS_PER_IP_PER_HOUR, windowS: 3600 },
    ],
    now,
  );
  if (!verdict.allowed) return rateLimited(c, verdict, field);

  const code = await createCode(db, { identity: identity.value, purpose, now, payload: await options.payload?.() });
  try {
    await deliverCode(
      authEnv(c.env),
      { channel: identity.kind === "phone" ? "sms" : "email", to: identity.value, purpose, code, locale: apiLocale(c) },
      now,
    );
  } catch (error) {
    logServerError(c, error);
    return apiError(c, 503, "delivery_failed", "The code could not be sent; try again later");
  }
  return c.json(
    {
      data: {
        sent: true as const,
        channel: identity.kind === "phone" ? ("sms" as const) : ("email" as const),
        expires_in: CODE_TTL_S,
        resend_in: CODE_RESEND_INTERVAL_S,
      },
    },
    202,
  );
}

/** The answer to a failed code check: 400 wrong/expired (a new code is needed when expired), 429 locked. */
export function codeFailure(c: Context<AppEnv>, result: Exclude<CheckResult, { ok: true }>) {
  switch (result.reason) {
    case "locked":
      return apiError(c, 429, "code_locked", "Too many wrong attempts: request a new code", {
        code: "auth.error.codeLocked",
      });
    case "wrong":
      c.header("X-Attempts-Left", String(result.attemptsLeft));
      return apiError(c, 400, "code_wrong", "Wrong code", { code: "auth.error.codeWrong" });
    default:
      return apiError(c, 400, "code_expired", "No valid code: request a new one", { code: "auth.error.codeExpired" });
  }
}

export function accountNotFound(c: Context<AppEnv>, field: string) {
  return apiError(c, 400, "account_not_found", "No account with this phone or e-mail", {
    [field]: "auth.error.accountNotFound",
  });
}

export function alreadyRegistered(c: Context<AppEnv>, field: string) {
  return apiError(c, 409, "already_registered", "An account with this phone or e-mail exists", {
    [field]: "auth.error.alreadyRegistered",
  });
}

/** A new session (refresh family) for the user, answered as cookies or bearer tokens; clears the saved-search cookie. */
export async function signIn(c: Context<AppEnv>, user: UserRow, remember: boolean, status: 200 | 201 = 200) {
  const now = nowOf(c);
  // Outside development a missing JWT_SECRET refuses every sign-in (503) before any token is stored.
  const unavailable = authUnavailable(c);
  if (unavailable) return unavailable;
  const refresh = await issueRefreshToken(c.env.DB, { userId: user.id, remember, now });
  const access = await signAccessToken(
    authEnv(c.env),
    { userId: user.id, role: user.role, familyId: refresh.familyId },
    now,
  );
  return sessionResponse(c, {
    tokens: { access, refresh, remember },
    now,
    user: toApiUser(user),
    signIn: true,
    status,
  });
}

/** 503 when tokens cannot be signed here (production without JWT_SECRET), else null. */
export function authUnavailable(c: Context<AppEnv>) {
  try {
    jwtSecret(authEnv(c.env));
    return null;
  } catch (error) {
    if (!(error instanceof AuthConfigError)) throw error;
    console.error(error.message);
    return apiError(c, 503, "auth_unavailable", "Sign-in is not available");
  }
}
