import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { isbot } from "isbot";
import { FAVOURITES_COOKIE_NAME, SAVED_SEARCH_COOKIE_NAME } from "#shared/constants.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { config } from "#worker/config.ts";
import { hasSessionCookie } from "#worker/auth/session.ts";
import { edgeCountry } from "#worker/http/edge-country.ts";
import { debugRequest } from "#worker/http/environment.ts";
import { type KeptPage, KeptPages, keepPage, pageBody } from "./kept-pages.ts";
import { canonicalPageQuery } from "#shared/page-query.ts";
import { isPagePath } from "./page-request.ts";
import { hasBookmarkCookie } from "./d1-session.ts";

/** Documents an isolate keeps in memory ahead of the Cache API (of its 128 MB). */
const PAGES_IN_MEMORY_BYTES = 16 * 1024 * 1024;
/** On a cached copy: the nonce its document carries, and when it goes stale (epoch ms). */
const KEPT_NONCE = "X-Kept-Nonce";
const KEPT_UNTIL = "X-Kept-Until";
/** Headers set per response (security, this middleware's own, the body's length), not kept. */
const PER_RESPONSE = new Set(
  ["Content-Security-Policy", "Cache-Control", "Content-Length", "X-Page-Cache", KEPT_NONCE, KEPT_UNTIL].map((name) =>
    name.toLowerCase(),
  ),
);

const memory = new KeptPages(PAGES_IN_MEMORY_BYTES);

/**
 * A kept page's key: the page's URL with the view, the country and the build (decision 042) — the data
 * centre's cache outlives a deploy, and a page of one build must never be answered after another is
 * deployed (its scripts and stylesheets would be the other build's).
 */
export function pageCacheKey(url: URL, view: "bot" | "person", country: string, buildId: string): string {
  const query = new URLSearchParams({ __view: view, __country: country, __build: buildId });
  // The same parameters written differently (`%2F` for `/`) are one page (decision 052).
  const search = canonicalPageQuery(url)?.search ?? url.search;
  return `${url.origin}${url.pathname}${search}${search ? "&" : "?"}${query}`;
}

/**
 * Anonymous page views are the same for everyone for a short while, so the edge keeps the rendered
 * HTML for `PAGE_CACHE_TTL` seconds (0 turns it off) and answers repeats: from this isolate's memory,
 * else from the data centre's cache (decision 010). Only pages a guest without favourites or saved
 * searches sees, answered 200 without cookies and without a failed API call, are kept; crawlers' complete
 * documents, each country's pages and each build's pages are kept apart. A kept page gets this response's CSP nonce, so every
 * response still has a fresh one. Development knobs bypass the cache. The D1 bookmark cookie is neither a key
 * nor kept; while it lasts, its visitor's pages are rendered afresh (and kept).
 */
export function pageCache(buildId: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const ttl = config(c.env).PAGE_CACHE_TTL;
    const url = new URL(c.req.url);
    const eligible =
      ttl > 0 &&
      c.req.method === "GET" &&
      isPagePath(url.pathname) &&
      !c.get("user") &&
      !hasSessionCookie(c) &&
      !getCookie(c, FAVOURITES_COOKIE_NAME) &&
      // The search pages show which of the guest's saved searches this one is (the cookie): theirs alone.
      !getCookie(c, SAVED_SEARCH_COOKIE_NAME) &&
      !debugRequest(c.env, c.req.raw);
    if (!eligible) return next();

    const view = isbot(c.req.header("user-agent") ?? "") ? "bot" : "person";
    // The page's data names the visitor's country (the phone widget's default): kept per country.
    const country = edgeCountry(c.req.raw, c.env) ?? "";
    const key = pageCacheKey(url, view, country, buildId);
    const nonce = c.get("secureHeadersNonce") ?? "";
    // A visitor who changed something a moment ago (the bookmark cookie, decision 092) is shown a fresh render,
    // which is kept for everyone: the kept copy may be from before their change.
    const page = hasBookmarkCookie(c) ? undefined : await keptCopy(key);
    if (page) {
      c.res = new Response(pageBody(page, nonce), { status: page.status, headers: page.headers });
      c.res.headers.set("X-Page-Cache", "hit");
      return;
    }

    await next();
    const res = c.res;
    if (
      res.status !== 200 ||
      res.headers.has("Set-Cookie") ||
      !res.body ||
      !res.headers.get("Content-Type")?.includes("text/html")
    )
      return;
    const [toClient, toCache] = res.body.tee();
    const headers = keptHeaders(res.headers);
    c.executionCtx.waitUntil(
      new Response(toCache).text().then(
        (html) => {
          // A section the API failed to fill says so: that page is for this visitor only.
          if (c.get("apiFailed")) return;
          return keepCopy(key, ttl, html, nonce, headers);
        },
        () => undefined,
      ), // a render that failed half-way is not kept
    );
    c.res = new Response(toClient, { status: res.status, headers: res.headers });
    c.res.headers.set("X-Page-Cache", "miss");
  };
}

/** What is kept under `key` (a page, or a page's payload): this isolate's memory, else the data centre's cache. */
export async function keptCopy(key: string): Promise<KeptPage | undefined> {
  return memory.get(key) ?? (await fromCache(key));
}

/** Keeps an answer's body for `ttl` seconds under `key`, cut at `nonce` (none: kept whole), and its headers. */
export function keepCopy(key: string, ttl: number, body: string, nonce: string, headers: [string, string][]) {
  const expires = Date.now() + ttl * 1000;
  memory.set(key, keepPage(body, nonce, { expires, status: 200, headers }));
  const stored = new Response(body, { headers });
  stored.headers.set("Cache-Control", `public, max-age=${ttl}`);
  stored.headers.set(KEPT_NONCE, nonce);
  stored.headers.set(KEPT_UNTIL, String(expires));
  return caches.open("pages").then((cache) => cache.put(key, stored));
}

/** The headers of an answer that are kept with it (not the per-response ones). */
export const keptHeaders = (headers: Headers) => [...headers].filter(([name]) => !PER_RESPONSE.has(name));

async function fromCache(key: string): Promise<KeptPage | undefined> {
  const cached = await (await caches.open("pages")).match(key);
  if (!cached) return undefined;
  const expires = Number(cached.headers.get(KEPT_UNTIL)) || 0;
  const nonce = cached.headers.get(KEPT_NONCE) ?? "";
  const headers = keptHeaders(cached.headers);
  const page = keepPage(await cached.text(), nonce, { expires, status: cached.status, headers });
  memory.set(key, page);
  return page;
}
