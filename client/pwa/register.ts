/**
 * The page's side of the service worker, loaded after the page's `load` event (never part of a page's
 * first-load JavaScript) and built apart from the React app (vite-plugins/pwa.ts): plain DOM and
 * workbox-window, no React. Registers `/sw.js` and follows its updates and the hourly build check
 * (updates.ts), reloads once when a chunk of a gone build fails (chunk-reload.ts), keeps `pwa_user=yes`
 * in the installed app (pwa-user.ts), says when the page is a saved copy (offline-copy.ts) and has the
 * favourites page kept when a guest's favourites changed (favourites-keep.ts); offline, links load
 * documents the service worker can answer (offline-links.ts).
 */
import { Workbox } from "workbox-window/build/workbox-window.prod.mjs";
import catalog from "virtual:pwa-messages";
import { reloadOnFailedChunks } from "./chunk-reload.ts";
import { keepFavourites } from "./favourites-keep.ts";
import { pageLocale, translator } from "./messages.ts";
import { showSavedCopyNotice } from "./offline-copy.ts";
import { documentLoadsWhileOffline } from "./offline-links.ts";
import { SERVICE_WORKER_URL } from "./protocol.ts";
import { keepPwaUser } from "./pwa-user.ts";
import { watchUpdates } from "./updates.ts";

const locale = pageLocale();
const t = translator(catalog, locale);

reloadOnFailedChunks();
keepPwaUser();
showSavedCopyNotice(t, locale);
/** The longest the registration waits for the page to fall idle. */
const IDLE_WAIT_MS = 10_000;

if ("serviceWorker" in navigator) {
  documentLoadsWhileOffline();
  // Installing fetches and stores the whole precache: that waits until the page's own work (a long
  // thread hydrating, say) is done, so the two never compete for the visitor's processor.
  const register = () => {
    void watchUpdates(new Workbox(SERVICE_WORKER_URL), t).catch((error: unknown) =>
      console.warn("The service worker could not be registered", error),
    );
    keepFavourites(locale);
  };
  if ("requestIdleCallback" in window) requestIdleCallback(register, { timeout: IDLE_WAIT_MS });
  else setTimeout(register, 0);
}
