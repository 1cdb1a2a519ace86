import type { Context, MiddlewareHandler } from "hono";
import { ACCESS_TOKEN_RENEW_THRESHOLD_S } from "#shared/constants.ts";
import type { AppEnv } from "#worker/app-env.ts";
import {
  accessTokenFor,
  clearedSessionCookies,
  policyOf,
  readSessionCookies,
  sessionCookies,
} from "#worker/auth/session.ts";
import {
  AuthConfigError,
  type AccessClaims,
  reportAuthConfigError,
  rotateRefreshToken,
  verifyAccessToken,
} from "#worker/auth/tokens.ts";
import { accountBlocked, authUnavailable } from "#worker/auth/flows.ts";
import { summaryRole, toSessionUser } from "#worker/auth/users.ts";
import { rolesOf, sessionUserOf } from "#worker/db/users.ts";
import { apiError } from "#worker/http/api-error.ts";
import { bearerToken } from "#worker/http/bearer-token.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { debugAllowed } from "#worker/http/environment.ts";
import { countSessionRead, shareMeter } from "#worker/http/request-meter.ts";
import { forgetUser, rememberUser, rememberedUser, sameUser } from "#worker/auth/confirmed-users.ts";
import { withBindings } from "#worker/config.ts";
import { gateWrites } from "#worker/db/write-gate.ts";
import type { SessionUser } from "#shared/api/auth.ts";

const isJwt = (token: string) => token.split(".").length === 3;

async function attach(
  c: Context<AppEnv>,
  claims: Pick<AccessClaims, "userId" | "familyId">,
  accessToken: string,
  via: "cookie" | "bearer",
): Promise<boolean> {
  // Null when the account is gone or the session family was revoked (logout).
  // A blocked account has no session either (its families were revoked when it was blocked; this holds
  // even for one signed in during the block's batch).
  countSessionRead(c.env);
  const row = await sessionUserOf(c.env.DB, claims);
  if (row && row.blocked_at !== null) c.set("blockedAccount", { reason: row.blocked_reason });
  const user = liveUserOf(row);
  if (!user) {
    forgetUser(claims.userId);
    return false;
  }
  rememberUser(user);
  c.set("user", user);
  c.set("session", { userId: user.id, roles: user.roles, familyId: claims.familyId, accessToken, via });
  return true;
}

/** The person of a session read, or null when the account is gone or blocked or the session family ended. */
function liveUserOf(row: Awaited<ReturnType<typeof sessionUserOf>>): SessionUser | null {
  return row && row.family_alive && row.blocked_at === null ? toSessionUser(row) : null;
}

/**
 * A page request that must read its visitor's session before anything else: the second attempt after a
 * page begun beside its session read found someone else (decision 105). A client sending it only chooses
 * the slower order.
 */
const SESSION_READ_FIRST_HEADER = "x-session-read-first";

/** Development response header: the page was begun beside its session read, unconfirmed, and served again. */
const SERVED_AGAIN_DEBUG_HEADER = "X-Debug-Session-Served-Again";

/**
 * A page GET with a valid, fresh access cookie of someone this isolate has read before starts at once as
 * that person, beside the session read that confirms them (decision 105), instead of after it: the page's
 * first reads and the session read share one round trip. Its writes wait for the confirmation
 * (`gateWrites`), and its answer is held until then; if the read finds the session ended, the account
 * blocked or gone, or the person changed in anything, the answer is thrown away unsent and
 * `sessionUnconfirmed` asks the worker to serve the request again with the session read first.
 * Null when the request does not qualify: the caller reads the session first, as always.
 */
