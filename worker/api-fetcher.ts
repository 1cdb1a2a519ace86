import type { ExecutionContext, Hono } from "hono";
import type { AppEnv } from "./app-env.ts";
import { debugAllowed } from "./http/environment.ts";

/**
 * A `fetch` for the typed API client that serves `/api/*` from the API app in-process (DESIGN §4),
 * or from `API_ORIGIN` when the edge is pointed at another implementation of the same contract.
 * In development a latency knob slows every answer, to show the shell streaming first: the
 * `API_DELAY_MS` var, or per request the `X-Debug-Api-Delay` header (milliseconds, at most 10 s).
 * Production ignores both.
 */
export const API_DELAY_HEADER = "x-debug-api-delay";
const MAX_DEBUG_DELAY_MS = 10_000;
/**
 * Development only: every API call of the request is answered with this status (4xx/5xx) instead, so
 * tests can see what a page and the browser's alerts make of a failing API (SPEC §8).
 */
export const API_FAULT_HEADER = "x-debug-api-status";

export function apiFault(env: Env, request: Request): number | undefined {
  if (!debugAllowed(env, request)) return undefined;
  const status = Number(request.headers.get(API_FAULT_HEADER));
  return Number.isInteger(status) && status >= 400 && status <= 599 ? status : undefined;
}

export function apiDelay(env: Env, request: Request): number {
  if (!debugAllowed(env, request)) return 0;
  const ms = Number(request.headers.get(API_DELAY_HEADER) ?? env.API_DELAY_MS ?? 0);
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, MAX_DEBUG_DELAY_MS) : 0;
}

/**
 * `onFailure` hears of every call that got no answer or a 5xx: the page rendered with it shows a
 * section as unavailable and must not be kept for other visitors (page cache, decision 010).
 */
export function apiFetcher(
  api: Hono<AppEnv>,
  env: Env,
  ctx: ExecutionContext,
  { delay = 0, fault, onFailure = () => {} }: { delay?: number; fault?: number; onFailure?: () => void } = {},
): typeof fetch {
  return async (input, init) => {
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    const request = new Request(input, init);
    try {
      let response: Response;
      if (fault) {
        response = Response.json({ error: { code: "debug_fault", message: "Injected API fault" } }, { status: fault });
      } else if (env.API_ORIGIN) {
        const url = new URL(request.url);
        response = await fetch(new Request(new URL(url.pathname + url.search, env.API_ORIGIN), request));
      } else {
        response = await api.fetch(request, env, ctx);
      }
      if (response.status >= 500) onFailure();
      return response;
    } catch (error) {
      onFailure();
      throw error;
    }
  };
}
