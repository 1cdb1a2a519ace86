import type { Context } from "hono";
import { type ApiClient, createApiClient } from "#shared/api-client.ts";
import { api } from "./api/index.ts";
import { apiDelay, apiFetcher } from "./api-fetcher.ts";
import type { AppEnv } from "./app-env.ts";
import { debugClock } from "./http/request-clock.ts";
import { cookiePolicy, withoutSessionCookies } from "./auth/session.ts";

/** The typed API client as this request's visitor, served by the API app in-process (DESIGN §4). */
export function inProcessApi(c: Context<AppEnv>): ApiClient {
  return createApiClient({
    baseUrl: new URL(c.req.url).origin,
    fetch: apiFetcher(api, c.env, c.executionCtx, {
      delay: apiDelay(c.env, c.req.raw),
      onFailure: () => c.set("apiFailed", true),
    }),
    locale: c.get("locale"),
    // The session travels as a bearer token (already renewed); the other cookies as they came.
    accessToken: c.get("session")?.accessToken ?? null,
    headers: {
      cookie: withoutSessionCookies(c.req.header("cookie"), cookiePolicy(c.req.url, c.env.ENVIRONMENT)),
      ...debugClock(c.req.raw),
    },
    errorLogging: c.env.ERROR_LOGGING === "true",
  });
}
