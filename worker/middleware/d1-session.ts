/**
 * Every request reads D1 through one D1 session (D1's Sessions API, decision 092), so its reads may be answered
 * by the nearest read replica while staying in order: a session never reads older data than it has seen.
 * Where the session starts:
 * - `first-primary` for a request that writes (any method but GET and HEAD) or renews the visitor's session
 *   tokens, and for `/api/auth/*`: what it decides on (a refresh token's use, an owner's listing, a limit)
 *   is read where it is written;
 * - the visitor's bookmark (the signed `d1_bookmark` cookie) while it lasts: the visitor reads at least
 *   what their own last change wrote — read-your-writes;
 * - else `first-unconstrained`: anywhere.
 * A request that changed the visitor's data gets the bookmark cookie (HttpOnly, SameSite=Lax, a few minutes);
 * a bearer client, which keeps no cookies, gets none.
 * The in-process API calls of a page are given the page's env, so they share its session; code holding the
 * D1 binding itself (Cron, Durable Objects, migrations) reads the primary.
 */
import type { Context, MiddlewareHandler } from "hono";
import { generateCookie, getCookie } from "hono/cookie";
import {
  ACCESS_TOKEN_RENEW_THRESHOLD_S,
  D1_BOOKMARK_COOKIE_MAX_AGE_S,
  D1_BOOKMARK_COOKIE_NAME,
  FAVOURITES_COOKIE_NAME,
  SAVED_SEARCH_COOKIE_NAME,
} from "#shared/constants.ts";
import { base64ToBytes } from "#shared/base64.ts";
import type { AppEnv, Database } from "#worker/app-env.ts";
import { withBindings } from "#worker/config.ts";
import { isBearerMode, policyOf, readSessionCookies } from "#worker/auth/session.ts";
import { signText } from "#worker/auth/signing.ts";
import { constantTimeEqualText } from "#worker/auth/secret-bytes.ts";
import { AuthConfigError } from "#worker/auth/tokens.ts";
import { bearerToken } from "#worker/http/bearer-token.ts";
import { debugAllowed } from "#worker/http/environment.ts";
import { nowOf } from "#worker/http/request-clock.ts";

/** Where a D1 session starts: a constraint, or a bookmark it must read at least up to. */
type D1SessionStart = D1SessionConstraint | D1SessionBookmark;

/** What D1's bookmarks are made of (hex groups and dashes), with room for their format to change. */
const BOOKMARK = /^[0-9a-f-]{16,128}$/;
/** A cookie's value: `{bookmark}.{signature}` (base64url HMAC-SHA256, 43 characters). */
const COOKIE_VALUE = /^([0-9a-f-]{16,128})\.([\w-]{43})$/;
/** Writes that change nothing the visitor reads back: the statistics beacons. */
const UNOBSERVED_WRITES = ["/api/statistics/"];
const READ_METHODS = new Set(["GET", "HEAD"]);

/** The D1 binding itself (it opens sessions), or undefined for a request's D1 session. */
export function bindingOf(db: Database): D1Database | undefined {
  return typeof (db as Partial<D1Database>).withSession === "function" ? (db as D1Database) : undefined;
}

/**
 * The middleware at the worker's entry and the API app's: opens the request's D1 session on the binding and
 * hands it on as `env.DB`; an env that already has one (an in-process API call) keeps it. After the answer,
 * a request that changed the visitor's data gets the bookmark cookie.
 */
export function d1Session(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const binding = bindingOf(c.env.DB);
    if (!binding) return next();
    const start = await d1SessionStart(c);
    const session = binding.withSession(start);
    c.env = withBindings(c.env, { DB: session });
    await next();
    // A WebSocket's upgrade is answered as it is (a copy would lose the socket).
    if (c.res.status === 101) return;
    const cookie = changedVisitorData(c) ? await bookmarkCookie(c, session.getBookmark()) : null;
    const debug = debugAllowed(c.env, c.req.raw);
    if (!cookie && !debug) return;
    // React Router's and redirect responses may have immutable headers: give the context a copy.
    c.res = new Response(c.res.body, c.res);
    if (cookie) c.res.headers.append("Set-Cookie", cookie);
    // Development: where the session started, for the tests (there is no replica locally to tell it by).
    if (debug) c.res.headers.set(D1_SESSION_DEBUG_HEADER, BOOKMARK.test(start) ? "bookmark" : start);
  };
}

/** Development response header: `first-primary`, `bookmark` or `first-unconstrained`. */
export const D1_SESSION_DEBUG_HEADER = "X-Debug-D1-Session";

