/**
 * Decision 067: running "Top" placements in a promoted block above every page of
 * a search (at most PROMOTED_PER_PAGE, matching its filters, in turn), the results under it in the visitor's
 * sort (totals and pages exact), expiry at once, "Highlight" marks without reordering, the home page's shelf of
 * "Home" placements, and the labels on the list pages.
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

/** Every page of a search, checked page by page; the ids of the results in the order shown. */
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
    // The block: at most PROMOTED_PER_PAGE running placements, each once, none of them a result's duplicate slot.
    expect(body.promoted.length).toBeLessThanOrEqual(Math.min(PROMOTED_PER_PAGE, perPage));
    expect(new Set(body.promoted.map((item) => item.id)).size).toBe(body.promoted.length);
    for (const item of body.promoted) expect(item).toMatchObject({ promoted: true, promoted_slot: true });
    for (const item of body.items) expect(item.promoted_slot).toBeUndefined();
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
    `SELECT id FROM listings WHERE status = 'active' AND unconfirmed_at IS NULL AND property_lead = 1 AND type_id = 4 AND city_id = 1 ${extra} ORDER BY id`,
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
    "SELECT id FROM listings WHERE status = 'active' AND unconfirmed_at IS NULL AND property_lead = 1 AND (city_id <> 1 OR type_id <> 4) ORDER BY id LIMIT 6",
  ).all<{ id: number }>();
  elsewhere = results.map((r) => r.id);
  await place("promoted_until", elsewhere, NOW + 7 * DAY);
});

