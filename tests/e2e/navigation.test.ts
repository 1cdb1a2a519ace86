import type { BrowserContext, Page } from "playwright-core";
import { afterEach, beforeEach, expect, inject, it } from "vitest";
import { closeWatched, fileBrowser, hydrated, watchProblems } from "./browser.ts";

const baseURL = inject("baseURL");
const browser = fileBrowser();
let context: BrowserContext;
let page: Page;
let problems: string[];
let dataRequests: string[];
let documentRequests: string[];

beforeEach(async () => {
  context = await browser().newContext({ baseURL, locale: "en-GB" });
  page = await context.newPage();
  problems = watchProblems(page);
  dataRequests = [];
  documentRequests = [];
  page.on("request", (request) => {
    if (request.url().includes(".data")) dataRequests.push(request.url());
    if (request.resourceType() === "document") documentRequests.push(request.url());
  });
});
afterEach(async () => {
  await closeWatched(context);
  // Any console error or warning (a hydration mismatch among them) fails the test that caused it.
  expect(problems).toEqual([]);
});

it("hydrates the home page and navigates client-side without reloading the document", async () => {
  await page.goto("/");
  await hydrated(page);
  await expect.poll(() => page.locator('[data-testid="popular-cities"] a').count()).toBeGreaterThan(5);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Rent" }).click();
  await page.waitForURL(`${baseURL}/rent/apartment/`);
  await expect.poll(() => page.locator("h1").textContent()).toBe("Apartments for rent in Serbia");
  expect(await page.title()).toContain("Apartments for rent in Serbia");

  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
  expect(documentRequests).toHaveLength(1);
  expect(dataRequests.some((url) => new URL(url).pathname === "/rent/apartment/_.data")).toBe(true);
});

it("shows the progress bar and a busy main region while a navigation loads", async () => {
  await page.goto("/");
  await hydrated(page);
  // Hold the page data back long enough to see the loading state.
  await page.route("**/*.data*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await route.continue();
  });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Search" }).click();
  await expect.poll(() => page.getAttribute("main", "aria-busy")).toBe("true");
  expect(await page.locator("[data-active][aria-hidden=true]").count()).toBe(1);
  await page.waitForURL(`${baseURL}/search/`);
  await expect.poll(() => page.getAttribute("main", "aria-busy")).toBeNull();
  expect(await page.locator("[data-active][aria-hidden=true]").count()).toBe(0);
});

it("follows a city link from the streamed list", async () => {
  await page.goto("/");
  await hydrated(page);
  await page.locator('[data-testid="popular-cities"] a', { hasText: "Novi Sad" }).click();
  await page.waitForURL(`${baseURL}/buy/apartment/novi-sad/`);
  await expect.poll(() => page.locator("h1").textContent()).toBe("Apartments for sale — Novi Sad");
  expect(documentRequests).toHaveLength(1);
});

it("switches language in place, keeping the page and storing the choice", async () => {
  await page.goto("/search/?q=stan");
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));

  await page.getByRole("navigation", { name: "Language" }).getByRole("link", { name: "Русский" }).click();
  await page.waitForURL(`${baseURL}/ru/search/?q=stan`);
  await expect.poll(() => page.locator("h1").textContent()).toBe("Поиск недвижимости");
  expect(await page.getAttribute("html", "lang")).toBe("ru");
  expect((await context.cookies()).find((c) => c.name === "locale")?.value).toBe("ru");

  await page.getByRole("navigation", { name: "Язык" }).getByRole("link", { name: "English" }).click();
  await page.waitForURL(`${baseURL}/search/?q=stan`);
  await expect.poll(() => page.locator("h1").textContent()).toBe("Property search");
  expect(await page.getAttribute("html", "lang")).toBe("en");
  expect((await context.cookies()).find((c) => c.name === "locale")?.value).toBe("en");
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);

  // The stored choice now holds on a fresh visit of an unprefixed URL.
  await page.goto("/about/");
  expect(page.url()).toBe(`${baseURL}/about/`);
});

it("a stored Serbian choice brings an unprefixed visit to the Serbian page", async () => {
  await context.addCookies([{ name: "locale", value: "sr", url: baseURL }]);
  await page.goto("/about/");
  expect(page.url()).toBe(`${baseURL}/sr/about/`);
  expect(await page.getAttribute("html", "lang")).toBe("sr");
});

it("the 404 page's search form leads to the search page", async () => {
  const response = await page.goto("/no-such-page/");
  expect(response?.status()).toBe(404);
  await hydrated(page);
  await expect.poll(() => page.locator("h1").textContent()).toBe("Page not found…");
  await page.getByLabel("Try searching on our website:").fill("Novi Sad");
  await page.getByRole("button", { name: "Search" }).click();
  await page.waitForURL(`${baseURL}/search/?q=Novi+Sad`);
  await expect.poll(() => page.locator("h1").textContent()).toBe("Property search");
  // A 404 from a request is expected here and is not a console problem of ours: drop it.
  problems.splice(0, problems.length, ...problems.filter((p) => !p.includes("404")));
});

it("works without JavaScript: links and the search form are real", async () => {
  const noJs = await browser().newContext({ baseURL, javaScriptEnabled: false });
  const plain = await noJs.newPage();
  await plain.goto("/nope/");
  await plain.getByLabel("Try searching on our website:").fill("Zemun");
  await plain.getByRole("button", { name: "Search" }).click();
  await plain.waitForURL(`${baseURL}/search/?q=Zemun`);
  await plain.getByRole("link", { name: "Srpski" }).click();
  await plain.waitForURL(`${baseURL}/sr/search/?q=Zemun`);
  expect(await plain.locator("h1").textContent()).toBe("Pretraga nekretnina");
  await plain.getByRole("link", { name: "English" }).click();
  await plain.waitForURL(`${baseURL}/search/?q=Zemun`);
  expect(await plain.locator("h1").textContent()).toBe("Property search");
  await noJs.close();
});
