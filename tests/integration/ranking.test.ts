/**
 * Issue 21 item 5: running "Top" placements first on every page of a search (at most PROMOTED_PER_PAGE,
 * matching its filters, never repeated, totals and pages exact), expiry at once, "Highlight" marks without
 * reordering, the home page's shelf of "Home" placements, and the label on the list pages.
 */
import { env, SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import type { ApiListing, SearchResponse } from "#shared/api/realty.ts";
import { PROMOTED_PER_PAGE, PROMOTED_ROTATION_MS } from "#shared/constants.ts";
import { BOT_UA, ORIGIN } from "#tests/fixtures/requests.ts";

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const DAY = 24 * 60 * 60 * 1000;

const get = (path: string, at = NOW) => SELF.fetch(`${ORIGIN}${path}`, { headers: { "x-debug-now": String(at) } });
/** A page whole, every streamed section in place (as crawlers get it). */
const page = async (path: string, at = NOW) =>
  (await SELF.fetch(`${ORIGIN}${path}`, { headers: { "x-debug-now": String(at), "user-agent": BOT_UA } })).text();
const search = async (query: string, at = NOW) => {
  const res = await get(`/api/realty/search?${query}`, at);
  expect(res.status, query).toBe(200);
  return res.json<SearchResponse>();
};

/** Every page of a search, checked page by page; the ids in the order shown. */
async function walk(query: string, perPage: number, at = NOW) {
  const first = await search(`${query}&per_page=${perPage}`, at);
  expect(first.total_exact).toBe(true);
  const pages = Math.max(1, Math.ceil(first.total / perPage));
  const items: ApiListing[] = [];
  for (let page = 1; page <= pages + 1; page++) {
    const body = page === 1 ? first : await search(`${query}&per_page=${perPage}&page=${page}`, at);
    expect(body.total, `${query} page ${page}`).toBe(first.total);
    if (page <= pages)
      expect(body.items.length, `${query} page ${page}`).toBe(
        page < pages ? perPage : first.total - (pages - 1) * perPage,
      );
    else expect(body.items, `${query} past the end`).toEqual([]);
    // The placed ones lead the page, at most PROMOTED_PER_PAGE of them, all of them running placements.
    const slots = body.items.filter((item) => item.promoted_slot);
    expect(slots.length).toBeLessThanOrEqual(Math.min(PROMOTED_PER_PAGE, perPage));
    expect(body.items.slice(0, slots.length)).toEqual(slots);
    for (const item of slots) expect(item.promoted).toBe(true);
    items.push(...body.items);
  }
  const ids = items.map((item) => item.id);
  expect(new Set(ids).size, `${query}: no listing twice`).toBe(ids.length);
  expect(ids.length, `${query}: every match once`).toBe(first.total);
  return items;
}

/** Active sale apartments in Beograd: the search most of these tests make. */
const BEOGRAD = "type=4&city=beograd";

async function beogradIds(extra = "") {
  const { results } = await env.DB.prepare(
    `SELECT id FROM listings WHERE status = 'active' AND type_id = 4 AND city_id = 1 ${extra} ORDER BY id`,
  ).all<{ id: number }>();
  return results.map((r) => r.id);
}

async function place(column: "promoted_until" | "highlight_until" | "home_until", ids: number[], until: number) {
  if (!ids.length) return;
  await env.DB.prepare(`UPDATE listings SET ${column} = ? WHERE id IN (${ids.map(() => "?").join(", ")})`)
    .bind(until, ...ids)
    .run();
}

let promoted: number[] = [];
let elsewhere: number[] = [];

beforeEach(async () => {
  // Placements of this file's own making only: none of the seed's.
  await env.DB.prepare("UPDATE listings SET promoted_until = NULL, highlight_until = NULL, home_until = NULL").run();
  const ids = await beogradIds();
  expect(ids.length).toBeGreaterThan(25);
  promoted = ids.filter((_, i) => i % 5 === 1).slice(0, 7);
  await place("promoted_until", promoted, NOW + 7 * DAY);
  // Running placements of another city's apartments and of Beograd's houses.
  const { results } = await env.DB.prepare(
    "SELECT id FROM listings WHERE status = 'active' AND (city_id <> 1 OR type_id <> 4) ORDER BY id LIMIT 6",
  ).all<{ id: number }>();
  elsewhere = results.map((r) => r.id);
  await place("promoted_until", elsewhere, NOW + 7 * DAY);
});

describe("promoted listings first", () => {
  it("puts at most PROMOTED_PER_PAGE running placements matching the search first, then the visitor's sort", async () => {
    const body = await search(`${BEOGRAD}&per_page=10`);
    const first = body.items.slice(0, PROMOTED_PER_PAGE);
    for (const item of first) {
      expect(promoted).toContain(item.id);
      expect(item).toMatchObject({ promoted: true, promoted_slot: true });
    }
    const rest = body.items.slice(PROMOTED_PER_PAGE);
    for (const item of rest) {
      expect(item.promoted_slot).toBe(false);
      // A placed listing is never repeated among the others: none of them is promoted.
      expect(item.promoted).toBe(false);
      expect(elsewhere).not.toContain(item.id);
    }
    for (let i = 1; i < rest.length; i++) expect(rest[i - 1]!.updated_at >= rest[i]!.updated_at).toBe(true);
  });

  it("keeps the visitor's sort after the placed ones", async () => {
    const body = await search(`${BEOGRAD}&per_page=20&sort=price_asc`);
    const rest = body.items.filter((item) => !item.promoted_slot);
    expect(body.items.filter((item) => item.promoted_slot)).toHaveLength(PROMOTED_PER_PAGE);
    for (let i = 1; i < rest.length; i++) expect(rest[i - 1]!.price <= rest[i]!.price).toBe(true);
  });

  it("shows every match on exactly one page with the exact total, whatever the page size", async () => {
    const all = await beogradIds();
    for (const perPage of [1, 4, 10, 50]) {
      const items = await walk(BEOGRAD, perPage);
      expect(items.map((i) => i.id).sort((a, b) => a - b)).toEqual(all);
      const placed = items.filter((i) => i.promoted_slot).map((i) => i.id);
      const shown = items.filter((i) => i.promoted).map((i) => i.id);
      expect(shown.sort((a, b) => a - b)).toEqual([...promoted].sort((a, b) => a - b));
      // Each page places up to PROMOTED_PER_PAGE first; on one page of 50 the other four follow the rest.
      const pages = Math.ceil(all.length / perPage);
      expect(placed).toHaveLength(Math.min(promoted.length, pages * Math.min(PROMOTED_PER_PAGE, perPage)));
      if (perPage === 50)
        expect(items.slice(-(promoted.length - PROMOTED_PER_PAGE)).every((i) => i.promoted)).toBe(true);
    }
  });

  it("fills the last pages with placed listings when the others run out", async () => {
    // Nine matches (the cheapest Beograd apartments), eight of them placed: more than the pages have slots.
    const cheap = await env.DB.prepare(
      "SELECT id, price FROM listings WHERE status = 'active' AND type_id = 4 AND city_id = 1 ORDER BY price, id LIMIT 10",
    ).all<{ id: number; price: number }>();
    const rows = cheap.results;
    // A price bound that keeps exactly the first nine (prices may tie: then fewer, still a short list).
    const bound = rows[8]!.price;
    const matching = rows.filter((r) => r.price <= bound).map((r) => r.id);
    await place("promoted_until", matching.slice(1), NOW + DAY);
    for (const perPage of [2, 4, 5]) {
      const items = await walk(`${BEOGRAD}&price_max=${bound}`, perPage);
      expect(items.map((i) => i.id).sort((a, b) => a - b)).toEqual([...matching].sort((a, b) => a - b));
      expect(items.filter((i) => i.promoted)).toHaveLength(matching.length - 1);
    }
  });

  it("never places another search's promoted listing first", async () => {
    for (const query of [BEOGRAD, `${BEOGRAD}&sort=price_desc`, "city=novi-sad", "deal=rent"]) {
      const body = await search(`${query}&per_page=20`);
      for (const item of body.items.filter((i) => i.promoted_slot)) {
        if (query.startsWith(BEOGRAD)) expect(promoted).toContain(item.id);
        if (query.startsWith("city=novi-sad")) expect(item.city.slug).toBe("novi-sad");
        if (query.startsWith("deal=rent")) expect(item.deal).toBe("rent");
      }
    }
  });

  it("drops an expired placement at once: it joins the others in their sort", async () => {
    const [ending] = promoted;
    await place("promoted_until", [ending!], NOW + 60_000);
    const before = await walk(BEOGRAD, 10, NOW + 59_999);
    expect(before.find((i) => i.id === ending)).toMatchObject({ promoted: true, promoted_slot: true });
    const after = await walk(BEOGRAD, 10, NOW + 60_000);
    expect(after.find((i) => i.id === ending)).toMatchObject({ promoted: false, promoted_slot: false });
    expect(after.filter((i) => i.promoted_slot)).toHaveLength(promoted.length - 1);
    // The detail says so too.
    const detail = await (await get(`/api/realty/${ending}`, NOW + 60_000)).json<{ data: ApiListing }>();
    expect(detail.data.promoted).toBe(false);
  });

  it("rotates which placed listings come first from one period to the next, each page agreeing", async () => {
    const firstOf = async (at: number) =>
      (await search(`${BEOGRAD}&per_page=10`, at)).items.filter((i) => i.promoted_slot).map((i) => i.id);
    const now = await firstOf(NOW);
    expect(await firstOf(NOW + 1000)).toEqual(now);
    const next = await firstOf(NOW + PROMOTED_ROTATION_MS);
    expect(next).toHaveLength(PROMOTED_PER_PAGE);
    expect(next).not.toEqual(now);
  });

  it("answers a search of promoted listings only with them, in turn, every one once", async () => {
    const items = await walk("promoted=true", 4);
    expect(items.map((i) => i.id).sort((a, b) => a - b)).toEqual([...promoted, ...elsewhere].sort((a, b) => a - b));
    const none = await walk(`${BEOGRAD}&promoted=false`, 10);
    expect(none.some((i) => i.promoted || i.promoted_slot)).toBe(false);
  });
});

describe("a search without placements first", () => {
  it("ranked=false keeps the visitor's sort alone, promoted listings where the sort puts them", async () => {
    const all = await walk(`${BEOGRAD}&ranked=false`, 50);
    expect(all.some((item) => item.promoted_slot)).toBe(false);
    for (let i = 1; i < all.length; i++) expect(all[i - 1]!.updated_at >= all[i]!.updated_at).toBe(true);
    expect(
      all
        .filter((item) => item.promoted)
        .map((item) => item.id)
        .sort((a, b) => a - b),
    ).toEqual(promoted);
    expect((await search(`${BEOGRAD}&ranked=false`)).total).toBe((await search(BEOGRAD)).total);
    expect((await get("/api/realty/search?ranked=true")).status).toBe(400);
  });

  it("the home page's new listings are the newest, with no Top placement put first", async () => {
    const newest = (await search("ranked=false&per_page=8&facets=false")).items.map((item) => item.id);
    const html = await page("/");
    const shelf = html.slice(html.indexOf('id="home-newest"'));
    const shown = [...shelf.matchAll(/id="listing-(\d+)-title"/g)].map((m) => Number(m[1]));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown).toEqual(newest.filter((id) => shown.includes(id)));
    expect(shown[0]).toBe(newest[0]);
    for (const id of promoted.filter((id) => !newest.includes(id))) expect(shown).not.toContain(id);
  });
});

