import type { Context, MiddlewareHandler, Next } from "hono";
import { getCookie } from "hono/cookie";
import { isbot } from "isbot";
import { AUTH_DIALOG_PARAM, NEXT_PARAM, RETURN_PARAM, VIA_PARAM } from "#shared/auth-links.ts";
import { FAVOURITES_COOKIE_NAME, SAVED_SEARCH_COOKIE_NAME } from "#shared/constants.ts";
import { type Locale, splitLocale } from "#shared/locales.ts";
import { keptForEveryone, type Visitor, visitorPartsOf } from "#shared/visitor.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { config } from "#worker/config.ts";
import { hasOwnState, markOpened, visitorOf } from "./visitor.ts";
import { edgeCountry } from "#worker/http/edge-country.ts";
import { debugAllowed, debugRequest } from "#worker/http/environment.ts";
import { type KeptPage, KeptPages, keepPage, pageBody, tailStart } from "./kept-pages.ts";
import { canonicalPageQuery } from "#shared/page-query.ts";
import { isPagePath } from "./page-request.ts";
import { hasBookmarkCookie, renewsSessionTokens } from "./d1-session.ts";
import { hasSessionCookie } from "#worker/auth/session.ts";
import { bearerToken } from "#worker/http/bearer-token.ts";
import { visitorParts } from "./visitor-parts.ts";
import { visibilityChangedAt } from "#worker/db/visibility-changes.ts";
import { NOBODY_TIMING, SCRIPTS_COOKIE_NAME } from "#shared/visitor-request.ts";

/** Documents an isolate keeps in memory ahead of the Cache API (of its 128 MB). */
const PAGES_IN_MEMORY_BYTES = 16 * 1024 * 1024;
/** On a cached copy: the nonce its document carries, and when it goes stale (epoch ms). */
const KEPT_NONCE = "X-Kept-Nonce";
const KEPT_UNTIL = "X-Kept-Until";
/** On a cached copy: until when it may be answered stale, and when its render started (epoch ms). */
const KEPT_STALE_UNTIL = "X-Kept-Stale-Until";
const KEPT_RENDERED = "X-Kept-Rendered";
/**
 * Development (loopback, decision 026): why a page was not answered from a kept copy — `absent` (none, or
 * none that may still be answered),
 * `changed` (stale, and something left the public site since its render), `expired` (stale, and this page
 * is never answered stale) or `bookmark` (the visitor's own recent change, decision 092).
 */
const CACHE_WHY = "X-Debug-Page-Cache-Why";
/** Headers set per response (security, this middleware's own, the body's length), not kept. */
const PER_RESPONSE = new Set(
  [
    "Content-Security-Policy",
    "Cache-Control",
    "Content-Length",
    "Server-Timing",
    "X-Page-Cache",
    CACHE_WHY,
    KEPT_NONCE,
    KEPT_UNTIL,
    KEPT_STALE_UNTIL,
    KEPT_RENDERED,
  ].map((name) => name.toLowerCase()),
);
/**
 * A stale page is answered only if its render started this long after the last visibility change: the
 * worker's and the database's clocks, and a replica's lag behind the primary, are each well under it.
 */
const VISIBILITY_MARGIN_MS = 2_000;

const memory = new KeptPages(PAGES_IN_MEMORY_BYTES);
const decoder = new TextDecoder();
/** The keys this isolate is rendering again in the background (one render per key at a time). */
const revalidating = new Set<string>();
/**
 * Marks the worker's own background render of a stale page: a random value per isolate, so no request from
 * outside can ask for a render past the kept copy. Made on first use (no random values at the global scope).
 */
let revalidationMark: string | undefined;
const REVALIDATION_HEADER = "x-kept-revalidation";

/** Serves `request` through the whole worker (the app's `fetch`), for a stale page's background render. */
type RenderAgain = (request: Request, c: Context<AppEnv>) => Promise<Response>;

