/**
 * Lighthouse, run programmatically with its default configuration (the mobile preset: Moto G Power
 * viewport, simulated slow 4G and 4× CPU slowdown) against Debian's Chromium started by chrome-launcher.
 * One run varies with the machine's load, so each page is run `budgets.lighthouse.runs` times: its
 * performance is the median of the runs' scores (decision 091), every run's score is reported, and the
 * other categories and the metrics are the representative run's, the one nearest the median first paint
 * and time to interactive, as Lighthouse CI does (Lighthouse's `computeMedianRun`).
 */
import { launch as launchChrome } from "chrome-launcher";
import { chromium } from "playwright-core";
import lighthouse, { type Result } from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { CHROMIUM_FLAGS, chromiumPath } from "../browser.ts";
import { type Budgets, budgets } from "./budgets.ts";
import type { AuditPage } from "./pages.ts";

/** A person's browser (not a crawler), so the warm-up fills the same cache entry Lighthouse reads. */
const WARM_UP_UA =
  "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];

export interface LighthouseResult {
  name: string;
  url: string;
  /** Performance: the median of the runs' scores; the other categories: the representative run's. */
  scores: Record<Category, number | null>;
  /** Every run, in order: its performance score and the metrics that make it up. */
  runs: RunFigures[];
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  /** Transferred and resource bytes of every script the page loaded. */
  jsTransferBytes: number;
  jsResourceBytes: number;
  /** Audits below a perfect score in each category, for the report. */
  shortfalls: Record<string, string[]>;
}

export interface RunFigures {
  performance: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  speedIndexMs: number | null;
  cls: number | null;
}

