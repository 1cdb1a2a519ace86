/**
 * Decision 044 in Chromium: the map on a city list (clusters, zooming in to single listings, the popup's card
 * and its link), a pan writing `bounds` and reloading the list, list ↔ map highlighting, the bounds form
 * without JavaScript, and the detail page's "Show on the map" with its `map` beacon.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterEach, expect, inject, it } from "vitest";
import { fileBrowser, hydrated, watchProblems } from "./browser.ts";

const baseURL = inject("baseURL");
/** The map's chunks, the basemap's style and the features come after hydration. */
const WAIT = { timeout: 10_000 };
const LIST = "/buy/apartment/beograd/";
const browser = fileBrowser();
let context: BrowserContext;
let page: Page;
let problems: string[];
let javaScriptOff = false;

async function open(javaScriptEnabled = true) {
  javaScriptOff = !javaScriptEnabled;
  context = await browser().newContext({
    baseURL,
    locale: "en-GB",
    javaScriptEnabled,
    viewport: { width: 1280, height: 900 },
  });
  page = await context.newPage();
  problems = watchProblems(page);
}

afterEach(async () => {
  await context.close();
  // Requests a navigation or a newer map move abort, and (without JavaScript) the refused module preloads.
  const benign = (p: string) =>
    /^requestfailed: \S+(\/favicon\.svg|\/api\/realty\/map\?\S*|\/api\/statistics\/realty\/\d+\/list|\.data\S*) net::ERR_ABORTED$/.test(
      p,
    ) ||
    (javaScriptOff && /^requestfailed: \S+\.js csp$/.test(p));
  expect(problems.filter((p) => !benign(p))).toEqual([]);
});

const map = () => page.getByTestId("results-map");
// A cluster's badge: each marker is a zero-sized anchor (focusable, named) with its badge centred on the point.
const clusters = () => map().locator(".leaflet-marker-icon > [data-size]");
const pills = () => map().locator("[data-listing-id]");
const count = () => page.locator("#results-count").textContent();
const boundsOfUrl = () => new URL(page.url()).searchParams.get("bounds");

/** The number in "277 properties". */
const listed = async () => Number((await count())!.replace(/\D/g, ""));

/**
 * Clicks the biggest cluster (each click zooms in at least one level) until single listings show and, with
 * `few`, until the list holds every listing of the area (so list and map show the same ones).
 */
async function zoomIn(few = false) {
  const clicks: string[] = [];
  for (let step = 0; step < 14; step++) {
    const done = step > 0 && (await pills().count()) > 0 && (!few || (await listed()) <= 24);
    if (done || (await clusters().count()) === 0) break;
    const before = page.url();
    const badges = await clusters().allTextContents();
    const biggest = badges.map(Number).reduce((best, n, i, all) => (n > all[best]! ? i : best), 0);
    // A click where nothing covers the badge (markers may overlap); else Enter on the focused marker.
    const badge = clusters().nth(biggest);
    const clickable = await badge.click({ trial: true, timeout: 1000 }).then(
      () => true,
      () => false,
    );
    if (clickable) await badge.click();
    else {
      await map().locator(".leaflet-marker-icon:has(> [data-size])").nth(biggest).focus();
      await page.keyboard.press("Enter");
    }
    clicks.push(clickable ? "click" : "Enter");
    await page.waitForURL((url) => url.href !== before);
    await expect.poll(() => page.locator("section[aria-busy]").count(), WAIT).toBe(0);
    await expect.poll(async () => (await pills().count()) + (await clusters().count()), WAIT).toBeGreaterThan(0);
  }
  expect(await pills().count()).toBeGreaterThan(0);
  return clicks;
}

