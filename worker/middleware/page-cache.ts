import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { isbot } from "isbot";
import { FAVOURITES_COOKIE_NAME } from "#shared/constants.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { hasSessionCookie } from "#worker/auth/session.ts";
import { isPagePath } from "./page-request.ts";

/**
 * Anonymous page views are the same for everyone for a short while, so the edge keeps the rendered
 * HTML for `PAGE_CACHE_TTL` seconds (0 turns it off) and answers repeats from its cache. Only pages a
 * guest without favourites sees, answered 200 without cookies, are kept; crawlers' complete
 * documents are kept apart from the streamed ones. The CSP nonce of a kept page is replaced by this
 * response's own, so every response still has a fresh one. Development knobs bypass the cache.
 */
export function pageCache(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const ttl = Number(c.env.PAGE_CACHE_TTL ?? 0);
    const url = new URL(c.req.url);
    const eligible =
      ttl > 0 &&
      c.req.method === "GET" &&
      isPagePath(url.pathname) &&
      !c.get("user") &&
      !hasSessionCookie(c) &&
      !getCookie(c, FAVOURITES_COOKIE_NAME) &&
      ![...c.req.raw.headers.keys()].some((name) => name.startsWith("x-debug-"));
    if (!eligible) return next();

    const cache = await caches.open("pages");
    const key = new Request(`${url.origin}${url.pathname}${url.search}${url.search ? "&" : "?"}__view=${isbot(c.req.header("user-agent") ?? "") ? "bot" : "person"}`);
    const nonce = c.get("secureHeadersNonce") ?? "";
    const hit = await cache.match(key);
    if (hit) {
      const fresh = new HTMLRewriter()
        .on("[nonce]", {
          element(element) {
            element.setAttribute("nonce", nonce);
          },
        })
        .transform(hit);
      c.res = new Response(fresh.body, { status: hit.status, headers: new Headers(hit.headers) });
      c.res.headers.delete("Cache-Control");
      c.res.headers.set("X-Page-Cache", "hit");
      return;
    }

    await next();
    const res = c.res;
    if (res.status !== 200 || res.headers.has("Set-Cookie") || !res.body || !res.headers.get("Content-Type")?.includes("text/html")) return;
    const [toClient, toCache] = res.body.tee();
    const stored = new Response(toCache, { status: 200, headers: new Headers(res.headers) });
    stored.headers.set("Cache-Control", `public, max-age=${ttl}`);
    // Headers the security middleware adds per response are set again on every hit.
    for (const name of ["Content-Security-Policy", "X-Page-Cache"]) stored.headers.delete(name);
    c.executionCtx.waitUntil(cache.put(key, stored));
    c.res = new Response(toClient, { status: res.status, headers: res.headers });
    c.res.headers.set("X-Page-Cache", "miss");
  };
}
