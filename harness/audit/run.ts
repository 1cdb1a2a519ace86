/**
 * Audits pages the way a visitor meets them: each in a fresh Chromium context (no stored locale),
 * loaded until hydrated, then axe-core, then laid out on a 320 px screen to see whether it scrolls
 * sideways; console errors/warnings and failed requests are collected during the load. The raw server
 * HTML (fetched with a browser user agent) goes to the Nu validator, all documents in one run. Used by
 * `npm run audit` and by the `audit` vitest project.
 */
import type { Browser } from "playwright-core";
import { countDateFormatters, dateFormattersBuilt, hydrated, watchProblems } from "../browser.ts";
import { type AxeViolation, runAxe } from "./axe.ts";
import { budgets } from "./budgets.ts";
import { languageFindings, pageTexts } from "./page-language.ts";
import { type AuditPage, BROWSER_UA } from "./pages.ts";
import { type VnuResult, validateHtml } from "./vnu.ts";
import { LATEST_BUILD_PATH } from "#shared/builds.ts";

export interface BrowserAudit {
  status: number | null;
  violations: AxeViolation[];
  /** Console errors/warnings, page errors and failed requests during the load. */
  problems: string[];
  /** How far the page is wider than a `budgets.narrowScreen.widthPx` screen (it scrolls sideways), px. */
  overflowPx: number | null;
  /** The date formatters the page built while it loaded and hydrated (`countDateFormatters`). */
  dateFormatters?: number;
  /** Raw message ids and English catalog text on a page in another language (`languageFindings`). */
  language?: string[];
  /** Why the page could not be audited (it did not load or hydrate), if so. */
  error?: string;
}

export interface PageAudit extends BrowserAudit {
  page: AuditPage;
  vnu: VnuResult;
}

/** The server's HTML as a browser receives it (the whole streamed document). */
async function fetchHtml(baseURL: string, page: AuditPage): Promise<{ status: number; html: string }> {
  const res = await fetch(`${baseURL}${page.path}`, {
    headers: {
      "user-agent": BROWSER_UA,
      "accept-language": "en-GB,en;q=0.9",
      accept: "text/html",
      ...(page.cookie ? { cookie: page.cookie } : {}),
      ...page.headers,
    },
    redirect: "manual",
  });
  return { status: res.status, html: await res.text() };
}

async function auditInBrowser(browser: Browser, baseURL: string, page: AuditPage): Promise<BrowserAudit> {
  const context = await browser.newContext({ baseURL, locale: "en-GB", userAgent: BROWSER_UA });
  try {
    // The build check (decision 042) gets an answer that names no build, so every page holds still while it
    // is audited: the offline page, online here, would otherwise go back to its `?from=` as it does when the
    // connection returns, and be left (or audited as that page) midway.
    await context.route(`**${LATEST_BUILD_PATH}*`, (route) => route.fulfill({ json: {} }));
    if (page.cookie) {
      const cookies = page.cookie.split("; ").map((pair) => pair.split("="));
      await context.addCookies(
        cookies.map(([name, ...value]) => ({ name: name!, value: value.join("="), url: baseURL })),
      );
    }
    await countDateFormatters(context);
    const tab = await context.newPage();
    tab.setDefaultTimeout(15_000);
    const problems = watchProblems(tab);
    let inFlight = 0;
    tab.on("request", () => inFlight++);
    tab.on("requestfinished", () => inFlight--);
    tab.on("requestfailed", () => inFlight--);
    if (Object.keys(page.headers).length) {
      // The fault knob goes on the document request only, not on its scripts and styles.
      await tab.route("**/*", (route) =>
        route.request().isNavigationRequest()
          ? route.continue({ headers: { ...route.request().headers(), ...page.headers } })
          : route.continue(),
      );
    }
    let status: number | null = null;
    try {
      const response = await tab.goto(page.path, { waitUntil: "load" });
      status = response?.status() ?? null;
      await hydrated(tab);
      // Requests the hydrated page starts itself (widgets) finish before the audit and the close.
      for (const deadline = Date.now() + 5_000; inFlight > 0 && Date.now() < deadline;) await tab.waitForTimeout(25);
    } catch (error) {
      // One broken page (or a build replaced mid-run) is that page's failure, not the whole run's.
      return { status, violations: [], problems, overflowPx: null, error: (error as Error).message.split("\n")[0] };
    }
    let violations: Awaited<ReturnType<typeof runAxe>>;
    let overflowPx: number;
    let dateFormatters: number;
    let language: string[];
    try {
      dateFormatters = await dateFormattersBuilt(tab);
      language = languageFindings(page.locale, await pageTexts(tab));
      violations = await runAxe(tab);
      await tab.setViewportSize({ width: budgets.narrowScreen.widthPx, height: 640 });
      overflowPx = await tab.evaluate(
        () =>
          new Promise<number>((resolve) =>
            requestAnimationFrame(() => {
              const root = document.documentElement;
              resolve(root.scrollWidth - root.clientWidth);
            }),
          ),
      );
    } catch (error) {
      // A page that navigates by itself while it is audited fails alone, named, with where it went.
      const message = `${(error as Error).message.split("\n")[0]} (the tab is at ${tab.url()})`;
      return { status, violations: [], problems, overflowPx: null, error: message };
    }
    // What was audited is the page asked for: one that went elsewhere by itself fails, saying where.
    const at = new URL(tab.url());
    if (at.pathname + at.search !== page.path)
      return { status, violations: [], problems, overflowPx: null, error: `left for ${at.pathname}${at.search}` };
    // Chromium logs the document's own error status; that is the page answering as it must.
    const expected = `console.error: Failed to load resource: the server responded with a status of ${page.status} `;
    return {
      status,
      violations,
      overflowPx,
      dateFormatters,
      language,
      problems:
        page.status >= 400 && status === page.status ? problems.filter((p) => !p.startsWith(expected)) : problems,
    };
  } finally {
    await context.close();
  }
}

