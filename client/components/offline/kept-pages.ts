import { CACHES, FETCHED_AT_HEADER, OFFLINE_PATH } from "#client/pwa/protocol.ts";
import { RECENTLY_VIEWED_MAX } from "#shared/constants.ts";
import { STATIC_PAGES } from "#shared/paths.ts";
import { splitLocale } from "#shared/locales.ts";

/** A page the service worker kept, as the offline page lists it. */
export interface KeptPage {
  /** Same-origin path and query. */
  href: string;
  /** The document's `<title>`, without the site's name after it. */
  title: string;
  /** When it was fetched (ISO), from FETCHED_AT_HEADER; null when the copy does not say. */
  fetchedAt: string | null;
  /** Its link preview photo (`og:image`) when that photo is kept too, so it shows offline. */
  image: string | null;
}

/** What is available offline: the listings viewed last, the favourites page, other pages; newest first. */
export interface KeptPages {
  listings: KeptPage[];
  favourites: KeptPage | null;
  pages: KeptPage[];
}

/**
 * Reads the service worker's runtime caches (client/pwa/protocol.ts). A cache that does not exist is
 * not created (`caches.has` before `caches.open`); without Cache Storage (an insecure origin) nothing is kept.
 */
export async function keptPages(siteName: string): Promise<KeptPages> {
  if (typeof caches === "undefined") return { listings: [], favourites: null, pages: [] };
  const [photos, listings, pages] = await Promise.all([
    openIfPresent(CACHES.photos),
    readCache(CACHES.listings, siteName),
    readCache(CACHES.pages, siteName),
  ]);
  const withPhoto = (page: KeptPage) => photoKept(page, photos);
  const [favouritePages, otherPages] = partition(
    pages.filter((page) => splitLocale(new URL(page.href, location.origin).pathname).rest !== OFFLINE_PATH),
    (page) => splitLocale(new URL(page.href, location.origin).pathname).rest === STATIC_PAGES.favourites,
  );
  return {
    listings: await Promise.all(listings.slice(0, RECENTLY_VIEWED_MAX).map(withPhoto)),
    favourites: favouritePages[0] ?? null,
    pages: otherPages,
  };
}

async function openIfPresent(name: string): Promise<Cache | null> {
  return (await caches.has(name)) ? caches.open(name) : null;
}

/** A photo is shown only when it would load offline. */
async function photoKept(page: KeptPage, photos: Cache | null): Promise<KeptPage> {
  if (!page.image) return page;
  return photos && (await photos.match(page.image)) ? page : { ...page, image: null };
}

async function readCache(name: string, siteName: string): Promise<KeptPage[]> {
  const cache = await openIfPresent(name);
  if (!cache) return [];
  const pages = await Promise.all(
    (await cache.keys()).map(async (request) => {
      const url = new URL(request.url);
      const response = await cache.match(request);
      if (!response || url.origin !== location.origin) return null;
      const head = headOf(await response.text());
      return {
        href: url.pathname + url.search,
        title: withoutSiteName(head.title, siteName) || url.pathname,
        fetchedAt: response.headers.get(FETCHED_AT_HEADER),
        image: head.querySelector<HTMLMetaElement>('meta[property="og:image"]')?.content || null,
      } satisfies KeptPage;
    }),
  );
  return pages
    .filter((page): page is KeptPage => page !== null)
    .sort((a, b) => (b.fetchedAt ?? "").localeCompare(a.fetchedAt ?? ""));
}

/** The document's head alone, parsed (the body can be large, and nothing of it is shown). */
function headOf(html: string): Document {
  const end = html.indexOf("</head>");
  return new DOMParser().parseFromString(end === -1 ? html : html.slice(0, end), "text/html");
}

/** Page titles end with ` | {site}` (client/seo.ts). */
function withoutSiteName(title: string, siteName: string): string {
  const suffix = ` | ${siteName}`;
  return (title.endsWith(suffix) ? title.slice(0, -suffix.length) : title).trim();
}

function partition<T>(items: T[], test: (item: T) => boolean): [T[], T[]] {
  return [items.filter(test), items.filter((item) => !test(item))];
}