function beginBesideSessionRead(
  c: Context<AppEnv>,
  claims: AccessClaims,
  accessToken: string,
): Promise<boolean> | null {
  const guess = rememberedUser(claims.userId);
  if (!guess || c.req.header(SESSION_READ_FIRST_HEADER) !== undefined) return null;
  countSessionRead(c.env);
  const confirmed = sessionUserOf(c.env.DB, claims).then((row) => {
    const user = liveUserOf(row);
    if (user) rememberUser(user);
    else forgetUser(claims.userId);
    return user !== null && sameUser(user, guess);
  });
  // Awaited after the page, or by a write; a failed read must not count as unhandled meanwhile.
  confirmed.catch(() => {});
  const env = withBindings(c.env, { DB: gateWrites(c.env.DB, confirmed) });
  shareMeter(c.env, env);
  c.env = env;
  c.set("user", guess);
  c.set("session", {
    userId: guess.id,
    roles: guess.roles,
    familyId: claims.familyId,
    accessToken,
    via: "cookie",
  });
  return confirmed;
}

type Visitor = Required<Pick<AppEnv["Variables"], "user" | "session">>;

/**
 * Sessions this worker has verified, handed to its own in-process API requests (decision 091): the page's
 * visitor reaches each call without a second token check and user read. Keyed by the Request object the
 * worker itself made, so nothing a client sends can name an entry; the bearer token still travels along,
 * for an API elsewhere (`API_ORIGIN`) and as the same credential the API's other checks see.
 */
const handedOver = new WeakMap<Request, Visitor>();

/** Hands the signed-in visitor of `c` to `request`, an in-process API request made for it. */
export function handOverSession(c: Context<AppEnv>, request: Request): void {
  const user = c.get("user");
  const session = c.get("session");
  if (user && session) handedOver.set(request, { user, session: { ...session, via: "bearer" } });
}

/**
 * The session of every request (architecture §3.5, decision 006): `Authorization: Bearer <access JWT>`, else
 * the HttpOnly cookies. A cookie access token with ≤ 30 s left (or none) is renewed from the refresh
 * cookie — the refresh token rotates — and the new cookies are set on the response after `next()`, so
 * pages rendered by React Router get them too (decision 001). Stale cookies are cleared. The user lands
 * in the Hono context (`user`, `session`); the worker hands it to loaders through the app context (worker/app-context.ts).
 * `renew: false` (the /api/auth/* endpoints, which manage tokens themselves) only reads.
 */
export function session({
  renew = true,
  besideSessionRead = false,
}: {
  renew?: boolean;
  /**
   * Page GETs may start beside their session read (decision 105); only where the worker serves an
   * unconfirmed request again (`sessionUnconfirmed`), from its outermost middleware.
   */
  besideSessionRead?: boolean;
} = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.get("session")) return next();
    const visitor = handedOver.get(c.req.raw);
    if (visitor) {
      c.set("user", visitor.user);
      c.set("session", visitor.session);
      return next();
    }
    const env = c.env;
    const now = nowOf(c);
    const renewHere = renew && !new URL(c.req.url).pathname.startsWith("/api/auth/");
    let pending: string[] = [];
    let confirmation: Promise<boolean> | null = null;
    const page = !new URL(c.req.url).pathname.startsWith("/api/");
    try {
      const bearer = bearerToken(c);
      if (bearer) {
        if (isJwt(bearer)) {
          const claims = await verifyAccessToken(env, bearer, now);
          if (claims) await attach(c, claims, bearer, "bearer");
        }
      } else {
        const { access, refresh } = readSessionCookies(c);
        const claims = access ? await verifyAccessToken(env, access, now) : null;
        const fresh = claims !== null && claims.expiresAt - now > ACCESS_TOKEN_RENEW_THRESHOLD_S * 1000;
        let attached = false;
        const early = besideSessionRead && page && fresh && (c.req.method === "GET" || c.req.method === "HEAD");
        if (early && claims) confirmation = beginBesideSessionRead(c, claims, access!);
        if (confirmation) attached = true;
        else if (claims && (fresh || !refresh || !renewHere)) attached = await attach(c, claims, access!, "cookie");
        if (!attached && refresh && renewHere) {
          const result = await rotateRefreshToken(c.env, refresh, now, { allowGrace: true });
          const policy = policyOf(c);
          if (result.kind === "rotated" || result.kind === "grace") {
            const userId = result.kind === "rotated" ? result.issued.userId : result.userId;
            const familyId = result.kind === "rotated" ? result.issued.familyId : result.familyId;
            const row = await sessionUserOf(c.env.DB, { userId, familyId });
            if (row && row.family_alive && row.blocked_at === null) {
              const role = summaryRole(rolesOf(row.roles));
              const token = await accessTokenFor(c, { userId, role, familyId }, now);
              const remember = result.kind === "rotated" ? result.issued.remember : result.remember;
              pending = sessionCookies(
                policy,
                { access: token, refresh: result.kind === "rotated" ? result.issued : undefined, remember },
                now,
              );
              attached = await attach(c, { userId, familyId }, token.token, "cookie");
            }
          }
          if (!attached) pending = clearedSessionCookies(policy);
        } else if (!attached && access && renewHere) {
          pending = clearedSessionCookies(policyOf(c));
        }
      }
    } catch (error) {
      // A production worker without a usable JWT_SECRET serves everyone signed out rather than failing pages.
      if (!(error instanceof AuthConfigError)) throw error;
      reportAuthConfigError(c.req.raw, error);
    }

    await next();

    if (confirmation && !(await confirmation)) {
      // Begun as someone the session read did not confirm: nothing of it leaves; served again, read first.
      await c.res.body?.cancel();
      c.set("sessionUnconfirmed", true);
      c.res = new Response(null, { status: 503 });
      return;
    }
    // A page action that signed in or out (decision 007) has set the session cookies itself: keep them.
    const writeCookies = pending.length > 0 && !c.get("authCookiesWritten") && !setsSessionCookie(c.res, policyOf(c));
    if (writeCookies || (page && c.get("user"))) {
      // React Router's and redirect responses may have immutable headers: give the context a copy.
      c.res = new Response(c.res.body, c.res);
      if (writeCookies) for (const cookie of pending) c.res.headers.append("Set-Cookie", cookie);
      // A page showing who is signed in must not be stored by shared caches.
      if (page && c.get("user")) c.res.headers.set("Cache-Control", "private, no-store");
    }
  };
}

