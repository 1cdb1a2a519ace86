/**
 * `npm run audit [-- --no-build] [-- --no-lighthouse] [-- --only=messages,wizard-params]`: builds, seeds its local D1 when empty, serves
 * the build and visits every page type (home, search, list, detail, media index, tag, article, about,
 * FAQ, privacy, favourites, sign-in dialog, 404, error) in en, ru and sr with Chromium: axe-core
 * violations by impact, console errors and failed requests during the load, sideways scrolling on a
 * 320 px screen, and the W3C Nu validator over the server HTML.
 * Then Lighthouse (mobile preset) on home, search, detail and article, and whether each can be installed
 * as an app, as `npm run lighthouse` does.
 * `--only` audits those page types alone (their Lighthouse runs too, where budgets.json lists them).
 * Prints tables, writes reports/audit.json (and reports/lighthouse.json); exits non-zero naming every
 * missed budget (budgets.json).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { byImpact, describeViolations } from "#harness/audit/axe.ts";
import { budgets, finish } from "#harness/audit/budgets.ts";
import {
  type InstallabilityResult,
  installability,
  installabilityFailures,
  installabilityTable,
} from "#harness/audit/installability.ts";
import { lighthouseFailures, lighthouseTable, runLighthouse } from "#harness/audit/lighthouse.ts";
import { auditPages as listPages, pageSamples } from "#harness/audit/pages.ts";
import { auditPages, consoleFailure, problemCounts } from "#harness/audit/run.ts";
import { serveSite } from "#harness/audit/site.ts";
import { describeVnu } from "#harness/audit/vnu.ts";
import { launch } from "#harness/browser.ts";
import { FOLDERS } from "#harness/folders.ts";

const withLighthouse = !process.argv.includes("--no-lighthouse");
const only = process.argv
  .find((arg) => arg.startsWith("--only="))
  ?.slice("--only=".length)
  .split(",")
  .filter(Boolean);
const chosen = (page: { type: string }) => !only || only.includes(page.type);
const server = await serveSite(FOLDERS.audit, { build: !process.argv.includes("--no-build") });
const failures: string[] = [];
try {
  const samples = await pageSamples(server.url);
  const pages = listPages(samples).filter(chosen);
  console.log(`▶ axe-core, console and Nu validator on ${pages.length} pages`);
  const browser = await launch();
  const results = await auditPages(browser, server.url, pages, console.log).finally(() => browser.close());

  console.table(
    Object.fromEntries(
      results.map((r) => {
        const impact = byImpact(r.violations);
        const problems = problemCounts(r.problems);
        return [
          r.page.name,
          {
            path: r.page.path,
            status: r.status,
            "axe crit": impact.critical,
            "axe serious": impact.serious,
            "axe mod": impact.moderate,
            "axe minor": impact.minor,
            "vnu errors": r.vnu.errors.length,
            "vnu warn": r.vnu.warnings.length,
            "console err": problems.errors,
            "failed req": problems.failedRequests,
            [`overflow px @${budgets.narrowScreen.widthPx}`]: r.overflowPx ?? "–",
            "date formatters": r.dateFormatters ?? "–",
          },
        ];
      }),
    ),
  );

  for (const r of results) {
    const where = `${r.page.name} (${r.page.path})`;
    if (r.error) failures.push(`${where}: not audited — ${r.error}`);
    if (r.status !== r.page.status) failures.push(`${where}: status ${r.status}, expected ${r.page.status}`);
    if (r.violations.length > budgets.axe.maxViolations) {
      failures.push(
        `axe ${where}: ${r.violations.length} violations\n    ${describeViolations(r.violations).join("\n    ")}`,
      );
    }
    if (r.vnu.errors.length > budgets.vnu.maxErrors) {
      failures.push(`vnu ${where}: ${r.vnu.errors.length} errors\n    ${describeVnu(r.vnu.errors).join("\n    ")}`);
    }
    if (consoleFailure(r.problems)) failures.push(`console ${where}:\n    ${r.problems.join("\n    ")}`);
    if ((r.overflowPx ?? 0) > budgets.narrowScreen.maxOverflowPx) {
      failures.push(`${where}: ${r.overflowPx} px wider than a ${budgets.narrowScreen.widthPx} px screen`);
    }
    if (r.dateFormatters) failures.push(`${where}: built ${r.dateFormatters} date formatter(s) while loading`);
    for (const finding of r.language ?? []) failures.push(`${where}: ${finding}`);
  }

  let lighthouse: Awaited<ReturnType<typeof runLighthouse>> = [];
  let installable: InstallabilityResult[] = [];
  if (withLighthouse) {
    const targets = listPages(samples, ["en"]).filter((p) => budgets.lighthouse.pages.includes(p.type) && chosen(p));
    console.log(`▶ Lighthouse (${budgets.lighthouse.preset}) on ${targets.map((p) => p.type).join(", ")}`);
    lighthouse = await runLighthouse(server.url, targets, console.log);
    console.table(lighthouseTable(lighthouse));
    failures.push(...lighthouseFailures(lighthouse));
    console.log("▶ installability (Chromium's Page.getInstallabilityErrors, the service worker in control)");
    installable = await installability(server.url, targets);
    console.table(installabilityTable(installable));
    failures.push(...installabilityFailures(installable));
  }

  const meta = { date: new Date().toISOString(), cores: os.cpus().length, load: os.loadavg() };
  mkdirSync("reports", { recursive: true });
  writeFileSync(
    "reports/audit.json",
    JSON.stringify(
      {
        ...meta,
        budgets: { axe: budgets.axe, vnu: budgets.vnu, console: budgets.console },
        pages: results.map((r) => ({
          name: r.page.name,
          type: r.page.type,
          locale: r.page.locale,
          path: r.page.path,
          status: r.status,
          expectedStatus: r.page.status,
          axe: { byImpact: byImpact(r.violations), violations: r.violations },
          vnu: r.vnu,
          problems: r.problems,
          error: r.error,
        })),
        failures: failures.filter((f) => !f.startsWith("Lighthouse") && !f.startsWith("Installability")),
      },
      null,
      2,
    ),
  );
  if (withLighthouse) {
    writeFileSync(
      "reports/lighthouse.json",
      JSON.stringify(
        {
          ...meta,
          budgets: budgets.lighthouse,
          results: lighthouse,
          installability: installable,
          failures: [...lighthouseFailures(lighthouse), ...installabilityFailures(installable)],
        },
        null,
        2,
      ),
    );
  }
  console.log(`Written reports/audit.json${withLighthouse ? " and reports/lighthouse.json" : ""}`);
} finally {
  await server.stop();
}
finish(failures, "Audit");
