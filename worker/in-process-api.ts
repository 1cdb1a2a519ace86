import type { Context } from "hono";
import { type ApiClient, createApiClient } from "#shared/api-client.ts";
import { api } from "./api/index.ts";
import { apiDelay, apiDelayPath, apiFault, apiFetcher } from "./api-fetcher.ts";
import type { AppEnv } from "./app-env.ts";
import { debugClock } from "./http/request-clock.ts";
import { policyOf, withoutSessionCookies } from "./auth/session.ts";

export interface InProcessApiOptions {
  /** Call as nobody (the sign-in steps): no session token, a fresh session comes back in cookies. */
  anonymous?: boolean;
  /** Hears every answer (a sign-in's Set-Cookie, Retry-After). */
  onResponse?: (response: Response) => void;
  /**
   * Reads unanswered this many milliseconds after the client was made are given up (answered 504):
   * a page's data deadline (CRITICAL_DATA_TIMEOUT_MS, decision 028).
   */
  timeoutMs?: number;
}

/**
 * The typed API client of one page request, served by the API app in-process (architecture §4): as the
 * visitor (the session as a bearer token, already renewed) or, for sign-in, as nobody. Either way
 * the visitor's other cookies, address and debug clock travel along, so limits and guest state apply.
 */
export function inProcessApi(
  c: Context<AppEnv>,
  { anonymous = false, onResponse, timeoutMs }: InProcessApiOptions = {},
): ApiClient {
  const serve = apiFetcher(api, c.env, c.executionCtx, {
    delay: anonymous ? 0 : apiDelay(c.env, c.req.raw),
    delayPath: apiDelayPath(c.req.raw),
    deadline: timeoutMs === undefined ? undefined : Date.now() + timeoutMs,
    fault: apiFault(c.env, c.req.raw),
    onFailure: () => c.set("apiFailed", true),
  });
  const ip = c.req.header("cf-connecting-ip");
  return createApiClient({
    baseUrl: new URL(c.req.url).origin,
    fetch: async (input, init) => {
      const response = await serve(input, init);
      onResponse?.(response);
      return response;
    },
    locale: c.get("locale"),
    accessToken: anonymous ? null : (c.get("session")?.accessToken ?? null),
    headers: {
      cookie: withoutSessionCookies(c.req.header("cookie"), policyOf(c)),
      ...(ip ? { "cf-connecting-ip": ip } : {}),
      ...debugClock(c.req.raw),
    },
  });
}
