/**
 * Product §7 "Auth": password sign-in, token refresh (`refresh-token` rotates the refresh token, a reused one
 * revokes its family; `access-token` only hands out an access token), the account data and logout. Web
 * clients hold the tokens as HttpOnly cookies; `X-Auth-Mode: bearer` clients get them in bodies (product §3
 * `refresh_token`, `access_token`).
 */
import { Hono, type Context } from "hono";
import { getCookie } from "hono/cookie";
import { LogoutBody, PasswordLoginBody } from "#shared/api/auth.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { authUnavailable, signIn } from "#worker/auth/flows.ts";
import { passwordAttempt } from "#worker/auth/password-attempts.ts";
import { burnPasswordCheck, verifyPassword } from "#worker/auth/passwords.ts";
import { clearSession, policyOf, sessionResponse } from "#worker/auth/session.ts";
import { endSession } from "#worker/auth/session-end.ts";
import {
  familyOfRefreshToken,
  rotateRefreshToken,
  sessionOfRefreshToken,
  signAccessToken,
} from "#worker/auth/tokens.ts";
import { passwordOf, summaryRole, toApiUser } from "#worker/auth/users.ts";
import { findUserById, findUserByIdentity, rolesOf } from "#worker/db/users.ts";
import { apiError } from "#worker/http/api-error.ts";
import { bearerToken } from "#worker/http/bearer-token.ts";
import { clientIp } from "#worker/http/client-ip.ts";
import { rateLimited } from "#worker/http/rate-limited.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { requireAuth } from "#worker/middleware/session.ts";
import { valid } from "./validate.ts";

export const auth = new Hono<AppEnv>();

/**
 * Password sign-in. Attempts count per address; failures per identity and address with a slowing
 * identity-wide ceiling (worker/auth/password-attempts.ts); a success never counts.
 */
auth.post("/auth/login", valid("json", PasswordLoginBody), async (c) => {
  const body = c.req.valid("json");
  const gate = await passwordAttempt(c.env.RATE_LIMITS, {
    scope: "login",
    identity: body.login.value,
    address: clientIp(c.req.raw),
    now: nowOf(c),
  });
  if (!gate.allowed) return rateLimited(c, gate, "login");
  const account = await findUserByIdentity(c.env.DB, body.login);
  const stored = account ? passwordOf(account) : null;
  const ok = account && stored ? await verifyPassword(body.password, stored) : await burnPasswordCheck(body.password);
  await gate.settle(Boolean(ok && account));
  if (!ok || !account) {
    return apiError(c, 400, "invalid_credentials", "Wrong phone/e-mail or password", {
      password: "auth.error.invalidCredentials",
    });
  }
  return signIn(c, account, body.remember_me);
});

/** The refresh token of the request: `Authorization: Bearer <refresh>` or the refresh cookie. */
function presentedRefreshToken(c: Context<AppEnv>): string | undefined {
  const bearer = bearerToken(c);
  if (bearer && bearer.split(".").length !== 3) return bearer;
  return getCookie(c, policyOf(c).refreshName) || undefined;
}

/** The refresh token was refused: 401 naming why, the session cookies cleared. */
function refused(c: Context<AppEnv>, kind: "reused" | "invalid") {
  clearSession(c);
  return kind === "reused"
    ? apiError(c, 401, "token_reused", "Refresh token already used: the session was ended")
    : apiError(c, 401, "invalid_token", "Refresh token invalid or expired");
}

/** An access token for the session, or the 401 of a session whose account is gone (the family is revoked). */
async function accessFor(c: Context<AppEnv>, session: { userId: number; familyId: string }, now: number) {
  const account = await findUserById(c.env.DB, session.userId);
  if (!account || account.blocked_at !== null) {
    // A blocked account's families were revoked with the block; one that slipped through ends here.
    await endSession(c.env, session.familyId, now);
    clearSession(c);
    return { refused: apiError(c, 401, "invalid_token", account ? "Account blocked" : "Account no longer exists") };
  }
  const access = await signAccessToken(
    c.env,
    { userId: account.id, role: summaryRole(rolesOf(account.roles)), familyId: session.familyId },
    now,
  );
  return { access };
}

/** `refresh-token`: the refresh token rotates (a used one revokes its family) and a new pair is handed out. */
auth.get("/auth/refresh-token", async (c) => {
  const now = nowOf(c);
  const unavailable = authUnavailable(c);
  if (unavailable) return unavailable;
  const token = presentedRefreshToken(c);
  if (!token) return apiError(c, 401, "unauthorized", "No refresh token");
  const result = await rotateRefreshToken(c.env, token, now);
  if (result.kind !== "rotated") return refused(c, result.kind === "reused" ? "reused" : "invalid");
  const answer = await accessFor(c, result.issued, now);
  if (answer.refused) return answer.refused;
  return sessionResponse(c, {
    tokens: { access: answer.access, refresh: result.issued, remember: result.issued.remember },
    now,
  });
});

/**
 * `access-token`: only a new access token. The refresh token is neither used nor replaced, so a client may
 * ask as often as it likes; one already rotated away counts within the reuse grace, then as a reuse.
 */
auth.get("/auth/access-token", async (c) => {
  const now = nowOf(c);
  const unavailable = authUnavailable(c);
  if (unavailable) return unavailable;
  const token = presentedRefreshToken(c);
  if (!token) return apiError(c, 401, "unauthorized", "No refresh token");
  const session = await sessionOfRefreshToken(c.env, token, now);
  if (session.kind !== "session") return refused(c, session.kind);
  const answer = await accessFor(c, session, now);
  if (answer.refused) return answer.refused;
  return sessionResponse(c, { tokens: { access: answer.access, remember: session.remember }, now });
});

auth.get("/account/data", requireAuth, async (c) => {
  const account = await findUserById(c.env.DB, c.get("user")!.id);
  if (!account) return apiError(c, 401, "unauthorized", "Sign in first");
  c.header("Cache-Control", "private, no-store");
  return c.json({ data: toApiUser(account) });
});

/**
 * Ends this session's family (from the access token, the refresh cookie or `refresh_token`): revoked, its
 * live sockets closed, the cookies cleared.
 */
auth.post("/auth/logout", valid("json", LogoutBody), async (c) => {
  const now = nowOf(c);
  const families = new Set<string>();
  const sessionFamily = c.get("session")?.familyId;
  if (sessionFamily) families.add(sessionFamily);
  for (const token of [presentedRefreshToken(c), c.req.valid("json")?.refresh_token]) {
    const family = token ? await familyOfRefreshToken(c.env.DB, token) : null;
    if (family) families.add(family);
  }
  for (const family of families) await endSession(c.env, family, now);
  clearSession(c);
  return c.json({ data: { signed_out: true } });
});
