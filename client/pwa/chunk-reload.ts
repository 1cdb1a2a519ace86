/**
 * Version skew (decision 042): a page of build A that loads one of its chunks after build B is
 * deployed may find it gone. The page then reloads into the current build, once — the reload guard
 * (reload-guard.ts) leaves a page that fails again as it is. Vite's preload helper reports a failed
 * `import()` (or one of its stylesheets) as `vite:preloadError`; an `import()` outside it ends in an
 * unhandled rejection whose message each browser words its own way. A route module that fails to load
 * during a navigation is React Router's own business (it reloads by itself), as is anything before
 * `load`, when this module starts.
 */
import { reloadOnce } from "./reload-guard.ts";

/** Chromium, Firefox and Safari's messages for a module script that could not be fetched. */
const FAILED_IMPORT =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i;

export function isFailedImport(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : typeof reason === "string" ? reason : "";
  return FAILED_IMPORT.test(message);
}

/** Starts listening; returns what stops it. */
export function reloadOnFailedChunks(): () => void {
  let reloading = false;
  const reload = (reason: string) => {
    // Offline, the chunk is missing for want of a network, not of a build: a reload would not find it.
    if (!navigator.onLine) return;
    // One failure often shows twice (the preload error, then the rejection): one reload asked.
    if (!reloading) reloading = reloadOnce(reason);
  };
  const onPreloadError = () => reload("a chunk that failed to load");
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isFailedImport(event.reason)) reload("a module that failed to load");
  };
  addEventListener("vite:preloadError", onPreloadError);
  addEventListener("unhandledrejection", onRejection);
  return () => {
    removeEventListener("vite:preloadError", onPreloadError);
    removeEventListener("unhandledrejection", onRejection);
  };
}
