/**
 * The steps the account endpoints share: requesting a code (rate limits, storage, delivery), checking one,
 * answering a failed code check, and signing a user in.
 */
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { LoginIdentity } from "#shared/api/auth.ts";
import {
  CODE_REQUESTS_PER_IDENTITY_PER_ADDRESS_PER_HOUR,
  CODE_REQUESTS_PER_IDENTITY_PER_HOUR,
  CODE_REQUESTS_PER_IP_PER_HOUR,
  CODE_RESEND_INTERVAL_S,
  CODE_TTL_S,
  SAVED_SEARCH_COOKIE_NAME,
} from "#shared/constants.ts";
import { parseGuestSearches } from "#shared/saved-search-cookie.ts";
import { textCatalog } from "#shared/text-catalog.ts";
import type { AppEnv, RequestEnv } from "#worker/app-env.ts";
import { addGuestSearches } from "#worker/db/saved-searches.ts";
import { findUserByIdentity, rolesOf, setUserLocale, type UserRow } from "#worker/db/users.ts";
import { lastCodeCreatedAt } from "#worker/db/verification-codes.ts";
import { apiError } from "#worker/http/api-error.ts";
import { rateLimited } from "#worker/http/rate-limited.ts";
import { hit } from "#worker/http/rate-limit.ts";
import { apiLocale } from "#worker/http/api-locale.ts";
import { clientIp, clientNetwork } from "#worker/http/client-ip.ts";
import { isDevelopment } from "#worker/http/environment.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { logServerError } from "#worker/http/server-error.ts";
import { type CheckResult, type CodePurpose, consumeCode, createCode, decoyCode, newCode } from "./codes.ts";
import { deliverCode, type MessageKind } from "#worker/adapters/senders.ts";
import { hitSmsNetwork, newNumberSmsAllowed, smsAllowedTo } from "./sms-policy.ts";
import { isBearerMode, sessionResponse } from "./session.ts";
import { AuthConfigError, issueRefreshToken, jwtSecret, reportAuthConfigError, signAccessToken } from "./tokens.ts";
import { summaryRole, toApiUser } from "./users.ts";

const fieldOf = (identity: LoginIdentity) => identity.kind;

/** What the person at the address is told instead of a code (decision 026), or null for a real code. */
export type Notice = Exclude<MessageKind, "code"> | null;

/**
 * Sends a fresh code for the identity and purpose — or, when `notice` says so, a notice instead of it
 * (no account to sign in to; an account that already exists). The answer is the same 202 either way, and
 * so is the work: the notice's code is a decoy stored like a real one (worker/auth/codes.ts), so the
 * resend interval and later checks cannot tell them apart (no account oracle, decision 026).
 *
 * Limits, in order, each counted before anything about the identity is looked up: the address (per hour;
 * an IPv6 client by its /64); for SMS the allowed countries (400, before any count) and the IPv6 network's
 * allowance (its /48); one per identity per resend interval; per identity from this address, and per
 * identity from all addresses (a higher ceiling, so one stranger cannot use up the owner's budget).
 * `notice` and `payload` run only once the request is allowed (the payload may hash a password).
 *
 * Which SMS go out (decision 048): a code or notice to a number with an account always; none that only
 * says there is no account (the form already says "if an account exists"); a code to a number without an
 * account within the budgets of sms-policy.ts. Outside development the SMS is sent after the answer, so
 * neither an SMS not sent nor the provider's time shows in it.
 */
export async function requestCode(
  c: Context<AppEnv>,
  options: {
    identity: LoginIdentity;
    purpose: CodePurpose;
    payload?: () => unknown | Promise<unknown>;
    notice?: () => Promise<Notice>;
    field?: string;
  },
) {
  const db = c.env.DB;
  const now = nowOf(c);
  const { identity, purpose } = options;
  const field = options.field ?? fieldOf(identity);
  const sms = identity.kind === "phone";
  const address = clientIp(c.req.raw);

  // Depends only on the number: not an oracle.
  if (sms && !smsAllowedTo(c.env, identity.value)) {
    return apiError(c, 400, "sms_country_not_allowed", "Codes cannot be sent by SMS to this country", {
      [field]: "auth.error.smsCountry",
    });
  }
  const perAddress = await hit(
    c.env.RATE_LIMITS,
    { key: `code:ip:${address}`, limit: CODE_REQUESTS_PER_IP_PER_HOUR, windowS: 3600 },
    now,
  );
  if (!perAddress.allowed) return rateLimited(c, perAddress, field);
  const network = sms ? clientNetwork(c.req.raw) : null;
  if (network) {
    const verdict = await hitSmsNetwork(c.env.RATE_LIMITS, network, now);
    if (!verdict.allowed) return rateLimited(c, verdict, field);
  }

  const lastCreatedAt = await lastCodeCreatedAt(db, identity.value, purpose);
  const sinceLast = lastCreatedAt !== null ? now - lastCreatedAt : Infinity;
  if (sinceLast >= 0 && sinceLast < CODE_RESEND_INTERVAL_S * 1000) {
    return rateLimited(c, { retryAfterS: Math.ceil((CODE_RESEND_INTERVAL_S * 1000 - sinceLast) / 1000) }, field);
  }
  // One after the other: a request refused for this address must not use up the identity's budget.
  for (const rule of [
    {
      key: `code:identity:${identity.value}:ip:${address}`,
      limit: CODE_REQUESTS_PER_IDENTITY_PER_ADDRESS_PER_HOUR,
      windowS: 3600,
    },
    { key: `code:identity:${identity.value}`, limit: CODE_REQUESTS_PER_IDENTITY_PER_HOUR, windowS: 3600 },
  ]) {
    const verdict = await hit(c.env.RATE_LIMITS, rule, now);
    if (!verdict.allowed) return rateLimited(c, verdict, field);
  }

  const notice = (await options.notice?.()) ?? null;
  const payload = await options.payload?.();
  const code = notice ? decoyCode() : newCode();
  await createCode(db, { identity: identity.value, purpose, now, payload, code });
  const deliver = async () => {
    if (sms && !(await smsGoesOut(c.env, identity.value, notice, now))) return;
    await deliverCode(
      c.env,
      {
        channel: sms ? "sms" : "email",
        to: identity.value,
        purpose,
        code: notice ? "" : code,
        kind: notice ?? "code",
        locale: apiLocale(c),
      },
      now,
    );
  };
  if (sms && !isDevelopment(c.env)) {
    c.executionCtx.waitUntil(deliver().catch((error: unknown) => void logServerError(c, error)));
  } else {
    try {
      await deliver();
    } catch (error) {
      logServerError(c, error);
      return apiError(c, 503, "delivery_failed", "The code could not be sent; try again later");
    }
  }
  return c.json(
    {
      data: {
        sent: true as const,
        channel: sms ? ("sms" as const) : ("email" as const),
        expires_in: CODE_TTL_S,
        resend_in: CODE_RESEND_INTERVAL_S,
      },
    },
    202,
  );
}

