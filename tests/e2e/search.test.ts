import type { BrowserContext, Page } from "playwright-core";
import { afterEach, expect, inject, it } from "vitest";
import { hydrated, watchProblems, fileBrowser } from "./browser.ts";

const baseURL = inject("baseURL");
const LIST = "/buy/apartment/beograd/";
const browser = fileBrowser();
let context: BrowserContext;
let page: Page;
let problems: string[];
let dataRequests: string[];
let documentRequests: string[];
let beacons: string[];
let beaconsDone: number;

let javaScriptOff = false;

async function open(javaScriptEnabled: boolean) {
  javaScriptOff = !javaScriptEnabled;
  context = await browser().newContext({
    baseURL,
    locale: "en-GB",
    javaScriptEnabled,
    viewport: { width: 1280, height: 900 },
  });
  page = await context.newPage();
  problems = watchProblems(page);
  dataRequests = [];
  documentRequests = [];
  beacons = [];
  beaconsDone = 0;
  const isBeacon = (request: { method(): string; url(): string }) =>
    request.method() === "POST" && /^\/api\/statistics\/realty\/\d+\/list$/.test(new URL(request.url()).pathname);
  page.on("requestfinished", (request) => {
    if (isBeacon(request)) beaconsDone++;
  });
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith(".data")) dataRequests.push(url.pathname + url.search);
    if (request.resourceType() === "document") documentRequests.push(url.pathname + url.search);
    if (request.method() === "POST" && /^\/api\/statistics\/realty\/\d+\/list$/.test(url.pathname))
      beacons.push(url.pathname);
  });
  page.on("response", (response) => {
    if (response.status() >= 500)
      problems.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
}

afterEach(async () => {
  await context.close();
  // Without JavaScript Chromium refuses the module preloads (reported as "csp"); a document left at once
  // (a form submission, a new goto) drops its favicon request. Neither is a failure of the page.
  const benign = (p: string) =>
    /^requestfailed: \S+\/favicon\.svg net::ERR_ABORTED$/.test(p) ||
    (javaScriptOff && /^requestfailed: \S+\.js csp$/.test(p));
  expect(problems.filter((p) => !benign(p))).toEqual([]);
});

const count = () => page.locator("#results-count").textContent();
/** Lets the list beacons under way finish before the document is left (keepalive ones survive it, but
 * Chromium reports them to the page as aborted). */
const beaconsSettled = () => expect.poll(() => beaconsDone === beacons.length, { timeout: 10_000 }).toBe(true);
const cardCount = () => page.locator('[id^="listing-"][id$="-title"]').count();
/** The cards of the results under the promoted block (decision 067), and of the block. */
const resultCount = () => page.locator('[aria-labelledby="results-count"] > div > ul > li article').count();
const blockCount = () => page.locator('[data-testid="promoted-block"] article').count();

// A busy machine's time: every card shown, the promoted block's too, sends its list beacon.
it("filters, sorts and pages with JavaScript without reloading the document", { timeout: 60_000 }, async () => {
  await open(true);
  await page.goto(LIST);
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  const before = await count();
  expect(before).toMatch(/^\d+ properties$/);
  // Each listing shown counts one list view: sent once the browser is idle (up to 2 s), two at a time —
  // seconds on a busy machine, not vitest's default second.
  await expect.poll(() => beacons.length, { timeout: 15_000 }).toBe(await cardCount());

  // A choice applies at once.
  await page.getByRole("checkbox", { name: /^2 rooms/ }).check({ force: true });
  await page.waitForURL(`${baseURL}${LIST}?rooms=2`);
  await expect.poll(count).not.toBe(before);
  const twoRooms = await count();
  expect(dataRequests.some((url) => url.startsWith(`${LIST}_.data`))).toBe(true);
  // The new count is announced.
  await expect.poll(() => page.locator('[role="status"][aria-live="polite"]').textContent()).toBe(twoRooms);

  // The sort order, outside the form, belongs to it.
  await page.getByLabel("Sort").selectOption("price_asc");
  await page.waitForURL(`${baseURL}${LIST}?rooms=2&sort=price_asc`);
  await expect.poll(() => page.locator("#search-sort").inputValue()).toBe("price_asc");
  // Paid "Top" placements stand in a block of their own above the results (decision 067): the results keep the sort.
  const prices = async () =>
    (await page.locator('[aria-labelledby="results-count"] > div > ul > li article p strong').allTextContents()).map(
      (p) => Number(p.replace(/[^\d]/g, "")),
    );
  await expect
    .poll(async () => {
      const list = await prices();
      return list.length > 1 && list.every((price, i) => i === 0 || list[i - 1]! <= price);
    })
    .toBe(true);

  // A typed number applies after a pause, and the field keeps its focus and text.
  const priceMax = page.getByLabel("Price to, €");
  await priceMax.pressSequentially("150000");
  await page.waitForURL(`${baseURL}${LIST}?price_max=150000&rooms=2&sort=price_asc`);
  await expect.poll(() => priceMax.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await priceMax.inputValue()).toBe("150000");

  // A place picked from the type-ahead.
  const where = page.getByLabel("City or district");
  await where.fill("Vrač");
  await expect.poll(() => page.locator("#search-places option").count()).toBeGreaterThan(0);
  await where.fill("Vračar, Belgrade");
  await page.waitForURL(`${baseURL}${LIST}?district=vracar&price_max=150000&rooms=2&sort=price_asc`);
  await expect.poll(() => page.locator("#search-district").inputValue()).toBe("vracar");

  // Back to a wider search, then page 2 by its link: the results heading takes focus.
  await beaconsSettled();
  await page.goto(`${LIST}?sort=price_asc`);
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 43));
  const docsBefore = documentRequests.length;
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
  await page.waitForURL(`${baseURL}${LIST}?sort=price_asc&page=2`);
  await expect
    .poll(() => page.getByRole("navigation", { name: "Pages" }).locator('[aria-current="page"]').textContent())
    .toBe("2");
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("results-count");
  expect(await page.title()).toContain("page 2");
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(43);
  expect(documentRequests.length).toBe(docsBefore);

  // Clearing the type leads to the search page, still without a reload.
  await page.getByLabel("Property type").selectOption("");
  await page.waitForURL(`${baseURL}/search/?deal=sale&city=beograd&sort=price_asc`);
  await expect.poll(() => page.locator("h1").textContent()).toBe("Property for sale — Belgrade");
  expect(documentRequests.length).toBe(docsBefore);
  await beaconsSettled();
});

