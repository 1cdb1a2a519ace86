import { type Context, Hono } from "hono";
import { createRequestHandler, RouterContextProvider } from "react-router";
import * as serverBuild from "virtual:react-router/server-build";
import pwaRegister from "virtual:pwa-register";
import { api } from "./api/index.ts";
import { images } from "./images/index.ts";
import { photos } from "./images/photos.ts";
import { sitemaps } from "./seo/sitemaps.ts";
import { map } from "./map/index.ts";
import { buildIdOf, builds } from "./builds/index.ts";
import { buildIdMeta } from "./builds/build-id-meta.ts";
import { manifests } from "./pwa/manifest.ts";
import { signInLinks } from "./sign-in-link-page.ts";
import { pwaHeadTags } from "./pwa/head-tags.ts";
import type { AppEnv } from "./app-env.ts";
import { config } from "./config.ts";
import { dealRoot } from "./middleware/deal-root.ts";
import { locale } from "./middleware/locale.ts";
import { rewriteDocuments } from "./middleware/document-rewriter.ts";
import { inlineStyles } from "./middleware/inline-styles.ts";
import { scriptsAfterPaint } from "./middleware/scripts-after-paint.ts";
import { writeFormattedTexts } from "./middleware/formatted-texts-writer.ts";
import { scrollRestorationScript } from "./middleware/scroll-restoration.ts";
import { pageCache, skipsSessionRead } from "./middleware/page-cache.ts";
import { redirects } from "./middleware/redirects.ts";
import { favouritesMerge } from "./middleware/favourites-merge.ts";
import { savedSearchesMerge } from "./middleware/saved-searches-merge.ts";
import { serveUnconfirmedAgain, session } from "./middleware/session.ts";
import { d1Session } from "./middleware/d1-session.ts";
import { visitorAnswer } from "./middleware/visitor.ts";
import { VISITOR_PATH } from "#shared/visitor.ts";
import { securityHeaders } from "./middleware/security-headers.ts";
import { fallbackErrorPage } from "./fallback-error-page.ts";
import { logServerError } from "./http/server-error.ts";
import { appContext, ERROR_BEFORE_ROOT_HEADER } from "#client/app-context.server.ts";
import { appContextOf, startAfterAnswer } from "./app-context.ts";
import { isDataRequest } from "./middleware/page-request.ts";
import { formPostProblem, pageMethods } from "./page-methods.ts";
import { firstRouteWords } from "./route-words.ts";
import { CLIENT_ERRORS, requestLimits } from "./middleware/request-limits.ts";
import { pageQuery } from "./middleware/page-query.ts";
import { pageOfDataRequest } from "#shared/page-query.ts";
import { REQUEST_URL_MAX_BYTES } from "#shared/constants.ts";
import { localizePath, splitLocale } from "#shared/locales.ts";
import { scheduled } from "./scheduled.ts";
import { queue } from "./queue.ts";
import { payloads } from "./payloads.ts";
import { D1_UNAVAILABLE_HEADERS, databaseFor, isD1Unavailable } from "./http/d1-unavailable.ts";
import { requestMeter } from "./http/request-meter.ts";
import { WriteRefused } from "./db/write-gate.ts";

/** Where a request with a locale that does not exist is rendered: a path no route claims. */
const INVALID_LOCALE_PATH = "/-/invalid-locale/";

/**
 * The build itself, not a function returning it: given a function, React Router derives its route
 * tables again on every request (for development reloads), a tenth of a page's server time.
 */
const handleDocument = createRequestHandler(serverBuild, import.meta.env.MODE);

/**
 * The Worker (architecture §1, §3; docs/architecture.md draws it): security headers on everything; then the
 * API, the generated pictures, the sitemaps, the build files (`/builds/…`) and the web app manifests, which need no page
 * middleware; then for pages:
 * redirects (trailing slash, legacy paths) → `/buy|rent/{city?}/` → locale → session → guest favourites
 * and saved searches merged on sign-in → page cache → the document rewriters → React Router.
 */
export const app = new Hono<AppEnv>();

/** This deploy's build (decision 042): in every page's `<meta name="build-id">` and the page cache's keys. */
const buildId = buildIdOf(serverBuild);

