import type { Context } from "hono";
import { type ApiClient, createApiClient } from "#shared/api-client.ts";
import { api, READ_POSTS } from "./api/index.ts";
import { apiDelay, apiDelayPath, apiFault, apiFetcher } from "./api-fetcher.ts";
import type { AppEnv } from "./app-env.ts";
import { debugClock } from "./http/request-clock.ts";
import { policyOf, withoutSessionCookies } from "./auth/session.ts";
import { handOverSession } from "./middleware/session.ts";
import { countApiCall } from "./http/request-meter.ts";
import { type AfterAnswer, handOverAfterAnswer } from "./http/page-after-answer.ts";

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
  /**
   * The page's work after its answer: a call may leave what its answer does not depend on to it (the
   * conversation list's delivered marks, decision 110).
   */
  afterAnswer?: AfterAnswer;
}

/** A call's method, whichever way fetch was given it. */
function methodOf(input: RequestInfo | URL, init: RequestInit | undefined): string {
  return (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
}

/** Whether a call may change what later calls see (the visitor's session included). */
const writes = (request: Request) =>
  request.method !== "GET" && request.method !== "HEAD" && !READ_POSTS.has(new URL(request.url).pathname);

const urlOf = (input: RequestInfo | URL) => (input instanceof Request ? input.url : String(input));

/** Identical calls: the same URL with the same headers. */
function callKey(input: RequestInfo | URL, init: RequestInit | undefined): string {
  const url = urlOf(input);
  const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
  return `${url}\n${[...headers].join("\n")}`;
}

/**
 * The typed API client of one page request, served by the API app in-process (architecture §4): as the
 * visitor (the session as a bearer token, already renewed) or, for sign-in, as nobody. Either way
 * the visitor's other cookies, address and debug clock travel along, so limits and guest state apply.
 *
 * One render, one visitor, one answer per question (decision 091): the session the page's middleware
 * resolved is handed to each call rather than checked again, and identical GETs made while the page
 * renders (the header's unread count and the cabinet's) are made once, each caller reading its own copy.
 * A write (itself made as the page's visitor) ends both: what follows it is asked afresh, with the session
 * checked again, as before (a POST that only reads, READ_POSTS, is not a write).
 */
export function inProcessApi(
  c: Context<AppEnv>,
  { anonymous = false, onResponse, timeoutMs, afterAnswer }: InProcessApiOptions = {},
): ApiClient {
  let wrote = false;
  const answers = new Map<string, Promise<Response>>();
  const serve = apiFetcher(api, c.env, c.executionCtx, {
    delay: anonymous ? 0 : apiDelay(c.env, c.req.raw),
    delayPath: apiDelayPath(c.req.raw),
    deadline: timeoutMs === undefined ? undefined : Date.now() + timeoutMs,
    fault: apiFault(c.env, c.req.raw),
    onFailure: () => c.set("apiFailed", true),
    beforeServe: (request) => {
      if (!anonymous && !wrote) handOverSession(c, request);
      if (!anonymous && afterAnswer) handOverAfterAnswer(request, afterAnswer);
      if (writes(request)) wrote = true;
    },
  });
  const ip = c.req.header("cf-connecting-ip");
  return createApiClient({
    baseUrl: new URL(c.req.url).origin,
    fetch: async (input, init) => {
      const method = methodOf(input, init);
      let response: Response;
      if (method === "GET") {
        const key = callKey(input, init);
        let answer = answers.get(key);
        if (!answer) {
          countApiCall(c.env, method, urlOf(input));
          answer = serve(input, init);
          answers.set(key, answer);
        }
        response = (await answer).clone();
      } else {
        // An answer from before a write is not reused after it.
        if (!READ_POSTS.has(new URL(urlOf(input)).pathname)) answers.clear();
        countApiCall(c.env, method, urlOf(input));
        response = await serve(input, init);
        if (!READ_POSTS.has(new URL(urlOf(input)).pathname)) answers.clear();
      }
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
