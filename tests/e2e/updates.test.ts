/**
 * Decisions 042 and 043: two builds of the same site served one after the other on one origin
 * (harness/second-build.ts), as a deploy replaces a worker. An open page of build A learns of build B —
 * by the hourly build check or the waiting service worker — offers to reload, and reloads once into B.
 * And a page of A that needs a route chunk it has not loaded yet after B is deployed still works: from
 * A's precache when a service worker is there, else by one guarded reload into B — never an error screen
 * nor a reload loop.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { RELOAD_GUARD_MS } from "#shared/constants.ts";
import { FOLDERS, SEEDED_TEST_STATE } from "#harness/folders.ts";
import { buildSecond, CHANGED_ROUTE, oneOrigin } from "#harness/second-build.ts";
import { seedTestD1 } from "#harness/seed/local-d1.ts";
import { closeWatched, fileBrowser, hydrated, watchProblems } from "./browser.ts";
import { countDocuments, deployedBuildId, pageBuildId, serviceWorkerControls, texts } from "./pwa.ts";
import { loopbackAddress } from "./session.ts";

const A = FOLDERS.test.build;
const B = FOLDERS["test-b"].build;
const browser = fileBrowser();
const en = texts("en");
let origin: Awaited<ReturnType<typeof oneOrigin>>;
let context: BrowserContext | undefined;
let problems: string[] = [];
let expected: RegExp[] = [];

beforeAll(async () => {
  // Built once per source (a content hash of the files): a run after an unchanged one skips it.
  const second = buildSecond();
  console.log(`build B: ${second.built ? `built in ${Math.round(second.ms / 1000)} s` : "up to date"}`);
  await seedTestD1(FOLDERS["test-b"].state, SEEDED_TEST_STATE);
  origin = await oneOrigin(FOLDERS["test-b"].state);
}, 300_000);

afterAll(async () => {
  await origin?.stop();
});

afterEach(async () => {
  if (context) await closeWatched(context);
  context = undefined;
  expect(problems.filter((problem) => !expected.some((re) => re.test(problem)))).toEqual([]);
  problems = [];
  expected = [];
});

/** Serves build A afresh and opens a visitor's page on it. */
async function visitA(b: Browser, options: BrowserContextOptions = {}): Promise<{ page: Page; idA: string }> {
  await origin.serve(A);
  const idA = await deployedBuildId(origin.url);
  context = await b.newContext({
    baseURL: origin.url,
    locale: "en-GB",
    extraHTTPHeaders: { "cf-connecting-ip": loopbackAddress() },
    ...options,
  });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  problems = watchProblems(page);
  return { page, idA };
}

/**
 * Deploys build B in place of A; its id differs (one route's chunk does). The page's requests have
 * settled first: the swap cuts the connections of any still under way, which no deploy does.
 */
async function deployB(page: Page, idA: string): Promise<string> {
  await page.waitForLoadState("networkidle");
  await origin.serve(B);
  const idB = await deployedBuildId(origin.url);
  expect(idB).not.toBe(idA);
  return idB;
}

/** No document is asked for during the reload guard's window: no reload loop. */
async function noReloadFor(page: Page, documents: () => number) {
  const before = documents();
  await page.waitForTimeout(RELOAD_GUARD_MS);
  expect(documents()).toBe(before);
}

it("shows the update notice an hour later, and its Reload (by keyboard) loads build B once", async () => {
  const { page, idA } = await visitA(browser());
  const checks: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/builds/latest.json") checks.push(request.url());
  });
  await page.clock.install();
  await page.goto("/");
  await hydrated(page);
  await serviceWorkerControls(page);
  expect(await pageBuildId(page)).toBe(idA);

  const idB = await deployB(page, idA);
  // The first build check runs an hour after the page opened, not before.
  expect(checks).toEqual([]);
  await page.clock.fastForward("01:00:00");
  await expect.poll(() => checks.length).toBeGreaterThan(0);
  expect(checks[0]).toMatch(/\/builds\/latest\.json\?t=/);
  await page.getByText(en.t("pwa.needRefresh")).waitFor();
  const reload = page.getByRole("button", { name: en.t("pwa.reload") });
  await reload.waitFor();

  // Keyboard reachable: Tab until it has the focus.
  const focused = () => reload.evaluate((button) => button === document.activeElement);
  for (let presses = 0; presses < 300 && !(await focused()); presses++) await page.keyboard.press("Tab");
  expect(await focused()).toBe(true);

  const documents = countDocuments(page);
  await page.keyboard.press("Enter");
  await expect.poll(() => pageBuildId(page).catch(() => null), { timeout: 20_000 }).toBe(idB);
  await hydrated(page);
  expect(documents()).toBe(1);
  await noReloadFor(page, documents);
}, 90_000);