describe("highlighted listings", () => {
  it("are marked wherever they show, in the same places", async () => {
    const ids = await beogradIds();
    const query = `${BEOGRAD}&per_page=50`;
    const plain = await search(query);
    const marked = [ids[3]!, ids[4]!];
    await place("highlight_until", marked, NOW + DAY);
    const after = await search(query);
    expect(after.items.map((i) => i.id)).toEqual(plain.items.map((i) => i.id));
    for (const item of after.items) expect(item.highlighted).toBe(marked.includes(item.id));
    const detail = await (await get(`/api/realty/${marked[0]}`)).json<{ data: ApiListing }>();
    expect(detail.data.highlighted).toBe(true);
    const ended = await search(query, NOW + DAY);
    expect(ended.items.some((i) => i.highlighted)).toBe(false);
  });
});

describe("the home page's placements", () => {
  it("home=true answers the running Home placements only", async () => {
    const ids = await beogradIds();
    const home = [ids[10]!, ids[11]!];
    await place("home_until", home, NOW + DAY);
    await place("home_until", [ids[12]!], NOW - 1);
    const body = await search("home=true&per_page=8&facets=false");
    expect(body.items.map((i) => i.id).sort((a, b) => a - b)).toEqual(home);
    expect(body.total).toBe(2);
    expect((await search("home=true", NOW + DAY)).items).toEqual([]);
    expect((await get("/api/realty/search?home=false")).status).toBe(400);
  });

  it("shows Home placements in the promoted shelf and not again among the newest; no shelf without them", async () => {
    const ids = await beogradIds();
    // The newest Beograd apartment, so that it would be among the newest too.
    const newest = (await search(`${BEOGRAD}&promoted=false&per_page=1`)).items[0]!.id;
    const home = [newest, ids[10]!];
    await place("home_until", home, NOW + DAY);
    const html = await page("/");
    const shelf = html.slice(html.indexOf('id="home-promoted"'), html.indexOf('id="home-newest"'));
    const newestShelf = html.slice(html.indexOf('id="home-newest"'));
    for (const id of home) expect(shelf).toContain(`listing-${id}-title`);
    expect(newestShelf).not.toContain(`listing-${newest}-title`);
    // A "Top" placement alone does not reach the home shelf.
    expect(shelf).not.toContain(`listing-${promoted[0]}-title`);

    // Without a running Home placement the shelf is empty and hidden whole (its section, by CSS).
    const empty = await page("/", NOW + DAY);
    const emptyShelf = empty.slice(empty.indexOf('id="home-promoted"'), empty.indexOf('id="home-newest"'));
    expect(emptyShelf).toMatch(/<ul class="[^"]*" hidden="">\s*<\/ul>/);
    expect(shelf).not.toMatch(/<ul[^>]* hidden=""/);
  });
});