const documentRewrites = rewriteDocuments(
  inlineStyles,
  scrollRestorationScript,
  // The service worker's page side loads after the `load` event (decision 043).
  scriptsAfterPaint(pwaRegister),
  writeFormattedTexts,
  buildIdMeta(buildId),
  pwaHeadTags,
);

// Outermost: a page begun beside its session read that did not confirm the visitor is served again, the
// session read first (decision 105).
app.use(serveUnconfirmedAgain((request, env, ctx) => app.fetch(request, env, ctx)));
// The settings first: a malformed variable answers every request 500, named in the log (worker/config.ts).
app.use(async (c, next) => {
  config(c.env);
  await next();
});
app.use(securityHeaders());
// `X-Debug-D1-Fault: busy` (development, loopback): the request's D1 fails as a locked database does.
app.use(async (c, next) => {
  const db = databaseFor(c.env, c.req.raw);
  if (db !== c.env.DB) c.env = { ...c.env, DB: db };
  await next();
});
// One D1 session per request, read from the nearest replica; the bookmark cookie after a change (decision 092).
// It needs the binding itself: a wrapper of env.DB (prepare and batch) goes after it, around the session.
app.use(d1Session());
// Development: the request's D1 counted and, on demand, slowed (`X-Debug-D1*`, decision 091).
app.use(requestMeter());
// Absurd URLs and headers, over-limit bodies: a 414, 431 or 413 before any other work (decision 027).
app.use(requestLimits(earlyErrorScreen));
// The API keeps its own router (mounted, not copied in): a page request is matched against this
// app's few routes rather than the API's ~140.
// The visitor's own parts of a kept page (decision 094): the page side's session, so it stays out of the API's router.
app.get(VISITOR_PATH, session(), visitorAnswer);
app.all("/api/*", (c) => api.fetch(c.req.raw, c.env, c.executionCtx));
app.route("/", images);
app.route("/", photos);
app.route("/", sitemaps);
// The basemap's style and self-served tiles (decision 044): no page middleware, like the images.
app.route("/", map);
app.route("/", builds(serverBuild));
app.route("/", manifests);
// The one-time sign-in link of `npm run ops -- admin` (decision 057): its own small page, before the pages.
app.route("/", signInLinks);
// `{page}/_payload.json` (product §7): a page's data as JSON, loaded without the visitor's session.
app.use(payloads(handleDocument, buildId));
app.use(redirects());
app.use(dealRoot());
app.use(locale(firstRouteWords(serverBuild.routes)));
// Query parameters the page does not read are dropped before the cache and the render see them.
app.use(pageQuery());
// The visitor of a page (renewing tokens near expiry, cookies set after the render; decision 006) — but for a
// browser that runs scripts asking for a page kept for everyone: the kept bytes, its own parts asked after
// hydration (decision 112).
const pageSession = session({ besideSessionRead: true });
app.use((c, next) => (skipsSessionRead(c) ? next() : pageSession(c, next)));
app.use(favouritesMerge());
app.use(savedSearchesMerge());
// A stale page's background render goes through the whole worker again, as nobody's request (decision 107).
app.use(pageCache(buildId, async (request, c) => app.fetch(request, c.env, c.executionCtx)));
app.use(documentRewrites);

/**
 * The error screen of a request refused before the page middleware ran (middleware/request-limits.ts),
 * written like every other document.
 */
async function earlyErrorScreen(c: Context<AppEnv>, status: number): Promise<Response> {
  await documentRewrites(c, async () => {
    c.res = await pageErrorScreen(c, status);
  });
  return c.res;
}

/** Which methods a page takes (GET, HEAD and, where its route has an action, POST). */
const methodsOf = pageMethods(serverBuild.routes);

/**
 * A page's error screen with `status`, rendered as a GET whose data fails with it (client/app-context.server.ts),
 * so it has the root data (messages, header, footer). A client error's screen is rendered for the path
 * alone — none of an absurd query, body or headers reaches it.
 */
