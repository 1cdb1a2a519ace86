/**
 * The time the auth code works with. In development a request may set it with `X-Debug-Now`
 * (milliseconds since the epoch), so tests can reach the 30-second and one-day edges without waiting;
 * any other environment ignores the header.
 */
export const DEBUG_NOW_HEADER = "x-debug-now";

export function requestNow(env: { ENVIRONMENT?: string }, request: Request): number {
  if (env.ENVIRONMENT === "development") {
    const value = request.headers.get(DEBUG_NOW_HEADER);
    if (value && /^\d{1,15}$/.test(value)) return Number(value);
  }
  return Date.now();
}

/** The clock header to pass on to in-process API calls (the API ignores it outside development too). */
export function debugClock(request: Request): Record<string, string> {
  const value = request.headers.get(DEBUG_NOW_HEADER);
  return value ? { [DEBUG_NOW_HEADER]: value } : {};
}
