/**
 * Product §2: in the installed app the address carries `pwa_user=yes`. The manifest's start_url has it,
 * but the app's own links do not, so it is put back after every navigation — in place, with
 * `history.replaceState` keeping React Router's state (its key, for scroll restoration), never by a
 * reload. Canonical and hreflang links never carry it: pages build them from the path and the filters
 * only (client/seo.ts, client/components/listing-results/search-meta.server.ts).
 */
import { PWA_USER_PARAM, PWA_USER_VALUE } from "#shared/constants.ts";

function isStandalone(): boolean {
  return (
    matchMedia("(display-mode: standalone)").matches ||
    // iOS Safari's home-screen apps, which predate the display-mode query.
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** The same address with the flag (other parameters untouched), or null when it has it already. */
export function withPwaUser(href: string): string | null {
  const url = new URL(href);
  const values = url.searchParams.getAll(PWA_USER_PARAM);
  if (values.length === 1 && values[0] === PWA_USER_VALUE) return null;
  if (values.length) url.searchParams.set(PWA_USER_PARAM, PWA_USER_VALUE);
  // Appended as text, so the other parameters keep their exact spelling.
  else url.search += `${url.search ? "&" : "?"}${PWA_USER_PARAM}=${PWA_USER_VALUE}`;
  return url.href;
}

/**
 * Adds the flag now and after each client-side navigation, in the installed app only; returns what
 * stops it. Where the Navigation API is missing (iOS Safari before 26: the other common installed
 * app), `pushState`/`replaceState` make no event, so they are wrapped — they behave as before and then
 * the flag is checked — and `popstate` covers going back and forth.
 */
export function keepPwaUser(): () => void {
  if (!isStandalone()) return () => {};
  const replaceState = history.replaceState.bind(history);
  const mark = () => {
    const href = withPwaUser(location.href);
    if (href) replaceState(history.state, "", href);
  };
  mark();
  const navigation = (window as Window & { navigation?: EventTarget }).navigation;
  if (navigation) {
    navigation.addEventListener("navigatesuccess", mark);
    return () => navigation.removeEventListener("navigatesuccess", mark);
  }
  const { pushState } = history;
  const original = history.replaceState;
  history.pushState = function (...args) {
    pushState.apply(this, args);
    mark();
  };
  history.replaceState = function (...args) {
    original.apply(this, args);
    mark();
  };
  addEventListener("popstate", mark);
  return () => {
    history.pushState = pushState;
    history.replaceState = original;
    removeEventListener("popstate", mark);
  };
}
