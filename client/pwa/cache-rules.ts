/**
 * What the service worker (sw.ts) keeps and where: pure rules on URLs and responses, so they are tested
 * apart from the worker's global scope. Nothing here touches caches or the network.
 */
import { PWA_USER_PARAM } from "#shared/constants.ts";
import { localizePath, splitLocale } from "#shared/locales.ts";
import { isPrivatePage } from "#shared/page-query.ts";
import { CACHES, OFFLINE_COPY_META, OFFLINE_FROM_PARAM, OFFLINE_PATH } from "./protocol.ts";

/**
 * Paths the service worker never answers nor keeps, whatever the method: itself (the browser checks it for
 * updates), the build checks (`/builds/*` must reach the deploy), the API and Cloudflare's own paths.
 */
const NEVER_TOUCHED = /^\/(?:sw\.js$|builds\/|api\/|cdn-cgi\/)/;

export function isNeverTouched(pathname: string): boolean {
  return NEVER_TOUCHED.test(pathname);
}

/**
 * A page the service worker asks the network for and may keep: this origin's, not a never-touched path,
 * and not a signed-in visitor's page (`/cabinet/`, `/listing/`, `/admin/`), which is answered `private,
 * no-store` anyway — so nothing fetches one again to keep it (a heavy page's second render for nothing).
 */
export function isOwnPublicPage(url: URL, origin: string): boolean {
  return url.origin === origin && !isNeverTouched(url.pathname) && !isPrivatePage(url.pathname);
}

/** A listing's page: `/(ru|sr/)?(buy|rent)/{type}/{city}/{id}/` (`paths.detail`). */
const LISTING_PAGE = /^\/(?:(?:ru|sr)\/)?(?:buy|rent)\/[^/]+\/[^/]+\/\d+\/$/;

export function isListingPage(pathname: string): boolean {
  return LISTING_PAGE.test(pathname);
}

/** The runtime cache a page goes to: listing pages apart (recently viewed), every other page together. */
export function pageCacheOf(pathname: string): (typeof CACHES)["pages"] | (typeof CACHES)["listings"] {
  return isListingPage(pathname) ? CACHES.listings : CACHES.pages;
}

/**
 * The address a page is kept under: without `pwa_user` (product §2), which the installed app adds to the
 * address after the page has loaded — the page opened with and without it is the same page.
 */
export function keptPageAddress(href: string): string {
  const url = new URL(href);
  if (!url.searchParams.has(PWA_USER_PARAM)) return href;
  url.searchParams.delete(PWA_USER_PARAM);
  return url.href;
}

/** The offline page in every language, as precached. */
export const OFFLINE_PAGES = (["en", "ru", "sr"] as const).map((locale) => localizePath(OFFLINE_PATH, locale));

export function isOfflinePage(pathname: string): boolean {
  return OFFLINE_PAGES.includes(pathname);
}

/** Where an offline navigation to `url` with no kept copy goes: the offline page in the path's language. */
export function offlinePageFor(url: URL): string {
  const { locale } = splitLocale(url.pathname);
  const params = new URLSearchParams({ [OFFLINE_FROM_PARAM]: url.pathname + url.search });
  return `${localizePath(OFFLINE_PATH, locale)}?${params}`;
}

/** The parts of a response that decide whether a page may be kept. */
export interface PageAnswer {
  status: number;
  /** The response's final URL (a redirected fetch names where it ended), or "" (a constructed response). */
  url: string;
  headers: Pick<Headers, "get">;
}

/**
 * A page worth keeping for offline reading: a 200 HTML page of this origin (not a redirect's end
 * elsewhere), outside the never-touched paths, that any cache may keep — a signed-in visitor's page is
 * answered `private, no-store` and so is never kept.
 */
export function isKeepablePage(answer: PageAnswer, origin: string): boolean {
  if (answer.status !== 200) return false;
  if (!(answer.headers.get("content-type") ?? "").startsWith("text/html")) return false;
  if (/(?:^|,)\s*(?:private|no-store)\b/i.test(answer.headers.get("cache-control") ?? "")) return false;
  if (!answer.url) return true;
  const url = new URL(answer.url);
  return url.origin === origin && !isNeverTouched(url.pathname);
}

/**
 * A listing's photo (`/photos/{key}-{width}.webp`), or a generated illustration that stands in for one
 * (`/images/listings/…`, `/images/articles/…`): what a kept page shows.
 */
export function isPhoto(pathname: string): boolean {
  return pathname.startsWith("/photos/") || pathname.startsWith("/images/");
}

/** A file of a build: its name carries its content hash, so it never changes (`public/_headers`). */
export function isHashedAsset(pathname: string): boolean {
  return pathname.startsWith("/assets/");
}

/**
 * A kept page as served offline: `<meta name="offline-copy" content="{fetched at}">` first in its head,
 * so the page can say it is a saved copy. A page kept without the time (none should be) says "".
 */
export function markOfflineCopy(html: string, fetchedAt: string | null): string {
  const meta = `<meta name="${OFFLINE_COPY_META}" content="${(fetchedAt ?? "").replace(/[^\w:.+-]/g, "")}">`;
  const head = /<head(?:\s[^>]*)?>/i.exec(html);
  if (!head) return meta + html;
  const at = head.index + head[0].length;
  return html.slice(0, at) + meta + html.slice(at);
}
