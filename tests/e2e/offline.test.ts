/**
 * Decision 043: the service worker keeps the pages a visitor has seen. Offline, a listing
 * viewed before and the guest's favourites page open from it (marked as saved copies), any other page
 * answers the offline page in the visitor's language listing what is available; back online, pages
 * are the network's again. A signed-in page is never kept.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterEach, beforeAll, expect, inject, it } from "vitest";
import { OFFLINE_COPY_META } from "#client/pwa/protocol.ts";
import { localizePath } from "#shared/locales.ts";
import { closeWatched, fileBrowser, hydrated, watchProblems } from "./browser.ts";
import { cachedPaths, serviceWorkerControls, setOffline, texts } from "./pwa.ts";
import { loopbackAddress, signIn } from "./session.ts";

const baseURL = inject("baseURL");
const browser = fileBrowser();
const en = texts("en");
const ru = texts("ru");

/**
 * Offline, the page's own requests that are not the service worker's to answer fail (statistics beacons,
 * API calls of its scripts, React Router's discovery of the routes its links lead to); Chromium logs
 * each failed load, React Router its failed discovery.
 */
const OFFLINE_FAILURES = [
  /ERR_INTERNET_DISCONNECTED/,
  /^console\.error: Failed to load resource/,
  /^console\.error: Failed to fetch manifest patches TypeError: Failed to fetch/,
  // A load the page's own navigation cancelled (the reload back online while a stylesheet was coming).
  /^requestfailed: \S+ net::ERR_ABORTED$/,
  // Back online, the offline page returns to the page asked for; when the service worker still finds no
  // network, it lands on the offline page again, which tries once more after the 10 s guard and says so.
  /^console\.warning: Not reloading for back online: the page reloaded less than 10 s ago$/,
];

let context: BrowserContext | undefined;
let page: Page;
let problems: string[];
/** A listing with photos, by the API (no ids written into the test). */
let listingPath: string;

beforeAll(async () => {
  const search = (await (await fetch(`${baseURL}/api/realty/search?deal=sale&city=beograd&per_page=5`)).json()) as {
    items: { path: string; id: number }[];
  };
  listingPath = new URL(search.items[0]!.path, baseURL).pathname;
});

async function open(b: Browser) {
  context = await b.newContext({
    baseURL,
    locale: "en-GB",
    extraHTTPHeaders: { "cf-connecting-ip": loopbackAddress() },
  });
  context.setDefaultTimeout(20_000);
  page = await context.newPage();
  problems = watchProblems(page);
}

afterEach(async () => {
  if (context) await closeWatched(context);
  context = undefined;
  expect(problems.filter((problem) => !OFFLINE_FAILURES.some((re) => re.test(problem)))).toEqual([]);
});

/** The page's main heading, as the visitor reads it. */
const heading = (p: Page) => p.locator("h1").first().textContent();

it("opens a listing and the favourites page seen before offline, the offline page in Russian for any other, and the network's pages again online", async () => {
  await open(browser());
  await page.goto("/");
  await hydrated(page);
  await serviceWorkerControls(page);

  // The listing, now through the service worker; favourited by its button (a form post, as without JavaScript).
  await page.goto(listingPath);
  await hydrated(page);
  const listingHeading = await heading(page);
  expect(listingHeading).toBeTruthy();
  const id = /\/(\d+)\/$/.exec(listingPath)![1]!;
  const favourite = page.locator(`form:has(input[name="id"][value="${id}"]) button[aria-pressed]`).first();
  const posted = page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/favourites/"),
  );
  await favourite.click();
  await posted;
  await expect.poll(() => favourite.getAttribute("aria-pressed")).toBe("true");
  await page.waitForLoadState("networkidle");

  await page.goto("/favourites/");
  await hydrated(page);
  await page.locator(`main a[href="${listingPath}"]`).first().waitFor();
  // The pages are kept once their responses have been read: wait for both (the favourites page may be
  // kept again by the page after the favourites changed — any entry will do).
  await expect
    .poll(async () => {
      const kept = await cachedPaths(page);
      return [listingPath, "/favourites/"].every((path) => kept.some((entry) => entry.startsWith(path)));
    })
    .toBe(true);

  await setOffline(page, true);

  // The listing: rendered from the saved copy, marked as one, and saying so.
  await page.goto(listingPath);
  expect(await heading(page)).toBe(listingHeading);
  expect(await page.locator(`meta[name="${OFFLINE_COPY_META}"]`).getAttribute("content")).toBeTruthy();
  const [before, after] = en.raw("pwa.offlineCopy").split("{date}");
  const notice = page.getByText(before!.trim(), { exact: false });
  await notice.waitFor();
  expect(await notice.textContent()).toContain(after!.trim());

  // The favourites page: its list, from the saved copy.
  await page.goto("/favourites/");
  await page.locator(`main a[href="${listingPath}"]`).first().waitFor();

  // A page never visited, asked for in Russian: the offline page in Russian, which offers the listing.
  const unvisited = localizePath("/faq/", "ru");
  await page.goto(unvisited);
  await expect.poll(() => heading(page)).toBe(ru.t("page.offline.heading"));
  expect(await page.evaluate(() => document.documentElement.lang)).toBe("ru");
  await page.locator(`main a[href$="${listingPath}"]`).first().waitFor();
  // It hydrates offline (its scripts are precached), and then listens for the connection.
  await hydrated(page);

  // Online again: the offline page goes to the page asked for, now the network's.
  await setOffline(page, false);
  await page.waitForURL((url) => url.pathname === unvisited);
  await expect.poll(() => heading(page)).not.toBe(ru.t("page.offline.heading"));
  expect(await page.locator(`meta[name="${OFFLINE_COPY_META}"]`).count()).toBe(0);
  await hydrated(page);
});

it("never keeps a signed-in page", async () => {
  await open(browser());
  // A guest's page is kept: the worker is at work in this context.
  await page.goto("/about/");
  await hydrated(page);
  await serviceWorkerControls(page);
  await page.goto("/faq/");
  await hydrated(page);
  await expect.poll(async () => (await cachedPaths(page)).some((entry) => entry.startsWith("/faq/"))).toBe(true);

  await signIn(context!, "user");
  const response = await page.goto("/cabinet/");
  expect(response?.status()).toBe(200);
  expect(response?.headers()["cache-control"]).toContain("no-store");
  await hydrated(page);
  await page.waitForLoadState("networkidle");
  // The worker would have kept it by the time the page and its data have loaded; look for a while longer.
  const deadline = Date.now() + 2_000;
  while (Date.now() < deadline) {
    const kept = await cachedPaths(page);
    expect(kept.filter((entry) => entry.startsWith("/cabinet"))).toEqual([]);
    await page.waitForTimeout(250);
  }
});
