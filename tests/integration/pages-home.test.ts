import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BOT_UA, browserInit, ORIGIN } from "#tests/fixtures/requests.ts";

const get = (path: string, headers: Record<string, string> = {}) =>
  SELF.fetch(`${ORIGIN}${path}`, browserInit({ headers }));

describe("home search entry", () => {
  it.each([
    ["/?type=4&where=Novi+Sad&price_max=150000", "/buy/apartment/novi-sad/?price_max=150000"],
    ["/?type=4&where=novi+sad&price_min=50000&price_max=", "/buy/apartment/novi-sad/?price_min=50000"],
    ["/sr/?type=1&where=Vra%C4%8Dar", "/sr/rent/apartment/beograd/?district=vracar"],
    ["/ru/?type=5&where=%D0%9D%D0%B8%D1%88", "/ru/buy/house/nis/"],
    ["/?type=5", "/buy/house/"],
    ["/?type=6&where=", "/buy/land/"],
    ["/?type=4&where=Atlantida", "/buy/apartment/?q=Atlantida"],
    ["/?type=4&price_min=abc&price_max=-5", "/buy/apartment/"],
  ])("%s → %s", async (from, to) => {
    const res = await get(from, { cookie: "locale=en" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(to);
  });

  it("ignores a type that does not exist", async () => {
    expect((await get("/?type=99&where=x")).status).toBe(200);
  });

  it("renders the form with every field labelled and no field waiting for data", async () => {
    const html = await (await get("/")).text();
    for (const id of ["home-type", "home-where", "home-price-min", "home-price-max"]) {
      expect(html).toMatch(new RegExp(`<label for="${id}">`));
      expect(html).toMatch(new RegExp(`id="${id}"`));
    }
    expect(html).toMatch(/<optgroup label="Buy">[\s\S]*<option value="4"[^>]*>Apartments for sale<\/option>/);
  });
});

describe("home sections", () => {
  it("streams promoted and newest listings, advantages, city links, articles and questions", async () => {
    const html = await (await get("/", { "user-agent": BOT_UA })).text();
    for (const heading of [
      "Promoted listings",
      "New listings",
      "Why Kvadrat",
      "Homes by city",
      "Guides and market news",
      "Questions people ask",
    ]) {
      expect(html).toContain(`>${heading}</h2>`);
    }
    expect(html).toContain('href="/buy/apartment/beograd/"');
    expect(html).toContain('href="/rent/apartment/novi-sad/"');
    expect((html.match(/id="listing-\d+-title"/g) ?? []).length).toBeGreaterThanOrEqual(8);
    expect(html).toMatch(/<details[^>]*><summary>/);
    expect(html).not.toMatch(/>This section could not be loaded/);
    // Crawlers get every section in place, not as hidden fragments moved by a script.
    expect(html).not.toContain('<template id="B:');
    expect(html).not.toMatch(/<div hidden id="S:/);
  });

  it("shows a listing that is both on the home page's placement and new once, in the promoted shelf", async () => {
    const newest = await env.DB.prepare(
      "SELECT id FROM listings WHERE status = 'active' AND unconfirmed_at IS NULL ORDER BY updated_at DESC, id DESC LIMIT 1",
    ).first<{ id: number }>();
    await env.DB.prepare("UPDATE listings SET home_until = ? WHERE id = ?")
      .bind(Date.now() + 7 * 24 * 60 * 60 * 1000, newest!.id)
      .run();
    const html = await (await get("/", { "user-agent": BOT_UA })).text();
    const ids = [...html.matchAll(/id="(listing-\d+-title)"/g)].map((m) => m[1]);
    expect(ids).toContain(`listing-${newest!.id}-title`);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("marks promoted listings in their shelf", async () => {
    const html = await (await get("/", { "user-agent": BOT_UA })).text();
    const promoted = html.slice(html.indexOf(">Promoted listings</h2>"), html.indexOf(">New listings</h2>"));
    expect(promoted.match(/>Top</g)?.length ?? 0).toBeGreaterThan(0);
  });

  it("dates the article teasers by the calendar in Serbia, as every visitor's browser will", async () => {
    const html = await (await get("/", { "user-agent": BOT_UA })).text();
    const teasers = [...html.matchAll(/<time dateTime="([^"]+)">([^<]+)<\/time> · /g)];
    expect(teasers.length).toBeGreaterThan(0);
    const belgrade = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "Europe/Belgrade" });
    for (const [, iso, shown] of teasers) expect(shown).toBe(belgrade.format(new Date(iso!)));
    // A teaser published late in the evening (UTC) shows the next day, as it was in Belgrade.
    expect(teasers.some(([, iso]) => new Date(iso!).getUTCHours() >= 22)).toBe(true);
  });
});
