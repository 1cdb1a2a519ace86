import type { MiddlewareHandler } from "hono";
import { canonicalPageQuery } from "#shared/page-query.ts";
import { PERMANENT_REDIRECT_STATUS } from "#shared/constants.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { isDataRequest, isPagePath } from "./page-request.ts";

/**
 * Query parameters a page does not read (`utm_source`, `fbclid`, a cache buster) are dropped before
 * anything else sees the request (decision 027): the page cache keys on the clean URL,
 * so a junk query is a cache hit, and the page renders from it, so no link, canonical or form repeats
 * the junk. The page is served under the address asked for (no redirect round trip; crawlers read the
 * canonical); a script before the router's takes the junk out of the address bar, so the router
 * hydrates on the URL the page was rendered for.
 *
 * The parameters a page reads have one form too (decision 052: one order, a name once, no empty values or
 * stray `&`, `page` within bounds), so that `?a=1&b=2`, `?b=2&a=1&` and `?a=1&a=1&b=2` are one cache entry:
 * a page's GET written otherwise is sent there with a 301 (the rule reads the address alone, never data or
 * the visitor, so it is permanent); a POST, a `.data` request and the search pages (whose loaders send a
 * search to its one address themselves, in the same hop) are served as the one form in place.
 */
/**
 * Where a redirect of the page middleware sends a page (`path` locale-prefixed, `search` as asked): with
 * its query in its one form, so a redirect never needs a second one (decision 003).
 */
export function canonicalAddress(path: string, search: string): string {
  return path + (canonicalPageQuery(new URL(path + search, "https://page.invalid"))?.search ?? search);
}

export function pageQuery(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (!isPagePath(url.pathname) && !isDataRequest(url.pathname)) return next();
    const canonical = canonicalPageQuery(url);
    if (!canonical || canonical.search === url.search || canonical.sameAsAsked) return next();
    const { method } = c.req;
    if (canonical.moved && (method === "GET" || method === "HEAD") && !isDataRequest(url.pathname)) {
      return c.redirect(url.pathname + canonical.search, PERMANENT_REDIRECT_STATUS);
    }
    // A 404 names the address as asked for, not as the page reads it.
    if (!isDataRequest(url.pathname)) c.set("requestedPath", url.pathname + url.search);
    url.search = canonical.search;
    c.req.raw = new Request(url, c.req.raw);
    await next();

    const res = c.res;
    if (isDataRequest(url.pathname) || !res.body || !res.headers.get("Content-Type")?.includes("text/html")) return;
    const nonce = c.get("secureHeadersNonce") ?? "";
    const clean = JSON.stringify(url.pathname + url.search).replace(/</g, "\\u003c");
    const script = `<script nonce="${nonce}">history.replaceState(history.state,"",${clean}+location.hash)</script>`;
    const headers = new Headers(res.headers);
    headers.delete("Content-Length");
    const rewritten = new HTMLRewriter()
      .on("head", {
        element(head) {
          head.prepend(script, { html: true });
        },
      })
      .transform(res);
    c.res = new Response(rewritten.body, { status: res.status, headers });
  };
}