describe("the promoted block", () => {
  it("shows up to PROMOTED_PER_PAGE running placements matching the search above results in the visitor's sort", async () => {
    const body = await search(`${BEOGRAD}&per_page=10`);
    expect(body.promoted).toHaveLength(PROMOTED_PER_PAGE);
    for (const item of body.promoted) expect(promoted).toContain(item.id);
    // The results are the sort's page as it is: the same as without any placement taken first.
    const plain = await search(`${BEOGRAD}&per_page=10&ranked=false`);
    expect(body.items.map((i) => i.id)).toEqual(plain.items.map((i) => i.id));
    expect(plain.promoted).toEqual([]);
    for (let i = 1; i < body.items.length; i++)
      expect(body.items[i - 1]!.updated_at >= body.items[i]!.updated_at).toBe(true);
  });

  it("keeps Price: low to high sorted under the block", async () => {
    const body = await search(`${BEOGRAD}&per_page=20&sort=price_asc`);
    expect(body.promoted).toHaveLength(PROMOTED_PER_PAGE);
    const prices = body.items.map((item) => item.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it("shows every match on exactly one page of results with the exact total, whatever the page size", async () => {
    const all = await beogradIds();
    for (const perPage of [1, 4, 10, 50]) {
      const items = await walk(BEOGRAD, perPage);
      expect(items.map((i) => i.id).sort((a, b) => a - b)).toEqual(all);
      expect(
        items
          .filter((i) => i.promoted)
          .map((i) => i.id)
          .sort((a, b) => a - b),
      ).toEqual([...promoted].sort((a, b) => a - b));
    }
  });

  it("gives every page a block, the next ones in turn", async () => {
    const one = await search(`${BEOGRAD}&per_page=10`);
    const two = await search(`${BEOGRAD}&per_page=10&page=2`);
    expect(two.promoted).toHaveLength(PROMOTED_PER_PAGE);
    expect(two.promoted.map((i) => i.id)).not.toEqual(one.promoted.map((i) => i.id));
    // Page 2 now is page 1 in the next period.
    const next = await search(`${BEOGRAD}&per_page=10`, NOW + PROMOTED_ROTATION_MS);
    expect(next.promoted.map((i) => i.id)).toEqual(two.promoted.map((i) => i.id));
  });

  it("never shows another search's promoted listing", async () => {
    for (const query of [BEOGRAD, `${BEOGRAD}&sort=price_desc`, "city=novi-sad", "deal=rent"]) {
      const body = await search(`${query}&per_page=20`);
      for (const item of body.promoted) {
        if (query.startsWith(BEOGRAD)) expect(promoted).toContain(item.id);
        if (query.startsWith("city=novi-sad")) expect(item.city.slug).toBe("novi-sad");
        if (query.startsWith("deal=rent")) expect(item.deal).toBe("rent");
      }
    }
  });

  it("drops an expired placement at once", async () => {
    const ids = (await search(`${BEOGRAD}&per_page=10`)).promoted.map((i) => i.id);
    const [ending] = ids;
    await place("promoted_until", [ending!], NOW + 60_000);
    const before = await search(`${BEOGRAD}&per_page=10`, NOW + 59_999);
    expect(before.promoted.map((i) => i.id)).toContain(ending);
    // Within the hour the others keep their turn; the ended one is gone from every page.
    for (let page = 1; page <= 3; page++) {
      const after = await search(`${BEOGRAD}&per_page=10&page=${page}`, NOW + 60_000);
      expect(after.promoted.map((i) => i.id)).not.toContain(ending);
    }
    const detail = await (await get(`/api/realty/${ending}`, NOW + 60_000)).json<{ data: ApiListing }>();
    expect(detail.data.promoted).toBe(false);
  });

  it("rotates from one period to the next, every request within one agreeing, each placement in turn", async () => {
    const blockAt = async (at: number) => (await search(`${BEOGRAD}&per_page=10`, at)).promoted.map((i) => i.id);
    const now = await blockAt(NOW);
    expect(await blockAt(NOW + 1000)).toEqual(now);
    const seen = new Map<number, number>();
    // Seven placements, three places: over seven periods each shows three times.
    for (let k = 0; k < promoted.length; k++) {
      for (const id of await blockAt(NOW + k * PROMOTED_ROTATION_MS)) seen.set(id, (seen.get(id) ?? 0) + 1);
    }
    expect([...seen.keys()].sort((a, b) => a - b)).toEqual([...promoted].sort((a, b) => a - b));
    expect(new Set(seen.values())).toEqual(new Set([PROMOTED_PER_PAGE]));
  });

  it("answers a search of promoted listings only with all of them in the sort, no block", async () => {
    const items = await walk("promoted=true", 4);
    expect(items.map((i) => i.id).sort((a, b) => a - b)).toEqual([...promoted, ...elsewhere].sort((a, b) => a - b));
    expect((await search("promoted=true")).promoted).toEqual([]);
    const none = await walk(`${BEOGRAD}&promoted=false`, 10);
    expect(none.some((i) => i.promoted)).toBe(false);
  });
});

describe("a search without placements first", () => {
  it("ranked=false keeps the visitor's sort alone, promoted listings where the sort puts them", async () => {
    const all = await walk(`${BEOGRAD}&ranked=false`, 50);
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
    ["/buy/apartment/beograd/", "Promoted listings", "Top"],
    ["/ru/buy/apartment/beograd/", "Продвигаемые объявления", "Топ"],
    ["/sr/buy/apartment/beograd/", "Istaknuti oglasi", "Top"],
    ["/search/?type=4&city=beograd", "Promoted listings", "Top"],
  ])("%s shows the block, labelled, its listings once", async (path, heading, label) => {
    const html = await page(path);
    const start = html.indexOf('data-testid="promoted-block"');
    expect(start, path).toBeGreaterThan(0);
    const block = html.slice(start, html.indexOf("</section>", start));
    expect(block).toContain(`>${heading}<`);
    const inBlock = promoted.filter((id) => block.includes(`listing-${id}-title`));
    expect(inBlock).toHaveLength(PROMOTED_PER_PAGE);
    expect(block.split(`>${label}<`).length - 1).toBe(PROMOTED_PER_PAGE);
    // Not repeated in the results under the block.
    for (const id of inBlock) expect(html.split(`id="listing-${id}-title"`).length - 1).toBe(1);
  });

  it("keeps the page's results sorted by price under the block", async () => {
    const html = await page("/buy/apartment/beograd/?sort=price_asc");
    const after = html.slice(html.indexOf("</section>", html.indexOf('data-testid="promoted-block"')));
    const ids = [...after.matchAll(/id="listing-(\d+)-title"/g)].map((m) => Number(m[1]));
    expect(ids.length).toBeGreaterThan(5);
    const { results } = await env.DB.prepare(
      `SELECT id, price FROM listings WHERE id IN (${ids.map(() => "?").join(", ")})`,
    )
      .bind(...ids)
      .all<{ id: number; price: number }>();
    const price = new Map(results.map((r) => [r.id, r.price]));
    const prices = ids.map((id) => price.get(id)!);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it("labels a highlighted card in words, visibly", async () => {
    const cheapest = await env.DB.prepare(
      "SELECT id FROM listings WHERE status = 'active' AND unconfirmed_at IS NULL AND property_lead = 1 AND type_id = 4 AND city_id = 1 AND promoted_until IS NULL ORDER BY price, id LIMIT 1",
    ).first<{ id: number }>();
    const ids = [cheapest!.id];
    await place("highlight_until", ids, NOW + DAY);
    const html = await page("/buy/apartment/beograd/?sort=price_asc");
    expect(html).toMatch(
      new RegExp(`<article [^>]*data-highlighted="true"[^>]*aria-labelledby="listing-${ids[0]}-title"`),
    );
    expect(html.match(/<article [^>]*data-highlighted/g)).toHaveLength(1);
    expect(html).toMatch(/<span class="highlightBadge_\w+">Highlighted<\/span>/);
    expect(await page("/ru/buy/apartment/beograd/?sort=price_asc")).toContain(">Выделено</span>");
  });
});
