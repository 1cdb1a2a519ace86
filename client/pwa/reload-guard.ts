/**
 * Automatic reloads (an update taken, a chunk of a newer build missing) happen at most once per
 * RELOAD_GUARD_MS (product §9): the time of the last one is kept in sessionStorage, which survives the
 * reload itself, so a page that fails again right after reloading is left as it is instead of looping.
 */
import { RELOAD_GUARD_MS } from "#shared/constants.ts";

const KEY = "pwa-reloaded-at";

/**
 * Reloads the page (or loads another, `load`) unless an automatic reload happened within
 * RELOAD_GUARD_MS; whether it did.
 */
export function reloadOnce(reason: string, load: () => void = () => location.reload()): boolean {
  const now = Date.now();
  try {
    const last = Number(sessionStorage.getItem(KEY));
    // A time in the future (the clock was set back) does not block.
    if (last && now >= last && now - last < RELOAD_GUARD_MS) {
      console.warn(`Not reloading for ${reason}: the page reloaded less than ${RELOAD_GUARD_MS / 1000} s ago`);
      return false;
    }
    sessionStorage.setItem(KEY, String(now));
  } catch {
    // Without storage the guard could not outlive the reload: no automatic reload at all.
    return false;
  }
  load();
  return true;
}
