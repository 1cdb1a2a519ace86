/**
 * What the service worker (`sw.ts`, its own global scope) and the page's code (`register.ts` and the
 * offline page) agree on: the worker's URL, the caches the pages read, the marker of a copy served
 * from a cache, and the messages they exchange. Imported by both sides; keep it free of DOM and of
 * service-worker globals.
 */

/** Served from the site's root so that its scope is the whole site. */
export const SERVICE_WORKER_URL = "/sw.js";

/**
 * Runtime caches (the precache is Workbox's own). The page opens them with `caches.open` to list what
 * is available offline; a change of what they hold bumps the suffix.
 */
export const CACHES = {
  /** Anonymous pages visited (not listing pages), at most OFFLINE_PAGES_MAX. */
  pages: "pages-v1",
  /** Listing pages viewed, at most RECENTLY_VIEWED_MAX. */
  listings: "listings-v1",
  /** Listing photos, at most OFFLINE_PHOTOS_MAX. */
  photos: "photos-v1",
} as const;

/** The offline page's path, locale-free (wrap in `localizePath`); precached in every locale. */
export const OFFLINE_PATH = "/offline/";
/** The query parameter carrying the address the visitor asked for when the offline page answers instead. */
export const OFFLINE_FROM_PARAM = "from";

/**
 * A page answered from a runtime cache carries `<meta name="offline-copy" content="{ISO time it was
 * fetched}">` in its head (the worker writes it in), so the page can say it is a saved copy whose prices
 * may have changed.
 */
export const OFFLINE_COPY_META = "offline-copy";
/** The header a runtime cache keeps with each page: when it was fetched (ISO time). */
export const FETCHED_AT_HEADER = "X-Fetched-At";

/** Messages the page posts to the service worker. */
export type PageMessage =
  /** Workbox-window's `messageSkipWaiting()`: the waiting worker takes over (the page then reloads once). */
  | { type: "SKIP_WAITING" }
  /** Fetch this same-origin page now and keep it (e.g. the favourites page after favourites changed). */
  | { type: "KEEP_PAGE"; url: string };
