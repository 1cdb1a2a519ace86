/**
 * `npm run lighthouse [-- --no-build] [-- --installability-only | --main-thread-only]`: builds, seeds its
 * local D1 when empty, serves the build, traces the main thread of the pages in `budgets.mainThread` at
 * 4× CPU slowdown (the longest task and the time over 50 ms, harness/audit/long-tasks.ts; beside them a
 * minimal document's, the browser's own floor; reported, held to no limit: decision 114) and runs Lighthouse (mobile preset) on the page types
 * named in budgets.json (home, search, detail, article…). Prints the four category scores, LCP, TBT, CLS and the JavaScript bytes;
 * then asks Chromium whether each page is installable as an app (decision 043; Lighthouse 12 has no PWA
 * category). Writes reports/lighthouse.json; exits non-zero naming every score below its budget and
 * every page that cannot be installed. `--installability-only` skips the (slow) Lighthouse runs.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { budgets, finish } from "#harness/audit/budgets.ts";
import { installability, installabilityFailures, installabilityTable } from "#harness/audit/installability.ts";
import {
  type LighthouseResult,
  lighthouseFailures,
  lighthouseTable,
  runLighthouse,
} from "#harness/audit/lighthouse.ts";
import { longTaskTable, MINIMAL_DOCUMENT, measureLongTasks } from "#harness/audit/long-tasks.ts";
import { auditPages, pageSamples } from "#harness/audit/pages.ts";
import { serveSite } from "#harness/audit/site.ts";
import { FOLDERS } from "#harness/folders.ts";
import { DEV_ACCOUNTS } from "#harness/seed/accounts.ts";
import { busyInboxSql } from "#harness/seed/busy-inbox.ts";
import { wrangler } from "#harness/wrangler.ts";

// The messages pages are measured with a busy inbox: 200 conversations and a 1 000-message thread.
const user = DEV_ACCOUNTS.find((account) => account.role === "user")!;
const server = await serveSite(FOLDERS.lighthouse, {
  build: !process.argv.includes("--no-build"),
  prepare: async (state) => {
    for (const command of busyInboxSql(user.email, Date.now()))
      await wrangler(["d1", "execute", "DB", "--local", "--persist-to", state, "--command", command], { quiet: true });
  },
});
let failures: string[];
try {
  const all = auditPages(await pageSamples(server.url), ["en"]);
  const pages = all.filter((p) => budgets.lighthouse.pages.includes(p.type));
  const { cpuSlowdown, loads } = budgets.mainThread;
  console.log(`▶ main-thread tasks: Chromium traces at ${cpuSlowdown}× CPU slowdown, ${loads} loads per page`);
  const traced = await measureLongTasks(
    server.url,
    [...all.filter((p) => budgets.mainThread.pages.includes(p.type)), MINIMAL_DOCUMENT],
    { loads, log: console.log },
  );
  // The minimal document is the browser's own floor, printed beside the pages and held to no budget.
  const tasks = traced.filter((t) => t.name !== MINIMAL_DOCUMENT.name);
  const floor = traced.find((t) => t.name === MINIMAL_DOCUMENT.name);
  console.table(longTaskTable(traced));
  let results: LighthouseResult[] = [];
  if (!process.argv.includes("--installability-only") && !process.argv.includes("--main-thread-only")) {
    console.log(`▶ Lighthouse (${budgets.lighthouse.preset}) on ${pages.map((p) => p.type).join(", ")}`);
    results = await runLighthouse(server.url, pages, console.log);
    console.table(lighthouseTable(results));
  }
  console.log("▶ installability (Chromium's Page.getInstallabilityErrors, the service worker in control)");
  const installable = await installability(server.url, pages);
  console.table(installabilityTable(installable));
  failures = [...lighthouseFailures(results), ...installabilityFailures(installable)];
  mkdirSync("reports", { recursive: true });
  writeFileSync(
    "reports/lighthouse.json",
    JSON.stringify(
      {
        date: new Date().toISOString(),
        cores: os.cpus().length,
        load: os.loadavg(),
        budgets: budgets.lighthouse,
        mainThread: tasks,
        mainThreadFloor: floor,
        results,
        installability: installable,
        failures,
      },
      null,
      2,
    ),
  );
  console.log("Written reports/lighthouse.json");
} finally {
  await server.stop();
}
finish(failures, "Lighthouse");