/**
 * A kept page's key: the page's URL with the view, the country (the sign-in dialog's pages only) and the
 * build (decision 042) — the data
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
 * A page view is the same for everyone for a short while, so the edge keeps the rendered HTML for
 * `PAGE_CACHE_TTL` seconds (0 turns it off) and answers repeats: from this isolate's memory, else from the
 * data centre's cache (decision 010). A kept page is rendered as nobody — no cookies, no session, no
 * country (decision 094) — and only a 200 without cookies and without a failed API call is kept; crawlers'
 * complete documents and each build's pages are kept apart, and the sign-in dialog's pages per country (its
 * phone widget's default). A visitor with nothing of their own (no session, favourites or saved searches)
 * gets the kept bytes (saying so: `NOBODY_TIMING`); the home, search, list, detail and media pages are kept
 * for everyone else too: a browser that runs scripts (the app's marker, decision 112) gets the kept bytes as
 * they are, its visitor's parts asked by the app; any other gets each answer made theirs at the edge
 * (`visitorParts`: their data as JSON for the app, and the parts a browser without JavaScript shows); both
 * sent `private, no-store`. A signed-in visitor's detail page and every other
 * page of a visitor with their own state are rendered for them as before. A kept page gets this response's
 * CSP nonce, so every response still has a fresh one. Development knobs bypass the cache. The D1 bookmark
 * cookie (decision 092) is neither a key nor kept; while it lasts, its visitor's pages are rendered afresh
 * (and kept). Past `PAGE_CACHE_TTL`, a page is answered stale for `PAGE_CACHE_STALE` seconds more while
 * `renderAgain` renders it again after the answer — unless something left or entered the public site since
 * its render (decision 107).
 */
export function pageCache(buildId: string, renderAgain?: RenderAgain): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { PAGE_CACHE_STALE: stale } = config(c.env);
    const ttl = keptTtl(c);
    const url = new URL(c.req.url);
    if (!ttl) return next();
    const again = revalidationMark !== undefined && c.req.header(REVALIDATION_HEADER) === revalidationMark;
    const own = !again && hasOwnState(c);
    // A browser that runs scripts asks for its own parts after hydration (decision 112): the kept bytes as they
    // are; its session may not have been read (`skipsSessionRead`), so its session cookie says it is signed in.
    const scripts = own && runsScripts(c);
    const signedIn = Boolean(c.get("user")) || (scripts && hasSessionCookie(c));
    if (own && !keptForEveryone(url.pathname, signedIn)) return next();

    const view = isbot(c.req.header("user-agent") ?? "") ? "bot" : "person";
    const country = url.searchParams.has(AUTH_DIALOG_PARAM) ? (edgeCountry(c.req.raw, c.env) ?? "") : "";
    const key = pageCacheKey(url, view, country, buildId);
    const nonce = c.get("secureHeadersNonce") ?? "";
    // A visitor who changed something a moment ago (the bookmark cookie, decision 092) is shown a fresh
    // render, which is kept for everyone: the kept copy may be from before their change.
    const bookmark = hasBookmarkCookie(c);
    const [found, visitor] = await Promise.all([
      again || bookmark ? undefined : keptCopy(key, { stale: stale > 0 }),
      own && !scripts ? visitorOf(c, visitorPartsOf(url.pathname)) : undefined,
    ]);
    const now = Date.now();
    const fresh = found && found.expires > now;
    // Past its freshness, a page is answered once more while this isolate renders it again — unless something
    // left (or entered) the public site since its render (a listing taken down must not linger).
    const served =
      fresh || (found && renderAgain && !country && (await renderedSinceLastChange(c, found))) ? found : undefined;
    const locale = c.get("locale") ?? splitLocale(url.pathname).locale;
    const theirs = (res: Response, tail?: Uint8Array) =>
      visitor
        ? visitorsCopy(res, visitor, locale, url, (id) => markOpened(c, id), tail)
        : own
          ? privately(res)
          : nobodys(res);
    if (served) {
      const body = pageBody(served, nonce);
      // The router's data at the end holds nothing of a visitor's but hearts: past the last part to write, the
      // kept bytes go as they are (the rewrite's cost is the document it reads).
      const cut = visitor && untouchedTail(served, visitor) ? tailStart(served, nonce) : undefined;
      const head = cut === undefined ? body : body.subarray(0, cut);
      c.res = theirs(
        new Response(head, { status: served.status, headers: served.headers }),
        cut === undefined ? undefined : body.subarray(cut),
      );
      c.res.headers.set("X-Page-Cache", fresh ? "hit" : "stale");
      if (!fresh) revalidate(c, key, renderAgain!);
      return;
    }

    const rendered = Date.now();
    await renderedAsNobody(c, country || undefined, next);
    const res = c.res;
    if (
      res.status !== 200 ||
      res.headers.has("Set-Cookie") ||
      !res.body ||
      !res.headers.get("Content-Type")?.includes("text/html")
    ) {
      c.res = theirs(res);
      return;
    }
    const [toClient, toCache] = res.body.tee();
    const headers = keptHeaders(res.headers);
    c.executionCtx.waitUntil(
      new Response(toCache).text().then(
        (html) => {
          // A section the API failed to fill says so: that page is for this visitor only.
          if (c.get("apiFailed")) return;
          return keepCopy(key, ttl, html, nonce, headers, { stale, rendered });
        },
        () => undefined,
      ), // a render that failed half-way is not kept
    );
    c.res = theirs(new Response(toClient, { status: res.status, headers: res.headers }));
    c.res.headers.set("X-Page-Cache", "miss");
    // No copy that may be answered; one past its freshness kept through a visibility change; or the visitor's own.
    if (!again && debugAllowed(c.env, c.req.raw))
      c.res.headers.set(
        CACHE_WHY,
        bookmark ? "bookmark" : !found ? "absent" : renderAgain && !country ? "changed" : "expired",
      );
  };
}

