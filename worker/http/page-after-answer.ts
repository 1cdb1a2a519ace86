/**
 * Work an in-process API call made for a page may leave until the page has answered (decision 110): the
 * page's `afterAnswer`, handed to the call's request as its session is (worker/in-process-api.ts). A call
 * from outside (a browser, an app) has none: its work is done before its answer, as its contract says.
 */
import type { Context } from "hono";

/** Starts `start` once the page's headers are out and keeps it alive past the answer (worker/app-context.ts). */
export type AfterAnswer = (start: () => Promise<unknown>) => void;

const handedOver = new WeakMap<Request, AfterAnswer>();

/** Hands the page's `afterAnswer` to `request`, an in-process API request made for it. */
export function handOverAfterAnswer(request: Request, afterAnswer: AfterAnswer): void {
  handedOver.set(request, afterAnswer);
}

/** The page's `afterAnswer` when `c` serves an in-process call of a page, else null. */
export function pageAfterAnswer(c: Context): AfterAnswer | null {
  return handedOver.get(c.req.raw) ?? null;
}