/** The footer's link to the route build B changed, on a page that has not loaded its chunk. */
async function changedRouteLink(page: Page) {
  const link = page.locator(`footer a[href="${CHANGED_ROUTE.path}"]`).first();
  await link.waitFor();
  return link;
}

/**
 * A's module of the changed route, once React Router has learnt it (it discovers the routes of the links
 * a page renders): the skew this test is about is a chunk of A that B's server no longer has.
 */
async function routeModuleOfA(page: Page): Promise<string> {
  let module: string | undefined;
  await expect
    .poll(async () => {
      module = await page.evaluate(
        (id) =>
          (window as unknown as { __reactRouterManifest?: { routes: Record<string, { module: string }> } })
            .__reactRouterManifest?.routes[id]?.module,
        CHANGED_ROUTE.id,
      );
      return module;
    })
    .toBeTruthy();
  return module!;
}

/** The changed route's page as a fresh visitor of B sees it: its heading. */
async function headingOfB(): Promise<string> {
  const page = await context!.newPage();
  try {
    await page.goto(CHANGED_ROUTE.path);
    return (await page.locator("h1").first().textContent())!;
  } finally {
    await page.close();
  }
}

it("after a deploy, a page of A without a service worker asks for a route chunk B no longer has: one reload into B at most, then it works", async () => {
  const { page, idA } = await visitA(browser(), { serviceWorkers: "block" });
  // Playwright's blocking answers the registration with nothing, which the page reports (each load).
  const blocked = [
    /^console\.warning: Service Worker registration blocked by Playwright$/,
    /^console\.warning: The service worker could not be registered/,
  ];
  await page.goto("/");
  await hydrated(page);
  const module = await routeModuleOfA(page);

  const idB = await deployB(page, idA);
  // The skew is real: B's server no longer has A's chunk of the route.
  expect((await fetch(`${origin.url}${module}`)).status).toBe(404);
  const expectedHeading = await headingOfB();
  // The failed import of A's chunk and React Router's report of it are what this test causes.
  expected = [
    ...blocked,
    new RegExp(`^requestfailed: \\S+${module.replaceAll(".", "\\.")} `),
    /^console\.error: Failed to load resource: the server responded with a status of 404/,
    /^console\.error: Error loading route module/,
    /^console\.error: TypeError: Failed to fetch dynamically imported module/,
    // React Router loads the route's data beside its module: its reload may abort that request.
    /^requestfailed: \S+\/_\.data\?_routes=\S+ net::ERR_ABORTED$/,
  ];

  const documents = countDocuments(page);
  await (await changedRouteLink(page)).click();
  // Either A's chunk still came (no document), or the page reloaded once into B: at the route asked for,
  // or — React Router's own answer to a failed route import — at the page it was on.
  await expect
    .poll(async () =>
      documents() > 0
        ? (await pageBuildId(page).catch(() => null)) === idB
        : (await page.locator("h1").first().textContent()) === expectedHeading,
    )
    .toBe(true);
  await hydrated(page);
  expect(documents()).toBeLessThanOrEqual(1);
  if (documents() === 1) {
    expect(await pageBuildId(page)).toBe(idB);
    if (!page.url().endsWith(CHANGED_ROUTE.path)) {
      // Reloaded where it was: the same link now works, in place.
      await (await changedRouteLink(page)).click();
      await page.waitForURL(`**${CHANGED_ROUTE.path}`);
    }
  }
  await expect.poll(() => page.locator("h1").first().textContent()).toBe(expectedHeading);
  await noReloadFor(page, documents);
  expect(documents()).toBeLessThanOrEqual(1);
}, 90_000);

it("after a deploy, a page of A with its service worker opens that route from A's precache, without a reload", async () => {
  const { page, idA } = await visitA(browser());
  await page.goto("/");
  await hydrated(page);
  await serviceWorkerControls(page);
  const module = await routeModuleOfA(page);

  await deployB(page, idA);
  expect((await fetch(`${origin.url}${module}`)).status).toBe(404);
  const expectedHeading = await headingOfB();

  const documents = countDocuments(page);
  const chunk = page.waitForResponse((response) => new URL(response.url()).pathname === module);
  await (await changedRouteLink(page)).click();
  // A's chunk, answered by the service worker from A's precache.
  expect((await chunk).status()).toBe(200);
  expect((await chunk).fromServiceWorker()).toBe(true);
  await page.waitForURL(`**${CHANGED_ROUTE.path}`);
  await expect.poll(() => page.locator("h1").first().textContent()).toBe(expectedHeading);
  expect(documents()).toBe(0);
  // A's page, still: its module was A's, from the precache.
  expect(await pageBuildId(page)).toBe(idA);
}, 90_000);
