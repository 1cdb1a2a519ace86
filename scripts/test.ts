/**
 * `npm test`: the whole suite. The production build first (in its own folder, `FOLDERS.test`), which the
 * worker and browser suites test; then, side by side (decision 063): the browser's vitest projects,
 * streamed, and the checks — lint, the format check, types (generated binding and route types, then tsc)
 * — followed by the other vitest projects, whose output is printed in blocks as each ends. A failed check
 * fails the run without stopping the tests, so that one run reports everything. Ends with where the time
 * went and one plain "N passed, N failed" line.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { cpus } from "node:os";
import { buildSite } from "#harness/build.ts";
import { FOLDERS } from "#harness/folders.ts";
import type { ProjectTimes } from "#harness/vitest-times.ts";
import { wranglerEnv } from "#harness/wrangler.ts";

/** Each step's wall time, printed at the end. */
const timings: { step: string; ms: number }[] = [];
/** The vitest runs: their JSON reports and time reports. */
const runs: { name: string; report: string; times: string }[] = [];
const runStarted = Date.now();
/** The machine's CPU time so far: how busy the cores were says whether more side by side could help. */
const cpuTimes = () =>
  cpus().reduce(
    (sum, { times }) => ({
      busy: sum.busy + times.user + times.nice + times.sys + times.irq,
      idle: sum.idle + times.idle,
    }),
    { busy: 0, idle: 0 },
  );
const cpuAtStart = cpuTimes();

async function timed<T>(title: string, run: () => T | Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await run();
  } finally {
    timings.push({ step: title, ms: Date.now() - started });
  }
}

