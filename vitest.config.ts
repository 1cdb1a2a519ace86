import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { globSync, readFileSync } from "node:fs";
import { configDefaults, defineConfig } from "vitest/config";
import { FOLDERS, wranglerConfig } from "./harness/folders.ts";

const build = FOLDERS.test.build;
/**
 * The suites that run against servers and browsers under two busy cores try a failed test once more
 * (decision 086); `npm test` names every test that passed only on its second try.
 */
const SECOND_TRY = 1;
/** The unit tests that opt into happy-dom (`// @vitest-environment happy-dom`). */
const DOM_TESTS = globSync("client/**/*.test.{ts,tsx}").filter((file) =>
  readFileSync(file, "utf8").includes("@vitest-environment happy-dom"),
);

/** The built worker in workerd, as the workers projects run it; `bindings` add to or replace its variables. */
const workersRuntime = (bindings: Record<string, string> = {}) =>
  cloudflareTest(async () => ({
    main: `./${build}/server/index.js`,
    wrangler: { configPath: `./${wranglerConfig(build)}` },
    miniflare: {
      bindings: {
        ENVIRONMENT: "development",
        PAGE_CACHE_TTL: "0",
        // The tests write reference tables (FAQ, tags…) and read them back at once.
        REFERENCE_CACHE_TTL: "0",
        ...bindings,
      },
      // The statistics queue (decision 093) hands each event to its consumer at once rather than
      // after wrangler.toml's batch timeout: a test waits for its counts (statistics-fixtures.ts).
      // The feeds' queue likewise (decision 100): a test waits for a new feed's first run.
      queueConsumers: {
        "nekretnine-statistics": { maxBatchTimeout: 0 },
        "nekretnine-feeds": { maxBatchTimeout: 0 },
      },
    },
  }));

/** What the workers projects' files have in common. */
const WORKERS_TESTS = {
  retry: SECOND_TRY,
  // Property tests send hundreds of requests each; beside the browser tests (npm test runs both at once,
  // decision 063) vitest's 5 s is too short for them, not a sign of a slow endpoint.
  testTimeout: 30_000,
  // markdown-it imports punycode.js's default export, which only its ES build (`module`) has: bundled
  // by Vite's optimizer, not loaded as CommonJS by workerd.
  // vt-pbf (the test archive's tiles, tests/fixtures/pmtiles.ts) and its pbf are CommonJS only, and so
  // are saxes and its xmlchars (the YRL feed reader, decision 097).
  deps: { optimizer: { ssr: { enabled: true, include: ["markdown-it", "vt-pbf", "saxes"] } } },
  globalSetup: [
    "./tests/integration/seed-statements.ts",
    "./tests/integration/large-photos.ts",
    "./tests/integration/feed-server.ts",
    "./tests/integration/photo-server.ts",
  ],
  setupFiles: ["./tests/integration/apply-migrations.ts"],
};

/** The workers files that need a runtime of their own (the "workers-own-runtime" project). */
const OWN_RUNTIME = ["tests/integration/map-vector-tiles.test.ts"];

/**
 * The suites, one `vitest run`:
 * - unit: shared/, client/, harness/ and scripts/ code, and worker/ modules that need no binding nor
 *   workerd's own request fields, in Node, all files in one module context (`isolate: false`): a fresh
 *   context per file cost more than the tests;
 * - dom: the component tests that opt into happy-dom, each file in a document of its own;
 * - workers: the built production worker inside workerd with a migrated, seeded D1 (`SELF.fetch`),
 *   and the worker/ modules that need workerd (`*.workerd.test.ts`), the files one after another in one
 *   runtime whose storage each file begins by emptying (decision 117); workers-own-runtime, the few that
 *   need a runtime of their own;
 * - e2e: real Chromium against the built worker served by wrangler (tests/e2e/server.ts).
 * `npm test` builds first (into FOLDERS.test.build), so the workers and e2e suites always test the current build.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          isolate: false,
          include: [
            "shared/**/*.test.{ts,tsx}",
            "client/**/*.test.{ts,tsx}",
            "harness/**/*.test.ts",
            "scripts/**/*.test.ts",
            "locales/**/*.test.ts",
            "worker/**/*.test.ts",
          ],
          exclude: ["worker/**/*.workerd.test.ts", ...DOM_TESTS],
          environment: "node",
          setupFiles: ["./tests/unit-setup.ts"],
          // Property tests run hundreds of cases; beside the browser tests vitest's 5 s is too short for them.
          testTimeout: 20_000,
        },
      },
      {
        // The component tests, each in a happy-dom document of its own: what one leaves mounted, another must not find.
        test: { name: "dom", include: DOM_TESTS, environment: "happy-dom" },
      },
      {
        plugins: [workersRuntime()],
        test: {
          name: "workers",
          ...WORKERS_TESTS,
          // One runtime for the files, which reset its storage as each begins (apply-migrations.ts): a runtime
          // per file cost more than most files' tests (decision 117).
          isolate: false,
          include: ["tests/integration/**/*.test.ts", "worker/**/*.workerd.test.ts"],
          exclude: [...configDefaults.exclude, ...OWN_RUNTIME],
        },
      },
      {
        // The files whose worker must start afresh: what an isolate keeps for a while (the map's archive,
        // worker/map/vector-tiles.ts) would carry over from one file to another.
        plugins: [workersRuntime()],
        test: {
          name: "workers-own-runtime",
          ...WORKERS_TESTS,
          // The seed only: its files need neither the large photo nor the feed and photo servers.
          globalSetup: ["./tests/integration/seed-statements.ts"],
          include: OWN_RUNTIME,
        },
      },
      {
        // Port 9 (discard) is closed here: every API call fails to connect.
        plugins: [workersRuntime({ API_ORIGIN: "http://127.0.0.1:9" })],
        test: { name: "workers-api-down", include: ["tests/integration-api-down/**/*.test.ts"] },
      },
      {
        // The operator's commands against a fresh local D1 (wrangler in a child process).
        test: {
          name: "ops",
          include: ["tests/ops/**/*.test.ts"],
          environment: "node",
          testTimeout: 300_000,
          retry: SECOND_TRY,
        },
      },
      {
        test: {
          name: "e2e",
          retry: SECOND_TRY,
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          // The served worker and Chromium; the Nu checker, started once for the files that validate pages.
          globalSetup: ["./tests/e2e/server.ts", "./tests/e2e/vnu-service.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A page's answer to a click (a post, its revalidation, the re-render) can take over vitest's
          // default 1 s on a busy 2-core machine (fresh-clone runs: the saved searches' "Name saved." after
          // 1 s, then after 5 s while the node group ran beside it). A poll that passes returns at once.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
      {
        // axe-core and the Nu validator on every page type in en/ru/sr (harness/audit/, budgets.json).
        test: {
          name: "audit",
          retry: SECOND_TRY,
          include: ["tests/audit/**/*.test.ts"],
          environment: "node",
          globalSetup: ["./tests/e2e/server.ts"],
          // A page's first test loads and audits it: a few seconds, and at most twice
          // PAGE_AUDIT_LIMIT_MS (harness/audit/run.ts) when the browser hangs on it.
          testTimeout: 120_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
