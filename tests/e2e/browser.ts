import { existsSync } from "node:fs";
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";

/** Debian's Chromium (`apt-get install -y chromium`), or CHROME_PATH. */
export function chromiumPath(): string {
  const path = process.env.CHROME_PATH ?? "/usr/bin/chromium";
  if (!existsSync(path)) {
    throw new Error(`Chromium not found at ${path}: install it with 'apt-get install -y chromium' or set CHROME_PATH`);
  }
  return path;
}

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
}

/** One Chromium for a test file: launched before its tests, closed after them. */
export function fileBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("the browser is launched in beforeAll");
    return browser;
  };
}

/**
 * A fresh context and page for each test of a file. The page's problems (`watchProblems`) are checked
 * once the context has closed, when all have been reported; `expected` names those the tests cause on
 * purpose.
 */
export function pagePerTest(browser: () => Browser, options: BrowserContextOptions, expected: RegExp[] = []) {
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let problems: string[] = [];
  beforeEach(async () => {
    context = await browser().newContext(options);
    page = await context.newPage();
    problems = watchProblems(page);
  });
  afterEach(async () => {
    await context?.close();
    expect(problems.filter((problem) => !expected.some((re) => re.test(problem)))).toEqual([]);
  });
  return () => {
    if (!page) throw new Error("the page is opened in beforeEach");
    return page;
  };
}

/** Every console error and warning, uncaught page error and failed request of a page. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`console.${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("requestfailed", (request) => {
    const aborted = request.failure()?.errorText === "net::ERR_ABORTED";
    // A statistics beacon still in flight when the page moves on is cancelled by the browser: expected.
    if (aborted && request.url().includes("/api/statistics/")) return;
    // So is the browser's own favicon fetch, which starts after the load event, when a test closes
    // the page right after a navigation (a missing icon would still show as a console error).
    if (aborted && new URL(request.url()).pathname === "/favicon.svg") return;
    problems.push(`requestfailed: ${request.url()} ${request.failure()?.errorText}`);
  });
  return problems;
}

/** Resolves when React has hydrated the document (root.tsx marks <html data-hydrated>). */
export async function hydrated(page: Page) {
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
}