/** A command's exit status and, unless streamed, its output (kept, so that parallel steps do not interleave). */
function command(cmd: string, args: string[], stream: boolean, env: NodeJS.ProcessEnv = wranglerEnv) {
  return new Promise<{ status: number; output: string }>((resolve) => {
    const child = spawn(cmd, args, {
      env,
      stdio: ["ignore", stream ? "inherit" : "pipe", stream ? "inherit" : "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => resolve({ status: code ?? 1, output }));
  });
}

/** The house rules (eslint.config.js, .prettierrc) and the types. */
const CHECKS: [title: string, script: string][] = [
  ["lint", "lint"],
  ["format", "format:check"],
  ["types", "typecheck"],
];

function exitWithTimes(status: number): never {
  printTimes();
  process.exit(status);
}

const extra = process.argv.slice(2);
console.log(`\n▶ build (${FOLDERS.test.build})`);
if ((await timed("build", () => buildSite(FOLDERS.test.build, { inherit: true }).status)) !== 0) exitWithTimes(1);
/**
 * The vitest projects in two groups run side by side (decision 063): the browser tests (e2e: one file at a
 * time on one served worker and one Chromium, its output streamed) and the rest (unit, workers, ops and the
 * audit, which has a served worker and a Chromium of its own), whose output is kept until it ends so that
 * the two do not interleave line by line. The audit is in the second group because the e2e files alone take
 * about as long as everything else (decision 063's amendment of 2026-11-30). Extra arguments (a file, `-t`)
 * run one vitest as given instead, after the checks.
 */
const BROWSER_PROJECTS = ["e2e"];
const TIMES_REPORTER = "./harness/vitest-times.ts";
/** The project names vitest.config.ts declares (`name: "…"`), so that a new project joins the second group. */
const PROJECTS = [...readFileSync("vitest.config.ts", "utf8").matchAll(/\bname: "([\w-]+)"/g)].map((m) => m[1]!);
/**
 * The node group runs two files at a time: vitest's default on two cores is one, and its files (the workers
 * files' workerd, the ops file's wrangler processes) wait on timers, servers and child processes long enough
 * to leave a core idle beside the browser group.
 */
const GROUPS = [
  { name: "browser", projects: BROWSER_PROJECTS, stream: true, args: [] as string[] },
  {
    name: "node",
    projects: PROJECTS.filter((name) => !BROWSER_PROJECTS.includes(name)),
    stream: false,
    args: ["--maxWorkers=2"],
  },
];
if (BROWSER_PROJECTS.some((name) => !PROJECTS.includes(name))) {
  console.error(`vitest.config.ts no longer names the projects ${BROWSER_PROJECTS.join(", ")}: update scripts/test.ts`);
  process.exit(1);
}

function vitest(
  args: string[],
  report: string,
  times: string,
  stream: boolean,
): Promise<{ status: number; output: string }> {
  const full = [
    "vitest",
    "run",
    "--reporter=default",
    "--reporter=json",
    `--reporter=${TIMES_REPORTER}`,
    `--outputFile.json=${report}`,
    ...args,
  ];
  return command("npx", full, stream, { ...wranglerEnv, VITEST_TIMES_FILE: times });
}

interface Report {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTotalTests: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
}

/** What failed and why, short enough to stay in the tail of a CI log (which is all CI keeps). */
function failureSummary(file: Report["testResults"][number]): string {
  const failures = file.assertionResults
    .filter((test) => test.status === "failed")
    .map((test) => `    ✗ ${test.fullName}\n      ${firstLines(test.failureMessages.join("\n"))}`);
  if (file.message) failures.unshift(`    ${firstLines(file.message)}`);
  // A hook's failure (beforeAll/afterAll) reaches the JSON report without its message.
  if (!failures.length) failures.push("    a hook failed: its message is in the output above (FAIL … > <suite name>)");
  return `  ${file.name}\n${failures.join("\n")}`;
}
/** A passed test that kept its first try's errors (vitest's `retry`): a race to find, named with its first failure. */
const passedOnSecondTry = (file: Report["testResults"][number]) =>
  file.assertionResults
    .filter((test) => test.status === "passed" && test.failureMessages.length)
    .map((test) => `  ${file.name}\n    ↻ ${test.fullName}\n      ${firstLines(test.failureMessages.join("\n"))}`);
const firstLines = (text: string) =>
  text
    .split("\n")
    .filter((line) => !/node_modules|\(<anonymous>\)/.test(line))
    .slice(0, 12)
    .join("\n      ")
    .slice(0, 1500);

/** Where the time went: each step, each group of projects, and each project's span and slowest files. */
function printTimes() {
  const seconds = (ms: number) => `${Math.round(ms / 1000)} s`.padStart(7);
  const lines = timings.map(({ step: name, ms }) => `  ${name.padEnd(22)}${seconds(ms)}`);
  for (const run of runs) {
    let projects: ProjectTimes[];
    try {
      projects = JSON.parse(readFileSync(run.times, "utf8")) as ProjectTimes[];
    } catch {
      continue; // the group did not get as far as its report
    }
    for (const p of projects) {
      lines.push(`    ${p.project.padEnd(20)}${seconds(p.spanMs)} span, ${seconds(p.busyMs)} in ${p.files} files`);
      for (const slow of p.slowest) lines.push(`      ${seconds(slow.ms)}  ${slow.file}`);
    }
  }
  const cpu = cpuTimes();
  const busy = cpu.busy - cpuAtStart.busy;
  const share = Math.round((100 * busy) / (busy + cpu.idle - cpuAtStart.idle));
  lines.push(`  ${"total".padEnd(22)}${seconds(Date.now() - runStarted)} (the ${cpus().length} cores ${share}% busy)`);
  console.log(`\nTime:\n${lines.join("\n")}`);
}

console.log("\n▶ tests");
runs.push(
  ...(extra.length > 0
    ? [{ name: "vitest", report: "reports/vitest.json", times: "reports/times.json" }]
    : GROUPS.map((group) => ({
        name: group.name,
        report: `reports/vitest-${group.name}.json`,
        times: `reports/times-${group.name}.json`,
      }))),
);
const printBlock = (title: string, output: string) => console.log(`\n── ${title} ──\n${output}`);
/** The checks, then a vitest run: the checks' output kept until each ends, as the run's is when not streamed. */
async function checksThen(run: (typeof runs)[number]) {
  const failed: string[] = [];
  for (const [title, script] of CHECKS) {
    const result = await timed(title, () => command("npm", ["run", "--silent", script], false));
    if (result.status !== 0 || result.output.trim())
      printBlock(`${title}${result.status ? ": FAILED" : ""}`, result.output);
    if (result.status !== 0) failed.push(title);
  }
  const result = await runTests(run);
  return { status: failed.length ? 1 : result.status, failed };
}
async function runTests(run: (typeof runs)[number]) {
  const group = GROUPS.find((g) => g.name === run.name);
  const args = group ? [...group.projects.flatMap((project) => ["--project", project]), ...group.args] : extra;
  const stream = group?.stream ?? true;
  const result = await timed(`tests: ${run.name}`, () => vitest(args, run.report, run.times, stream));
  if (!stream) printBlock(`vitest ${args.join(" ")}`, result.output);
  return { status: result.status, failed: [] as string[] };
}
// The browser's run starts at once, the checks go with the other group; a file or `-t` runs after them.
const results = await Promise.all(
  runs.length > 1
    ? runs.map((run) => (run.name === "browser" ? runTests(run) : checksThen(run)))
    : [checksThen(runs[0]!)],
);
const failedChecks = results.flatMap((r) => r.failed);
const status = results.some((r) => r.status !== 0) ? 1 : 0;

try {
  const reports = runs.map((r) => JSON.parse(readFileSync(r.report, "utf8")) as Report);
  const sum = (key: "numPassedTests" | "numFailedTests" | "numPendingTests" | "numTotalTests") =>
    reports.reduce((total, report) => total + report[key], 0);
  if (sum("numTotalTests") === 0) {
    console.error("No test ran.");
    exitWithTimes(1);
  }
  // A file can fail outside its tests (a hook's check, an import): those count as failures too.
  const failedFiles = reports.flatMap((report) => report.testResults.filter((file) => file.status === "failed"));
  console.log(`\n${sum("numPassedTests")} passed, ${sum("numFailedTests")} failed, ${sum("numPendingTests")} skipped`);
  const secondTries = reports.flatMap((report) => report.testResults.flatMap(passedOnSecondTry));
  if (secondTries.length)
    console.log(`${secondTries.length} test(s) passed only on a second try (decision 086):\n${secondTries.join("\n")}`);
  if (failedFiles.length)
    console.log(`${failedFiles.length} test file(s) failed:\n${failedFiles.map(failureSummary).join("\n")}`);
  if (failedChecks.length) console.log(`Checks failed: ${failedChecks.join(", ")} (their output is above).`);
} catch (error) {
  console.error(`No test report: ${(error as Error).message}`);
  exitWithTimes(status || 1);
}
exitWithTimes(status);