it("zooms into a cluster to single listings, opens a popup's card and follows it to the listing", async () => {
  await open();
  await page.goto(`${LIST}?view=map`);
  await hydrated(page);
  // The map's container and its instructions; clusters named with their counts.
  await expect.poll(() => map().locator(".leaflet-marker-icon").count(), WAIT).toBeGreaterThan(0);
  expect(await map().getAttribute("aria-label")).toBe("Map of the results");
  expect(await page.locator(".leaflet-control-attribution").isVisible()).toBe(true);
  const labels = await map()
    .locator(".leaflet-marker-icon:has(> [data-size])")
    .evaluateAll((icons) => icons.map((icon) => icon.getAttribute("aria-label")));
  expect(labels.length).toBeGreaterThan(0);
  for (const label of labels) expect(label).toMatch(/^\d+ propert(y|ies) — zoom in$/);
  // The live region tells the count of the area.
  await expect
    .poll(() => page.locator('[role="status"][aria-live="polite"]').filter({ hasText: "in this area" }).count(), WAIT)
    .toBe(1);

  const clicks = await zoomIn();
  expect(clicks.length).toBeGreaterThan(0);
  console.log(`map: zoomed in by ${clicks.join(", ")}`);
  // The URL carries the map's area and zoom; the list shows the same area.
  expect(boundsOfUrl()).toMatch(/^-?[\d.]+,-?[\d.]+,-?[\d.]+,-?[\d.]+$/);
  expect(new URL(page.url()).searchParams.get("zoom")).toMatch(/^\d+$/);
  expect(new URL(page.url()).searchParams.get("view")).toBe("map");

  // A price pill opens the listing's card (Enter works as a click) and its link leads to the listing.
  const pill = pills().first();
  const id = await pill.getAttribute("data-listing-id");
  const icon = map().locator(`.leaflet-marker-icon:has(> [data-listing-id="${id}"])`);
  // Its name begins with the price the pill shows (label in name), then the full price.
  const shown = (await pill.textContent()) ?? "";
  const name = (await icon.getAttribute("aria-label")) ?? "";
  expect(shown).not.toBe("");
  expect(name.startsWith(`${shown} (€`) && name.endsWith(") — show the listing")).toBe(true);
  await icon.focus(WAIT);
  await page.keyboard.press("Enter");
  const popup = page.getByTestId("map-popup");
  await popup.locator("article").waitFor(WAIT);
  const link = popup.locator("h3 a");
  expect(await link.getAttribute("href")).toMatch(new RegExp(`/${id}/$`));
  await link.click(WAIT);
  await page.waitForURL(new RegExp(`/buy/apartment/beograd/${id}/$`), WAIT);
  await page.getByTestId("listing-detail").waitFor();
});

it("a pan writes the map's area to the URL and the list follows; list and map highlight each other", async () => {
  await open();
  await page.goto(`${LIST}?view=map`);
  await hydrated(page);
  await expect.poll(() => map().locator(".leaflet-marker-icon").count(), WAIT).toBeGreaterThan(0);
  await zoomIn();
  const countBefore = await count();
  const boundsBefore = boundsOfUrl();

  // Dragging the map: a new area in the URL (the entry replaced), and the list reloads for it.
  const box = (await map().boundingBox())!;
  const historyLength = await page.evaluate(() => history.length);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 150, box.y + box.height / 2 - 60, { steps: 8 });
  await page.mouse.up();
  await expect.poll(boundsOfUrl, WAIT).not.toBe(boundsBefore);
  expect(await page.evaluate(() => history.length)).toBe(historyLength);
  await expect.poll(() => page.locator("section[aria-busy]").count(), WAIT).toBe(0);
  expect(await count()).toMatch(/^\d+ propert(y|ies)$/);
  // The pan's new features were drawn: time from `moveend` to drawn (the budget: 300 ms locally).
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName("map-update", "measure").length), WAIT)
    .toBeGreaterThan(0);
  const ms = await page.evaluate(() => performance.getEntriesByName("map-update", "measure")[0]!.duration);
  console.log(
    `map: a pan's moveend to its features drawn in ${ms.toFixed(0)} ms (count ${countBefore} → ${await count()})`,
  );
  expect(ms).toBeLessThan(1500);

  // "Update results when the map moves" off: a move only offers "Search this area", which applies it.
  await page.getByLabel("Update results when the map moves").uncheck();
  const kept = boundsOfUrl();
  await map().focus();
  await page.keyboard.press("ArrowLeft");
  const searchArea = page.getByRole("button", { name: "Search this area" });
  await searchArea.waitFor();
  expect(boundsOfUrl()).toBe(kept);
  await searchArea.click();
  await expect.poll(boundsOfUrl, WAIT).not.toBe(kept);
  await expect.poll(() => searchArea.count()).toBe(0);

  // Highlighting: a card shown on the map as a pill lights the pill, and the pill lights the card.
  await page.getByLabel("Update results when the map moves").check();
  await zoomIn(true);
  const ids = await pills().evaluateAll((els) => els.map((el) => el.getAttribute("data-listing-id")));
  const cards = await page
    .locator("li[data-listing-id]")
    .evaluateAll((els) => els.map((el) => el.getAttribute("data-listing-id")));
  const both = ids.find((id) => cards.includes(id));
  if (both) {
    await page.locator(`li[data-listing-id="${both}"] article`).hover();
    await expect.poll(() => map().locator(`[data-listing-id="${both}"][data-active]`).count(), WAIT).toBe(1);
    await page.mouse.move(0, 0);
    await map().locator(`[data-listing-id="${both}"]`).hover({ force: true });
    await expect.poll(() => page.locator(`li[data-listing-id="${both}"][data-map-active]`).count(), WAIT).toBe(1);
  } else {
    throw new Error(`no listing both on the map (${ids.join()}) and in the list (${cards.join()})`);
  }
});

