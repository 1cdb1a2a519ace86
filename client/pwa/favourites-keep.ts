/**
 * A guest's favourites are readable offline (decision 043): when they changed since the favourites
 * page was last kept, the service worker is asked to fetch that page now and keep it (KEEP_PAGE), so
 * the copy it answers offline lists the latest ones. The list is the `favourites` cookie (not
 * HttpOnly: the server sets it plainly, client/components/my-favourites/favourites.server.ts), so nothing is added to the React
 * app; what was last kept is remembered in localStorage. A signed-in visitor's favourites page is
 * private and never kept.
 */
import { FAVOURITES_COOKIE_NAME } from "#shared/constants.ts";
import { parseFavourites, serializeFavourites } from "#shared/favourites.ts";
import { type Locale, localizePath } from "#shared/locales.ts";
import { STATIC_PAGES } from "#shared/paths.ts";
import type { PageMessage } from "./protocol.ts";

const KEY = "pwa-favourites-kept";

/** The guest's favourites as the cookie has them now, normalised ("" for none). */
export function favouritesNow(): string {
  const prefix = `${FAVOURITES_COOKIE_NAME}=`;
  const cookie = document.cookie.split("; ").find((part) => part.startsWith(prefix));
  return serializeFavourites(parseFavourites(cookie?.slice(prefix.length)));
}

/**
 * Asks the controlling worker to keep the favourites page when the list changed (online only: offline
 * the fetch would fail and the old copy is the best there is). Whether it asked.
 */
export function keepFavouritesIfChanged(locale: Locale): boolean {
  const worker = navigator.serviceWorker?.controller;
  if (!worker || !navigator.onLine) return false;
  const now = favouritesNow();
  try {
    const kept = localStorage.getItem(KEY);
    // A guest who never had favourites has no page worth keeping.
    if (kept === now || (kept === null && !now)) return false;
    localStorage.setItem(KEY, now);
  } catch {
    return false;
  }
  const message: PageMessage = { type: "KEEP_PAGE", url: localizePath(STATIC_PAGES.favourites, locale) };
  worker.postMessage(message);
  return true;
}

/** Checks now and whenever the page is left or hidden (favourites toggled meanwhile); returns what stops it. */
export function keepFavourites(locale: Locale): () => void {
  const check = () => {
    if (document.visibilityState === "hidden") keepFavouritesIfChanged(locale);
  };
  keepFavouritesIfChanged(locale);
  document.addEventListener("visibilitychange", check);
  return () => document.removeEventListener("visibilitychange", check);
}
