import type { SessionUser } from "#shared/api/auth.ts";
import type { StaffRole } from "#shared/staff-roles.ts";
import type { FormattedTextsTable } from "./formatted-texts-table.ts";
import type { Locale } from "#shared/locales.ts";
import type { NotFoundDetail } from "#shared/not-found.ts";

/** The signed-in visitor's session, as the session middleware found it (worker/middleware/session.ts). */
interface SessionInfo {
  userId: number;
  /** Staff roles (decision 057); empty for everyone else. */
  roles: StaffRole[];
  familyId: string;
  /** A valid access token of this request (the renewed one when the worker renewed it). */
  accessToken: string;
  via: "cookie" | "bearer";
}

/**
 * What SQL runs on (worker/db/): a request's D1 session or the D1 binding itself — `prepare` and `batch`,
 * nothing else (decision 092). Only what owns the binding — migrations, Cron, Durable Objects, scripts —
 * has `D1Database`, with `exec` and `withSession`.
 */
export type Database = Pick<D1DatabaseSession, "prepare" | "batch">;

/** The bindings as a request sees them: `DB` is the request's D1 session (worker/middleware/d1-session.ts). */
export type RequestEnv = Omit<Env, "DB"> & { DB: Database };

/** Hono's typing of the worker: the bindings of wrangler.toml and what middleware leaves for later ones. */
export interface AppEnv {
  Bindings: RequestEnv;
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
    /** A token of a blocked account came with the request (no session; signed-in calls answer 403). */
    blockedAccount?: { reason: string | null };
    /** The request's clock (ms): Date.now(), or `X-Debug-Now` in development. */
    now?: number;
    /** The id an error's log line and answer share (worker/http/request-id.ts). */
    requestId?: string;
    /**
     * The page is rendered to be kept for everyone (decision 094): as nobody, naming no country but the
     * one its key names (the sign-in dialog's pages).
     */
    keptRender?: { country?: string };
    /** An API call of this request got no answer or a 5xx: its page is not kept (page cache). */
    apiFailed?: boolean;
    /**
     * The page was begun beside its session read, which did not confirm the visitor (decision 105): its
     * answer is thrown away and the request served again with the session read first.
     */
    sessionUnconfirmed?: boolean;
    /** What the page left for after its answer, started when its response is ready (worker/app-context.ts). */
    afterAnswer?: (() => Promise<unknown>)[];
    /** A handler wrote or cleared the session cookies itself: the middleware leaves them alone. */
    authCookiesWritten?: boolean;
    /** The rendered page's table of formatted texts, written into the document (decision 018). */
    formattedTexts?: FormattedTextsTable;
  };
}
