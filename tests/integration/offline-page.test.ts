import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BROWSER_UA, heading, htmlLang, ORIGIN, pageText } from "#tests/fixtures/requests.ts";

const get = (path: string, headers: Record<string, string> = {}) =>
  SELF.fetch(`${ORIGIN}${path}`, { redirect: "manual", headers: { "user-agent": BROWSER_UA, ...headers } });
const robots = (html: string) => /<meta name="robots" content="([^"]+)"/.exec(html)?.[1];
/** The "Try again" link's address. */
const tryAgain = (html: string, label = "Try again") =>
  new RegExp(`<a href="([^"]*)"[^>]*>${label}</a>`).exec(pageText(html))?.[1];

describe("the offline page", () => {
  it.each([
    ["/offline/", "en", "You're offline", "Try again", "/"],
    ["/ru/offline/", "ru", "Нет подключения к интернету", "Попробовать снова", "/ru/"],
    ["/sr/offline/", "sr", "Niste povezani na internet", "Pokušaj ponovo", "/sr/"],
  ])("%s is a page of the site in %s, not indexed", async (path, lang, h1, retry, home) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(htmlLang(html)).toBe(lang);
    expect(pageText(heading(html)!)).toBe(h1);
    expect(robots(html)).toBe("noindex, nofollow");
    expect(html).not.toContain('rel="canonical"');
    // The site's header and footer, and its stylesheet.
    expect(html).toMatch(/<header[\s\S]*<main[\s\S]*<footer/);
    expect(html).toMatch(/<style|rel="stylesheet"/);
    // Without the address asked for, "Try again" goes home.
    expect(tryAgain(html, retry)).toBe(home);
  });

  it("shows the same main area whoever asks: nothing of the visitor's in it", async () => {
    const main = (html: string) => /<main[\s\S]*<\/main>/.exec(html)![0];
    const guest = main(await (await get("/offline/")).text());
    const withFavourites = main(await (await get("/offline/", { cookie: "favourites=1.2.3" })).text());
    expect(withFavourites).toBe(guest);
    expect(guest).toContain("Available offline");
  });

  it("tries again at the address asked for when it is a path of this site", async () => {
    const html = await (
      await get(`/ru/offline/?from=${encodeURIComponent("/ru/buy/apartment/beograd/?rooms=2")}`)
    ).text();
    expect(tryAgain(html, "Попробовать снова")).toBe("/ru/buy/apartment/beograd/?rooms=2");
  });

  it.each(["//evil.example", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"])(
    "goes home instead of %j",
    async (from) => {
      const res = await get(`/offline/?from=${encodeURIComponent(from)}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(tryAgain(html)).toBe("/");
      // (The header's language links keep the page's query, encoded, as on every page.)
      expect(/<main[\s\S]*<\/main>/.exec(html)![0]).not.toContain("evil.example");
    },
  );

  it("an empty `from` is no address: the page's own (decision 052)", async () => {
    const res = await get("/offline/?from=");
    expect([res.status, res.headers.get("location")]).toEqual([301, "/offline/"]);
    expect(tryAgain(await (await get("/offline/")).text())).toBe("/");
  });

  it("is in no sitemap", async () => {
    const xml = await (await get("/sitemaps/static.xml")).text();
    expect(xml).toContain("/about/");
    expect(xml).not.toContain("offline");
  });
});
