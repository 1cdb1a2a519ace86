import type { MiddlewareHandler } from "hono";
import { originOf } from "#shared/same-origin.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { hasSessionCookie } from "#worker/auth/session.ts";
import { apiError } from "#worker/http/api-error.ts";
import { bearerToken } from "#worker/http/bearer-token.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/**
 * RFC 8058's one-click unsubscribe: a mail client posts it with no Origin or X-Requested-With, perhaps with
 * the site's cookies; its token, not a session, decides what it does, so there is nothing to forge.
 */
const TOKEN_ONLY_PATHS = new Set(["/api/unsubscribe/one-click"]);
/**
 * Stripe's webhook (worker/api/payments-webhook.ts): Stripe's servers post it with neither header; its
 * `Stripe-Signature`, not a session, decides what it does.
 */
const SIGNED_PATHS = new Set(["/api/payments/stripe/webhook"]);

/**
 * CSRF (architecture §4, decision 006): a write that the browser's session cookies would authenticate needs
 * `X-Requested-With` and an `Origin` equal to this origin, else 403. A cross-site page can send neither
 * without a CORS preflight, which this API never grants. Bearer-authenticated calls carry no ambient
 * credential and are exempt; so are writes without session cookies (nothing to forge).
 */
export function csrf(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || bearerToken(c) || !hasSessionCookie(c)) return next();
    if (TOKEN_ONLY_PATHS.has(c.req.path) || SIGNED_PATHS.has(c.req.path)) return next();
    if (!c.req.header("x-requested-with") || originOf(c.req.raw) !== "same") {
      return apiError(
        c,
        403,
        "csrf_rejected",
        "Cross-site request refused: X-Requested-With and a same-origin Origin are required",
      );
    }
    await next();
  };
}
