/** Chromium for the audits, Lighthouse and the browser tests: where it is, how it starts, what a page complains of. */
import { existsSync } from "node:fs";
import { type Browser, type BrowserContext, type BrowserServer, chromium, type Page } from "playwright-core";

/** Debian's Chromium (`apt-get install -y chromium`), or CHROME_PATH. */
export function chromiumPath(): string {
  const path = process.env.CHROME_PATH ?? "/usr/bin/chromium";
  if (!existsSync(path)) {
    throw new Error(`Chromium not found at ${path}: install it with 'apt-get install -y chromium' or set CHROME_PATH`);
  }
  return path;
}

/** Headless, and nothing that reaches for the network on its own (this machine has none). */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
}

/**
 * One Chromium for a whole test run, which each test file connects to (`chromium.connect`): starting the
 * browser for every file cost over a second a file on a busy machine, connecting costs a fraction.
 */
export function launchServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
}

/** The pages `closeWatched` is closing: what their closing aborts is the test's doing, not theirs. */
const closing = new WeakSet<Page>();

/**
 * Closes a context whose pages `watchProblems` watches. The requests still under way are cancelled
 * (a revalidation, the visitor's read, a discovery) and not counted as the pages' problems; whatever
 * else the closing brings to light (a late console error) still is.
 */
export async function closeWatched(context: BrowserContext) {
  for (const page of context.pages()) closing.add(page);
  await context.close();
}

/** Chromium's two ways of saying a stylesheet preload under a `#` address went unused (`watchProblems`). */
const UNUSED_SHEET_PRELOAD =
  /^(The resource \S+\.css# was preloaded using link preload but not used|A preload for '\S+\.css#' is found, but is not used because the request credentials mode does not match)/;

/** Every console error and warning, uncaught page error and failed request of a page. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error" && message.type() !== "warning") return;
    // React Router preloads a route's stylesheets before it renders the route, under an address it marks
    // with a trailing `#` when a lazy chunk imports the same sheet (the sign-in forms' fields); a post to
    // a route that redirects elsewhere (signing in) leaves that preload unused, and Chromium says so (a
    // CI-like run, once), or that the preload's credentials mode does not match the sheet's own request (the
    // wizard, once). A sheet that fails to load is still a failed request.
    if (UNUSED_SHEET_PRELOAD.test(message.text())) return;
    problems.push(`console.${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("requestfailed", (request) => {
    const aborted = request.failure()?.errorText === "net::ERR_ABORTED";
    if (aborted && closing.has(page)) return;
    // A statistics beacon still in flight when the page moves on is cancelled by the browser: expected.
    if (aborted && request.url().includes("/api/statistics/")) return;
    // So is the browser's own favicon fetch, which starts after the load event, when a test closes
    // the page right after a navigation (a missing icon would still show as a console error).
    if (aborted && new URL(request.url()).pathname === "/favicon.svg") return;
    // And a lazy image that scrolling (filling a form further down) started, when the page then moves on:
    // a missing or broken image fails with its status instead, and a console error.
    if (aborted && request.resourceType() === "image") return;
    // And React Router's discovery of the routes a page's links lead to, which it fetches without a signal
    // once the page has hydrated: only leaving the document aborts it (a CI run left the favourites page
    // for the next one while it was under way). A discovery that fails otherwise is a console error.
    if (aborted && new URL(request.url()).pathname === "/__manifest") return;
    // And a kept page's request for its visitor's own parts, made right after hydration (decision 112): a
    // test that leaves the page at once aborts it. One that fails otherwise answers with its status.
    if (aborted && new URL(request.url()).pathname === "/api/visitor") return;
    problems.push(`requestfailed: ${request.url()} ${request.failure()?.errorText}`);
  });
  return problems;
}

/**
 * Counts the date formatters (`Intl.DateTimeFormat`) the pages of `target` build, from the first
 * script on; `dateFormattersBuilt` reads the count. A page builds none while it loads (decision 018:
 * the texts come formatted): the first costs the browser 25–190 ms of Intl's data at 4× CPU.
 */
export async function countDateFormatters(target: Page | BrowserContext) {
  await target.addInitScript(() => {
    let built = 0;
    Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
      construct(native, args: unknown[]) {
        built++;
        return Reflect.construct(native, args);
      },
      apply(native, self, args: unknown[]) {
        built++;
        return Reflect.apply(native, self, args);
      },
    });
    Object.defineProperty(window, "dateFormattersBuilt", { get: () => built });
  });
}

export const dateFormattersBuilt = (page: Page) =>
  page.evaluate(() => (window as unknown as { dateFormattersBuilt: number }).dateFormattersBuilt);

/**
 * Resolves when React has hydrated the document and applied its visitor's own parts (root.tsx marks
 * <html data-hydrated>, client/visitor.ts <html data-visitor-settled>: a kept page's come after hydration).
 */
export async function hydrated(page: Page) {
  await page.waitForSelector("html[data-hydrated][data-visitor-settled]", { state: "attached" });
}

/**
 * Resolves once a service worker is active (installed: its precache filled) and controls the page, or
 * rejects after `timeoutMs`. Pages register it after their first paint, so `ready` waits for that too.
 */
export async function serviceWorkerControls(page: Page, timeoutMs = 20_000): Promise<void> {
  await page.evaluate(async (timeout) => {
    const controlled = (async () => {
      await navigator.serviceWorker.ready;
      if (navigator.serviceWorker.controller) return;
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }),
      );
    })();
    const late = new Promise((_, reject) =>
      setTimeout(
        () => reject(new Error(`no service worker controls ${location.pathname} after ${timeout} ms`)),
        timeout,
      ),
    );
    await Promise.race([controlled, late]);
  }, timeoutMs);
}
