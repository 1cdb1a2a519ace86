import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from "vitest";
import { closeWatched, watchProblems } from "#harness/browser.ts";
import { validateHtml as validateWith } from "#harness/audit/vnu.ts";

/** The browser tests' own kit: a connection to the run's Chromium per file, a checked page per test (and the harness's page helpers). */
export { closeWatched, countDateFormatters, dateFormattersBuilt, hydrated, watchProblems } from "#harness/browser.ts";

/** The Nu validator on these documents, through the run's checker (tests/e2e/vnu-service.ts). */
export const validateHtml = (documents: Record<string, string>) => validateWith(documents, inject("vnuService"));

/**
 * A test file's connection to the run's Chromium (tests/e2e/server.ts): made before its tests; closed
 * after them, which closes every context the file opened.
 */
export function fileBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.connect(inject("browserEndpoint"));
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
    if (context) await closeWatched(context);
    const unexpected = problems.filter((problem) => !expected.some((re) => re.test(problem)));
    // Named in the message too: a run's summary keeps the message, not the diff.
    expect(unexpected, `problems on the page: ${unexpected.join("; ")}`).toEqual([]);
  });
  return () => {
    if (!page) throw new Error("the page is opened in beforeEach");
    return page;
  };
}

/**
 * Waits until React has hydrated the element: a lazily loaded part (decision 037) hydrates when its chunk
 * arrives, after the page; until then a click is the plain form post it is without JavaScript. React
 * keeps an element's props on the node (`__reactProps$…`) once it owns it.
 */
export async function hydratedElement(locator: Locator) {
  await locator.waitFor();
  await expect
    .poll(() => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps$"))))
    .toBe(true);
}
