import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ApiListing, ApiListingDetail, SearchResponse } from "#shared/api/realty.ts";
import { ORIGIN } from "#tests/fixtures/requests.ts";
import { ROOM_FILTERS } from "#shared/api/limits.ts";
import { LISTING_TYPES } from "#shared/listing-types.ts";

const get = (path: string, headers: Record<string, string> = {}) => SELF.fetch(`${ORIGIN}${path}`, { headers });
const search = async (query: string) => {
  const res = await get(`/api/realty/search?${query}`);
  expect(res.status, query).toBe(200);
  return res.json<SearchResponse>();
};
const errorFields = async (res: Response) => {
  expect(res.status).toBe(400);
  const body = await res.json<{ error: { code: string; fields: Record<string, string> } }>();
  expect(body.error.code).toBe("invalid_input");
  return body.error.fields;
};

describe("GET /api/realty/search", () => {
  it("returns the first page of active listings with totals and facets, each property once (decision 090)", async () => {
    const body = await search("");
    expect(body.page).toBe(1);
    expect(body.per_page).toBe(20);
    expect(body.items).toHaveLength(20);
    const active = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM listings WHERE status = 'active' AND unconfirmed_at IS NULL AND property_lead = 1",
    ).first<{
      n: number;
    }>();
    expect(body.total).toBe(active!.n);
    expect(body.facets!.types.reduce((s, t) => s + t.count, 0)).toBe(body.total);
    for (const item of body.items) {
      expect(item.path).toBe(`/${item.deal === "sale" ? "buy" : "rent"}/${item.type}/${item.city.slug}/${item.id}/`);
      expect(item.image).toMatchObject({ url: `/images/listings/${item.image!.id}.svg` });
      expect(item.image!.width).toBeGreaterThan(0);
      expect(item.image!.height).toBeGreaterThan(0);
      expect(item.currency).toBe("EUR");
    }
  });

  it("never includes a phone number", async () => {
    const body = JSON.stringify(await search("per_page=50"));
    expect(body).not.toMatch(/"phone"/);
    const { results } = await env.DB.prepare(
      "SELECT phone FROM listings WHERE status = 'active' AND unconfirmed_at IS NULL LIMIT 50",
    ).all<{
      phone: string;
    }>();
    for (const { phone } of results) expect(body).not.toContain(phone);
  });

  it.each([
    ["deal=rent", (l: ApiListing) => l.deal === "rent"],
    ["deal=sale&type=4", (l: ApiListing) => l.type_id === 4],
    ["type=1&type=3", (l: ApiListing) => l.type_id === 1 || l.type_id === 3],
    ["city=beograd", (l: ApiListing) => l.city.slug === "beograd"],
    ["city=beograd&district=vracar", (l: ApiListing) => l.district?.slug === "vracar"],
    ["price_min=50000&price_max=150000", (l: ApiListing) => l.price >= 50000 && l.price <= 150000],
    ["area_min=40&area_max=70", (l: ApiListing) => l.area! >= 40 && l.area! <= 70],
    ["rooms=2", (l: ApiListing) => l.rooms! >= 2 && l.rooms! < 3],
    ["rooms=0&rooms=5", (l: ApiListing) => l.rooms! < 1 || l.rooms! >= 5],
    ["floor_min=2&floor_max=4", (l: ApiListing) => l.floor! >= 2 && l.floor! <= 4],
    ["furnished=true", (l: ApiListing) => l.furnished === true],
    ["furnished=false", (l: ApiListing) => l.furnished === false],
    ["promoted=true", (l: ApiListing) => l.promoted],
    ["promoted=false", (l: ApiListing) => !l.promoted],
    ["bounds=44.7,20.3,44.9,20.6", (l: ApiListing) => l.lat >= 44.7 && l.lat <= 44.9 && l.lng >= 20.3 && l.lng <= 20.6],
  ])("filters by %s", async (query, holds) => {
    const body = await search(`${query}&per_page=50`);
    expect(body.total, query).toBeGreaterThan(0);
    for (const item of body.items) expect(holds(item), `${query}: listing ${item.id}`).toBe(true);
  });

  it("finds text in titles, descriptions and addresses, without regard to diacritics", async () => {
    const row = await env.DB.prepare(
      "SELECT id, address FROM listings WHERE status = 'active' AND unconfirmed_at IS NULL AND city_id = 1 ORDER BY id LIMIT 1",
    ).first<{ id: number; address: string }>();
    const word = row!.address.split(/\s+/).find((w) => w.length > 4)!;
    const body = await search(`q=${encodeURIComponent(word)}&per_page=50`);
    expect(body.total).toBeGreaterThan(0);
    const plain = word.normalize("NFD").replace(/\p{M}/gu, "");
    const again = await search(`q=${encodeURIComponent(plain)}&per_page=50`);
    expect(again.total).toBe(body.total);
    // FTS operators and quotes in the input are plain text, never a 5xx.
    for (const junk of ['"', "NEAR(a b)", "a OR", "*", "-x", "^", "title:stan"]) {
      expect((await get(`/api/realty/search?q=${encodeURIComponent(junk)}`)).status).toBe(200);
    }
  });

  it.each([
    ["price_asc", (a: ApiListing, b: ApiListing) => a.price <= b.price],
    ["price_desc", (a: ApiListing, b: ApiListing) => a.price >= b.price],
    ["newest", (a: ApiListing, b: ApiListing) => a.updated_at >= b.updated_at],
    [
      "price_m2",
      (a: ApiListing, b: ApiListing) => a.price_m2 === null || b.price_m2 === null || a.price_m2 <= b.price_m2,
    ],
    ["area", (a: ApiListing, b: ApiListing) => a.area === null || b.area === null || a.area >= b.area],
  ])("sorts by %s", async (sort, inOrder) => {
    // The whole page in the sort: "Top" placements stand apart, in `promoted` (decision 067).
    const items = (await search(`sort=${sort}&per_page=50&deal=sale`)).items;
    for (let i = 1; i < items.length; i++) expect(inOrder(items[i - 1]!, items[i]!), `${sort} at ${i}`).toBe(true);
  });

  it("puts listings without an area (so without a price per m²) last in the area and price per m² sorts", async () => {
    const row = await env.DB.prepare(
      "SELECT id, area FROM listings WHERE status = 'active' AND unconfirmed_at IS NULL AND type_id = 4 AND city_id = 1 ORDER BY id LIMIT 1",
    ).first<{ id: number; area: number }>();
    await env.DB.prepare("UPDATE listings SET area = NULL WHERE id = ?").bind(row!.id).run();
    try {
      for (const sort of ["price_m2", "area"]) {
        const { total } = await search(`type=4&city=beograd&per_page=1`);
        const lastPage = await search(`type=4&city=beograd&sort=${sort}&per_page=1&page=${total}`);
        expect(lastPage.items[0]!.promoted).toBe(false);
        expect(
          lastPage.items.map((i) => i.id),
          sort,
        ).toEqual([row!.id]);
        const first = await search(`type=4&city=beograd&sort=${sort}&per_page=50`);
        const sorted = first.items.filter((i) => !i.promoted);
        const withoutArea = sorted.findIndex((i) => i.area === null);
        expect([-1, sorted.length - 1], sort).toContain(withoutArea);
      }
    } finally {
      await env.DB.prepare("UPDATE listings SET area = ? WHERE id = ?").bind(row!.area, row!.id).run();
    }
  });

  it("facets the deal's types under filters the summary cannot count", async () => {
    const priced = await search("deal=rent&type=1&city=beograd&price_max=800&per_page=50");
    expect(priced.total).toBeGreaterThan(0);
    const typeIds = priced.facets!.types.map((t) => t.type_id);
    expect(typeIds).toContain(1);
    for (const id of typeIds) expect([1, 2, 3, 9]).toContain(id);
    expect(priced.facets!.types.find((t) => t.type_id === 1)!.count).toBe(priced.total);
  });

  it("matches a one-letter word whole instead of as the prefix of every word", async () => {
    const letter = await search("q=s");
    const word = await search("q=stan");
    expect(letter.total).toBeLessThan(word.total);
  });

  it("pages through results without overlap, and past the end is empty", async () => {
    const first = await search("city=beograd&per_page=10&page=1");
    const second = await search("city=beograd&per_page=10&page=2");
    expect(second.total).toBe(first.total);
    const ids = new Set(first.items.map((i) => i.id));
    for (const item of second.items) expect(ids.has(item.id)).toBe(false);
    const lastPage = Math.ceil(first.total / 10);
    const last = await search(`city=beograd&per_page=10&page=${lastPage}`);
    expect(last.items.length).toBe(first.total - (lastPage - 1) * 10);
    const beyond = await search(`city=beograd&per_page=10&page=${lastPage + 1}`);
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(first.total);
    expect((await search("per_page=50")).items).toHaveLength(50);
  });

  it("facets count the other dimensions' matches", async () => {
    const body = await search("city=beograd&deal=sale&type=4&rooms=2");
    const apartments = body.facets!.types.find((t) => t.type_id === 4)!.count;
    const roomTwo = body.facets!.rooms.find((r) => r.rooms === 2)!.count;
    expect(roomTwo).toBe(body.total);
    expect(apartments).toBeGreaterThanOrEqual(body.total);
    expect(body.facets!.districts.length).toBeGreaterThan(0);
    const noFacets = await search("facets=false");
    expect(noFacets.facets).toBeUndefined();
  });

  it("counts from the summary table agree with counting the listings, also after changes", async () => {
    const queries = [
      "",
      "deal=sale",
      "type=4&city=beograd",
      "city=beograd&district=vracar&rooms=2",
      "deal=rent&furnished=true",
      "rooms=0&rooms=5",
      // A deal in a city by rooms: counted, and its district facet grouped, from the rooms index (decision 120).
      "deal=sale&city=beograd&rooms=2",
      "deal=rent&city=beograd&district=vracar&rooms=1&rooms=2",
      "deal=sale&city=beograd&rooms=0&rooms=5",
    ];
    // price_min=0 restricts nothing but forces the exact count over listings.
    const agree = async () => {
      for (const query of queries) {
        const summary = await search(`${query}&per_page=1`);
        const exact = await search(`${query}&price_min=0&per_page=1`);
        expect(summary.total, query).toBe(exact.total);
        expect(summary.facets, query).toEqual(exact.facets);
      }
    };
    await agree();
    const row = await env.DB.prepare(
      "SELECT id FROM listings WHERE status = 'active' AND unconfirmed_at IS NULL AND city_id = 1 AND type_id = 4 LIMIT 1",
    ).first<{ id: number }>();
    const before = (await search("type=4&city=beograd&per_page=1")).total;
    await env.DB.prepare("UPDATE listings SET status = 'archived' WHERE id = ?").bind(row!.id).run();
    expect((await search("type=4&city=beograd&per_page=1")).total).toBe(before - 1);
    await env.DB.prepare("UPDATE listings SET status = 'active', rooms = 2, district_id = 2 WHERE id = ?")
      .bind(row!.id)
      .run();
    expect((await search("type=4&city=beograd&per_page=1")).total).toBe(before);
    await agree();
  });

  it("counts filters outside the summary only up to the cap, and says so", async () => {
    // 5 100 copies of one listing: more matches than a capped count or a text search considers.
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5100)
       INSERT INTO listings (id, type_id, deal, property_type, city_id, district_id, address, lat, lng, price, area, rooms,
         title, description, lang, owner_id, phone, status, created_at, updated_at, expires_at)
       SELECT 500000 + i, type_id, deal, property_type, city_id, district_id, address, lat, lng, price, area, rooms,
         title, description, lang, owner_id, phone, 'active', created_at, updated_at, expires_at
       FROM n, (SELECT * FROM listings WHERE status = 'active' AND unconfirmed_at IS NULL AND type_id = 4 AND city_id = 1 LIMIT 1)`,
    ).run();
    try {
      const capped = await search("type=4&city=beograd&price_min=1");
      expect(capped).toMatchObject({ total: 2000, total_exact: false });
      expect(capped.facets).toBeUndefined();
      expect(capped.items).toHaveLength(20);
      const exact = await search("type=4&city=beograd");
      expect(exact.total_exact).toBe(true);
      expect(exact.total).toBeGreaterThan(5100);
      // A word of the copied title: more text matches than a search considers, so not exact either.
      const title = (await env.DB.prepare("SELECT title FROM listings WHERE id = 500001").first<{ title: string }>())!
        .title;
      const word = title.split(/[^\p{L}]+/u).find((w) => w.length > 3)!;
      const text = await search(`q=${encodeURIComponent(word)}&city=beograd`);
      expect(text.total_exact).toBe(false);
      expect(text.facets).toBeUndefined();
      const total = await (await get("/api/realty/total?type=4&city=beograd&price_min=1")).json();
      expect(total).toEqual({ data: { total: 2000, total_exact: false } });
    } finally {
      await env.DB.prepare("DELETE FROM listings WHERE id > 500000").run();
    }
  });

  it("names its fields in localized place names", async () => {
    const body = await search("city=beograd&locale=ru");
    expect(body.items[0]!.city.name).toBe("Белград");
    const sr = await (await get("/api/realty/search?city=beograd", { "accept-language": "sr" })).json<SearchResponse>();
    expect(sr.items[0]!.city.name).toBe("Beograd");
  });

  it("counts a repeated list value once, so any number of them is answered like one (decision 051)", async () => {
    const ids = LISTING_TYPES.map((t) => t.id);
    const repeated = Array.from({ length: 30 }, (_, i) => `type=${ids[i % ids.length]}`).join("&");
    const rooms = Array.from({ length: 30 }, (_, i) => `rooms=${ROOM_FILTERS[i % ROOM_FILTERS.length]}`).join("&");
    const everything = `${repeated}&${rooms}&city=beograd&district=vracar&price_min=1&area_min=1&floor_min=0&q=stan`;
    const once = `${ids.map((id) => `type=${id}`).join("&")}&${ROOM_FILTERS.map((r) => `rooms=${r}`).join("&")}`;
    const expected = await search(`${once}&city=beograd&district=vracar&price_min=1&area_min=1&floor_min=0&q=stan`);
    expect(await search(everything)).toEqual(expected);
    expect((await search(Array(30).fill("type=4").join("&"))).total).toBe((await search("type=4")).total);
    for (const path of ["/api/realty/total", "/api/realty/map"]) {
      const res = await get(`${path}?${everything}${path.endsWith("map") ? "&bounds=44,20,45,21&zoom=10" : ""}`);
      expect(res.status, path).toBe(200);
    }
  });

  it.each([
    ["per_page=0", "per_page"],
    ["per_page=51", "per_page"],
    ["page=0", "page"],
    ["page=abc", "page"],
    ["page=1&page=2", "page"],
    ["price_min=abc", "price_min"],
    ["price_min=-5", "price_min"],
    ["price_min=300&price_max=100", "price_max"],
    ["area_min=90&area_max=10", "area_max"],
    ["floor_min=5&floor_max=1", "floor_max"],
    ["deal=rent&type=6", "type"],
    ["deal=lease", "deal"],
    ["type=11", "type"],
    ["type=abc", "type"],
    ["rooms=7", "rooms"],
    ["furnished=maybe", "furnished"],
    ["promoted=1", "promoted"],
    ["home=false", "home"],
    ["ranked=true", "ranked"],
    ["sort=cheapest", "sort"],
    ["bounds=1,2,3", "bounds"],
    ["bounds=45,21,44,20", "bounds"],
    [`q=${"x".repeat(201)}`, "q"],
    ["city=Beograd", "city"],
    ["city=atlantis", "city"],
    ["district=vracar", "district"],
    ["city=nis&district=vracar", "district"],
  ])("%s → 400 naming %s", async (query, field) => {
    const fields = await errorFields(await get(`/api/realty/search?${query}`));
    expect(Object.keys(fields)).toContain(field);
  });
});

describe("GET /api/realty/total", () => {
  it("counts what search finds", async () => {
    const query = "deal=sale&city=novi-sad&price_max=200000";
    const { total } = await search(query);
    const res = await get(`/api/realty/total?${query}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { total, total_exact: true } });
    expect(await errorFields(await get("/api/realty/total?price_min=9&price_max=1"))).toHaveProperty("price_max");
  });
});

