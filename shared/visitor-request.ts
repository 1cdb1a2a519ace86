/**
 * What the app and the edge tell each other about a kept page's visitor (decision 112), apart from
 * `shared/visitor.ts` so that none of it is in a page's first load: only the app's after-hydration chunk
 * (client/visitor-answer.ts) and the worker read it.
 */

/**
 * A browser that runs the app's scripts says so (decision 112): the app sets this cookie after hydration
 * (never the server; not HttpOnly), and the edge answers such a browser a kept page's bytes as they are —
 * its visitor's own parts come from `GET /api/visitor`. A browser without JavaScript never has it.
 */
export const SCRIPTS_COOKIE_NAME = "scripts";
export const SCRIPTS_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** `GET /api/visitor?shown=`: the saved-search query the kept page asking shows (marked opened, decision 112). */
export const VISITOR_SHOWN_PARAM = "shown";

/**
 * The `Server-Timing` metric a kept page's answer names when its visitor has nothing of their own (no session,
 * favourites or saved-search cookie; decision 112): the app, reading it from the navigation's timing, asks
 * for no visitor. Any other answer, or a browser that does not expose it, asks.
 */
export const NOBODY_TIMING = "nobody";
