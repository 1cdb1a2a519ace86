import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ORIGIN } from "#tests/fixtures/requests.ts";

const get = (path: string) => SELF.fetch(`${ORIGIN}${path}`);
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

describe("robots.txt", () => {
  it("points at the sitemap and keeps crawlers out of private pages in every language", async () => {
    const res = await get("/robots.txt");
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    for (const path of ["/cabinet/", "/ru/cabinet/", "/sr/listing/", "/api/", "/admin/"])
      expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).not.toMatch(/Disallow: \/\n/);
  });
});

describe("sitemap.xml", () => {
  it("is an index of the static, list, article, agency and listing sitemaps", async () => {
    const res = await get("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/xml");
    const files = locs(await res.text());
    expect(files).toEqual([
      `${ORIGIN}/sitemaps/static.xml`,
      `${ORIGIN}/sitemaps/lists.xml`,
      `${ORIGIN}/sitemaps/articles.xml`,
      `${ORIGIN}/sitemaps/agencies.xml`,
      `${ORIGIN}/sitemaps/listings-1.xml`,
    ]);
  });

  it("lists every URL in en, ru and sr, each with hreflang alternates and x-default", async () => {
    const xml = await (await get("/sitemaps/static.xml")).text();
    const urls = locs(xml);
    expect(urls).toContain(`${ORIGIN}/`);
    expect(urls).toContain(`${ORIGIN}/ru/about/`);
    expect(urls).toContain(`${ORIGIN}/sr/privacy-policy/`);
    expect(urls).toContain(`${ORIGIN}/ru/safety/`);
    expect(urls).toContain(`${ORIGIN}/sr/trust/`);
    expect(urls).not.toContain(`${ORIGIN}/favourites/`);
    const first = /<url>[\s\S]*?<\/url>/.exec(xml)![0];
    for (const lang of ["en", "ru", "sr", "x-default"]) expect(first).toContain(`hreflang="${lang}"`);
  });

  it("lists every active listing's canonical URL", async () => {
    const active = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM listings WHERE status = 'active' AND unconfirmed_at IS NULL AND property_lead = 1",
    ).first<{
      n: number;
    }>();
    const xml = await (await get("/sitemaps/listings-1.xml")).text();
    const urls = locs(xml);
    expect(urls).toHaveLength(active!.n * 3);
    const hidden = await env.DB.prepare("SELECT id FROM listings WHERE status != 'active' LIMIT 1").first<{
      id: number;
    }>();
    expect(urls.some((u) => u.endsWith(`/${hidden!.id}/`))).toBe(false);
    expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    expect((await get("/sitemaps/listings-2.xml")).status).toBe(404);
  });

  it("lists type pages and the city × type pages that have listings", async () => {
    const urls = locs(await (await get("/sitemaps/lists.xml")).text());
    expect(urls).toContain(`${ORIGIN}/buy/apartment/`);
    expect(urls).toContain(`${ORIGIN}/sr/rent/apartment/`);
    expect(urls).toContain(`${ORIGIN}/buy/apartment/beograd/`);
    const empty = await env.DB.prepare(
      `SELECT c.slug FROM cities c WHERE NOT EXISTS (SELECT 1 FROM listings l WHERE l.city_id = c.id AND l.status = 'active' AND l.unconfirmed_at IS NULL AND l.type_id = 7)`,
    ).first<{ slug: string }>();
    if (empty) expect(urls).not.toContain(`${ORIGIN}/buy/investment/${empty.slug}/`);
  });

  it("lists the articles under their tag paths", async () => {
    const urls = locs(await (await get("/sitemaps/articles.xml")).text());
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM articles").first<{ n: number }>();
    expect(urls).toHaveLength(count!.n * 3);
    for (const url of urls) expect(url).toMatch(/\/media\/([a-z0-9-]+\/){2,5}$/);
  });
});
