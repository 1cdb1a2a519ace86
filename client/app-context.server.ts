import { createContext, type RouterContextProvider } from "react-router";
import type { NotFoundDetail } from "#shared/not-found.ts";
import type { ApiClient } from "#shared/api-client.ts";
import type { SessionUser } from "#shared/api/auth.ts";
import type { KnownTexts } from "#shared/formatted-texts-protocol.ts";
import type { IntlFormatter, Texts, PackedTexts } from "#shared/intl.ts";
import type { Locale } from "#shared/locales.ts";

/**
 * What the app needs of the host serving one request — the worker fills it (worker/app-context.ts),
 * a test builds its own. The app reads the edge only through this: it never imports `worker/`.
 */
export interface AppContext {
  /** CSP nonce of this response, for React's inline scripts. */
  nonce: string;
  locale: Locale;
  /** Absolute origin of the site, for canonical and hreflang URLs. */
  origin: string;
  /** The visitor's country as the edge sees it (architecture §7): the phone widget's default. */
  country: string | undefined;
  /** The signed-in visitor, or null. */
  user: SessionUser | null;
  /**
   * The page is rendered to be kept for everyone (decision 094): as nobody; the visitor's own parts come
   * after hydration (`useVisitor`).
   */
  kept?: boolean;
  /** Product §8 "error logging enabled in config": 500 notices show the server's message. */
  errorLogging: boolean;
  /** Development knobs (fault injection) apply. */
  development: boolean;
  /** A path whose first segment rules out every page (the catch-all shows its 404). */
  notFoundPage?: NotFoundDetail;
  /**
   * An error the page's screen must show, found before its data was loaded — a method the page does
   * not take (405), an action that threw: the worker renders the page again as a GET that fails with
   * it (routes/locale-scope.tsx), so the screen has the root data (messages, header, footer).
   */
  pageError?: { status: number; notFound?: NotFoundDetail };
  /** The API (product §7) as this request's visitor. */
  api: ApiClient;
  /** The API as nobody, for the sign-in steps: a fresh session's cookies come back with it. */
  signInApi(): SignInApi;
  /**
   * Work the answer need not wait for (a write the page's data does not depend on): started once the
   * page's headers are out and kept alive until it ends (the platform's `waitUntil`).
   */
  afterAnswer(start: () => Promise<unknown>): void;
  /** `Set-Cookie` values that end the visitor's session. */
  sessionEndCookies(): string[];
  /** The catalog of the request's locale. */
  texts: TextCatalog;
  /** The page's table of formatted texts, filled as it renders (decision 018). */
  formattedTexts: KnownTexts;
}

export interface SignInApi {
  client: ApiClient;
  /** The `Set-Cookie` values the API answered so far (the session cookies of a sign-in). */
  setCookies(): string[];
  /** The last answer's Retry-After, in seconds. */
  retryAfter(): number | undefined;
}

interface TextCatalog {
  /** Every text of the locale, for texts the server writes itself (meta tags). */
  all: Texts;
  /** A formatter of those texts (server-side texts; the page's own formatter is `useI18n`). */
  intl: IntlFormatter;
  /** The texts of some scopes (client/i18n/text-scopes.server.ts), packed for loader data. */
  packed(scopes: readonly string[]): PackedTexts;
}

export const appContext = createContext<AppContext>();

/**
 * Set by entry.server on a document whose error came before the root loader ran (React Router then
 * loads no route data): the worker answers with the same error rendered as a GET instead.
 */
export const ERROR_BEFORE_ROOT_HEADER = "x-error-before-root";

/**
 * The arguments a server-side part of a loader or action needs (guards, shared actions). Route
 * modules type their own loaders and actions with the generated `Route.*` types, which fit this.
 */
export interface RequestArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}