it("without JavaScript, the map view is the list with a bounds form that filters it", async () => {
  await open(false);
  await page.goto(`${LIST}?view=map&rooms=2`);
  const all = Number((await count())!.replace(/\D/g, ""));
  const form = page.getByRole("form", { name: "Area on the map" });
  expect(await form.isVisible()).toBe(true);
  // Prefilled with the city's surroundings.
  expect(Number(await page.getByLabel("South (latitude)").inputValue())).toBeGreaterThan(44);
  await page.getByLabel("South (latitude)").fill("44.80");
  await page.getByLabel("West (longitude)").fill("20.44");
  await page.getByLabel("North (latitude)").fill("44.83");
  await page.getByLabel("East (longitude)").fill("20.49");
  await form.getByRole("button", { name: "Search this area" }).click();
  await page.waitForURL((url) => url.searchParams.get("bounds") === "44.8,20.44,44.83,20.49");
  const url = new URL(page.url());
  expect(url.searchParams.get("view")).toBe("map");
  expect(url.searchParams.get("rooms")).toBe("2");
  const inArea = Number((await count())!.replace(/\D/g, ""));
  expect(inArea).toBeLessThan(all);
  // The switch's links keep the other parameters.
  const listLink = page
    .getByRole("navigation", { name: "Show the results as" })
    .getByRole("link", { name: "List", exact: true });
  expect(await listLink.getAttribute("href")).toBe(`${LIST}?rooms=2&bounds=44.8%2C20.44%2C44.83%2C20.49`);
});

it("the detail page shows the listing on the map on demand and counts it with the map beacon", async () => {
  await open();
  await page.goto(LIST);
  await hydrated(page);
  const href = (await page.locator("li[data-listing-id] h3 a").first().getAttribute("href"))!;
  // The list's own lazily loaded parts first: leaving the page would abort them.
  await page.waitForLoadState("networkidle");
  const id = href.match(/\/(\d+)\/$/)![1];
  await page.goto(href);
  await hydrated(page);
  const beacons: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === `/api/statistics/realty/${id}/map`)
      beacons.push(request.url());
  });
  // The OpenStreetMap link stays (it counts its own opens); the button opens the site's map.
  expect(await page.getByRole("link", { name: "Open on the map (OpenStreetMap)" }).count()).toBe(1);
  const show = page.getByRole("button", { name: "Show on the map" });
  const beacon = page.waitForRequest(
    (request) => request.method() === "POST" && new URL(request.url()).pathname === `/api/statistics/realty/${id}/map`,
  );
  await show.click();
  await beacon;
  await page.getByTestId("listing-map").locator(`[data-listing-id="${id}"]`).waitFor();
  expect(await page.getByRole("button", { name: "Hide the map" }).getAttribute("aria-expanded")).toBe("true");
  // Hiding and showing again counts nothing more.
  await page.getByRole("button", { name: "Hide the map" }).click();
  await page.getByRole("button", { name: "Show on the map" }).click();
  await page.getByTestId("listing-map").locator(`[data-listing-id="${id}"]`).waitFor();
  expect(beacons).toHaveLength(1);
});