/**
 * Whether an SMS goes out (decision 048): always to a number with an account; never only to say there is
 * none; to a number without an account within its number's, its country's and everyone's budget.
 */
async function smsGoesOut(env: RequestEnv, phone: string, notice: Notice, now: number): Promise<boolean> {
  if (notice === "no_account") return false;
  const withinBudget = await newNumberSmsAllowed(env.RATE_LIMITS, phone, now);
  return withinBudget || (await findUserByIdentity(env.DB, { kind: "phone", value: phone })) !== null;
}

/** Checks (and when right, uses) the identity's code; wrong attempts count per code and address. */
export function checkCode(c: Context<AppEnv>, identity: string, purpose: CodePurpose, code: string) {
  return consumeCode(c.env.DB, c.env.RATE_LIMITS, {
    identity,
    purpose,
    code,
    now: nowOf(c),
    address: clientIp(c.req.raw),
  });
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

/** A right code whose account is gone meanwhile (sign-in, recovery). The request endpoints never answer it. */
export function accountNotFound(c: Context<AppEnv>, field: string) {
  return apiError(c, 400, "account_not_found", "No account with this phone or e-mail", {
    [field]: "auth.error.accountNotFound",
  });
}

/** A right code for an identity another account took meanwhile. The request endpoints never answer it. */
export function alreadyRegistered(c: Context<AppEnv>, field: string) {
  return apiError(c, 409, "already_registered", "An account with this phone or e-mail exists", {
    [field]: "auth.error.alreadyRegistered",
  });
}

/**
 * A new session (refresh family) for the user, answered as cookies or bearer tokens; the guest's saved
 * searches join the account and their cookie is cleared.
 */
export async function signIn(c: Context<AppEnv>, user: UserRow, remember: boolean, status: 200 | 201 = 200) {
  const now = nowOf(c);
  // Outside development a missing JWT_SECRET refuses every sign-in (503) before any token is stored.
  const unavailable = authUnavailable(c);
  if (unavailable) return unavailable;
  // A blocked person is told so, and why, in their language — only once their credentials were right, so
  // this is no oracle of who is blocked (decision 057).
  if (user.blocked_at !== null) return accountBlocked(c, user.blocked_reason);
  const refresh = await issueRefreshToken(c.env.DB, { userId: user.id, remember, now });
  // What the site e-mails them (moderation decisions, reminders) is in the language they use it in.
  await setUserLocale(c.env.DB, user.id, apiLocale(c));
  // Product §4: this answer clears the saved-search cookie (sessionResponse), so the guest's searches in it
  // join the account here, first — the next page's merge (middleware/saved-searches-merge.ts) would never
  // see them. Bearer clients keep their cookies: theirs are neither merged nor cleared.
  const guestSearches = getCookie(c, SAVED_SEARCH_COOKIE_NAME);
  if (guestSearches && !isBearerMode(c))
    await addGuestSearches(c.env.DB, user.id, parseGuestSearches(guestSearches), now);
  const access = await signAccessToken(
    c.env,
    { userId: user.id, role: summaryRole(rolesOf(user.roles)), familyId: refresh.familyId },
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

/** 403 `account_blocked`: the message says so with the staff's reason, in the request's language. */
export function accountBlocked(c: Context<AppEnv>, reason: string | null) {
  const { intl } = textCatalog(apiLocale(c));
  const message = intl.formatMessage({ id: "auth.error.blocked" }, { reason: reason ?? "" });
  return c.json({ error: { code: "account_blocked", message, reason: reason ?? "" } }, 403);
}

/**
 * 503 when tokens cannot be signed or verified here (production without a usable JWT_SECRET: missing,
 * the development key, too short), else null.
 */
export function authUnavailable(c: Context<AppEnv>) {
  try {
    jwtSecret(c.env);
    return null;
  } catch (error) {
    if (!(error instanceof AuthConfigError)) throw error;
    reportAuthConfigError(c.req.raw, error);
    return apiError(c, 503, "auth_unavailable", "Sign-in is not available");
  }
}
