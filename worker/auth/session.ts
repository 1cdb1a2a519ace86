/**
 * Session cookies and token responses (decision 006).
 * - Cookies: HttpOnly, SameSite=Lax, Path=/, Secure except on http://localhost and 127.0.0.1, names
 *   `__Host-` prefixed in production. The refresh cookie persists (Max-Age) only with remember-me;
 *   otherwise both are session cookies and the server ends the session after one day.
 * - A client sending `X-Auth-Mode: bearer` gets `refresh_token` and `access_token` in the body and no
 *   cookies; web requests never see a token in a body.
 */
import type { Context } from "hono";
import { generateCookie, getCookie } from "hono/cookie";
import { AUTH_MODE_HEADER, type ApiUser } from "#shared/api/auth.ts";
import type { ConfigSource } from "#worker/config.ts";
import {
  ACCESS_TOKEN_COOKIE,
  ACCESS_TOKEN_TTL_S,
  REFRESH_TOKEN_COOKIE,
  SAVED_SEARCH_COOKIE_NAME,
} from "#shared/constants.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { isDevelopment } from "#worker/http/environment.ts";
import type { Role } from "./tokens.ts";
import { type IssuedRefresh, signAccessToken } from "./tokens.ts";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export interface CookiePolicy {
  secure: boolean;
  accessName: string;
  refreshName: string;
}

export function cookiePolicy(url: string, env: ConfigSource): CookiePolicy {
  const { protocol, hostname } = new URL(url);
  const secure = !(protocol === "http:" && LOCAL_HOSTS.has(hostname));
  // __Host- needs Secure: plain-http localhost in production mode keeps the bare names.
  const prefix = !isDevelopment(env) && secure ? "__Host-" : "";
  return { secure, accessName: `${prefix}${ACCESS_TOKEN_COOKIE}`, refreshName: `${prefix}${REFRESH_TOKEN_COOKIE}` };
}

export function policyOf(c: Context<AppEnv>): CookiePolicy {
  return cookiePolicy(c.req.url, c.env);
}

export function readSessionCookies(c: Context<AppEnv>): { access?: string; refresh?: string } {
  const policy = policyOf(c);
  return {
    access: getCookie(c, policy.accessName) || undefined,
    refresh: getCookie(c, policy.refreshName) || undefined,
  };
}

export function hasSessionCookie(c: Context<AppEnv>): boolean {
  const { access, refresh } = readSessionCookies(c);
  return Boolean(access || refresh);
}

export interface SessionTokens {
  access: { token: string; expiresAt: number };
  refresh?: IssuedRefresh;
  remember: boolean;
}

/** Set-Cookie values for new tokens (the refresh cookie only when it changed). */
export function sessionCookies(policy: CookiePolicy, tokens: SessionTokens, now: number): string[] {
  const base = { path: "/", httpOnly: true, secure: policy.secure, sameSite: "Lax" as const };
  const cookies = [
    generateCookie(policy.accessName, tokens.access.token, {
      ...base,
      ...(tokens.remember ? { maxAge: Math.max(1, Math.floor((tokens.access.expiresAt - now) / 1000)) } : {}),
    }),
  ];
  if (tokens.refresh) {
    cookies.push(
      generateCookie(policy.refreshName, tokens.refresh.token, {
        ...base,
        ...(tokens.remember ? { maxAge: Math.max(1, Math.floor((tokens.refresh.expiresAt - now) / 1000)) } : {}),
      }),
    );
  }
  return cookies;
}

export function clearedSessionCookies(policy: CookiePolicy): string[] {
  const base = { path: "/", httpOnly: true, secure: policy.secure, sameSite: "Lax" as const, maxAge: 0 };
  return [generateCookie(policy.accessName, "", base), generateCookie(policy.refreshName, "", base)];
}

/** Product §4: signing in clears the saved-search cookie. */
export function clearedSavedSearchCookie(policy: CookiePolicy): string {
  return generateCookie(SAVED_SEARCH_COOKIE_NAME, "", { path: "/", secure: policy.secure, sameSite: "Lax", maxAge: 0 });
}

function appendCookies(c: Context<AppEnv>, cookies: string[]): void {
  for (const cookie of cookies) c.header("Set-Cookie", cookie, { append: true });
}

export function isBearerMode(c: Context<AppEnv>): boolean {
  return c.req.header(AUTH_MODE_HEADER)?.trim().toLowerCase() === "bearer";
}

export async function accessTokenFor(
  c: Context<AppEnv>,
  claims: { userId: number; role: Role; familyId: string },
  now: number,
) {
  return signAccessToken(c.env, claims, now);
}

/**
 * Answers a successful sign-in (or refresh): cookies for the web, tokens in the body for bearer clients.
 * `signIn` also clears the saved-search cookie (product §4).
 */
export function sessionResponse(
  c: Context<AppEnv>,
  options: { tokens: SessionTokens; now: number; user?: ApiUser; signIn?: boolean; status?: 200 | 201 },
) {
  const { tokens, now } = options;
  c.set("authCookiesWritten", true);
  const body: Record<string, unknown> = options.user ? { data: { user: options.user } } : { data: {} };
  if (isBearerMode(c)) {
    if (tokens.refresh) body.refresh_token = tokens.refresh.token;
    body.access_token = tokens.access.token;
    body.expires_in = ACCESS_TOKEN_TTL_S;
  } else {
    const policy = policyOf(c);
    appendCookies(c, sessionCookies(policy, tokens, now));
    if (options.signIn) appendCookies(c, [clearedSavedSearchCookie(policy)]);
  }
  c.header("Cache-Control", "no-store");
  return c.json(body, options.status ?? 200);
}

export function clearSession(c: Context<AppEnv>): void {
  c.set("authCookiesWritten", true);
  if (!isBearerMode(c) && !c.req.header("authorization")) appendCookies(c, clearedSessionCookies(policyOf(c)));
}

/**
 * The visitor's Cookie header without the session cookies, for the API calls loaders make in-process:
 * those calls carry the session as a bearer token instead (CSRF-exempt, already renewed).
 */
export function withoutSessionCookies(cookieHeader: string | undefined, policy: CookiePolicy): string {
  if (!cookieHeader) return "";
  const names = new Set([policy.accessName, policy.refreshName]);
  return cookieHeader
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part && !names.has(part.slice(0, part.indexOf("=") === -1 ? part.length : part.indexOf("="))))
    .join("; ");
}
