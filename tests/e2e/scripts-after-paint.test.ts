/**
 * Scripts load after the page has painted (decision 015): after its priority image, at the visitor's
 * first key or tap, after PRIORITY_IMAGE_WAIT_MS at the latest, and at once in a hidden tab.
 */
import type { Route } from "playwright-core";
import { beforeAll, expect, inject, it } from "vitest";
import { BROWSER_UA } from "#harness/audit/pages.ts";
import { PRIORITY_IMAGE_WAIT_MS } from "#worker/middleware/scripts-after-paint.ts";
import { fileBrowser, hydrated, pagePerTest } from "./browser.ts";

const baseURL = inject("baseURL");
const tab = pagePerTest(fileBrowser(), { baseURL, locale: "en-GB" });
/** A listing page: its first photo is the page's priority image. */
let detailPath: string;

beforeAll(async () => {
  const search = (await (await fetch(`${baseURL}/api/realty/search?deal=sale&city=beograd&per_page=5`)).json()) as {
    items: { path: string; image_count: number }[];
  };
  detailPath = search.items.find((item) => item.image_count >= 1)!.path;
});

/** Holds the listing photos until `release()`; records when scripts are asked for. */
async function holdPhotos() {
  const page = tab();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: Route[] = [];
  // A seeded illustration or an uploaded photo's WebP variant (the newest listings may have photos).
  await page.route(/\/images\/listings\/\d+\.svg$|\/photos\/[\w-]+\.webp$/, async (route) => {
    held.push(route);
    await released;
    await route.continue();
  });
  const scripts: number[] = [];
  page.on("request", (request) => {
    if (/\/assets\/[\w.-]+\.js$/.test(new URL(request.url()).pathname)) scripts.push(Date.now());
  });
  return { release, held, scripts };
}

it("asks for no script until the page's priority photo has arrived, then hydrates", async () => {
  const photos = await holdPhotos();
  const page = tab();
  await page.goto(detailPath, { waitUntil: "domcontentloaded" });
  await expect.poll(() => photos.held.length).toBeGreaterThan(0);
  await page.waitForTimeout(600);
  expect(photos.scripts).toEqual([]);
  const releasedAt = Date.now();
  photos.release();
  await hydrated(page);
  expect(photos.scripts.length).toBeGreaterThan(3);
  expect(Math.min(...photos.scripts)).toBeGreaterThanOrEqual(releasedAt);
  // Every module the router asked to preload is preloaded, none twice.
  const html = await (await fetch(`${baseURL}${detailPath}`, { headers: { "user-agent": BROWSER_UA } })).text();
  const asked = html.match(/data-modulepreload="([^"]+)"/)?.[1]?.split(" ") ?? [];
  const preloaded = await page.evaluate(() =>
    [...document.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute("href")),
  );
  expect(asked.length).toBeGreaterThan(3);
  // (Lazily loaded parts add links of their own, with full URLs.)
  for (const href of asked)
    expect(
      preloaded.filter((p) => p === href),
      href,
    ).toHaveLength(1);
});

it("starts them at the visitor's first key press", async () => {
  const photos = await holdPhotos();
  const page = tab();
  await page.goto(detailPath, { waitUntil: "domcontentloaded" });
  await page.waitForTimeout(300);
  expect(photos.scripts).toEqual([]);
  const pressedAt = Date.now();
  await page.keyboard.press("Tab");
  await hydrated(page);
  expect(Math.min(...photos.scripts)).toBeGreaterThanOrEqual(pressedAt);
  // Well before the wait runs out.
  expect(Math.min(...photos.scripts) - pressedAt).toBeLessThan(PRIORITY_IMAGE_WAIT_MS / 2);
  photos.release();
});

it(`waits ${PRIORITY_IMAGE_WAIT_MS} ms at most for a photo that does not come`, async () => {
  const photos = await holdPhotos();
  const page = tab();
  await page.goto(detailPath, { waitUntil: "domcontentloaded" });
  await hydrated(page);
  const firstScript = await page.evaluate(() =>
    Math.min(
      ...performance
        .getEntriesByType("resource")
        .filter((entry) => /\/assets\/[\w.-]+\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    ),
  );
  expect(firstScript).toBeGreaterThanOrEqual(PRIORITY_IMAGE_WAIT_MS);
  photos.release();
});

it("loads them at once in a tab nobody is looking at (nothing will paint there)", async () => {
  await tab().addInitScript(() => {
    Object.defineProperty(Document.prototype, "visibilityState", { get: () => "hidden" });
  });
  const photos = await holdPhotos();
  const page = tab();
  await page.goto(detailPath, { waitUntil: "domcontentloaded" });
  await hydrated(page);
  expect(photos.held.length).toBeGreaterThan(0);
  photos.release();
});

it("loads the service worker's page side once the scripts have started and the load event has fired", async () => {
  const photos = await holdPhotos();
  const page = tab();
  const pwa: number[] = [];
  page.on("request", (request) => {
    if (/\/assets\/pwa-[\w-]+\.js$/.test(new URL(request.url()).pathname)) pwa.push(Date.now());
  });
  await page.goto(detailPath, { waitUntil: "domcontentloaded" });
  await expect.poll(() => photos.held.length).toBeGreaterThan(0);
  // A key press starts the scripts; the held photo still holds the `load` event, and with it the page side.
  await page.keyboard.press("Shift");
  await hydrated(page);
  await page.waitForTimeout(300);
  expect(pwa).toEqual([]);
  const releasedAt = Date.now();
  photos.release();
  await expect.poll(() => pwa.length).toBe(1);
  expect(pwa[0]).toBeGreaterThanOrEqual(releasedAt);
  expect(await page.evaluate(() => document.readyState)).toBe("complete");
});
