import type { MiddlewareHandler } from "hono";
import { PERMANENT_REDIRECT_STATUS } from "#shared/constants.ts";
import { legacyRedirect } from "./legacy-paths.ts";
import { isPagePath } from "./page-request.ts";

/**
 * Trailing-slash and legacy-path 301s (DESIGN §3.2–3.3), answered in one hop: `/privacyPolicy`
 * goes straight to `/privacy-policy/`, the query kept.
 */
export function redirects(): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    if (method !== "GET" && method !== "HEAD") return next();
    const url = new URL(c.req.url);
    if (!isPagePath(url.pathname)) return next();

    // Collapsing repeated slashes keeps `//evil.example` from becoming a protocol-relative Location.
    const pathname = url.pathname.replace(/\/{2,}/g, "/");
    const legacy = legacyRedirect(pathname, url.search);
    if (legacy) return c.redirect(legacy, PERMANENT_REDIRECT_STATUS);

    if (pathname !== "/" && !pathname.endsWith("/")) {
      return c.redirect(`${pathname}/${url.search}`, PERMANENT_REDIRECT_STATUS);
    }
    if (pathname !== url.pathname) return c.redirect(`${pathname}${url.search}`, PERMANENT_REDIRECT_STATUS);
    return next();
  };
}
