/**
 * Layers of worker/, low → high; a module imports only from its own layer or lower ones (and shared/):
 *   1. db/          typed D1 queries, the only SQL (imports shared/ only)
 *   2. http/        request helpers every layer may use: API errors, request clock and id, locale, env checks;
 *                   with the top-level leaf modules app-env.ts, edge-country.ts, formatted-texts.ts,
 *                   fallback-error-page.ts (they import shared/ only)
 *   3. services/    adapters to outside services (payments), the rate-limit mechanism, publishing to the live channel
 *   4. live/        the live channel's Durable Object (messages' WebSockets, issue 20)
 *   5. auth/        passwords, codes, tokens, session cookies, code delivery
 *   6. middleware/  Hono middleware
 *   7. api/         the API app (SPEC §7)
 *   8. images/, seo/, builds/, map/ and the entry files index.ts, in-process-api.ts, api-fetcher.ts, app-context.ts, scheduled.ts (which
 *      also import the app, client/, as the worker that serves it)
 */
import type { SessionUser } from "#shared/api/auth.ts";
import type { FormattedTexts } from "./formatted-texts.ts";
import type { Locale } from "#shared/locales.ts";
import type { NotFoundDetail } from "#shared/not-found.ts";

/** The signed-in visitor's session, as the session middleware found it (worker/middleware/session.ts). */
export interface SessionInfo {
  userId: number;
  role: "user" | "admin";
  familyId: string;
  /** A valid access token of this request (the renewed one when the worker renewed it). */
  accessToken: string;
  via: "cookie" | "bearer";
}

/** Hono's typing of the worker: the bindings of wrangler.toml and what middleware leaves for later ones. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    secureHeadersNonce?: string;
    locale: Locale;
    /**
     * Set when the path's first segment rules out every page: a locale that does not exist (`/de/about/`)
     * or a lone word no page starts with (`/xyz/`); the catch-all's 404 names the whole path.
     */
    notFoundPage?: NotFoundDetail;
    /** The path and query asked for, when the page query dropped parameters from it (decision 027). */
    requestedPath?: string;
    /** The signed-in visitor, or undefined. */
    user?: SessionUser;
    session?: SessionInfo;
    /** The request's clock (ms): Date.now(), or `X-Debug-Now` in development. */
    now?: number;
    /** The id an error's log line and answer share (worker/http/request-id.ts). */
    requestId?: string;
    /** An API call of this request got no answer or a 5xx: its page is not kept (page cache). */
    apiFailed?: boolean;
    /** A handler wrote or cleared the session cookies itself: the middleware leaves them alone. */
    authCookiesWritten?: boolean;
    /** The rendered page's table of formatted texts, written into the document (decision 018). */
    formattedTexts?: FormattedTexts;
  };
}