/**
 * The seconds a page request's answer may be kept (`PAGE_CACHE_TTL`), or 0 when it is not one the page cache
 * answers: not a page GET, the cache off, or a development knob asked for a render.
 */
function keptTtl(c: Context<AppEnv>): number {
  const { PAGE_CACHE_TTL: ttl } = config(c.env);
  const page = c.req.method === "GET" && isPagePath(new URL(c.req.url).pathname) && !debugRequest(c.env, c.req.raw);
  return page ? ttl : 0;
}

/** Whether the visitor's browser runs the app's scripts: the app sets the marker after hydration (decision 112). */
const runsScripts = (c: Context<AppEnv>) => getCookie(c, SCRIPTS_COOKIE_NAME) !== undefined;

/**
 * Whether this page request goes without its session read (decision 112): a browser that runs scripts asking
 * for a page kept for everyone gets the kept bytes as they are, whoever it is, and reads its own parts from
 * `GET /api/visitor` after hydration. Read as always when its tokens are due for renewal (renewed on this
 * answer), after the visitor's own change (the bookmark: a fresh render, read where the change was written),
 * while a guest's favourites or saved searches wait to be merged into the account just signed in to, or with
 * a bearer token.
 */
export function skipsSessionRead(c: Context<AppEnv>): boolean {
  if (!keptTtl(c) || !runsScripts(c) || hasBookmarkCookie(c) || bearerToken(c)) return false;
  const session = hasSessionCookie(c);
  if (!keptForEveryone(new URL(c.req.url).pathname, session)) return false;
  const merge = getCookie(c, FAVOURITES_COOKIE_NAME) || getCookie(c, SAVED_SEARCH_COOKIE_NAME);
  return !session || (!renewsSessionTokens(c) && !merge);
}

/**
 * A kept page's bytes answered to a visitor with their own state: nobody's, but sent as theirs alone (no
 * shared cache keeps an answer to their request, nor mixes it with the copy made theirs).
 */