describe("labels on the list pages", () => {
  it.each([
    ["/buy/apartment/beograd/", "Promoted"],
    ["/ru/buy/apartment/beograd/", "Продвигается"],
    ["/sr/buy/apartment/beograd/", "Istaknuto"],
    ["/search/?type=4&city=beograd", "Promoted"],
  ])("%s labels the placed listings", async (path, label) => {
    const html = await page(path);
    const labels = html.split(`>${label}<`).length - 1;
    expect(labels, path).toBeGreaterThanOrEqual(PROMOTED_PER_PAGE);
    expect(promoted.filter((id) => html.includes(`listing-${id}-title`))).toHaveLength(PROMOTED_PER_PAGE);
  });

  it("marks a highlighted card for everyone, with words for screen readers", async () => {
    // The cheapest not promoted: first after the placed ones.
    const cheapest = await env.DB.prepare(
      "SELECT id FROM listings WHERE status = 'active' AND type_id = 4 AND city_id = 1 AND promoted_until IS NULL ORDER BY price, id LIMIT 1",
    ).first<{ id: number }>();
    const ids = [cheapest!.id];
    await place("highlight_until", ids, NOW + DAY);
    const html = await page("/buy/apartment/beograd/?sort=price_asc");
    expect(html).toMatch(
      new RegExp(`<article [^>]*data-highlighted="true"[^>]*aria-labelledby="listing-${ids[0]}-title"`),
    );
    expect(html.match(/<article [^>]*data-highlighted/g)).toHaveLength(1);
    expect(html).toContain('<span class="visually-hidden">Highlighted listing</span>');
  });
});
