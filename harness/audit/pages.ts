/**
 * The page types the quality harness visits (issue 4), in every locale, with the status each must
 * answer. Detail and article pages use a real listing / article when the database has one.
 */
import { LOCALES, type Locale, localizePath } from "#shared/locales.ts";

/** A desktop Chrome user agent: curl-like agents are bots and get the fully resolved document. */
export const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

export type PageType =
  | "home"
  | "search"
  | "list"
  | "detail"
  | "media"
  | "tag"
  | "article"
  | "about"
  | "faq"
  | "privacy"
  | "favourites"
  | "sign-in"
  | "not-found"
  | "error";

export interface AuditPage {
  type: PageType;
  locale: Locale;
  /** Path with the locale prefix and query. */
  path: string;
  /** Request headers for the document only (the error page's fault knob). */
  headers: Record<string, string>;
  /** The document status the page must answer. */
  status: number;
  /** A short name for tables and file names: `en home`, `ru 404`… */
  name: string;
}

export interface PageSamples {
  detailPath: string;
  articlePath: string;
}

/** Asks the API for an active listing and an article; falls back to the fixed example URLs. */
export async function pageSamples(baseURL: string): Promise<PageSamples> {
  const json = async (path: string) => {
    try {
      const res = await fetch(`${baseURL}${path}`, { headers: { "user-agent": BROWSER_UA } });
      return res.ok ? ((await res.json()) as { items?: Record<string, unknown>[] }) : {};
    } catch {
      return {};
    }
  };
  const listing = (await json("/api/seo/realty/list?per_page=1")).items?.[0];
  const article = (await json("/api/article?per_page=1")).items?.[0];
  const listingPath = typeof listing?.path === "string" ? listing.path : undefined;
  const detailPath = listingPath
    ? new URL(listingPath, baseURL).pathname.replace(/\/?$/, "/")
    : typeof listing?.id === "number"
      ? `/buy/apartment/beograd/${listing.id}/`
      : "/buy/apartment/beograd/1/";
  // An article lives under exactly its tag path (`/media/{tag…}/{slug}/`); anything else is a 404.
  const tagPath = Array.isArray(article?.tag_path) ? (article.tag_path as string[]) : ["market"];
  const slug = typeof article?.slug === "string" ? article.slug : "example";
  return { detailPath, articlePath: `/media/${[...tagPath, slug].join("/")}/` };
}

/** Unprefixed (en) path of each page type and the status it must answer. */
export function pageTypes(
  samples: PageSamples,
): { type: PageType; path: string; status: number; headers?: Record<string, string> }[] {
  return [
    { type: "home", path: "/", status: 200 },
    // A search meant for search engines (text searches are `noindex` by design, decision 012).
    { type: "search", path: "/search/?deal=sale&city=beograd&rooms=2", status: 200 },
    { type: "list", path: "/buy/apartment/beograd/", status: 200 },
    { type: "detail", path: samples.detailPath, status: 200 },
    { type: "media", path: "/media/", status: 200 },
    { type: "tag", path: "/media/market/", status: 200 },
    { type: "article", path: samples.articlePath, status: 200 },
    { type: "about", path: "/about/", status: 200 },
    { type: "faq", path: "/faq/", status: 200 },
    { type: "privacy", path: "/privacy-policy/", status: 200 },
    { type: "favourites", path: "/favourites/", status: 200 },
    // The sign-in dialog over a page: where every link to a guarded page leads a guest (decision 007).
    { type: "sign-in", path: "/?auth=signin", status: 200 },
    { type: "not-found", path: "/no-such-page/", status: 404 },
    { type: "error", path: "/about/", status: 500, headers: { "x-debug-fault": "loader" } },
  ];
}

/** Every page type in every locale (en, ru, sr). */
export function auditPages(samples: PageSamples, locales: readonly Locale[] = LOCALES.map((l) => l.code)): AuditPage[] {
  return locales.flatMap((locale) =>
    pageTypes(samples).map((page) => ({
      type: page.type,
      locale,
      path: localizePath(page.path, locale),
      headers: page.headers ?? {},
      status: page.status,
      name: `${locale} ${page.type}`,
    })),
  );
}
