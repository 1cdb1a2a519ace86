import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { browserInit, heading, htmlLang, ORIGIN } from "#tests/fixtures/requests.ts";
import { NOT_FOUND_PATHS, SPEC_ROUTES } from "#tests/fixtures/spec-routes.ts";

const PREFIXES = [
  { locale: "en", prefix: "" },
  { locale: "sr", prefix: "/sr" },
  { locale: "ru", prefix: "/ru" },
] as const;

describe.each(PREFIXES)("SPEC §2 routes in $locale", ({ locale, prefix }) => {
  it.each(SPEC_ROUTES)("$route answers 200 in the layout", async ({ path, heading: expected, indexable }) => {
    const url = `${ORIGIN}${prefix}${path === "/" && prefix ? "/" : path}`;
    const res = await SELF.fetch(url, browserInit({ headers: { cookie: `locale=${locale}` } }));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(htmlLang(html)).toBe(locale);
    const h1 = heading(html);
    expect(h1).toBeTruthy();
    if (locale === "en") expect(h1).toMatch(expected);
    // The real layout: logo link, main navigation, language switcher, footer with the static pages.
    expect(html).toMatch(/<header[^>]*>/);
    expect(html).toContain('aria-label="' + { en: "Language", sr: "Jezik", ru: "Язык" }[locale] + '"');
    expect(html).toMatch(/<footer[^>]*>[\s\S]*\/privacy-policy\/[\s\S]*<\/footer>/);
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    if (indexable) {
      expect(html).toContain(`<link rel="canonical" href="${ORIGIN}${prefix}${path}"/>`);
      for (const alt of ["en", "ru", "sr", "x-default"]) expect(html).toContain(`hrefLang="${alt}"`);
    } else {
      expect(html).toContain('name="robots" content="noindex, nofollow"');
      expect(html).not.toContain('rel="canonical"');
    }
  });

  it.each(NOT_FOUND_PATHS)("%s is the 404 screen", async (path) => {
    const res = await SELF.fetch(`${ORIGIN}${prefix}${path}`, browserInit({ headers: { cookie: `locale=${locale}` } }));
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(htmlLang(html)).toBe(locale);
    expect(html).toContain('name="robots" content="noindex"');
  });
});

it("hreflang alternates are absolute and point at the same page in each language", async () => {
  const html = await (await SELF.fetch(`${ORIGIN}/sr/buy/apartment/beograd/`, browserInit())).text();
  expect(html).toContain(`<link rel="alternate" hrefLang="en" href="${ORIGIN}/buy/apartment/beograd/"/>`);
  expect(html).toContain(`<link rel="alternate" hrefLang="ru" href="${ORIGIN}/ru/buy/apartment/beograd/"/>`);
  expect(html).toContain(`<link rel="alternate" hrefLang="sr" href="${ORIGIN}/sr/buy/apartment/beograd/"/>`);
  expect(html).toContain(`<link rel="alternate" hrefLang="x-default" href="${ORIGIN}/buy/apartment/beograd/"/>`);
  expect(html).toContain("Prodaja stanova — Beograd");
});

