import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { devSession } from "./auth-fixtures.ts";
import { browserInit, heading, htmlLang, ORIGIN } from "#tests/fixtures/requests.ts";
import { NOT_FOUND_PATHS, SPEC_ROUTES } from "#tests/fixtures/spec-routes.ts";

/** Session cookies of the seeded development accounts (private pages are guarded). */
const sessions: Record<"admin" | "user", string> = { admin: "", user: "" };

beforeAll(async () => {
  sessions.admin = await devSession("admin");
  sessions.user = await devSession("user");
});

/** Who may open a product §2 route: anyone, a signed-in user (with a verified phone), or an admin. */
const sessionFor = (route: string) =>
  route.startsWith("/admin/")
    ? sessions.admin
    : route.startsWith("/cabinet/") || route.startsWith("/listing/")
      ? sessions.user
      : "";

const PREFIXES = [
  { locale: "en", prefix: "" },
  { locale: "sr", prefix: "/sr" },
  { locale: "ru", prefix: "/ru" },
] as const;

describe.each(PREFIXES)("Product §2 routes in $locale", ({ locale, prefix }) => {
  it.each(SPEC_ROUTES)("$route answers 200 in the layout", async ({ route, path, heading: expected, indexable }) => {
    const url = `${ORIGIN}${prefix}${path === "/" && prefix ? "/" : path}`;
    const session = sessionFor(route);
    const cookie = [`locale=${locale}`, session].filter(Boolean).join("; ");
    const res = await SELF.fetch(url, browserInit({ headers: { cookie } }));
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
    const cookie = [`locale=${locale}`, sessionFor(path)].filter(Boolean).join("; ");
    const res = await SELF.fetch(`${ORIGIN}${prefix}${path}`, browserInit({ headers: { cookie } }));
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