function privately(res: Response): Response {
  const copy = byCookie(res);
  copy.headers.set("Cache-Control", "private, no-store");
  return copy;
}

/** A kept page's bytes answered to a visitor with nothing of their own: the app need not ask for them. */
function nobodys(res: Response): Response {
  const copy = byCookie(res);
  copy.headers.set("Server-Timing", NOBODY_TIMING);
  return copy;
}

/** A copy of `res` that says it depends on the cookies (`varyOnCookie`). */
function byCookie(res: Response): Response {
  const copy = new Response(res.body, res);
  varyOnCookie(copy.headers);
  return copy;
}

/**
 * Whether a kept page goes as it is, made theirs, or saying its visitor has nothing of their own is the
 * cookies' doing, on every page (the locale's `Vary` names them only on pages without a language prefix).
 */
function varyOnCookie(headers: Headers) {
  if (!/\bcookie\b/i.test(headers.get("Vary") ?? "")) headers.append("Vary", "Cookie");
}

/**
 * Whether nothing left or entered the public site since `page`'s render started (migration 0055), read for
 * each stale answer (one key lookup, where a render makes several reads); a failed read answers no stale page.
 */
async function renderedSinceLastChange(c: Context<AppEnv>, page: KeptPage): Promise<boolean> {
  if (page.rendered === undefined || (page.staleUntil ?? page.expires) <= Date.now()) return false;
  const changedAt = await visibilityChangedAt(c.env.DB).catch(() => Number.POSITIVE_INFINITY);
  return page.rendered - VISIBILITY_MARGIN_MS > changedAt;
}

/**
 * Renders the page under `key` again after this answer (the worker's own request, without the visitor's
 * cookies, marked so that the page cache renders and keeps it rather than answering it); one at a time.
 */
function revalidate(c: Context<AppEnv>, key: string, renderAgain: RenderAgain) {
  if (revalidating.has(key)) return;
  revalidating.add(key);
  revalidationMark ??= crypto.randomUUID();
  // What a kept render depends on: who asks (a crawler's complete document or a person's streamed one). No
  // Accept-Language: an address without a language prefix would send it elsewhere, as it would nobody's.
  const headers = new Headers({ [REVALIDATION_HEADER]: revalidationMark });
  for (const name of ["user-agent", "accept"]) {
    const value = c.req.header(name);
    if (value) headers.set(name, value);
  }
  const request = new Request(c.req.url, { headers });
  c.executionCtx.waitUntil(
    renderAgain(request, c)
      .then((res) => res.arrayBuffer())
      .catch(() => undefined)
      .finally(() => revalidating.delete(key)),
  );
}

/**
 * Renders the page as a visitor without cookies or a session would see it (`keptRender`: the root data
 * says so, and names no country but `country`); the visitor's own request is put back afterwards, for the
 * middleware that answers after the render (renewed session cookies).
 */
async function renderedAsNobody(c: Context<AppEnv>, country: string | undefined, next: Next) {
  const { raw } = c.req;
  const user = c.get("user");
  const session = c.get("session");
  const headers = new Headers(raw.headers);
  headers.delete("cookie");
  headers.delete("authorization");
  headers.delete(REVALIDATION_HEADER);
  c.req.raw = new Request(raw, { headers });
  c.set("user", undefined);
  c.set("session", undefined);
  c.set("keptRender", { country });
  try {
    await next();
  } finally {
    c.req.raw = raw;
    c.set("user", user);
    c.set("session", session);
    c.set("keptRender", undefined);
  }
}

/** Whether `page`'s tail has none of `visitor`'s hearts (the only part of theirs it could hold). */
const untouchedTail = (page: KeptPage, visitor: Visitor) =>
  page.tail !== undefined && !page.tail.favourites.some((id) => visitor.favourites.includes(id));