/** Where this request's D1 session starts (the module's comment says why). */
async function d1SessionStart(c: Context<AppEnv>): Promise<D1SessionStart> {
  if (!READ_METHODS.has(c.req.method)) return "first-primary";
  if (new URL(c.req.url).pathname.startsWith("/api/auth/") || renewsSessionTokens(c)) return "first-primary";
  return (await visitorBookmark(c)) ?? "first-unconstrained";
}

/**
 * Whether the session middleware will renew this visitor's tokens (worker/middleware/session.ts): a refresh
 * cookie with no access cookie, or one expiring within the threshold. Read without the signature: it only
 * chooses where reads go, and the session middleware checks the token itself.
 */
export function renewsSessionTokens(c: Context<AppEnv>): boolean {
  if (bearerToken(c)) return false;
  const { access, refresh } = readSessionCookies(c);
  if (!refresh) return false;
  const expiresAt = access ? unverifiedExpiry(access) : null;
  return expiresAt === null || expiresAt - nowOf(c) <= ACCESS_TOKEN_RENEW_THRESHOLD_S * 1000;
}

/** A JWT's `exp` (ms), unverified; null when there is none. */
function unverifiedExpiry(token: string): number | null {
  const payload = token.split(".")[1];
  if (!payload || payload.length > 4096) return null;
  try {
    const exp: unknown = JSON.parse(
      new TextDecoder().decode(base64ToBytes(payload.replaceAll("-", "+").replaceAll("_", "/"))),
    ).exp;
    return typeof exp === "number" && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * The bookmark of the visitor's cookie, when it is ours: a value we did not sign (forged, altered, garbage)
 * is ignored — D1 is never handed a bookmark it did not give — and so is every cookie while no signing key is
 * configured.
 */
async function visitorBookmark(c: Context<AppEnv>): Promise<D1SessionBookmark | null> {
  const match = COOKIE_VALUE.exec(getCookie(c, D1_BOOKMARK_COOKIE_NAME) ?? "");
  if (!match) return null;
  const [, bookmark, signed] = match as unknown as [string, string, string];
  const expected = await signature(c, bookmark);
  return expected !== null && constantTimeEqualText(expected, signed) ? bookmark : null;
}

/** Whether the request changed what its visitor reads back: a write, a sign-in, a renewal, a merge. */
function changedVisitorData(c: Context<AppEnv>): boolean {
  // A bearer client (an app) keeps no cookies: it is answered without any (decision 006).
  if (c.res.status >= 400 || bearerToken(c) || isBearerMode(c)) return false;
  const path = new URL(c.req.url).pathname;
  if (!READ_METHODS.has(c.req.method)) return !UNOBSERVED_WRITES.some((prefix) => path.startsWith(prefix));
  // A read that set the visitor's own cookies wrote what they name: the session tokens (sign-in by link,
  // renewal) or the guest favourites and saved searches merged into the account.
  const policy = policyOf(c);
  const names = [policy.accessName, policy.refreshName, FAVOURITES_COOKIE_NAME, SAVED_SEARCH_COOKIE_NAME];
  return c.res.headers.getSetCookie().some((line) => names.some((name) => line.startsWith(`${name}=`)));
}

/** The Set-Cookie line carrying `bookmark`, or null without one (nothing was read or written, no key). */
export async function bookmarkCookie(c: Context<AppEnv>, bookmark: D1SessionBookmark | null): Promise<string | null> {
  if (!bookmark || !BOOKMARK.test(bookmark)) return null;
  const signed = await signature(c, bookmark);
  if (!signed) return null;
  return generateCookie(D1_BOOKMARK_COOKIE_NAME, `${bookmark}.${signed}`, {
    path: "/",
    httpOnly: true,
    secure: policyOf(c).secure,
    sameSite: "Lax",
    maxAge: D1_BOOKMARK_COOKIE_MAX_AGE_S,
  });
}

/** The bookmark's signature; null while the worker has no usable key (the bookmark cookie is then unused). */
async function signature(c: Context<AppEnv>, bookmark: string): Promise<string | null> {
  try {
    return await signText(c.env, `d1-bookmark:${bookmark}`);
  } catch (error) {
    if (error instanceof AuthConfigError) return null;
    throw error;
  }
}

/** Whether the request carries a bookmark cookie (unchecked): the visitor changed something a moment ago. */
export const hasBookmarkCookie = (c: Context<AppEnv>) => getCookie(c, D1_BOOKMARK_COOKIE_NAME) !== undefined;
