import { Hono } from "hono";
import { createRequestHandler, RouterContextProvider } from "react-router";
import * as serverBuild from "virtual:react-router/server-build";
import { api } from "./api/index.ts";
import { images } from "./images/index.ts";
import { sitemaps } from "./seo/sitemaps.ts";
import type { AppEnv } from "./app-env.ts";
import { dealRoot } from "./middleware/deal-root.ts";
import { locale } from "./middleware/locale.ts";
import { rewriteDocuments } from "./middleware/document-rewriter.ts";
import { inlineStyles } from "./middleware/inline-styles.ts";
import { scriptsAfterPaint } from "./middleware/scripts-after-paint.ts";
import { formattedTexts } from "./middleware/formatted-texts.ts";
import { scrollRestorationScript } from "./middleware/scroll-restoration.ts";
import { pageCache } from "./middleware/page-cache.ts";
import { redirects } from "./middleware/redirects.ts";
import { favouritesMerge } from "./middleware/favourites-merge.ts";
import { session } from "./middleware/session.ts";
import { securityHeaders } from "./middleware/security-headers.ts";
import { fallbackErrorPage } from "./fallback-error-page.ts";
import { logServerError } from "./http/server-error.ts";
import { appContext, ERROR_BEFORE_ROOT_HEADER } from "#client/app-context.ts";
import { appContextOf } from "./app-context.ts";
import { isDataRequest } from "./middleware/page-request.ts";
import { pageMethods } from "./page-methods.ts";
import { scheduled } from "./scheduled.ts";

/** Where a request with a locale that does not exist is rendered: a path no route claims. */
const INVALID_LOCALE_PATH = "/-/invalid-locale/";

/**
 * The build itself, not a function returning it: given a function, React Router derives its route
 * tables again on every request (for development reloads), a tenth of a page's server time.
 */
const handleDocument = createRequestHandler(serverBuild, import.meta.env.MODE);

/**
 * The Worker (DESIGN §1, §3; docs/architecture.md draws it): security headers on everything; then the
 * API, the generated pictures and the sitemaps, which need no page middleware; then for pages:
 * redirects (trailing slash, legacy paths) → `/buy|rent/{city?}/` → locale → session → guest favourites
 * merged on sign-in → page cache → the document rewriters → React Router.
 */
export const app = new Hono<AppEnv>();

app.use(securityHeaders());
// The API keeps its own router (mounted, not copied in): a page request is matched against this
// app's few routes rather than the API's ~140.
app.all("/api/*", (c) => api.fetch(c.req.raw, c.env, c.executionCtx));
app.route("/", images);
app.route("/", sitemaps);
app.use(redirects());
app.use(dealRoot());
app.use(locale());
// The visitor of a page (renewing tokens near expiry, cookies set after the render; decision 006).
app.use(session());
app.use(favouritesMerge());
app.use(pageCache());
app.use(rewriteDocuments(inlineStyles, scrollRestorationScript, scriptsAfterPaint, formattedTexts));

/** Which methods a page takes (GET, HEAD and, where its route has an action, POST). */
const methodsOf = pageMethods(serverBuild.routes);

app.all("*", async (c) => {
  const context = new RouterContextProvider();
  const appData = appContextOf(c);
  context.set(appContext, appData);
  // An invalid locale is routed to the catch-all, which answers the 404 naming the path asked for.
  const invalid = c.get("invalidLocalePath");
  const request = invalid ? new Request(new URL(INVALID_LOCALE_PATH, c.req.url), c.req.raw) : c.req.raw;
  const { pathname } = new URL(c.req.url);
  // GET and HEAD every page takes; only another method asks which the page takes (route matching costs).
  const { method } = c.req;
  const allowed = method === "GET" || method === "HEAD" || isDataRequest(pathname) ? null : methodsOf(pathname);
  let status: number;
  if (allowed && !allowed.includes(method)) {
    status = 405;
  } else {
    const response = await handleDocument(request, context);
    const before = response.headers.get(ERROR_BEFORE_ROOT_HEADER);
    if (!before) return response;
    status = Number(before);
  }
  // The page's error screen, rendered as a GET whose data fails with the status (client/app-context.ts).
  const url = new URL(request.url);
  appData.pageError = { status, message: status === 404 ? `Page not found: ${url.pathname}${url.search}` : "" };
  const response = await handleDocument(new Request(request.url, { headers: request.headers }), context);
  if (response.status === 405 && allowed) response.headers.set("Allow", allowed.join(", "));
  return response;
});

app.onError((error, c) => {
  // Logged under a request id, which the answer names; the page shows nothing of the error.
  const requestId = logServerError(c, error);
  return c.html(fallbackErrorPage(500, new URL(c.req.url).pathname), 500, { "X-Request-Id": requestId });
});

export default {
  fetch: app.fetch,
  scheduled,
} satisfies ExportedHandler<Env>;
