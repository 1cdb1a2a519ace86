/** The checked-in budgets (`budgets.json`), shared by the bench, the audits and the audit tests. */
import { readFileSync } from "node:fs";
import type { PageType } from "./pages.ts";

export interface Budgets {
  axe: { maxViolations: number };
  vnu: { maxErrors: number };
  console: { maxErrors: number; maxFailedRequests: number };
  /** The page, laid out at this width (the smallest phones), may be this much wider than the screen. */
  narrowScreen: { widthPx: number; maxOverflowPx: number };
  lighthouse: {
    preset: "mobile";
    /** Runs per page; the page is judged on the representative (median) one. */
    runs: number;
    minScores: Record<"performance" | "accessibility" | "best-practices" | "seo", number>;
    pages: PageType[];
  };
  /** Decision 045: the main-thread tasks traced while these pages load at this CPU slowdown (reported, no limit: decision 114). */
  mainThread: { cpuSlowdown: number; loads: number; pages: PageType[] };
  firstLoadJs: { maxGzipKB: number; pages: PageType[] };
  /** Requests per second of a cached search page ÷ the same HTML served as a static file. */
  ssrStaticRatio: { min: number };
  streaming: { apiDelayMs: number; maxTtfbToStaticTtfb: number };
  /** Decision 095: workerd CPU per uncached render of every page type the bench measures ÷ the layout-only page's. */
  renderCpuRatio: { max: number };
  /**
   * Decision 091: with every D1 round trip slowed to `d1DelayMs`, each page's first byte and complete document
   * within so many sequential round trips and milliseconds more, guest and signed in.
   */
  latency: {
    d1DelayMs: number;
    firstByte: { roundTrips: number; plusMs: number };
    complete: { roundTrips: number; plusMs: number };
  };
  /** Decision 094: the share of a realistic mix answered from the kept pages, and a signed-in search ÷ the static file. */
  keptMix: { minKeptShare: number; minSignedInSearchToStatic: number };
}

export const budgets: Budgets = JSON.parse(readFileSync(new URL("../../budgets.json", import.meta.url), "utf8"));

/** Prints what was missed and exits non-zero, or says all budgets are met. */
export function finish(failures: string[], what: string): never {
  if (failures.length) {
    console.log(
      `\n${what}: ${failures.length} budget${failures.length === 1 ? "" : "s"} missed:\n- ${failures.join("\n- ")}`,
    );
    process.exit(1);
  }
  console.log(`\n${what}: all budgets met.`);
  process.exit(0);
}
