import { type DataStrategyResult, isRouteErrorResponse, type MiddlewareFunction } from "react-router";

/** A failed API call the browser asked for: an action's (through its status) or a direct one. */
export interface ApiFailure {
  status: number;
  /** The API's own message (shown in a 500 alert only when error logging is on, SPEC §8). */
  serverMessage?: string;
}

const EVENT = "api-failure";

/**
 * The one place every browser-side API failure passes (SPEC §8): the alerts listen here and decide
 * by status. A call that got no answer at all is no failure here (a network failure raises no alert).
 */
export function reportApiFailure(failure: ApiFailure): void {
  window.dispatchEvent(new CustomEvent(EVENT, { detail: failure }));
}

export function onApiFailure(listener: (failure: ApiFailure) => void): () => void {
  const heard = (event: Event) => listener((event as CustomEvent<ApiFailure>).detail);
  window.addEventListener(EVENT, heard);
  return () => window.removeEventListener(EVENT, heard);
}

const messageIn = (data: unknown): string | undefined => {
  const message = (data as { serverMessage?: unknown } | null | undefined)?.serverMessage;
  return typeof message === "string" ? message : undefined;
};

/** An action's answer as a failure: its status (actions answer with the API's) and the API's message. */
function failureOf(result: unknown): ApiFailure | null {
  if (isRouteErrorResponse(result)) return { status: result.status, serverMessage: messageIn(result.data) };
  const withInit = result as { type?: unknown; data?: unknown; init?: { status?: number } | null } | null;
  if (withInit?.type === "DataWithResponseInit" && withInit.init?.status && withInit.init.status >= 400) {
    return { status: withInit.init.status, serverMessage: messageIn(withInit.data) };
  }
  return null;
}

/**
 * Root client middleware: every form post and fetcher submission the browser makes (actions call the
 * API on the server) reports its failure, so a favourite toggle, a sign-in step or a message that
 * failed shows the alert of its status — whatever component sent it.
 */
export const reportFailedActions: MiddlewareFunction<Record<string, DataStrategyResult>> = async (
  { request },
  next,
) => {
  const results = await next();
  if (request.method !== "GET" && results) {
    for (const { result } of Object.values(results)) {
      const failure = failureOf(result);
      if (failure) reportApiFailure(failure);
    }
  }
  return results;
};
