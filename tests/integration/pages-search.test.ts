import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BOT_UA, browserInit, heading, inPlace, ORIGIN } from "#tests/fixtures/requests.ts";

const get = (path: string, headers: Record<string, string> = {}) =>
  SELF.fetch(`${ORIGIN}${path}`, browserInit({ headers }));
/** The fully resolved document, as crawlers get it. */
const html = async (path: string) => {
  const res = await get(path, { "user-agent": BOT_UA });
  expect(res.status, path).toBe(200);
  return res.text();
};
const total = async (query: string) =>
  ((await (await SELF.fetch(`${ORIGIN}/api/realty/total?${query}`)).json()) as { data: { total: number } }).data.total;
/** The result cards of a page (the promoted block's above them not counted: decision 067). */
const cards = (page: string) =>
  (
    page.replace(/<section[^>]*data-testid="promoted-block"[\s\S]*?<\/section>/, "").match(/id="listing-\d+-title"/g) ??
    []
  ).length;
const link = (page: string, rel: string) => new RegExp(`<link rel="${rel}" href="([^"]+)"`).exec(page)?.[1];
const robots = (page: string) => /<meta name="robots" content="([^"]+)"/.exec(page)?.[1];

describe("statuses", () => {
  it.each([
    "/search/",
    "/search/?q=stan",
    "/buy/apartment/",
    "/buy/apartment/beograd/",
    "/rent/apartment/novi-sad/",
    "/buy/land/",
    "/ru/rent/house/",
    "/sr/search/?deal=sale&city=nis",
  ])("%s answers 200", async (path) => {
    expect((await get(path)).status).toBe(200);
  });

  it.each([
    ["/rent/land/", "rent has no land"],
    ["/rent/investment/beograd/", "rent has no investment"],
    ["/buy/castle/", "unknown type"],
    ["/buy/apartment/atlantis/", "unknown city"],
    ["/sr/buy/house/atlantis/", "unknown city, sr"],
    ["/buy/apartment/beograd/?page=900", "a page past the end"],
  ])("%s answers the 404 page (%s)", async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(heading(await res.text())).toMatch(/^(Page not found|Stranica nije pronađena)…$/);
  });

  it.each([
    ["/search/?type=4&city=nis", "/buy/apartment/nis/"],
    ["/search/?deal=rent&type=house&rooms=2&sort=newest&page=1", "/rent/house/?rooms=2"],
    ["/ru/search/?type=apartment&deal=sale&city=beograd&district=vracar", "/ru/buy/apartment/beograd/?district=vracar"],
    [
      "/buy/apartment/beograd/?deal=sale&type=apartment&city=beograd&where=&district=&price_min=&q=",
      "/buy/apartment/beograd/",
    ],
    ["/buy/apartment/beograd/?deal=rent&type=apartment&city=beograd", "/rent/apartment/beograd/"],
    ["/buy/apartment/beograd/?type=&city=", "/search/?deal=sale"],
    ["/buy/apartment/?where=Vra%C4%8Dar", "/buy/apartment/beograd/?district=vracar"],
    ["/sr/rent/apartment/?where=Novi+Sad&sort=price_asc", "/sr/rent/apartment/novi-sad/?sort=price_asc"],
    // The installed app's flag (product §2) survives the search's own redirect.
    ["/search/?deal=sale&type=apartment&city=beograd&pwa_user=yes", "/buy/apartment/beograd/?pwa_user=yes"],
    ["/ru/buy/apartment/?where=Novi+Sad&pwa_user=yes", "/ru/buy/apartment/novi-sad/?pwa_user=yes"],
  ])("%s is sent to its one address %s", async (from, to) => {
    const res = await get(from);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(to);
  });

  it("never answers 5xx for junk in the query", async () => {
    for (const query of [
      "price_min=abc&price_max=-5",
      "rooms=9&rooms=x&floor_min=1.5&floor_max=999",
      "area_min=1e99&furnished=maybe&sort=random&page=0",
      "district=atlantis",
      "city=%00%3Cscript%3E",
      "type=castle&deal=lease",
      `q=${"%22%27%3B--".repeat(80)}`,
      "price_min=500&price_max=100",
      "bounds=1,2,3&per_page=1000&facets=maybe",
      "rooms[]=2&page[]=2",
    ]) {
      for (const path of ["/buy/apartment/beograd/", "/search/"]) {
        const res = await get(`${path}?${query}`);
        expect(res.status, `${path}?${query}`).toBeLessThan(500);
      }
    }
  });
});

