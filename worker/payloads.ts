import type { Context, MiddlewareHandler } from "hono";
import { RouterContextProvider, UNSAFE_decodeViaTurboStream as decodeTurboStream } from "react-router";
import { appContext } from "#client/app-context.server.ts";
import { canonicalPageQuery } from "#shared/page-query.ts";
import { splitLocale } from "#shared/locales.ts";
import { appContextOf } from "./app-context.ts";
import type { AppEnv } from "./app-env.ts";
import { config } from "./config.ts";
import { apiError } from "./http/api-error.ts";
import { debugRequest } from "./http/environment.ts";
import { pageBody } from "./middleware/kept-pages.ts";
import { keepCopy, keptCopy, keptHeaders, pageCacheKey } from "./middleware/page-cache.ts";

/** The suffix of a page's payload address (product §7): `/ru/about/_payload.json`, `/_payload.json` (home). */
const PAYLOAD = "_payload.json";

/**
 * Pages that are the same for everyone, by their locale-free path: home, the static pages, the media
 * list, its tags and its articles. Search and list pages vary by query, detail pages by listing state,
 * and the cabinet, favourites, sign-in and one-off pages by visitor: none of those has a payload.
 */
const PAYLOAD_PAGES =
  /^\/(?:|about\/|faq\/|privacy-policy\/|user-agreement\/|moderation-advice\/|ad_creation_policy\/|safety\/|trust\/|media\/(?:[^/]+\/)*)$/;

/** The router's routes around every page, whose data (messages, header, footer) is not the page's. */
const LAYOUT_ROUTES = new Set(["root", "routes/locale-scope"]);

/** What a page's loader returns that is the page's text catalogue, not its data. */
const NOT_DATA = new Set(["messages"]);

/** The body of a payload: the page's loader data as plain JSON. */
interface PagePayload {
  /** The page (`/ru/about/`), with the query its data was loaded for (`/media/?page=2`). */
  path: string;
  locale: string;
  /** The build whose loader made it (decision 042). */
  build: string;
  /** The page's route (`routes/about`, `routes/media`, `routes/home`). */
  route: string;
  /** What the page's loader returned, secondary data awaited, without its messages. */
  data: Record<string, unknown>;
}

/** Values the loader returned as promises (streamed sections), awaited all the way down. */
async function settled(value: unknown): Promise<unknown> {
  const resolved = await value;
  if (Array.isArray(resolved)) return Promise.all(resolved.map(settled));
  if (resolved && typeof resolved === "object" && Object.getPrototypeOf(resolved) === Object.prototype) {
    const entries = await Promise.all(
      Object.entries(resolved).map(async ([key, item]) => [key, await settled(item)] as const),
    );
    return Object.fromEntries(entries);
  }
  return resolved;
}

/**
 * `GET {page}/_payload.json` (product §7, decision 052): the data a page that is the same for everyone is
 * rendered from, as plain JSON (not the router's turbo-stream `.data`), loaded as a visitor without a
 * session sees it — cookies and credentials are not read — and kept like the page
 * (`PAGE_CACHE_TTL`, per build; `Cache-Control: public`). Any other page, or one that does not exist, is a 404.
 */
