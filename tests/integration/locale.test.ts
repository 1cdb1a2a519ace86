import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BOT_UA, browserInit, htmlLang, ORIGIN } from "#tests/fixtures/requests.ts";

const get = (path: string, headers: Record<string, string> = {}) =>
  SELF.fetch(`${ORIGIN}${path}`, browserInit({ headers }));

describe("locale (architecture §3.4)", () => {
  it("an invalid first segment is 404 'Page Not Found: {full path}'", async () => {
    // Before a page's own words the segment can only be a locale: the 404 comes before any redirect the
    // page would make (the search page to `/search/`, a guarded page to the sign-in).
    const paths = ["/xx/about/", "/en/about/", "/de/", "/RU/search/?q=1", "/xyz/search/", "/de/?utm_source=x&a=1"];
    for (const path of [...paths, "/xyz/buy/apartment/beograd/", "/xyz/cabinet/", "/Deutsch/about/"]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html).toContain(`>Page Not Found: ${path.replaceAll("&", "&amp;")}</p>`);
      expect(html).toContain("Page not found…");
    }
  });

  it("an unmatched path is 404 'Page not found: {full path}', query and all, in the page's language", async () => {
    const paths = ["/nosuch/page/", "/xyz/", "/xyz/no/page/?a=1", "/xyz/?utm_source=x&a=1", "/buy/no/such/page/?q=1"];
    for (const path of paths) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html, path).toContain(`>Page not found: ${path.replaceAll("&", "&amp;")}</p>`);
    }
    for (const [path, line] of [
      ["/ru/no/such/page/?a=1", "Страница не найдена: /ru/no/such/page/?a=1"],
      ["/sr/xyz/", "Stranica nije pronađena: /sr/xyz/"],
    ]) {
      const res = await get(path!);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html, path).toContain(`>${line}</p>`);
    }
  });

  it("a prefixed visit stores the locale cookie for 365 days, path /, SameSite=Lax", async () => {
    const res = await get("/sr/about/");
    expect(res.status).toBe(200);
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^locale=sr;/);
    expect(cookie).toContain("Max-Age=31536000");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("SameSite=Lax");
    expect(htmlLang(await res.text())).toBe("sr");
  });

  it("a prefixed visit with the same cookie sets nothing", async () => {
    const res = await get("/ru/about/", { cookie: "locale=ru" });
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("an unprefixed URL with a stored non-en locale → 302 to the prefixed URL, the page's query kept in its one form", async () => {
    const res = await get("/about/?utm=x&pwa_user=yes&", { cookie: "locale=ru" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/ru/about/?pwa_user=yes");
    const home = await get("/", { cookie: "locale=sr" });
    expect(home.headers.get("location")).toBe("/sr/");
  });

  it("a stored en locale stays unprefixed", async () => {
    const res = await get("/about/", { cookie: "locale=en", "accept-language": "ru" });
    expect(res.status).toBe(200);
    expect(htmlLang(await res.text())).toBe("en");
  });

  it("Accept-Language is used only without a cookie and only for people", async () => {
    const person = await get("/about/", { "accept-language": "sr-Latn-RS,sr;q=0.9,en;q=0.5" });
    expect(person.status).toBe(302);
    expect(person.headers.get("location")).toBe("/sr/about/");

    const bot = await get("/about/", { "accept-language": "ru-RU", "user-agent": BOT_UA });
    expect(bot.status).toBe(200);

    const withCookie = await get("/about/", { "accept-language": "ru-RU", cookie: "locale=en" });
    expect(withCookie.status).toBe(200);

    const english = await get("/about/", { "accept-language": "de-DE,en;q=0.8" });
    expect(english.status).toBe(200);
    expect(english.headers.get("vary")).toContain("Accept-Language");
  });

  it("the switcher's ?locale= choice stores the cookie and leads to that language's URL", async () => {
    const res = await get("/ru/search/?q=stan&locale=en", { cookie: "locale=ru" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/search/?q=stan");
    expect(res.headers.get("set-cookie")).toMatch(/^locale=en;/);
    const toSr = await get("/about/?locale=sr");
    expect(toSr.headers.get("location")).toBe("/sr/about/");
  });

  it("the language switcher links keep the current page", async () => {
    const html = await (await get("/sr/buy/house/nis/?rooms=2")).text();
    expect(html).toContain('href="/buy/house/nis/?rooms=2&amp;locale=en"');
    expect(html).toContain('href="/ru/buy/house/nis/?rooms=2"');
    expect(html).toContain('href="/sr/buy/house/nis/?rooms=2"');
    expect(html).toMatch(/aria-current="true"[^>]*>|lang="sr"[^>]*aria-current="true"/);
  });

  it("API calls are not redirected by the page locale", async () => {
    const res = await get("/api/cities", { cookie: "locale=ru" });
    expect(res.status).toBe(200);
    const body = await res.json<{ items: { slug: string; name: string }[] }>();
    expect(body.items.find((c: { slug: string }) => c.slug === "beograd")?.name).toBe("Belgrade");
  });
});
