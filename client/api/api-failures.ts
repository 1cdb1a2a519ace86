import type { DataStrategyResult, MiddlewareFunction } from "react-router";

/** A failed API call the browser asked for: an action's (through its status) or a direct one. */
export interface ApiFailure {
  status: number;
  /** The API's own message (shown in a 500 notice only when error logging is on, product §8). */
  serverMessage?: string;
}

const EVENT = "api-failure";

/**
 * The one place every browser-side API failure passes (product §8): the notices listen here and decide
 * by status. A call that got no answer at all is no failure here (a network failure raises no notice).
 */
export function reportApiFailure(failure: ApiFailure): void {
  window.dispatchEvent(new CustomEvent(EVENT, { detail: failure }));
}

export function onApiFailure(listener: (failure: ApiFailure) => void): () => void {
  const heard = (event: Event) => listener((event as CustomEvent<ApiFailure>).detail);
  window.addEventListener(EVENT, heard);
  return () => window.removeEventListener(EVENT, heard);
}

/** What an action answered, as React Router hands it to middleware: returned data or a thrown error. */
interface ActionAnswer {
  /** `data(…, { status })` returned (every returned answer arrives wrapped so). */
  init?: { status?: number } | null;
  /** An error response thrown. */
  status?: number;
  data?: { serverMessage?: string } | null;
}

/**
 * Root client middleware: every form post and fetcher submission the browser makes (actions call the
 * API on the server, and answer with its status) reports its failure, so a favourite toggle, a sign-in
 * step or a message that failed shows the notice of its status — whatever component sent it.
 */
export const reportFailedActions: MiddlewareFunction<Record<string, DataStrategyResult>> = async (
  { request },
  next,
) => {
  const results = await next();
  if (request.method !== "GET") {
    for (const { result } of Object.values(results ?? {})) {
      const answer = result as ActionAnswer | null;
      const status = answer?.init?.status ?? answer?.status;
      if (status && status >= 400) reportApiFailure({ status, serverMessage: answer?.data?.serverMessage });
    }
  }
  return results;
};