export function payloads(
  handleDocument: (request: Request, context: RouterContextProvider) => Promise<Response>,
  buildId: string,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (!url.pathname.endsWith(`/${PAYLOAD}`)) return next();
    if (c.req.method !== "GET" && c.req.method !== "HEAD")
      return apiError(c, 405, "method_not_allowed", "Payloads are read with GET", { method: c.req.method });
    const page = url.pathname.slice(0, -PAYLOAD.length);
    const { locale, rest } = splitLocale(page);
    if (!PAYLOAD_PAGES.test(rest) || localizedAgain(page, rest, locale))
      return apiError(c, 404, "not_found", "No payload for this page", { path: page });
    // The page's own parameters in their one form (the media list's `page`); anything else is dropped.
    const search = canonicalPageQuery(new URL(page + url.search, url))?.search ?? "";
    url.search = search;

    const ttl = config(c.env).PAGE_CACHE_TTL;
    const keeps = ttl > 0 && !debugRequest(c.env, c.req.raw);
    const key = pageCacheKey(url, "person", "", buildId);
    const cacheControl = `public, max-age=${Math.max(ttl, 0)}`;
    const kept = keeps ? await keptCopy(key) : undefined;
    if (kept) {
      const res = new Response(pageBody(kept, ""), { status: kept.status, headers: kept.headers });
      res.headers.set("Cache-Control", cacheControl);
      res.headers.set("X-Page-Cache", "hit");
      return res;
    }

    const loaded = await pageData(c, handleDocument, page, search);
    if ("status" in loaded) return apiError(c, loaded.status, loaded.code, loaded.message, { path: page });
    const payload: PagePayload = {
      path: page + search,
      locale,
      build: buildId,
      route: loaded.route,
      data: loaded.data,
    };
    const body = JSON.stringify(payload);
    const res = new Response(body, {
      headers: {
        "Content-Type": "application/json; charset=UTF-8",
        "Cache-Control": cacheControl,
        "X-Page-Cache": keeps ? "miss" : "off",
      },
    });
    if (keeps && !c.get("apiFailed")) c.executionCtx.waitUntil(keepCopy(key, ttl, body, "", keptHeaders(res.headers)));
    return res;
  };
}

/** `/en/about/` is not an address (en has no prefix): the page's own address is the only one with a payload. */
function localizedAgain(page: string, rest: string, locale: string): boolean {
  return page !== (locale === "en" ? rest : `/${locale}${rest}`);
}

type Loaded = { route: string; data: Record<string, unknown> } | { status: 404 | 503; code: string; message: string };

/** The page's loader data, asked of the router as its single-fetch request from a visitor without cookies. */
async function pageData(
  c: Context<AppEnv>,
  handleDocument: (request: Request, context: RouterContextProvider) => Promise<Response>,
  page: string,
  search: string,
): Promise<Loaded> {
  const request = new Request(new URL(`${page}_.data${search}`, c.req.url), {
    headers: { accept: "*/*", "user-agent": c.req.header("user-agent") ?? "" },
  });
  // The in-process API calls of the loaders read the request: they see no session either.
  c.req.raw = request;
  c.set("locale", splitLocale(page).locale);
  const context = new RouterContextProvider();
  context.set(appContext, { ...appContextOf(c), user: null });
  const response = await handleDocument(request, context);
  if (!response.body || !response.headers.get("Content-Type")?.includes("text/x-script"))
    return { status: 404, code: "not_found", message: "No payload for this page" };
  const decoded = await decodeTurboStream(response.body, globalThis);
  await decoded.done;
  const routes = decoded.value as Record<string, { data?: unknown; error?: unknown }>;
  // A redirect (an article's old address) or no route of a page: that address has no payload.
  if (!routes || typeof routes !== "object" || Object.getOwnPropertySymbols(routes).length)
    return { status: 404, code: "not_found", message: "No payload for this page" };
  const failed = Object.values(routes).find((route) => route && "error" in route);
  if (failed) {
    const status = (failed.error as { status?: number } | null)?.status;
    return status === 404 || !status || status < 500
      ? { status: 404, code: "not_found", message: "No payload for this page" }
      : { status: 503, code: "unavailable", message: "The page's data could not be loaded; try again shortly" };
  }
  const leaf = Object.keys(routes)
    .filter((id) => !LAYOUT_ROUTES.has(id))
    .at(-1);
  const data = leaf ? await settled(routes[leaf]?.data) : undefined;
  if (!leaf || !data || typeof data !== "object")
    return { status: 404, code: "not_found", message: "No payload for this page" };
  return {
    route: leaf,
    data: Object.fromEntries(Object.entries(data).filter(([key]) => !NOT_DATA.has(key))),
  };
}
