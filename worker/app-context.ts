import type { Context } from "hono";
import type { AppContext, SignInApi } from "#client/app-context.server.ts";
import { CRITICAL_DATA_TIMEOUT_MS } from "#shared/constants.ts";
import { localeEntry, splitLocale } from "#shared/locales.ts";
import { textCatalog } from "#shared/text-catalog.ts";
import type { AppEnv } from "./app-env.ts";
import { debugAllowed, isErrorLogging } from "./http/environment.ts";
import { clearedSessionCookies, policyOf } from "./auth/session.ts";
import { edgeCountry } from "./http/edge-country.ts";
import { FormattedTextsTable } from "./formatted-texts-table.ts";
import { inProcessApi } from "./in-process-api.ts";

/** What the app is handed for one page request (client/app-context.server.ts), filled from the middleware's findings. */
export function appContextOf(c: Context<AppEnv>): AppContext {
  // File-like paths (`/x.txt`) pass the locale middleware by; their 404 is in the path's language too.
  const locale = c.get("locale") ?? splitLocale(new URL(c.req.url).pathname).locale;
  const texts = new FormattedTextsTable(localeEntry(locale).intl);
  c.set("formattedTexts", texts);
  const kept = c.get("keptRender");
  c.set("afterAnswer", []);
  return {
    nonce: c.get("secureHeadersNonce") ?? "",
    locale,
    origin: new URL(c.req.url).origin,
    country: kept ? kept.country : edgeCountry(c.req.raw, c.env),
    kept: Boolean(kept),
    user: c.get("user") ?? null,
    errorLogging: isErrorLogging(c.env),
    development: debugAllowed(c.env, c.req.raw),
    notFoundPage: c.get("notFoundPage"),
    // The page's data has its deadline; past it, what a loader awaits ends in the 503 screen (decision 028).
    api: inProcessApi(c, { timeoutMs: CRITICAL_DATA_TIMEOUT_MS, afterAnswer: (start) => afterAnswer(c, start) }),
    signInApi: () => signInApi(c),
    afterAnswer: (start) => afterAnswer(c, start),
    sessionEndCookies: () => clearedSessionCookies(policyOf(c)),
    texts: textCatalog(locale),
    formattedTexts: texts,
  };
}

/**
 * Work the page's answer does not wait for, started once its headers are out (`startAfterAnswer`) — so it
 * neither slows the first byte nor counts before it — and kept alive past the answer; a failure is logged,
 * never the page's.
 */
function afterAnswer(c: Context<AppEnv>, start: () => Promise<unknown>): void {
  const queued = c.get("afterAnswer");
  if (queued) queued.push(start);
  else keepAlive(c, start);
}

/** Starts what the page left for after its answer (called when its response is ready), and anything left later. */
export function startAfterAnswer(c: Context<AppEnv>): void {
  const queued = c.get("afterAnswer") ?? [];
  c.set("afterAnswer", undefined);
  for (const start of queued) keepAlive(c, start);
}

function keepAlive(c: Context<AppEnv>, start: () => Promise<unknown>): void {
  const work = start().catch((error: unknown) =>
    console.warn("work after the answer failed", { error: String(error) }),
  );
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // No execution context (a test's request): the work runs on as it is.
  }
}

function signInApi(c: Context<AppEnv>): SignInApi {
  const cookies: string[] = [];
  let retryAfter: number | undefined;
  const client = inProcessApi(c, {
    anonymous: true,
    onResponse: (response) => {
      cookies.push(...response.headers.getSetCookie());
      const after = Number(response.headers.get("retry-after"));
      retryAfter = Number.isFinite(after) && after > 0 ? after : undefined;
    },
  });
  return { client, setCookies: () => [...cookies], retryAfter: () => retryAfter };
}