async function pageErrorScreen(c: Context<AppEnv>, status: number, request?: Request): Promise<Response> {
  const context = new RouterContextProvider();
  const appData = appContextOf(c);
  context.set(appContext, appData);
  const url = new URL((request ?? c.req.raw).url);
  const path = c.get("requestedPath") ?? url.pathname + url.search;
  appData.pageError = { status, notFound: status === 404 ? { kind: "route", path } : undefined };
  if (!request) {
    url.search = "";
    if (url.href.length > REQUEST_URL_MAX_BYTES) url.pathname = localizePath("/", splitLocale(url.pathname).locale);
  }
  const headers = request ? request.headers : screenHeaders(c.req.raw.headers);
  return handleDocument(new Request(url, { headers }), context);
}

/** What a client error's screen is rendered with of the request's headers: who asks, in which language. */
function screenHeaders(headers: Headers): Headers {
  const kept = new Headers();
  for (const name of ["user-agent", "accept", "accept-language"]) {
    const value = headers.get(name);
    if (value && value.length <= 512) kept.set(name, value);
  }
  return kept;
}

app.all("*", async (c) => {
  // An invalid locale is routed to the catch-all, which answers the 404 naming the path asked for.
  const invalid = c.get("notFoundPage");
  const request = invalid ? new Request(new URL(INVALID_LOCALE_PATH, c.req.url), c.req.raw) : c.req.raw;
  const { pathname } = new URL(c.req.url);
  const dataRequest = isDataRequest(pathname);
  // GET and HEAD every page takes; only another method asks which the page takes (route matching costs).
  const { method } = c.req;
  const allowed = method === "GET" || method === "HEAD" ? null : methodsOf(pageOfDataRequest(pathname));
  if (allowed && !allowed.includes(method)) {
    // A `.data` request is the router's, not a visitor's: the status and `Allow` are its whole answer.
    if (dataRequest) return c.text("Method Not Allowed", 405, { Allow: allowed.join(", ") });
    const response = await pageErrorScreen(c, 405, request);
    // A path no page claims is its 404 page, which names no methods.
    if (response.status === 405) response.headers.set("Allow", allowed.join(", "));
    return response;
  }
  if (method === "POST" && !invalid) {
    const problem = await formPostProblem(c.req.raw);
    // A refusal, not a fault: one line without a stack.
    if (problem === 403)
      console.warn("cross-site form post refused", { path: pathname, origin: c.req.header("origin") });
    if (problem && dataRequest) return c.text(CLIENT_ERRORS[problem].message, problem);
    if (problem) return pageErrorScreen(c, problem);
  }

  const context = new RouterContextProvider();
  context.set(appContext, appContextOf(c));
  const response = await handleDocument(request, context);
  startAfterAnswer(c);
  const before = response.headers.get(ERROR_BEFORE_ROOT_HEADER);
  if (before) return pageErrorScreen(c, Number(before), request);
  // The page's 404 names the address asked for (product §8), with the parameters the page query dropped: a
  // rare answer, so it is rendered again for that address rather than every loader being told of it.
  if (response.status === 404 && !dataRequest && !invalid && c.get("requestedPath")) {
    await response.body?.cancel();
    return pageErrorScreen(c, 404, request);
  }
  return response;
});

app.onError((error, c) => {
  const path = new URL(c.req.url).pathname;
  // A page begun beside its session read asked for a write the read refused (decision 105): thrown away
  // and served again, no fault.
  if (error instanceof WriteRefused) return c.body(null, 503);
  if (isD1Unavailable(error)) {
    console.warn("database unavailable", { path, message: (error as Error).message });
    return c.html(fallbackErrorPage(503, path), 503, D1_UNAVAILABLE_HEADERS);
  }
  // Logged under a request id, which the answer names; the page shows nothing of the error, and no one keeps it.
  const requestId = logServerError(c, error);
  return c.html(fallbackErrorPage(500, path), 500, { "X-Request-Id": requestId, "Cache-Control": "private, no-store" });
});

export default {
  fetch: app.fetch,
  scheduled,
  queue,
} satisfies ExportedHandler<Env>;

/** The live channel's Durable Object (wrangler.toml `LIVE`): the runtime finds its class among the entry's exports. */
export { LiveChannel } from "./live/live-channel.ts";
/** The rate-limit counters' Durable Object (wrangler.toml `RATE_LIMITS`, decision 093). */
export { RateLimiter } from "./db/rate-limiter.ts";
