import { UNSAFE_useScrollRestoration as useScrollRestoration } from "react-router";
import { SCROLL_POSITIONS_KEY } from "#shared/constants.ts";

/**
 * React Router's scroll restoration — positions saved as the visitor leaves an entry, restored on
 * back and forward, the top of the page on a new one — without its inline script, which read
 * session storage on every page load: the worker writes ours (decision 019).
 */
export function ScrollRestoration() {
  useScrollRestoration({ storageKey: SCROLL_POSITIONS_KEY });
  return null;
}
