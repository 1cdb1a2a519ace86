/**
 * axe-core in a real page: WCAG 2.0/2.1/2.2 A and AA plus axe's best practices. The script is evaluated
 * through the DevTools protocol, so the page's CSP (nonce-only scripts) stays on and untouched.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
export type Impact = "critical" | "serious" | "moderate" | "minor";

export interface AxeViolation {
  id: string;
  impact: Impact | null;
  help: string;
  helpUrl: string;
  /** CSS selectors and HTML of the first offending nodes. */
  nodes: { target: string; html: string; summary: string }[];
  count: number;
}

let source: string | undefined;
function axeSource(): string {
  source ??= readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  return source;
}

export async function runAxe(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource());
  const raw = await page.evaluate(async (tags) => {
    const axe = (
      window as unknown as { axe: { run: (ctx: unknown, options: unknown) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return result.violations as {
      id: string;
      impact: Impact | null;
      help: string;
      helpUrl: string;
      nodes: { target: unknown[]; html: string; failureSummary?: string }[];
    }[];
  }, AXE_TAGS);
  return raw.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    helpUrl: v.helpUrl,
    count: v.nodes.length,
    nodes: v.nodes.slice(0, 5).map((n) => ({
      target: n.target.map(String).join(" "),
      html: n.html.slice(0, 300),
      summary: (n.failureSummary ?? "").slice(0, 500),
    })),
  }));
}

/** Offending nodes per impact (critical, serious, moderate, minor). */
export function byImpact(violations: AxeViolation[]): Record<Impact, number> {
  const counts = { critical: 0, serious: 0, moderate: 0, minor: 0 } as Record<Impact, number>;
  for (const v of violations) counts[v.impact ?? "minor"] += v.count;
  return counts;
}

/** One line per violation, for test failures and the printed report. */
export function describeViolations(violations: AxeViolation[]): string[] {
  return violations.map(
    (v) => `${v.impact ?? "?"} ${v.id} ×${v.count}: ${v.help} — ${v.nodes.map((n) => n.target).join(", ")}`,
  );
}
