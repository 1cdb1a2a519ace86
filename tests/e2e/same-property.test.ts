/**
 * One card per property (decision 090): a flat the seed has offered by two advertisers shows as one card,
 * its cheapest offer, saying "2 offers of this property"; its page lists the other offer, whose link opens
 * that offer's page, which names the first in turn. With JavaScript and without.
 */
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { fileBrowser, hydrated, watchProblems } from "./browser.ts";

const baseURL = inject("baseURL");
const browser = fileBrowser();

interface Item {
  id: number;
  path: string;
  price: number;
  deal: string;
  offers: number;
  city: { slug: string };
}
interface Detail {
  same_property: { id: number; price: number; advertiser_type: string; path: string }[];
}

let lead: Item;
let other: Detail["same_property"][number];
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  // The seed's groups: find one of two offers through the API, page by page.
  for (let page = 1; page <= 60 && !lead; page++) {
    const res = await fetch(`${baseURL}/api/realty/search?per_page=50&page=${page}&sort=price_asc&ranked=false`);
    const body = (await res.json()) as { items: Item[] };
    if (!body.items.length) break;
    lead = body.items.find((item) => item.offers === 2)!;
  }
  expect(lead).toBeDefined();
  const detail = (await (await fetch(`${baseURL}/api/realty/${lead.id}`)).json()) as { data: Detail };
  expect(detail.data.same_property).toHaveLength(1);
  other = detail.data.same_property[0]!;
  expect(other.price).toBeGreaterThanOrEqual(lead.price);
});
afterAll(async () => {
  for (const context of contexts) await context.close();
});

for (const javaScriptEnabled of [true, false]) {
  it(`shows one card with "2 offers of this property" and links the other offer (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async () => {
    const context = await browser().newContext({ baseURL, locale: "en-GB", javaScriptEnabled });
    contexts.push(context);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(
      `/search/?deal=${lead.deal}&city=${lead.city.slug}&price_min=${lead.price}&price_max=${other.price}&sort=price_asc`,
    );
    if (javaScriptEnabled) await hydrated(page);
    const card = page.locator("article", { has: page.locator(`a[href="${lead.path}"]`) });
    await expect.poll(() => card.getByTestId("card-offers").textContent()).toBe("2 offers of this property");
    // The other offer has no card of its own.
    expect(await page.locator(`a[href="${other.path}"]`).count()).toBe(0);

    await card.locator(`a[href="${lead.path}"]`).click();
    await page.waitForURL(`${baseURL}${lead.path}`);
    const section = page.getByTestId("same-property");
    await expect.poll(() => section.getByRole("heading").textContent()).toBe("Also offered by");
    const link = section.getByRole("link");
    expect(await link.count()).toBe(1);
    expect(await link.textContent()).toMatch(other.advertiser_type === "agency" ? /^An agency: / : /^An owner: /);
    await link.click();
    await page.waitForURL(`${baseURL}${other.path}`);
    // The other offer's page names the first in turn.
    await expect.poll(() => page.getByTestId("same-property").locator(`a[href="${lead.path}"]`).count()).toBe(1);
    expect(problems).toEqual([]);
  });
}
