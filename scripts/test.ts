/**
 * `npm test`: the whole suite. Lint and the format check first, types next (generated binding and route
 * types, then tsc), then the production build the worker and browser suites run against (in its own
 * folder, `FOLDERS.test`), then every vitest project. Ends with one plain "N passed, N failed" line.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { buildSite } from "#harness/build.ts";
import { FOLDERS } from "#harness/folders.ts";
import { wranglerEnv } from "#harness/wrangler.ts";

function step(title: string, cmd: string, args: string[]) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(cmd, args, { stdio: "inherit", env: wranglerEnv });
  return result.status ?? 1;
}

const extra = process.argv.slice(2);
// The house rules first (eslint.config.js, .prettierrc): a broken boundary fails before anything is built.
if (step("lint", "npm", ["run", "--silent", "lint"]) !== 0) process.exit(1);
if (step("format", "npm", ["run", "--silent", "format:check"]) !== 0) process.exit(1);
if (step("types", "npm", ["run", "--silent", "typecheck"]) !== 0) process.exit(1);
console.log(`\n▶ build (${FOLDERS.test.build})`);
if (buildSite(FOLDERS.test.build, { inherit: true }).status !== 0) process.exit(1);
const status = step("tests", "npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  "--outputFile.json=reports/vitest.json",
  ...extra,
]);

try {
  const report = JSON.parse(readFileSync("reports/vitest.json", "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTotalTests: number;
    testResults: { name: string; status: string }[];
  };
  if (report.numTotalTests === 0) {
    console.error("No test ran.");
    process.exit(1);
  }
  // A file can fail outside its tests (a hook's check, an import): those count as failures too.
  const failedFiles = report.testResults.filter((file) => file.status === "failed").map((file) => file.name);
  console.log(`\n${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped`);
  if (failedFiles.length) console.log(`${failedFiles.length} test file(s) failed:\n  ${failedFiles.join("\n  ")}`);
} catch (error) {
  console.error(`No test report: ${(error as Error).message}`);
  process.exit(status || 1);
}
process.exit(status);
