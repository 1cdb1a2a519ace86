/**
 * Slow data in a browser (decision 028): a page whose secondary data is late hydrates with
 * that section's fallback, and client-side navigations keep the same rules — a late section shows its
 * fallback, late critical data the 503 screen. The API is slowed with the development knobs.
 */
import type { Page } from "playwright-core";
import { expect, inject, it } from "vitest";
import en from "#locales/en.json";
import { CRITICAL_DATA_TIMEOUT_MS, STREAM_TIMEOUT_MS } from "#shared/constants.ts";
import { BROWSER_UA } from "#tests/fixtures/requests.ts";
import { fileBrowser, hydrated, pagePerTest } from "./browser.ts";
import { LEFT_SCRIPTS } from "./session.ts";

const baseURL = inject("baseURL");
const browser = fileBrowser();
/** Past the page data deadline (CRITICAL_DATA_TIMEOUT_MS), short of the stream timeout. */
const SLOW = "5000";
// A navigation whose critical data is late is answered 503: the browser reports the failed load.
const page = pagePerTest(browser, { baseURL, locale: "en-GB", userAgent: BROWSER_UA }, [
  /Failed to load resource: the server responded with a status of 503/,
  // On a busy machine the list's lazy chunks are still loading when the test leaves the page.
  LEFT_SCRIPTS,
]);

/** A sale apartment in Belgrade with a gallery to page through (other files add ones without), found through the API. */
async function listingPath(): Promise<string> {
  const res = await fetch(`${baseURL}/api/realty/search?deal=sale&type=4&city=beograd&per_page=50`);
  const { items } = (await res.json()) as { items: { path: string; image_count: number }[] };
  return items.find((item) => item.image_count > 1)!.path;
}

/**
 * Slows the API of the page's requests from now on (only `onlyPath` when given). Headers on every request,
 * not a route on `.data`: a navigation the router had to make a document load is slowed too.
 */
async function slowNavigations(tab: Page, onlyPath?: string) {
  await tab.setExtraHTTPHeaders({
    "x-debug-api-delay": SLOW,
    ...(onlyPath ? { "x-debug-api-delay-path": onlyPath } : {}),
  });
}

/** The title link of a listing card. */
const CARD_LINK = `[id^="listing-"][id$="-title"] a`;
const similar = (tab: Page) => tab.getByRole("region", { name: en["detail.similar.heading"] });

it(
  "hydrates the home page with every section late: each says so, the page never turns into the error screen",
  {
    timeout: 20_000,
  },
  async () => {
    const tab = page();
    await tab.setExtraHTTPHeaders({ "x-debug-api-delay": SLOW });
    const answer = await tab.goto("/");
    expect(answer?.status()).toBe(200);
    await hydrated(tab);
    const fallbacks = tab.getByText(en["home.sectionUnavailable"]);
    await expect.poll(() => fallbacks.count(), { timeout: 8_000 }).toBe(6);
    // Past the stream timeout too: nothing left to abort, the page stays.
    await tab.waitForTimeout(STREAM_TIMEOUT_MS - CRITICAL_DATA_TIMEOUT_MS);
    expect(await tab.locator("h1").textContent()).toBe(en["page.home.heading"]);
    expect(await fallbacks.count()).toBe(6);
  },
);

it(
  "hydrates a listing whose similar listings are late, showing that section's fallback",
  { timeout: 20_000 },
  async () => {
    const tab = page();
    await tab.setExtraHTTPHeaders({ "x-debug-api-delay": SLOW, "x-debug-api-delay-path": "/api/realty/search" });
    await tab.goto(await listingPath());
    await hydrated(tab);
    await expect.poll(() => similar(tab).textContent(), { timeout: 8_000 }).toContain(en["detail.similar.unavailable"]);
    expect(await tab.getByTestId("similar-skeleton").count()).toBe(0);
    expect(await tab.locator("h1").textContent()).not.toBe(en["error.unavailable.heading"]);
    // Still a working page: the gallery answers.
    await tab.getByRole("button", { name: "Next photo" }).first().click();
  },
);

it(
  "keeps the rules on client-side navigations: a late section falls back, late critical data is the 503 screen",
  { timeout: 30_000 },
  async () => {
    const tab = page();
    await tab.goto("/buy/apartment/beograd/");
    await hydrated(tab);
    const title = await tab.locator(CARD_LINK).first().textContent();

    await slowNavigations(tab, "/api/realty/search");
    await tab.locator(CARD_LINK).first().click();
    await tab.waitForURL(/\/buy\/apartment\/beograd\/\d+\/$/);
    await expect.poll(() => tab.locator("h1").textContent()).toBe(title);
    await expect.poll(() => similar(tab).textContent(), { timeout: 8_000 }).toContain(en["detail.similar.unavailable"]);

    await slowNavigations(tab);
    await tab.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Rent" }).click();
    await expect.poll(() => tab.locator("h1").textContent(), { timeout: 8_000 }).toBe(en["error.unavailable.heading"]);
  },
);
