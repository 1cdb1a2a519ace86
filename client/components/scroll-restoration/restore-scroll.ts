/** Where the scroll positions of the tab's history entries are kept (session storage). */
export const SCROLL_POSITIONS_KEY = "scroll-positions";

/**
 * Gives a new history entry the key its scroll position is kept under, before React Router reads
 * the entry (entry.client.tsx, ahead of hydration). React Router's own script did it as the parser
 * reached it, where `replaceState` sometimes took over 10 ms in Lighthouse's traces.
 */
export function keyHistoryEntry() {
  if (!window.history.state?.key) {
    window.history.replaceState({ ...window.history.state, key: Math.random().toString(36).slice(2, 10) }, "");
  }
}

/**
 * Runs in the browser as the parser reaches it, before the first paint (its code is written into the
 * page, so it takes nothing from its module): scrolls a reloaded or revisited page back to where it
 * was. A new entry has no position to find, so storage is not read then: the first read of session
 * storage is a synchronous round trip to the browser process (3–11 ms in Lighthouse's traces, in the
 * parser's task). It is warmed in a task of its own instead, for the router, which reads it while
 * hydrating.
 */
export function restoreScroll(storageKey: string) {
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  const key = window.history.state?.key;
  if (navigation?.type === "navigate" || !key) {
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