it("filters, sorts and pages without JavaScript", async () => {
  await open(false);
  await page.goto(LIST);
  await page.locator('label:has(input[name="rooms"][value="2"])').click();
  await page.getByRole("button", { name: "Show listings" }).click();
  await page.waitForURL(`${baseURL}${LIST}?rooms=2`);
  expect(await page.locator('input[name="rooms"][value="2"]').isChecked()).toBe(true);
  expect(await count()).toMatch(/^\d+ properties$/);

  await page.getByLabel("Sort").selectOption("price_desc");
  await page.getByRole("button", { name: "Apply" }).click();
  await page.waitForURL(`${baseURL}${LIST}?rooms=2&sort=price_desc`);
  expect(await page.locator("#search-sort").inputValue()).toBe("price_desc");

  await page.getByLabel("City or district").fill("Zemun");
  await page.getByRole("button", { name: "Show listings" }).click();
  await page.waitForURL(`${baseURL}${LIST}?district=zemun&rooms=2&sort=price_desc`);

  await page.goto(`${LIST}?sort=price_desc`);
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
  await page.waitForURL(`${baseURL}${LIST}?sort=price_desc&page=2`);
  expect(await page.locator('nav[aria-label="Pages"] [aria-current="page"]').textContent()).toBe("2");
  // A page of 24 results, less those the promoted block above them shows already.
  const results = await resultCount();
  expect(results).toBeLessThanOrEqual(24);
  expect(results + (await blockCount())).toBeGreaterThanOrEqual(24);

  // Moving to another deal from the form lands on that list.
  await page.locator('label:has(input[name="deal"][value="rent"])').click();
  await page.getByRole("button", { name: "Show listings" }).click();
  await page.waitForURL(`${baseURL}/rent/apartment/beograd/?sort=price_desc`);
  expect(await page.locator("h1").textContent()).toBe("Apartments for rent — Belgrade");
  expect(dataRequests).toEqual([]);
  expect(beacons).toEqual([]);
});