export async function runLighthouse(baseURL: string, pages: AuditPage[], log: (line: string) => void = () => {}) {
  const chrome = await launchChrome({
    chromePath: chromiumPath(),
    chromeFlags: CHROMIUM_FLAGS,
  });
  const results: LighthouseResult[] = [];
  try {
    for (const page of pages) {
      const url = `${baseURL}${page.path}`;
      // Measured warm, as the bench does: the first request of a fresh local server compiles and
      // fills caches, a cost no edge location pays for each visit.
      // A signed-in page (the cabinet) is measured with its session, as its owner sees it.
      const cookie: Record<string, string> = page.cookie ? { cookie: page.cookie } : {};
      for (let i = 0; i < 2; i++)
        await (await fetch(url, { headers: { "user-agent": WARM_UP_UA, ...cookie } })).arrayBuffer();
      const started = performance.now();
      const runs: Result[] = [];
      for (let i = 0; i < budgets.lighthouse.runs; i++) {
        await giveCookies(chrome.port, baseURL, page.cookie);
        runs.push(await lighthouseRun(url, chrome.port, page.name, log, page.cookie));
      }
      const lhr: Result = computeMedianRun(runs);
      const representative = runFigures(lhr);
      const requests = (
        (lhr.audits["network-requests"]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []
      ).filter((r) => r.resourceType === "Script");
      const shortfalls: Record<string, string[]> = {};
      for (const id of CATEGORIES) {
        shortfalls[id] = (lhr.categories[id]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0)
          .map((ref) => lhr.audits[ref.id]!)
          .filter(
            (a) =>
              a.score !== null &&
              a.score < 1 &&
              a.scoreDisplayMode !== "informative" &&
              a.scoreDisplayMode !== "notApplicable",
          )
          .map((a) => `${a.id} (${a.score}${a.displayValue ? `, ${a.displayValue}` : ""})`);
      }
      results.push({
        name: page.name,
        url: page.path,
        scores: {
          ...(Object.fromEntries(CATEGORIES.map((id) => [id, score(lhr, id)])) as Record<Category, number | null>),
          performance: medianScore(runs.map((run) => score(run, "performance"))),
        },
        runs: runs.map(runFigures),
        lcpMs: representative.lcpMs,
        tbtMs: representative.tbtMs,
        cls: representative.cls,
        jsTransferBytes: requests.reduce((sum, r) => sum + Number(r.transferSize ?? 0), 0),
        jsResourceBytes: requests.reduce((sum, r) => sum + Number(r.resourceSize ?? 0), 0),
        shortfalls,
      });
      log(`  ${page.name.padEnd(12)} ${page.path} ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  } finally {
    chrome.kill();
  }
  return results;
}

/**
 * Gives the browser Lighthouse drives the page's cookies (`name=value; …`) and no others, as a person's
 * browser has them: sent with every request of the page, its WebSockets included (Lighthouse's
 * `extraHeaders` are not, and the live channel's refused handshake was a console error). Lighthouse
 * clears a page's storage before a run, not its cookies.
 */
async function giveCookies(port: number, baseURL: string, cookie: string | undefined) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    await context.clearCookies();
    const cookies = (cookie ?? "")
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf("=");
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseURL };
      });
    if (cookies.length) await context.addCookies(cookies);
  } finally {
    // Leaves the browser running: closing a connected browser only disconnects.
    await browser.close();
  }
}

function runFigures(lhr: Result): RunFigures {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? null;
  return {
    performance: score(lhr, "performance"),
    fcpMs: numeric("first-contentful-paint"),
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    speedIndexMs: numeric("speed-index"),
    cls: numeric("cumulative-layout-shift"),
  };
}

/** The median of the runs' scores (the lower middle of an even count); null when a run has none. */
export function medianScore(scores: (number | null)[]): number | null {
  if (scores.length === 0 || scores.some((s) => s === null)) return null;
  const sorted = (scores as number[]).toSorted((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

function score(lhr: Result, id: Category): number | null {
  const value = lhr.categories[id]?.score;
  return value == null ? null : Math.round(value * 100);
}

/** One Lighthouse run; a loaded machine sometimes spoils the trace (NO_NAVSTART, NO_FCP): such runs are repeated. */
async function lighthouseRun(url: string, port: number, name: string, log: (line: string) => void, cookie?: string) {
  for (let attempt = 1; ; attempt++) {
    const run = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      // A signed-in page is private and `noindex` by design: Lighthouse's crawlability audit does not apply
      // to it; every other SEO audit (title, description, language, link texts…) does.
      ...(cookie ? { skipAudits: ["is-crawlable"] } : {}),
    });
    if (!run) throw new Error(`Lighthouse gave no result for ${url}`);
    if (!run.lhr.runtimeError) return run.lhr;
    const { code, message } = run.lhr.runtimeError;
    if (attempt === 3) throw new Error(`Lighthouse ${url}: ${code} ${message}`);
    log(`  ${name}: ${code}, running again`);
  }
}

export function lighthouseTable(results: LighthouseResult[]) {
  return Object.fromEntries(
    results.map((r) => [
      r.name,
      {
        perf: r.scores.performance,
        "perf, each run": r.runs.map((run) => run.performance).join(" "),
        "TBT ms, each run": r.runs.map((run) => (run.tbtMs === null ? "–" : Math.round(run.tbtMs))).join(" "),
        a11y: r.scores.accessibility,
        "best-pr.": r.scores["best-practices"],
        seo: r.scores.seo,
        "LCP ms": r.lcpMs === null ? "–" : Math.round(r.lcpMs),
        "TBT ms": r.tbtMs === null ? "–" : Math.round(r.tbtMs),
        CLS: r.cls === null ? "–" : r.cls.toFixed(3),
        "JS KB (transfer)": (r.jsTransferBytes / 1024).toFixed(1),
      },
    ]),
  );
}

export function lighthouseFailures(results: LighthouseResult[], b: Budgets = budgets): string[] {
  const failures: string[] = [];
  for (const r of results) {
    for (const id of CATEGORIES) {
      const min = b.lighthouse.minScores[id];
      const score = r.scores[id];
      if (score === null || score < min) {
        failures.push(
          `Lighthouse ${id} ${r.name} (${r.url}): ${score ?? "no score"} < ${min}${r.shortfalls[id]?.length ? ` — ${r.shortfalls[id]!.join(", ")}` : ""}`,
        );
      }
    }
  }
  return failures;
}