/** Whether a response already sets the access or refresh cookie. */
function setsSessionCookie(res: Response, policy: { accessName: string; refreshName: string }): boolean {
  return res.headers
    .getSetCookie()
    .some((line) => line.startsWith(`${policy.accessName}=`) || line.startsWith(`${policy.refreshName}=`));
}

/**
 * The worker's outermost middleware: a page begun beside a session read that did not confirm its visitor
 * (`sessionUnconfirmed`, decision 105) is served again from the start — its own security headers, D1
 * session and meter — with the session read first. Only a GET or HEAD is begun so, so there is no body
 * to read twice.
 */
export function serveUnconfirmedAgain(
  serve: (
    request: Request,
    env: AppEnv["Bindings"],
    ctx: Context<AppEnv>["executionCtx"] | undefined,
  ) => Promise<Response> | Response,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { env } = c;
    const request = c.req.raw;
    await next();
    if (!c.get("sessionUnconfirmed")) return;
    const again = new Request(request);
    again.headers.set(SESSION_READ_FIRST_HEADER, "1");
    let ctx: Context<AppEnv>["executionCtx"] | undefined;
    try {
      ctx = c.executionCtx;
    } catch {
      // A test's request without an execution context.
    }
    const response = await serve(again, env, ctx);
    // Hono copies a replaced answer's headers onto the new one: nothing of the thrown-away attempt (its CSP
    // nonce, its cookies) may reach the answer served again.
    c.res = undefined;
    c.res = response;
    // Development: the tests see that the first attempt was thrown away.
    if (debugAllowed(env, request)) {
      c.res = new Response(response.body, response);
      c.res.headers.set(SERVED_AGAIN_DEBUG_HEADER, "1");
    }
  };
}

/** 401 unless signed in (product §8: "authorization required"); 503 when sessions cannot be checked at all. */
export const requireAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const blocked = c.get("blockedAccount");
  // A blocked account's messages, payments and every other signed-in call: 403 `account_blocked`, saying why.
  if (!c.get("user") && blocked) return accountBlocked(c, blocked.reason);
  if (!c.get("user")) return authUnavailable(c) ?? apiError(c, 401, "unauthorized", "Sign in first");
  await next();
};
