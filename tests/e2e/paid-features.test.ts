/**
 * Decision 067 in Chromium: a list sorted by price shows its "Top" placements in a labelled block
 * above the results, which stay sorted, no listing twice — with JavaScript at 1280 × 800 in English, as the sort
 * changes, and without it at 390 × 844 in Russian. (A paid reveal showing the number at once: payments.test.ts.)
 */
import type { Page } from "playwright-core";
import { expect, inject, it } from "vitest";
import type { SearchResponse } from "#shared/api/realty.ts";
import { fileBrowser, hydrated, watchProblems } from "./browser.ts";

const baseURL = inject("baseURL");
const browser = fileBrowser();
const LIST = "/buy/apartment/beograd/";

/** The ids and prices of the block's cards and of the results under it, in the order shown. */
async function shown(page: Page) {
  const read = (selector: string) =>
    page.locator(selector).evaluateAll((cards) =>
      cards.map((card) => ({
        id: Number(/listing-(\d+)-title/.exec(card.getAttribute("aria-labelledby") ?? "")?.[1]),
        price: Number((card.querySelector("p strong")?.textContent ?? "").replace(/[^\d]/g, "")),
        text: card.textContent ?? "",
      })),
    );
  return {
    block: await read('[data-testid="promoted-block"] article'),
    results: await read('[aria-labelledby="results-count"] > div > ul > li article'),
  };
}

function checkPage({ block, results }: Awaited<ReturnType<typeof shown>>, order: "asc" | "desc", label: string) {
  expect(block.length).toBeGreaterThan(0);
  expect(block.length).toBeLessThanOrEqual(3);
  for (const card of block) expect(card.text).toContain(label);
  const prices = results.map((card) => card.price);
  expect(prices.length).toBeGreaterThan(5);
  expect(prices).toEqual([...prices].sort((a, b) => (order === "asc" ? a - b : b - a)));
  const blockIds = new Set(block.map((card) => card.id));
  expect(results.filter((card) => blockIds.has(card.id))).toEqual([]);
}

it("a sorted list keeps its order under a labelled block of Top listings, with and without JavaScript", async () => {
  // The seed's running "Top" placements include Beograd's flats for sale: the block has some.
  const api = await (await fetch(`${baseURL}/api/realty/search?deal=sale&type=4&city=beograd&sort=price_asc`)).json();
  expect((api as SearchResponse).promoted.length).toBeGreaterThan(0);

  const desktop = await browser().newContext({ baseURL, locale: "en-GB", viewport: { width: 1280, height: 800 } });
  const page = await desktop.newPage();
  const problems = watchProblems(page);
  try {
    await page.goto(`${LIST}?sort=price_asc`);
    await hydrated(page);
    expect(await page.getByTestId("promoted-block").getByRole("heading", { level: 3 }).textContent()).toBe(
      "Promoted listings",
    );
    checkPage(await shown(page), "asc", "Top");
    // The block stands above the results: its first card comes before the first result.
    const blockTop = await page.getByTestId("promoted-block").boundingBox();
    const resultsTop = await page.locator('[aria-labelledby="results-count"] > div > ul').boundingBox();
    expect(blockTop!.y).toBeLessThan(resultsTop!.y);
    // Another order: the block again, the results in the new order.
    await page.getByLabel("Sort").selectOption("price_desc");
    await page.waitForURL(`**${LIST}?sort=price_desc`);
    // The address changes before the new results arrive: wait for the first card to be the dearest.
    await expect
      .poll(async () => {
        const prices = (await shown(page)).results.map((card) => card.price);
        return prices.length > 0 && prices[0] === Math.max(...prices);
      })
      .toBe(true);
    checkPage(await shown(page), "desc", "Top");
  } finally {
    await desktop.close();
  }
  expect(problems).toEqual([]);

  const phone = await browser().newContext({
    baseURL,
    locale: "ru-RU",
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  try {
    const plain = await phone.newPage();
    await plain.goto(`/ru${LIST}?sort=price_asc`);
    expect(await plain.getByTestId("promoted-block").getByRole("heading", { level: 3 }).textContent()).toBe(
      "Продвигаемые объявления",
    );
    checkPage(await shown(plain), "asc", "Топ");
  } finally {
    await phone.close();
  }
}, 60_000);