describe("filters in the page", () => {
  it("shows the search's values in the form, which submits to the page itself", async () => {
    const page = await html(
      "/buy/apartment/beograd/?district=vracar&rooms=2&price_max=200000&furnished=true&sort=price_asc",
    );
    expect(page).toMatch(/<form id="search-filters"[^>]*action="\/buy\/apartment\/beograd\/" method="get">/);
    expect(page).toMatch(/<input type="radio" name="deal" checked="" value="sale"/);
    expect(page).toMatch(/<option value="apartment" selected="">Apartment/);
    expect(page).toMatch(/<option value="beograd" selected="">Belgrade<\/option>/);
    expect(page).toMatch(/<option value="vracar" selected="">Vračar/);
    expect(page).toMatch(/<input type="checkbox" name="rooms" checked="" value="2"/);
    expect(page).toMatch(/name="price_max"[^>]*value="200000"/);
    expect(page).toMatch(/<option value="true" selected="">Furnished<\/option>/);
    expect(page).toMatch(
      /<select id="search-sort" name="sort" form="search-filters"[^>]*>[\s\S]*?<option value="price_asc" selected="">/,
    );
    // The more filters open when one of them is set.
    expect(page).toMatch(/<details[^>]*open=""><summary>More filters/);
  });

  it("counts the matches with plurals, shows the first two photos eagerly and names the facets", async () => {
    const expected = await total("deal=sale&type=4&city=beograd");
    const page = await html("/buy/apartment/beograd/");
    expect(page).toContain(`>${expected} properties</h2>`);
    // A page of 24 results, less those the promoted block above already shows (decision 067).
    const shown = (page.match(/id="listing-\d+-title"/g) ?? []).length;
    expect(cards(page)).toBeLessThanOrEqual(Math.min(24, expected));
    expect(shown).toBeGreaterThanOrEqual(Math.min(24, expected));
    // The first two photos of the page: the promoted block's first, then the results'.
    expect((page.match(/loading="eager"/g) ?? []).length).toBe(2);
    const studios = await total("deal=sale&type=4&city=beograd&rooms=0");
    expect(page).toContain(`Studio (${studios})`);
    expect(heading(page)).toBe("Apartments for sale — Belgrade");
  });

  it.each([
    ["ru", "one", "объект"],
    ["ru", "few", "объекта"],
    ["ru", "many", "объектов"],
    ["sr", "one", "nekretnina"],
    ["sr", "few", "nekretnine"],
    ["sr", "other", "nekretnina"],
  ])("writes the %s count with its %s form", async (locale, form, word) => {
    // Find a city whose apartments for sale have a count of the wanted plural form.
    const rules = new Intl.PluralRules(locale);
    const cities = ((await (await SELF.fetch(`${ORIGIN}/api/cities`)).json()) as { items: { slug: string }[] }).items;
    for (const { slug } of cities) {
      for (const type of ["4", "1", "5"]) {
        const n = await total(`type=${type}&city=${slug}`);
        if (n === 0 || n >= 1000 || rules.select(n) !== form) continue;
        const path = { "4": "buy/apartment", "1": "rent/apartment", "5": "buy/house" }[type];
        const page = await html(`/${locale}/${path}/${slug}/`);
        expect(page).toContain(`>${n} ${word}</h2>`);
        return;
      }
    }
    throw new Error(`no seeded list has a ${locale} ${form} count`);
  });

  it("hands the page only what its cards show of each listing", async () => {
    const found = (await (await SELF.fetch(`${ORIGIN}/api/realty/search?deal=sale&type=4&city=beograd`)).json()) as {
      items: { address: string; expires_at: string; title: string }[];
    };
    const page = await html("/buy/apartment/beograd/");
    for (const listing of found.items.slice(0, 5)) {
      expect(page).toContain(listing.title.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;"));
      // Neither shown in a card nor wanted by the browser: left out of the page data.
      expect(page).not.toContain(listing.address);
      expect(page).not.toContain(listing.expires_at);
    }
  });

  it("names values it left out and searches without them", async () => {
    const page = await html("/buy/apartment/beograd/?price_min=abc&rooms=9&district=atlantis");
    expect(page).toContain("Some filters were left out because their values are not valid: District, Price and Rooms.");
    expect(cards(page)).toBeGreaterThan(0);
    expect(robots(page)).toBe("noindex, follow");
    const ru = await html("/ru/search/?sort=cheapest");
    expect(ru).toContain("Некоторые фильтры не применены, потому что их значения некорректны: Сортировка.");
  });

  it("suggests wider searches when nothing matches", async () => {
    const page = await html("/search/?city=beograd&price_max=1");
    expect(page).toContain(">No properties</h2>");
    expect(page).toContain("No listings match these filters");
    const wider = await total("city=beograd");
    expect(page).toMatch(
      new RegExp(`href="/search/\\?city=beograd"[^>]*>Without “Price”</a><span[^>]*>${wider} properties<`),
    );
    expect(page).toMatch(/href="\/search\/"[^>]*>All listings<\/a>/);
    // A person's browser gets it in place too, so it shows without JavaScript (its code loads lazily).
    const streamed = await (await get("/search/?city=beograd&price_max=1")).text();
    expect(inPlace(streamed, "No listings match these filters")).toBe(true);
  });
});

describe("pagination", () => {
  it("links pages crawlably, marking the current one", async () => {
    const count = await total("");
    const last = Math.ceil(count / 24);
    expect(last).toBeGreaterThan(4);
    const first = await html("/search/?sort=price_asc");
    expect(first).toMatch(/<nav[^>]*aria-label="Pages"/);
    expect(first).toMatch(/<a aria-current="page"[^>]*href="\/search\/\?sort=price_asc"[^>]*>1<\/a>/);
    expect(first).toMatch(/<a rel="next"[^>]*href="\/search\/\?sort=price_asc&amp;page=2"/);
    expect(first).toContain(`href="/search/?sort=price_asc&amp;page=${last}"`);
    expect(first).toContain("…");
    expect(first).not.toContain('rel="prev"');

    const second = await html("/search/?page=2");
    expect(second).toMatch(/<a rel="prev"[^>]*href="\/search\/"/);
    expect(second).toMatch(/<a aria-current="page"[^>]*>2<\/a>/);
    // 24 results less those the promoted block above shows (decision 067).
    const blockCards = (second.match(/id="listing-\d+-title"/g) ?? []).length - cards(second);
    expect(cards(second)).toBeGreaterThanOrEqual(24 - blockCards);
    expect(cards(second)).toBeLessThanOrEqual(24);

    const end = await html(`/search/?page=${last}`);
    expect(end).not.toContain('rel="next"');
    expect(cards(end)).toBe(count - (last - 1) * 24);
    expect((await get(`/search/?page=${last + 1}`)).status).toBe(404);
  });
});

describe("meta", () => {
  it("titles and describes the search, with district, page and count", async () => {
    const count = await total("deal=sale&type=4&city=beograd");
    const page = await html("/buy/apartment/beograd/?page=2");
    expect(page).toContain("<title>Apartments for sale — Belgrade — page 2 | Kvadrat</title>");
    expect(page).toContain(`${count} properties right now.`);
    const district = await html("/sr/buy/apartment/beograd/?district=vracar");
    expect(district).toContain("<title>");
    expect(district).toMatch(/<title>[^<]*, Vračar \| Kvadrat<\/title>/);
  });

  it("names what a search URL asks for in its heading and title, in the page's language", async () => {
    const cases: [string, string][] = [
      ["/search/?deal=sale&city=beograd&rooms=2", "Property for sale — Belgrade"],
      ["/search/?deal=rent", "Property to rent in Serbia"],
      ["/search/?city=novi-sad", "Property — Novi Sad"],
      ["/ru/search/?deal=rent&city=beograd", "Недвижимость в аренду — Белград"],
      ["/sr/search/?deal=sale", "Nekretnine na prodaju u Srbiji"],
      ["/search/?q=terasa", "Property search"],
      ["/search/", "Property search"],
    ];
    for (const [path, title] of cases) {
      const page = await html(path);
      expect(heading(page), path).toBe(title);
      expect(page, path).toContain(`<title>${title} | Kvadrat</title>`);
    }
  });

  it("canonicalises without the sort order, keeping the page and landing filters", async () => {
    const page = await html("/buy/apartment/beograd/?sort=price_asc&page=2");
    expect(link(page, "canonical")).toBe(`${ORIGIN}/buy/apartment/beograd/?page=2`);
    expect(page).toContain(`hrefLang="ru" href="${ORIGIN}/ru/buy/apartment/beograd/?page=2"`);
    expect(robots(page)).toBeUndefined();
    const rooms = await html("/ru/buy/apartment/beograd/?rooms=2");
    expect(link(rooms, "canonical")).toBe(`${ORIGIN}/ru/buy/apartment/beograd/?rooms=2`);
  });

  it("keeps text searches and heavily filtered URLs out of the index", async () => {
    for (const path of [
      "/search/?q=stan",
      "/buy/apartment/beograd/?rooms=2&price_max=200000",
      "/buy/apartment/?rooms=1&rooms=2",
    ]) {
      const page = await html(path);
      expect(robots(page), path).toBe("noindex, follow");
      expect(link(page, "canonical"), path).toBeUndefined();
    }
  });
});
