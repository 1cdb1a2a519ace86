import { type Context, Hono } from "hono";
import { LISTING_TYPES, listingType } from "#shared/listing-types.ts";
import { LOCALES, localizePath } from "#shared/locales.ts";
import { agencyPath } from "#shared/agency-paths.ts";
import { paths, STATIC_PAGES } from "#shared/paths.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { listingCountsByTypeAndCity } from "#worker/db/listings.ts";
import { sitemapAgencies } from "#worker/db/agency-pages.ts";
import { inProcessApi } from "#worker/in-process-api.ts";
import { SEO_LIST_MAX_PER_PAGE } from "#shared/api/realty.ts";

/** Listings per sitemap file: one page of `/api/seo/realty/list`. */
const LISTINGS_PER_SITEMAP = SEO_LIST_MAX_PER_PAGE;
const ARTICLES_PER_PAGE = 50;

/** Public pages worth a crawler's time; favourites, thank-you and unsubscribe are personal. */
const STATIC_PATHS = [
  paths.home(),
  paths.search(),
  paths.media(),
  STATIC_PAGES.about,
  STATIC_PAGES.faq,
  STATIC_PAGES.privacyPolicy,
  STATIC_PAGES.userAgreement,
  STATIC_PAGES.moderationAdvice,
  STATIC_PAGES.adCreationPolicy,
  STATIC_PAGES.safety,
  STATIC_PAGES.trust,
];

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[ch]!);

/** One `<url>` per language of a locale-free path, each listing all three plus x-default. */
function urlEntries(origin: string, path: string, lastmod?: string): string {
  const href = (locale: (typeof LOCALES)[number]["code"]) =>
    escapeXml(new URL(localizePath(path, locale), origin).href);
  const alternates =
    LOCALES.map((l) => `<xhtml:link rel="alternate" hreflang="${l.code}" href="${href(l.code)}"/>`).join("") +
    `<xhtml:link rel="alternate" hreflang="x-default" href="${href("en")}"/>`;
  return LOCALES.map(
    (l) => `<url><loc>${href(l.code)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}${alternates}</url>`,
  ).join("\n");
}

function urlset(c: Context<AppEnv>, entries: string[]) {
  return c.body(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join("\n")}\n</urlset>\n`,
    200,
    { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  );
}

/** The API failed: tell crawlers to come back rather than serve an empty or partial sitemap. */
const unavailable = (c: Context<AppEnv>) => c.text("Sitemap temporarily unavailable", 503, { "Retry-After": "300" });

/** `robots.txt` and the sitemap index with its parts. */
export const sitemaps = new Hono<AppEnv>()
  .get("/robots.txt", (c) => {
    const origin = new URL(c.req.url).origin;
    const privatePaths = ["/cabinet/", "/listing/", "/admin/", "/api/", "/favourites/"];
    const lines = [
      "User-agent: *",
      ...privatePaths
        .flatMap((p) => [p, ...LOCALES.filter((l) => l.code !== "en").map((l) => `/${l.code}${p}`)])
        .map((p) => `Disallow: ${p}`),
      "Allow: /",
      "",
      `Sitemap: ${origin}/sitemap.xml`,
      "",
    ];
    return c.text(lines.join("\n"), 200, { "Cache-Control": "public, max-age=86400" });
  })
  .get("/sitemap.xml", async (c) => {
    const origin = new URL(c.req.url).origin;
    const listings = await inProcessApi(c).seoListings(1, 1);
    if (!listings.ok) return unavailable(c);
    const listingFiles = Math.max(1, Math.ceil(listings.data.total / LISTINGS_PER_SITEMAP));
    const files = [
      "/sitemaps/static.xml",
      "/sitemaps/lists.xml",
      "/sitemaps/articles.xml",
      "/sitemaps/agencies.xml",
      ...Array.from({ length: listingFiles }, (_, i) => `/sitemaps/listings-${i + 1}.xml`),
    ];
    const body = files.map((f) => `<sitemap><loc>${escapeXml(origin + f)}</loc></sitemap>`).join("\n");
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`,
      200,
      { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
    );
  })
  .get("/sitemaps/static.xml", (c) => {
    const origin = new URL(c.req.url).origin;
    return urlset(
      c,
      STATIC_PATHS.map((p) => urlEntries(origin, p)),
    );
  })
  .get("/sitemaps/lists.xml", async (c) => {
    const origin = new URL(c.req.url).origin;
    const entries = LISTING_TYPES.map((t) => urlEntries(origin, paths.list(t.deal, t.type)));
    // A city × type list is listed only when it has listings: empty lists are thin pages.
    for (const row of await listingCountsByTypeAndCity(c.env.DB)) {
      const type = listingType(row.type_id);
      if (type) entries.push(urlEntries(origin, paths.list(type.deal, type.type, row.city_slug)));
    }
    return urlset(c, entries);
  })
  // The agencies' directory and each public agency's page with listings (decision 103).
  .get("/sitemaps/agencies.xml", async (c) => {
    const origin = new URL(c.req.url).origin;
    const entries = [urlEntries(origin, STATIC_PAGES.agencies)];
    for (const row of await sitemapAgencies(c.env.DB)) {
      entries.push(urlEntries(origin, agencyPath(row.slug), new Date(row.updated_at).toISOString().slice(0, 10)));
    }
    return urlset(c, entries);
  })
  .get("/sitemaps/articles.xml", async (c) => {
    const origin = new URL(c.req.url).origin;
    const api = inProcessApi(c);
    const entries: string[] = [];
    for (let page = 1; ; page++) {
      const result = await api.articles({ page, per_page: ARTICLES_PER_PAGE });
      if (!result.ok) return unavailable(c);
      for (const article of result.data.items) {
        entries.push(
          urlEntries(origin, paths.media(...article.tag_path, article.slug), article.published_at.slice(0, 10)),
        );
      }
      if (page * ARTICLES_PER_PAGE >= result.data.total) break;
    }
    return urlset(c, entries);
  })
  .get("/sitemaps/:file{listings-[0-9]+\\.xml}", async (c) => {
    const origin = new URL(c.req.url).origin;
    const page = Number(c.req.param("file").replace(/\D/g, ""));
    const result = await inProcessApi(c).seoListings(page, LISTINGS_PER_SITEMAP);
    if (!result.ok) return result.status === 400 ? c.notFound() : unavailable(c);
    if (!result.data.items.length) return c.notFound();
    return urlset(
      c,
      result.data.items.map((item) => urlEntries(origin, item.path, item.updated_at.slice(0, 10))),
    );
  });
