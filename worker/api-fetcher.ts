import type { Hono } from "hono";
import type { AppEnv } from "./app-env.ts";

/**
 * A `fetch` for the typed API client that serves `/api/*` from the API app in-process (DESIGN §4),
 * or from `API_ORIGIN` when the edge is pointed at another implementation of the same contract.
 * In development the `API_DELAY_MS` knob slows every answer, to show the shell streaming first.
 */
export function apiFetcher(api: Hono<AppEnv>, env: Env, ctx: ExecutionContext): typeof fetch {
  const delay = env.ENVIRONMENT === "development" ? Number(env.API_DELAY_MS ?? 0) : 0;
  return async (input, init) => {
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    const request = new Request(input, init);
    if (env.API_ORIGIN) {
      const url = new URL(request.url);
      return fetch(new Request(new URL(url.pathname + url.search, env.API_ORIGIN), request));
    }
    return api.fetch(request, env, ctx);
  };
}