/** How long one page's browser audit may take before it is tried once more in a fresh context. */
const PAGE_AUDIT_LIMIT_MS = 40_000;

/**
 * `auditInBrowser`, tried a second time in a fresh context when the first attempt has not finished
 * within PAGE_AUDIT_LIMIT_MS: now and then the browser hangs on one page of a run (once `/sr/offline/`,
 * which passed in every other run), and one stuck attempt must not fail the audit of a page that works.
 * A page that does not finish twice fails, saying so.
 */
export async function auditPageInBrowser(browser: Browser, baseURL: string, page: AuditPage): Promise<BrowserAudit> {
  for (let attempt = 1; ; attempt++) {
    const audit = auditInBrowser(browser, baseURL, page);
    audit.catch(() => {}); // an abandoned attempt's late failure is nobody's
    let timer: ReturnType<typeof setTimeout> | undefined;
    const hung = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), PAGE_AUDIT_LIMIT_MS)));
    const result = await Promise.race([audit, hung]).finally(() => clearTimeout(timer));
    if (result) return result;
    const limit = `${PAGE_AUDIT_LIMIT_MS / 1000} s`;
    if (attempt === 2)
      return {
        status: null,
        violations: [],
        problems: [],
        overflowPx: null,
        error: `not audited within ${limit}, twice`,
      };
    console.warn(`${page.path}: the browser audit did not finish within ${limit}; trying once more`);
  }
}

/** The Nu validator over every page's server HTML, all documents in one run. */
export async function validatePages(baseURL: string, pages: AuditPage[]): Promise<Record<string, VnuResult>> {
  const documents: Record<string, string> = {};
  for (const page of pages) documents[page.name] = (await fetchHtml(baseURL, page)).html;
  return validateHtml(documents);
}

/** Browser audit of every page, one after another, with the Nu validator run beside them. */
export async function auditPages(
  browser: Browser,
  baseURL: string,
  pages: AuditPage[],
  log: (line: string) => void = () => {},
): Promise<PageAudit[]> {
  const validation = validatePages(baseURL, pages);
  // Its failure is reported where it is awaited, after the browser audits, not as an unhandled rejection.
  validation.catch(() => {});
  const browserResults: BrowserAudit[] = [];
  for (const page of pages) {
    const started = performance.now();
    browserResults.push(await auditPageInBrowser(browser, baseURL, page));
    log(`  ${page.name.padEnd(16)} ${page.path} ${Math.round(performance.now() - started)} ms`);
  }
  const vnu = await validation;
  return pages.map((page, i) => ({ page, ...browserResults[i]!, vnu: vnu[page.name]! }));
}

/**
 * What a page's load did wrong against `budgets.console` (console errors, uncaught page errors, failed
 * requests — an aborted fetch is one), as `npm run audit` and the audit tests both judge it; null: nothing.
 */
export function consoleFailure(problems: string[]): string | null {
  const counts = problemCounts(problems);
  const over = counts.errors > budgets.console.maxErrors || counts.failedRequests > budgets.console.maxFailedRequests;
  return over ? problems.filter((p) => !p.startsWith("console.warning")).join("\n") : null;
}

/** Console errors (console.error and uncaught page errors), warnings and failed requests. */
export function problemCounts(problems: string[]) {
  return {
    errors: problems.filter((p) => p.startsWith("console.error") || p.startsWith("pageerror")).length,
    warnings: problems.filter((p) => p.startsWith("console.warning")).length,
    failedRequests: problems.filter((p) => p.startsWith("requestfailed")).length,
  };
}