describe("GET /api/realty/{id}", () => {
  it("returns an active listing with its photos, owner and the city's median price per m²", async () => {
    const row = await env.DB.prepare(
      "SELECT id, phone FROM listings WHERE status = 'active' AND unconfirmed_at IS NULL AND area > 0 ORDER BY id LIMIT 1",
    ).first<{
      id: number;
      phone: string;
    }>();
    const res = await get(`/api/realty/${row!.id}`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(row!.phone);
    expect(text).not.toMatch(/"phone"/);
    const { data } = JSON.parse(text) as { data: ApiListingDetail };
    expect(data.id).toBe(row!.id);
    expect(data.description.length).toBeGreaterThan(20);
    expect(data.images.length).toBeGreaterThanOrEqual(3);
    expect(data.images.length).toBeLessThanOrEqual(8);
    expect(data.image_count).toBe(data.images.length);
    expect(data.owner.name).toBeTruthy();
    expect(data.market.sample_size).toBeGreaterThan(0);
    expect(data.market.city_median_price_m2).toBeGreaterThan(0);
  });

  it("gives the median price per m² of active listings of the listing's type and city, odd and even samples", async () => {
    const market = async (id: number) =>
      ((await (await get(`/api/realty/${id}`)).json()) as { data: ApiListingDetail }).data.market;
    const expected = async (id: number) => {
      const { results } = await env.DB.prepare(
        `SELECT price_m2 FROM listings WHERE status = 'active' AND price_m2 IS NOT NULL
           AND type_id = (SELECT type_id FROM listings WHERE id = ?1) AND city_id = (SELECT city_id FROM listings WHERE id = ?1)
         ORDER BY price_m2`,
      )
        .bind(id)
        .all<{ price_m2: number }>();
      const prices = results.map((r) => r.price_m2);
      const mid = Math.floor(prices.length / 2);
      const median = prices.length % 2 ? prices[mid]! : (prices[mid - 1]! + prices[mid]!) / 2;
      return { sample_size: prices.length, city_median_price_m2: Math.round(median * 100) / 100 };
    };
    const row = await env.DB.prepare(
      "SELECT id, type_id, city_id FROM listings WHERE status = 'active' AND unconfirmed_at IS NULL AND price_m2 IS NOT NULL ORDER BY id LIMIT 1",
    ).first<{ id: number; type_id: number; city_id: number }>();
    const id = row!.id;
    const before = await expected(id);
    expect(await market(id)).toEqual(before);
    // One more listing of the same type and city flips the sample between odd and even.
    const extra = await env.DB.prepare(
      `INSERT INTO listings (type_id, deal, property_type, city_id, address, lat, lng, price, area, rooms, title,
         description, lang, owner_id, phone, status, created_at, updated_at, expires_at)
       SELECT type_id, deal, property_type, city_id, address, lat, lng, price * 3, area, rooms, title, description,
         lang, owner_id, phone, 'active', created_at, updated_at, expires_at FROM listings WHERE id = ? RETURNING id`,
    )
      .bind(id)
      .first<{ id: number }>();
    try {
      const after = await expected(id);
      expect(after.sample_size).toBe(before.sample_size + 1);
      expect(await market(id)).toEqual(after);
    } finally {
      await env.DB.prepare("DELETE FROM listings WHERE id = ?").bind(extra!.id).run();
    }
  });

  it("is 404 for listings that are not active and for unknown ids, 400 for a malformed id", async () => {
    const hidden = await env.DB.prepare("SELECT id FROM listings WHERE status != 'active' LIMIT 1").first<{
      id: number;
    }>();
    expect((await get(`/api/realty/${hidden!.id}`)).status).toBe(404);
    expect((await get("/api/realty/999999999")).status).toBe(404);
    expect(Object.keys(await errorFields(await get("/api/realty/abc")))).toContain("id");
    expect((await get("/api/realty/0")).status).toBe(400);
  });
});

describe("POST /api/realty-by-ids", () => {
  const post = (body: string) =>
    SELF.fetch(`${ORIGIN}/api/realty-by-ids`, {
      method: "POST",
      body,
      headers: { "content-type": "application/json" },
    });

  it("returns active listings in the order asked, skipping the rest", async () => {
    const { results } = await env.DB.prepare(
      "SELECT id FROM listings WHERE status = 'active' AND unconfirmed_at IS NULL ORDER BY id LIMIT 3",
    ).all<{ id: number }>();
    const hidden = await env.DB.prepare("SELECT id FROM listings WHERE status != 'active' LIMIT 1").first<{
      id: number;
    }>();
    const ids = [results[2]!.id, hidden!.id, 999999999, results[0]!.id, results[2]!.id];
    const res = await post(JSON.stringify({ ids }));
    expect(res.status).toBe(200);
    const body = await res.json<{ items: ApiListing[] }>();
    expect(body.items.map((i) => i.id)).toEqual([results[2]!.id, results[0]!.id]);
  });

  it.each([
    ['{"ids": "1"}', "ids"],
    ['{"ids": [1.5]}', "ids.0"],
    ['{"ids": [-1]}', "ids.0"],
    [JSON.stringify({ ids: Array.from({ length: 101 }, (_, i) => i + 1) }), "ids"],
    ["{}", "ids"],
  ])("%s → 400", async (body, field) => {
    expect(Object.keys(await errorFields(await post(body)))).toContain(field);
  });

  it("malformed JSON is a 400, not a 5xx", async () => {
    expect((await post("{ids: [")).status).toBe(400);
  });
});

describe("GET /api/seo/realty/list", () => {
  it("pages through every active listing's canonical path, each property once by its lead (decision 090)", async () => {
    const res = await get("/api/seo/realty/list?per_page=100&page=1");
    expect(res.status).toBe(200);
    const body = await res.json<{ items: { id: number; path: string; updated_at: string }[]; total: number }>();
    const active = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM listings WHERE status = 'active' AND unconfirmed_at IS NULL AND property_lead = 1",
    ).first<{
      n: number;
    }>();
    expect(body.total).toBe(active!.n);
    expect(body.items).toHaveLength(Math.min(100, active!.n));
    for (const item of body.items) expect(item.path).toMatch(/^\/(buy|rent)\/[a-z]+\/[a-z0-9-]+\/\d+\/$/);
    const beyond = await (
      await get(`/api/seo/realty/list?per_page=1000&page=${Math.ceil(body.total / 1000) + 1}`)
    ).json<{
      items: unknown[];
    }>();
    expect(beyond.items).toEqual([]);
    expect((await get("/api/seo/realty/list?per_page=1001")).status).toBe(400);
  });
});
