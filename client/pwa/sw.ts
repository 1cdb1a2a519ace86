/// <reference lib="webworker" />
/**
 * The service worker (`/sw.js`, decision 043), built apart from the React app by vite-plugins/pwa.ts
 * into one classic script with the build's precache manifest written in. It keeps:
 * - the precache: every hashed script and stylesheet of the build but those only signed-in pages load,
 *   and the offline page in en/ru/sr
 *   (revision = the build id), fetched without cookies — a signed-in install never keeps a signed-in page;
 * - pages visited (network first, ~4 s): listing pages in CACHES.listings, the others in CACHES.pages,
 *   only what any cache may keep (cache-rules.ts); offline, a kept copy marked `<meta name="offline-copy">`,
 *   else a redirect to the offline page in the path's language;
 * - listing photos and the illustrations standing in for them (stale-while-revalidate), and hashed
 *   files not precached — signed-in pages' own (vite-plugins/pwa.ts) or another build's (cache first).
 * Never touched: non-GET requests, `/sw.js`, `/builds/*`, `/api/*`, `/cdn-cgi/*`. A new version waits
 * until the page asks it to take over (SKIP_WAITING).
 */
import { clientsClaim, type WorkboxPlugin } from "workbox-core";
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { ExpirationPlugin } from "workbox-expiration";
import { addPlugins, cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import type { PrecacheEntry } from "workbox-precaching/_types.js";
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from "workbox-strategies";
import { OFFLINE_PAGES_MAX, OFFLINE_PHOTOS_MAX, RECENTLY_VIEWED_MAX } from "#shared/constants.ts";
import {
  isHashedAsset,
  isKeepablePage,
  isListingPage,
  isNeverTouched,
  isOwnPublicPage,
  isOfflinePage,
  keptPageAddress,
  isPhoto,
  markOfflineCopy,
  offlinePageFor,
} from "./cache-rules.ts";
import { CACHES, FETCHED_AT_HEADER, type PageMessage } from "./protocol.ts";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** How long a navigation waits for the network before a kept copy answers (the network may still win later). */
const NETWORK_TIMEOUT_SECONDS = 4;
/**
 * Hashed files not in the precache: those only signed-in pages load (left out of it), or another build's
 * (an open page of the previous deploy).
 */
const OTHER_ASSETS_CACHE = "assets-v1";
const OTHER_ASSETS_MAX = 100;

const origin = self.location.origin;

// The precache is fetched without cookies (the offline pages must be a guest's), and the English one
// with `Accept-Language: en`: without a locale cookie the worker sends an unprefixed page to the
// visitor's language (worker/middleware/locale.ts).
addPlugins([
  {
    requestWillFetch: async ({ request }) =>
      new Request(request, {
        credentials: "omit",
        headers: isOfflinePage(new URL(request.url).pathname) ? { "Accept-Language": "en" } : undefined,
      }),
  },
]);
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

/** Pages kept with the time they were fetched, served offline marked as a copy, else the offline page. */
const pagePlugin: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => keptPageAddress(request.url),
  cacheWillUpdate: async ({ response }) => {
    if (!isKeepablePage(response, origin)) return null;
    const headers = new Headers(response.headers);
    headers.set(FETCHED_AT_HEADER, new Date().toISOString());
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  },
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return null;
    const html = markOfflineCopy(await cachedResponse.text(), cachedResponse.headers.get(FETCHED_AT_HEADER));
    return new Response(html, { status: 200, headers: cachedResponse.headers });
  },
  handlerDidError: async ({ request }) =>
    Response.redirect(new URL(offlinePageFor(new URL(request.url)), origin).href, 302),
};

const pageStrategy = (cacheName: string, maxEntries: number) =>
  new NetworkFirst({
    cacheName,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    // Pages vary on Cookie and Accept-Language; the copy is the visitor's own, whatever those say now.
    matchOptions: { ignoreVary: true },
    plugins: [new ExpirationPlugin({ maxEntries }), pagePlugin],
  });
const listingPages = pageStrategy(CACHES.listings, RECENTLY_VIEWED_MAX);
const otherPages = pageStrategy(CACHES.pages, OFFLINE_PAGES_MAX);
const pagesOf = (pathname: string) => (isListingPage(pathname) ? listingPages : otherPages);

const ownPage = (url: URL) => url.origin === origin && !isNeverTouched(url.pathname);

// The offline page answers from the precache, whatever its `?from=`.
registerRoute(
  ({ request, url }) => request.mode === "navigate" && url.origin === origin && isOfflinePage(url.pathname),
  async ({ request, url }) => (await matchPrecache(url.pathname)) ?? fetch(request),
);
registerRoute(
  ({ request, url }) => request.mode === "navigate" && ownPage(url),
  (options) => pagesOf(options.url.pathname).handle(options),
);
registerRoute(
  ({ url }) => url.origin === origin && isPhoto(url.pathname),
  new StaleWhileRevalidate({
    cacheName: CACHES.photos,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: OFFLINE_PHOTOS_MAX }),
    ],
  }),
);
registerRoute(
  ({ url }) => url.origin === origin && isHashedAsset(url.pathname),
  new CacheFirst({
    cacheName: OTHER_ASSETS_CACHE,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: OTHER_ASSETS_MAX })],
  }),
);

/** KEEP_PAGE: fetch a page of this site now and keep it by the same rules as a visit. */
async function keepPage(address: string, event: ExtendableEvent) {
  const url = new URL(address, origin);
  if (!isOwnPublicPage(url, origin)) return;
  const request = new Request(url, { credentials: "same-origin", headers: { Accept: "text/html" } });
  await Promise.all(pagesOf(url.pathname).handleAll({ request, event }));
}

// The page that installed the worker loaded before it could keep it: keep every open page now (an
// update refreshes them too, naming the new build's files).
self.addEventListener("activate", (event) => {
  event.waitUntil(
    self.clients
      .matchAll({ type: "window" })
      .then((windows) => Promise.all(windows.map((window) => keepPage(window.url, event)))),
  );
});

self.addEventListener("message", (event: ExtendableMessageEvent) => {
  const message = event.data as PageMessage | null;
  if (message?.type === "SKIP_WAITING") void self.skipWaiting();
  else if (message?.type === "KEEP_PAGE" && typeof message.url === "string")
    event.waitUntil(keepPage(message.url, event));
});
