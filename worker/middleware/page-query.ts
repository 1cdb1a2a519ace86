import type { MiddlewareHandler } from "hono";
import { pageSearch } from "#shared/page-query.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { isDataRequest, isPagePath } from "./page-request.ts";

/**
 * Query parameters a page does not read (`utm_source`, `fbclid`, a cache buster) are dropped before
 * anything else sees the request (issue 17 item 6, decision 027): the page cache keys on the clean URL,
 * so a junk query is a cache hit, and the page renders from it, so no link, canonical or form repeats
 * the junk. The page is served under the address asked for (no redirect round trip; crawlers read the
 * canonical); a script before the router's takes the junk out of the address bar, so the router
 * hydrates on the URL the page was rendered for.
 */
export function pageQuery(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (!isPagePath(url.pathname) && !isDataRequest(url.pathname)) return next();
    const search = pageSearch(url);
    if (search === null) return next();
    // A 404 names the address as asked for, not as the page reads it.
    if (!isDataRequest(url.pathname)) c.set("requestedPath", url.pathname + url.search);
    url.search = search;
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
