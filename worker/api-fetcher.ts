import type { ExecutionContext, Hono } from "hono";
import type { AppEnv, RequestEnv } from "./app-env.ts";
import { config } from "./config.ts";
import { settleBy } from "#shared/settle-by.ts";
import { debugAllowed } from "./http/environment.ts";

/**
 * A `fetch` for the typed API client that serves `/api/*` from the API app in-process (architecture §4),
 * or from `API_ORIGIN` when the edge is pointed at another implementation of the same contract.
 * In development a latency knob slows every answer, to show the shell streaming first: the
 * `API_DELAY_MS` var, or per request the `X-Debug-Api-Delay` header (milliseconds, at most 10 s).
 * Production ignores both.
 */
const API_DELAY_HEADER = "x-debug-api-delay";
const MAX_DEBUG_DELAY_MS = 10_000;
/**
 * Development only: every API call of the request is answered with this status (4xx/5xx) instead, so
 * tests can see what a page and the browser's alerts make of a failing API (product §8).
 */
const API_FAULT_HEADER = "x-debug-api-status";

export function apiFault(env: RequestEnv, request: Request): number | undefined {
  if (!debugAllowed(env, request)) return undefined;
  const status = Number(request.headers.get(API_FAULT_HEADER));
  return Number.isInteger(status) && status >= 400 && status <= 599 ? status : undefined;
}

export function apiDelay(env: RequestEnv, request: Request): number {
  if (!debugAllowed(env, request)) return 0;
  const ms = Number(request.headers.get(API_DELAY_HEADER) ?? config(env).API_DELAY_MS);
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, MAX_DEBUG_DELAY_MS) : 0;
}

/**
 * Development only: with `X-Debug-Api-Delay`, only the calls whose path starts with this wait (e.g.
 * `/api/realty/search`), so a test can slow one section of a page and not the rest. It only narrows a
 * delay the request already has, so it needs no condition of its own.
 */
const API_DELAY_PATH_HEADER = "x-debug-api-delay-path";

export function apiDelayPath(request: Request): string | undefined {
  const path = request.headers.get(API_DELAY_PATH_HEADER);
  return path?.startsWith("/api/") ? path : undefined;
}

/** What a read that missed its deadline is answered with: the API did not answer in time. */
export const API_TIMEOUT_STATUS = 504;
/** Only reads are given up: a write the page abandoned could still happen. */
const READ_METHODS = new Set(["GET", "HEAD"]);

export interface ApiFetcherOptions {
  /** Milliseconds every call waits first (the development latency knob). */
  delay?: number;
  /** Only calls whose path starts with this wait (`apiDelayPath`). */
  delayPath?: string;
  /** Every call is answered with this status (`apiFault`). */
  fault?: number;
  /**
   * The time (`Date.now()`) after which a read still unanswered is given up and answered 504, so a
   * slow API costs the page its data, not the whole response (decision 028).
   */
  deadline?: number;
  /**
   * Hears of every call that got no answer or a 5xx: the page rendered with it shows a section as
   * unavailable and must not be kept for other visitors (page cache, decision 010).
   */
  onFailure?: () => void;
  /** Told of each request before the in-process API app serves it (the visitor handed over). */
  beforeServe?: (request: Request) => void;
}

export function apiFetcher(
  api: Hono<AppEnv>,
  env: RequestEnv,
  ctx: ExecutionContext,
  { delay = 0, delayPath, fault, deadline, onFailure = () => {}, beforeServe }: ApiFetcherOptions = {},
): typeof fetch {
  const apiOrigin = config(env).API_ORIGIN;
  async function serve(request: Request): Promise<Response> {
    if (delay > 0 && (!delayPath || new URL(request.url).pathname.startsWith(delayPath))) {
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
    try {
      let response: Response;
      if (fault) {
        response = Response.json({ error: { code: "debug_fault", message: "Injected API fault" } }, { status: fault });
      } else if (apiOrigin) {
        const url = new URL(request.url);
        response = await fetch(new Request(new URL(url.pathname + url.search, apiOrigin), request));
      } else {
        beforeServe?.(request);
        response = await api.fetch(request, env, ctx);
      }
      if (response.status >= 500) onFailure();
      return response;
    } catch (error) {
      onFailure();
      throw error;
    }
  }
  return async (input, init) => {
    const request = new Request(input, init);
    if (deadline === undefined || !READ_METHODS.has(request.method)) return serve(request);
    return settleBy(serve(request), deadline - Date.now(), () => {
      onFailure();
      return Response.json(
        { error: { code: "api_timeout", message: "The API did not answer in time" } },
        { status: API_TIMEOUT_STATUS },
      );
    });
  };
}
