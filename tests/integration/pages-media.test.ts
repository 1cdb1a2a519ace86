import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiArticleSummary, ApiTag } from "#shared/api/content.ts";
import { MAX_PAGE } from "#shared/api/limits.ts";
import { BOT_UA, browserInit, heading, htmlLang, ORIGIN } from "#tests/fixtures/requests.ts";

const get = (path: string, headers: Record<string, string> = {}) =>
  SELF.fetch(`${ORIGIN}${path}`, browserInit({ headers }));
const page = async (path: string) => {
  const res = await get(path, { "user-agent": BOT_UA });
  return { status: res.status, html: await res.text() };
};
const api = async <T>(path: string, locale = "en") =>
  (await (await SELF.fetch(`${ORIGIN}${path}`, { headers: { "accept-language": locale } })).json()) as T;

/** The JSON-LD objects of a document. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}
const articlePath = (a: ApiArticleSummary) => `/media/${[...a.tag_path, a.slug].join("/")}/`;
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];

let tags: ApiTag[];
let articles: ApiArticleSummary[];
let total: number;

beforeAll(async () => {
  tags = (await api<{ items: ApiTag[] }>("/api/tag")).items;
  const list = await api<{ items: ApiArticleSummary[]; total: number }>("/api/article?per_page=50");
  articles = list.items;
  total = list.total;
  expect(total).toBeGreaterThan(12);
});

describe("/media/", () => {
  it("lists the newest articles with top-level topics and crawlable page links", async () => {
    const { status, html } = await page("/media/");
    expect(status).toBe(200);
    expect(heading(html)).toBe("Media");
    for (const tag of tags.filter((t) => t.depth === 1)) expect(html).toContain(`href="/media/${tag.slug}/"`);
    expect(html.match(/id="article-\d+-title"/g)).toHaveLength(12);
    expect(html).toContain(`href="${articlePath(articles[0]!)}"`);
    expect(html).toMatch(
      /<a[^>]*href="\/media\/\?page=2"[^>]*rel="next"|<a[^>]*rel="next"[^>]*href="\/media\/\?page=2"/,
    );
    expect(html).toMatch(/<img[^>]*width="1200"[^>]*height="630"/);
    expect(canonical(html)).toBe(`${ORIGIN}/media/`);
  });

  it("pages through the articles, each page with its own canonical URL", async () => {
    const { status, html } = await page("/media/?page=2");
    expect(status).toBe(200);
    expect(canonical(html)).toBe(`${ORIGIN}/media/?page=2`);
    expect(html).toContain(`href="${articlePath(articles[12]!)}"`);
    expect(html).toMatch(/rel="prev"/);
    expect(html).toMatch(/<title>[^<]*Page 2/);
    const last = Math.ceil(total / 12);
    expect((await page(`/media/?page=${last}`)).status).toBe(200);
    expect((await get(`/media/?page=${last + 1}`)).status).toBe(404);
    // A number that is no page is the first page's one address; past every page, the last possible (decision 052).
    for (const [bad, to] of [
      ["?page=0", "/media/"],
      ["?page=abc", "/media/"],
      ["?page=01", "/media/"],
      ["?page=02", "/media/?page=2"],
      ["?page=1000000000", `/media/?page=${MAX_PAGE}`],
    ]) {
      const res = await get(`/media/${bad}`);
      expect([res.status, res.headers.get("location")], bad).toEqual([301, to]);
    }
    expect((await get(`/media/?page=${MAX_PAGE}`)).status).toBe(404);
  });

  it("speaks the page's language", async () => {
    const ru = await page("/ru/media/");
    expect(ru.status).toBe(200);
    expect(htmlLang(ru.html)).toBe("ru");
    expect(/>\d+ стат(ья|ьи|ей)</.test(ru.html)).toBe(true);
    const sr = await page("/sr/media/");
    expect(htmlLang(sr.html)).toBe("sr");
    expect(sr.html).toContain('href="/sr/media/market/"');
  });
});

describe("tag pages", () => {
  it("show breadcrumbs, subtopics and the articles of the tag and everything below it", async () => {
    const { status, html } = await page("/media/market/");
    expect(status).toBe(200);
    const market = tags.find((t) => t.path.join("/") === "market")!;
    expect(heading(html)).toBe(`Media: ${market.name}`);
    expect(html).toMatch(/<nav[^>]*aria-label="Breadcrumb"/);
    for (const child of tags.filter((t) => t.parent_id === market.id))
      expect(html).toContain(`href="/media/${child.path.join("/")}/"`);
    const inMarket = articles.filter((a) => a.tag_path[0] === "market");
    expect(inMarket.length).toBeGreaterThan(0);
    expect(html).toContain(`href="${articlePath(inMarket[0]!)}"`);
    const other = articles.find((a) => a.tag_path[0] !== "market")!;
    expect(html).not.toContain(`href="${articlePath(other)}"`);
    const crumbs = jsonLd(html).find((o) => o["@type"] === "BreadcrumbList") as { itemListElement: { item: string }[] };
    expect(crumbs.itemListElement.map((i) => i.item)).toEqual([
      `${ORIGIN}/`,
      `${ORIGIN}/media/`,
      `${ORIGIN}/media/market/`,
    ]);
  });

  it("resolve every depth down to the fourth level", async () => {
    const deepest = tags.find((t) => t.depth === 4)!;
    expect(deepest).toBeTruthy();
    for (let depth = 1; depth <= 4; depth++) {
      const path = `/media/${deepest.path.slice(0, depth).join("/")}/`;
      const res = await get(path);
      expect(res.status, path).toBe(200);
      await res.arrayBuffer();
    }
  });
});

describe("article pages", () => {
  it("show title, lead, author, date, reading time, picture, body, tags and related articles", async () => {
    const summary = articles[0]!;
    const { status, html } = await page(articlePath(summary));
    expect(status).toBe(200);
    const { data: article } = await api<{ data: { body: string[]; related: ApiArticleSummary[]; author: string } }>(
      `/api/article/${summary.slug}`,
    );
    expect(heading(html)).toBe(summary.title.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;"));
    expect(/<time datetime="([^"]+)"/i.exec(html)?.[1]).toBe(summary.published_at);
    expect(html).toContain(`By ${article.author}`);
    expect(html).toMatch(new RegExp(`${summary.reading_minutes} min read`));
    expect(html).toMatch(
      new RegExp(`<img[^>]*src="/images/articles/${summary.id}\\.svg"[^>]*width="1200"[^>]*height="630"`),
    );
    expect(html.match(/<p>/g)!.length).toBeGreaterThanOrEqual(article.body.length);
    for (const related of article.related) expect(html).toContain(`href="${articlePath(related)}"`);
    expect(html).toContain(">Related articles</h2>");
    expect(canonical(html)).toBe(`${ORIGIN}${articlePath(summary)}`);
    expect(html).toContain('<meta property="og:type" content="article"/>');
    expect(html).toContain(`<meta property="og:image" content="${ORIGIN}/images/articles/${summary.id}.png"/>`);
    expect(html).toContain('<meta property="og:image:width" content="1200"/>');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');

    const ld = jsonLd(html);
    expect(ld.find((o) => o["@type"] === "Article")).toMatchObject({
      headline: summary.title,
      datePublished: summary.published_at,
      author: { "@type": "Person", name: article.author },
      image: { url: `${ORIGIN}/images/articles/${summary.id}.svg`, width: 1200, height: 630 },
      inLanguage: "en",
    });
    const crumbs = ld.find((o) => o["@type"] === "BreadcrumbList") as { itemListElement: { item: string }[] };
    expect(crumbs.itemListElement.at(-1)!.item).toBe(`${ORIGIN}${articlePath(summary)}`);
  });

  it("is in the page's language, with Russian plurals", async () => {
    const summary = articles[1]!;
    const { status, html } = await page(`/ru${articlePath(summary)}`);
    expect(status).toBe(200);
    expect(htmlLang(html)).toBe("ru");
    expect(html).toMatch(/\d+ минут(а|ы|)? чтения/);
    expect(jsonLd(html).find((o) => o["@type"] === "Article")).toMatchObject({ inLanguage: "ru" });
    const { data } = await api<{ data: { title: string } }>(`/api/article/${summary.slug}`, "ru");
    expect(html).toContain(data.title.replace(/"/g, "&quot;"));
  });

  it("sends an article named under another tag to its own address with one 301", async () => {
    const deep = articles.find((x) => x.tag_path.length > 1) ?? articles[0]!;
    const otherTop = tags.find((t) => t.depth === 1 && t.slug !== deep.tag_path[0])!;
    for (const path of [`/media/${deep.tag_path[0]}/${deep.slug}/`, `/media/${otherTop.slug}/${deep.slug}/`]) {
      if (path === articlePath(deep)) continue;
      const res = await get(path);
      expect(res.status, path).toBe(301);
      expect(res.headers.get("location"), path).toBe(articlePath(deep));
    }
    const ru = await get(`/ru/media/${otherTop.slug}/${deep.slug}/`);
    expect(ru.headers.get("location")).toBe(`/ru${articlePath(deep)}`);
  });

  it("404 for unknown tags, unknown slugs and too many levels", async () => {
    const a = articles.find((x) => x.tag_path.length === 1)!;
    const deepest = tags.find((t) => t.depth === 4)!;
    const deep = `/media/${deepest.path.join("/")}`;
    const paths = [
      "/media/no-such-topic/",
      `/media/no-such-topic/${a.slug}/`,
      `/media/${a.slug}/`,
      `/media/${a.tag_path[0]}/no-such-article/`,
      `/media/${a.tag_path[0]}/${a.id}/`,
      `${deep}/no-such-article/`,
      `${deep}/x/y/`,
      "/media/a/b/c/d/e/f/",
      "/media/Market/",
      `${articlePath(a)}?page=2`,
      "/fr/media/",
    ];
    for (const path of paths) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(heading(await res.text()), path).toBe("Page not found…");
    }
  });

  it("show listings of the article's place and deal, linked to their search", async () => {
    const cityArticle = articles.find((x) => x.tag_path.includes("beograd"))!;
    expect(cityArticle).toBeDefined();
    const rents = cityArticle.tag_path.some((segment) => segment.startsWith("rent"));
    const { html } = await page(articlePath(cityArticle));
    const shelf = /<section[^>]*aria-labelledby="article-listings[^"]*"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    expect(shelf).toContain(rents ? "Homes to rent in Belgrade" : "Homes for sale in Belgrade");
    const cards = [...shelf.matchAll(/href="(\/(?:buy|rent)\/[a-z]+\/([a-z-]+)\/\d+\/)"/g)];
    expect(cards.length).toBeGreaterThan(0);
    for (const [, , city] of cards) expect(city).toBe("beograd");
    expect(shelf).toContain(`href="/search/?deal=${rents ? "rent" : "sale"}&amp;city=beograd"`);

    const places = ["beograd", "novi-sad", "nis", "kragujevac", "subotica"];
    const topic = articles.find((x) => !x.tag_path.some((segment) => places.includes(segment)))!;
    const sr = await page(`/sr${articlePath(topic)}`);
    expect(sr.html).toMatch(/Stanovi i kuće (na prodaju|za izdavanje) u Srbiji/);
  });

  it("finds an article four tags deep", async () => {
    const deep =
      articles.find((x) => x.tag_path.length === 4) ??
      (
        await api<{ items: ApiArticleSummary[] }>(
          `/api/article?per_page=1&tag=${tags.find((t) => t.depth === 4)!.path.join("/")}`,
        )
      ).items[0];
    if (!deep) return;
    expect((await get(articlePath(deep))).status).toBe(200);
  });
});

describe("GET /images/articles/{id}.svg", () => {
  it("draws the article's picture at 1200 × 630, immutable", async () => {
    const res = await get(`/images/articles/${articles[0]!.id}.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const svg = await res.text();
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="1200" height="630" viewBox="0 0 1200 630">/,
    );
    expect(svg).toBe(await (await get(`/images/articles/${articles[0]!.id}.svg`)).text());
    expect(svg).not.toBe(await (await get(`/images/articles/${articles[1]!.id}.svg`)).text());
  });

  it("404 for an unknown id", async () => {
    for (const path of [
      "/images/articles/999999999.svg",
      "/images/articles/0.svg",
      "/images/articles/123456789012345678901234567890.svg",
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      await res.arrayBuffer();
    }
  });
});
