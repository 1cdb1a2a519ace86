import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { browserInit, ORIGIN } from "#tests/fixtures/requests.ts";

async function location(path: string, init?: RequestInit) {
  const res = await SELF.fetch(`${ORIGIN}${path}`, browserInit(init as never));
  return { status: res.status, location: res.headers.get("location") };
}

describe("trailing slash (product §2 redirect rule)", () => {
  it.each([
    ["/about", "/about/"],
    ["/search", "/search/"],
    ["/buy/apartment/beograd", "/buy/apartment/beograd/"],
    ["/search?q=novi%20sad&page=2", "/search/?q=novi+sad&page=2"],
    ["/ru/about", "/ru/about/"],
    ["/sr", "/sr/"],
    ["/nope", "/nope/"],
  ])("%s → 301 %s", async (from, to) => {
    expect(await location(from, { headers: { cookie: "locale=en" } } as never)).toEqual({ status: 301, location: to });
  });

  it.each(["/", "/api/cities", "/favicon.svg", "/about/_.data", "/_root.data", "/builds/latest"])(
    "%s is left alone",
    async (path) => {
      const { status } = await location(path);
      expect(status).not.toBe(301);
    },
  );

  it("never redirects off-site through repeated slashes", async () => {
    const { status, location: to } = await location("//evil.example/path");
    expect(status).toBe(301);
    expect(to?.startsWith("//")).toBe(false);
    expect(to).toBe("/evil.example/path/");
  });

  it("only redirects GET and HEAD", async () => {
    const res = await SELF.fetch(`${ORIGIN}/about`, browserInit({ method: "POST" }));
    expect(res.status).not.toBe(301);
  });
});

describe("legacy paths (product §2) → 301 to the new route, locale and query kept", () => {
  it.each([
    ["/about", "/about/"],
    ["/adCreationPolicy", "/ad_creation_policy/"],
    ["/favourites", "/favourites/"],
    ["/media", "/media/"],
    ["/media/view?tag=market&slug=prices-2026", "/media/market/prices-2026/"],
    ["/media/view", "/media/"],
    ["/moderationAdvice", "/moderation-advice/"],
    ["/privacyPolicy", "/privacy-policy/"],
    ["/realty/search?city=beograd", "/search/?city=beograd"],
    ["/realty/view?id=5", "/realty/5/"],
    ["/realty/view?id=5&utm_source=mail&pwa_user=yes", "/realty/5/?pwa_user=yes"],
    ["/thankYou", "/thank-you/"],
    ["/unsubscribe?token=abc", "/unsubscribe/?token=abc"],
    ["/userAgreement", "/user-agreement/"],
    ["/cabinet/paymentError", "/cabinet/payment/error/"],
    ["/cabinet/paymentSuccess", "/cabinet/payment/success/"],
    ["/cabinet/personal", "/cabinet/personal/"],
    ["/cabinet/realtyCreate", "/listing/create/"],
    ["/cabinet/realtyEdit?id=5", "/listing/edit/5/"],
    ["/cabinet/realtyPreview?id=5", "/listing/preview/5/"],
    ["/cabinet/savedSearches", "/cabinet/saved-searches/"],
    ["/admin/realtyPreview?id=5", "/admin/listing/preview/5/"],
    ["/privacyPolicy/", "/privacy-policy/"],
  ])("%s → %s", async (from, to) => {
    for (const prefix of ["", "/sr", "/ru"]) {
      const expected = `${prefix}${to}`;
      expect(await location(`${prefix}${from}`)).toEqual({ status: 301, location: expected });
    }
  });

  it("a legacy id route without a valid id is a 404, not a redirect", async () => {
    for (const path of ["/realty/view", "/realty/view?id=abc", "/cabinet/realtyEdit?id=-1"]) {
      const res = await SELF.fetch(`${ORIGIN}${path}`, browserInit());
      // No id to carry: the slash redirect applies, and the resulting page does not exist.
      const final =
        res.status === 301 ? await SELF.fetch(`${ORIGIN}${res.headers.get("location")}`, browserInit()) : res;
      expect(final.status).toBe(404);
    }
  });
});

describe("/buy/{citySlug?}/ and /rent/{citySlug?}/ (architecture §7)", () => {
  it.each([
    ["/buy/", "/buy/apartment/"],
    ["/rent/", "/rent/apartment/"],
    ["/buy/beograd/", "/buy/apartment/beograd/"],
    ["/rent/novi-sad/", "/rent/apartment/novi-sad/"],
    ["/rent/novi-sad/?rooms=2", "/rent/apartment/novi-sad/?rooms=2"],
    ["/sr/buy/nis/", "/sr/buy/apartment/nis/"],
    ["/ru/rent/", "/ru/rent/apartment/"],
  ])("%s → 301 %s", async (from, to) => {
    expect(await location(from)).toEqual({ status: 301, location: to });
  });

  it("an unknown city is a 404", async () => {
    const res = await SELF.fetch(`${ORIGIN}/buy/atlantis/`, browserInit());
    expect(res.status).toBe(404);
  });

  it("a type word is the type list, not a city", async () => {
    const res = await SELF.fetch(`${ORIGIN}/buy/house/`, browserInit());
    expect(res.status).toBe(200);
  });
});
