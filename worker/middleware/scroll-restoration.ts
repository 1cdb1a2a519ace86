import { SCROLL_POSITIONS_KEY } from "#shared/constants.ts";
import type { DocumentRewrite } from "./document-rewriter.ts";

// What restoreScroll uses of the page it runs in, declared for this module alone: the worker has no DOM.
declare const window: {
  history: { state: { key?: string } | null; replaceState(state: unknown, unused: string): void };
  scrollTo(x: number, y: number): void;
};
declare const sessionStorage: {
  readonly length: number;
  getItem(key: string): string | null;
  removeItem(key: string): void;
};
declare const performance: { getEntriesByType(type: "navigation"): { type: string }[] };

/**
 * Runs in the browser as the parser reaches it, before the first paint (from a classic script the
 * worker writes into the page, so it takes nothing from its module): scrolls a reloaded or revisited
 * page back to where it was. React Router's own script also read session storage and gave the
 * history entry its key there, in the parser's task, where the first read of storage (a synchronous
 * round trip to the browser process) and `replaceState` each took over 10 ms in some of
 * Lighthouse's traces. A new entry has no position to find, so on a new visit both are done in tasks
 * of their own instead, long before the router reads the entry while hydrating.
 */
function restoreScroll(storageKey: string) {
  const navigation = performance.getEntriesByType("navigation")[0];
  const key = window.history.state?.key;
  if (navigation?.type === "navigate" || !key) {
    setTimeout(() => {
      if (!window.history.state?.key) {
        window.history.replaceState({ ...window.history.state, key: Math.random().toString(36).slice(2, 10) }, "");
      }
    });
    setTimeout(() => {
      try {
        void sessionStorage.length;
      } catch {
        // Storage is off: the router does without it.
      }
    });
    return;
  }
  try {
    const y = JSON.parse(sessionStorage.getItem(storageKey) || "{}")[key];
    if (typeof y === "number") window.scrollTo(0, y);
  } catch (error) {
    console.error(error);
    sessionStorage.removeItem(storageKey);
  }
}

/** Its code, written out once per isolate; each response adds only its nonce. */
const SCRIPT = `(${restoreScroll})(${JSON.stringify(SCROLL_POSITIONS_KEY)})`;

/**
 * Writes the scroll script where React Router's `<ScrollRestoration>` wrote its own: right before
 * the router's module script (decision 019). Runs before `scriptsAfterPaint`, which turns that
 * script into a data block.
 */
export const scrollRestorationScript: DocumentRewrite = (rewriter, c) => {
  const nonce = c.get("secureHeadersNonce") ?? "";
  let written = false;
  return rewriter.on('body script[type="module"]:not([src])', {
    element(script) {
      if (written) return;
      written = true;
      script.before(`<script nonce="${nonce}">${SCRIPT}</script>`, { html: true });
    },
  });
};
