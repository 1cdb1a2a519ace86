/**
 * Price history (decision 082): every price a listing shows the public is recorded from its first
 * publication; the detail answers and shows the history, lists answer a cut of the last 30 days as
 * `previous_price`, and cards say "was €X".
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiListing, ApiListingDetail, SearchResponse } from "#shared/api/realty.ts";
import { PRICE_CUT_SHOWN_DAYS } from "#shared/constants.ts";
import { BOT_UA, BROWSER_UA, ORIGIN, pageText } from "#tests/fixtures/requests.ts";
import { call, signUpByPhone, type SignedIn } from "./auth-fixtures.ts";
import { DAY, insertListing, NOW } from "./listing-fixtures.ts";

let owner: SignedIn;
beforeAll(async () => {
  owner = await signUpByPhone();
});

const edit = (id: number, price: number) =>
  call("/api/realty/edit/conditions", { body: { id, price }, jar: owner.jar, ip: owner.ip });
const detail = async (id: number) => (await (await call(`/api/realty/${id}`)).json<{ data: ApiListingDetail }>()).data;
/** The listing as lists answer it, on the day `now`. */
const listed = async (id: number, now?: number) =>
  (await (await call("/api/realty-by-ids", { body: { ids: [id] }, now })).json<{ items: ApiListing[] }>()).items[0]!;
/** A page as a browser (`BROWSER_UA`: streamed, the lazy parts rendered in place) or a crawler gets it. */
const page = async (path: string, userAgent = BROWSER_UA) =>
  pageText(
    await (await SELF.fetch(`${ORIGIN}${path}`, { headers: { "user-agent": userAgent, cookie: "locale=en" } })).text(),
  );

describe("the API", () => {
  it("answers the first publication, then each change while public, oldest first", async () => {
    const id = await insertListing(owner.user.id, { price: 200_000 });
    expect((await detail(id)).price_history).toEqual([
      { price: 200_000, currency: "EUR", at: new Date(NOW - 20 * DAY).toISOString() },
    ]);
    expect((await listed(id)).previous_price).toBeNull();

    expect((await edit(id, 190_000)).status).toBe(200);
    const after = await detail(id);
    expect(after.price).toBe(190_000);
    expect(after.price_history.map((point) => point.price)).toEqual([200_000, 190_000]);
    expect(Date.parse(after.price_history[1]!.at)).toBeGreaterThan(NOW - 60_000);
    expect(after.previous_price).toBe(200_000);

    // The same price again is no change; a second cut is.
    expect((await edit(id, 190_000)).status).toBe(200);
    expect((await edit(id, 185_000)).status).toBe(200);
    expect((await detail(id)).price_history.map((point) => point.price)).toEqual([200_000, 190_000, 185_000]);
    expect((await listed(id)).previous_price).toBe(190_000);
  });

  it("says 'was' only for a cut, and only for PRICE_CUT_SHOWN_DAYS days", async () => {
    const id = await insertListing(owner.user.id, { price: 300_000 });
    expect((await edit(id, 280_000)).status).toBe(200);
    expect((await listed(id, Date.now() + (PRICE_CUT_SHOWN_DAYS - 1) * DAY)).previous_price).toBe(300_000);
    expect((await listed(id, Date.now() + (PRICE_CUT_SHOWN_DAYS + 1) * DAY)).previous_price).toBeNull();

    expect((await edit(id, 290_000)).status).toBe(200);
    const raised = await listed(id);
    expect(raised.price).toBe(290_000);
    expect(raised.previous_price).toBeNull();
    expect((await detail(id)).price_history.map((point) => point.price)).toEqual([300_000, 280_000, 290_000]);
  });

  it("search items carry previous_price", async () => {
    const id = await insertListing(owner.user.id, { price: 150_000 });
    expect((await edit(id, 140_000)).status).toBe(200);
    const res = await call("/api/realty/search?type=4&city=beograd&sort=newest&per_page=5");
    const { items } = await res.json<SearchResponse>();
    const item = items.find((listing) => listing.id === id);
    expect(item?.previous_price).toBe(150_000);
    expect(items.every((listing) => "previous_price" in listing)).toBe(true);
  });

  it("has a history for every public listing of the seed, ending at its price", async () => {
    const { results } = await env.DB.prepare(
      `SELECT l.id FROM listings l WHERE l.status = 'active' AND l.price IS NOT
         (SELECT p.price FROM listing_prices p WHERE p.listing_id = l.id ORDER BY p.id DESC LIMIT 1)`,
    ).all();
    expect(results).toEqual([]);
  });
});

describe("the pages", () => {
  it("the detail shows the timeline, the cut since the first publication and the days on the market", async () => {
    const id = await insertListing(owner.user.id, { price: 200_000 });
    expect((await edit(id, 180_000)).status).toBe(200);
    const html = await page(`/buy/apartment/beograd/${id}/`);
    const timeline = /<ol[^>]*data-testid="price-history"[^>]*>(.*?)<\/ol>/s.exec(html)?.[1] ?? "";
    expect(timeline.match(/<li/g)).toHaveLength(2);
    expect(timeline).toContain("First listed");
    expect(timeline).toContain("Reduced by 10%");
    expect(html).toMatch(/Reduced by 10% since first listed.*On the market for 20 days/s);
  });

  it("a card says what the price was before a recent cut", async () => {
    const id = await insertListing(owner.user.id, { price: 123_500 });
    expect((await edit(id, 119_000)).status).toBe(200);
    const html = await page("/buy/apartment/beograd/?sort=newest", BOT_UA);
    const from = html.indexOf(`<li data-listing-id="${id}"`);
    expect(from).toBeGreaterThan(0);
    const card = html.slice(from, html.indexOf("</li>", from));
    expect(card).toMatch(/<span class="was_\w+">was €123,500<\/span>/);
  });
});
