import type { SessionUser } from "#shared/api/auth.ts";
import type { FormattedTexts } from "./formatted-texts.ts";
import type { Locale } from "#shared/locales.ts";

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
    /** Set when the first segment looks like a locale but is not one (`/de/about/`): the whole path. */
    invalidLocalePath?: string;
    /** The signed-in visitor, or undefined. */
    user?: SessionUser;
    session?: SessionInfo;
    /** The request's clock (ms): Date.now(), or `X-Debug-Now` in development. */
    now?: number;
    /** An API call of this request got no answer or a 5xx: its page is not kept (page cache). */
    apiFailed?: boolean;
    /** A handler wrote or cleared the session cookies itself: the middleware leaves them alone. */
    authCookiesWritten?: boolean;
    /** The rendered page's table of formatted texts, written into the document (decision 018). */
    formattedTexts?: FormattedTexts;
  };
}
