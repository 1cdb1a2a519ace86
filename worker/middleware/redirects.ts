import type { MiddlewareHandler } from "hono";
import { PERMANENT_REDIRECT_STATUS } from "#shared/constants.ts";
import { legacyRedirect } from "./legacy-paths.ts";
import { isPagePath } from "./page-request.ts";
import { canonicalAddress } from "./page-query.ts";

/**
 * Trailing-slash and legacy-path 301s (architecture §3.2–3.3), answered in one hop: `/privacyPolicy`
 * goes straight to `/privacy-policy/`, the query kept in its one form (./page-query.ts).
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
    const query = legacy?.indexOf("?") ?? -1;
    const legacyPath = legacy && query >= 0 ? legacy.slice(0, query) : legacy;
    // A legacy key's slash form that is the new page itself (`/about/`) is left to the query's own rules.
    if (legacy && legacyPath !== pathname) {
      const target = query < 0 ? legacy : canonicalAddress(legacy.slice(0, query), legacy.slice(query));
      return c.redirect(target, PERMANENT_REDIRECT_STATUS);
    }

    if (pathname !== "/" && !pathname.endsWith("/")) {
      return c.redirect(canonicalAddress(`${pathname}/`, url.search), PERMANENT_REDIRECT_STATUS);
    }
    if (pathname !== url.pathname) return c.redirect(canonicalAddress(pathname, url.search), PERMANENT_REDIRECT_STATUS);
    return next();
  };
}