/**
 * A kept page made `visitor`'s (their JSON, and their parts without JavaScript): theirs alone, never stored.
 * `tail`: the document's rest after `res`, sent as it is after the rewritten part.
 */
function visitorsCopy(
  res: Response,
  visitor: Visitor,
  locale: Locale,
  url: URL,
  onSavedSearchShown: (id: number) => void,
  tail?: Uint8Array,
): Response {
  if (!res.headers.get("Content-Type")?.includes("text/html")) return res;
  const params = new URLSearchParams(url.search);
  for (const name of [AUTH_DIALOG_PARAM, VIA_PARAM, NEXT_PARAM, RETURN_PARAM]) params.delete(name);
  const here = url.pathname + (params.size ? `?${params}` : "");
  const headers = new Headers(res.headers);
  headers.delete("Content-Length");
  headers.set("Cache-Control", "private, no-store");
  varyOnCookie(headers);
  const rewriter = visitorParts(visitor, locale, here, onSavedSearchShown);
  // Appended as it is, not parsed; the answer stays the runtime's own stream (a stream of the script's own
  // in between, chunk by chunk, cost more than the parsing saved).
  if (tail) rewriter.onDocument({ end: (end) => void end.append(decoder.decode(tail), { html: true }) });
  return new Response(rewriter.transform(res).body, { status: res.status, headers });
}

/**
 * What is kept under `key` (a page, or a page's payload): this isolate's memory, else the data centre's
 * cache — while fresh, or (`stale`) while it may still be answered stale.
 */
export async function keptCopy(key: string, { stale = false } = {}): Promise<KeptPage | undefined> {
  const now = Date.now();
  const page = memory.get(key, now, stale) ?? (await fromCache(key));
  return page && (stale ? (page.staleUntil ?? page.expires) : page.expires) > now ? page : undefined;
}

/**
 * Keeps an answer's body for `ttl` seconds under `key`, cut at `nonce` (none: kept whole), and its headers;
 * then `stale` seconds more for a stale answer while it is rendered again, when its render started
 * (`rendered`) is known.
 */
export function keepCopy(
  key: string,
  ttl: number,
  body: string,
  nonce: string,
  headers: [string, string][],
  { stale = 0, rendered }: { stale?: number; rendered?: number } = {},
) {
  const expires = Date.now() + ttl * 1000;
  const staleUntil = rendered === undefined ? expires : expires + stale * 1000;
  memory.set(key, keepPage(body, nonce, { expires, staleUntil, rendered, status: 200, headers }));
  const stored = new Response(body, { headers });
  stored.headers.set("Cache-Control", `public, max-age=${Math.round((staleUntil - Date.now()) / 1000)}`);
  stored.headers.set(KEPT_NONCE, nonce);
  stored.headers.set(KEPT_UNTIL, String(expires));
  stored.headers.set(KEPT_STALE_UNTIL, String(staleUntil));
  if (rendered !== undefined) stored.headers.set(KEPT_RENDERED, String(rendered));
  return caches.open("pages").then((cache) => cache.put(key, stored));
}

/** The headers of an answer that are kept with it (not the per-response ones). */
export const keptHeaders = (headers: Headers) => [...headers].filter(([name]) => !PER_RESPONSE.has(name));

async function fromCache(key: string): Promise<KeptPage | undefined> {
  const cached = await (await caches.open("pages")).match(key);
  if (!cached) return undefined;
  const expires = Number(cached.headers.get(KEPT_UNTIL)) || 0;
  const staleUntil = Number(cached.headers.get(KEPT_STALE_UNTIL)) || expires;
  const rendered = Number(cached.headers.get(KEPT_RENDERED)) || undefined;
  const nonce = cached.headers.get(KEPT_NONCE) ?? "";
  const headers = keptHeaders(cached.headers);
  const page = keepPage(await cached.text(), nonce, { expires, staleUntil, rendered, status: cached.status, headers });
  memory.set(key, page);
  return page;
}
