import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { FOLDERS, wranglerConfig } from "./harness/folders.ts";

const build = FOLDERS.test.build;

/**
 * Three suites, one `vitest run`:
 * - unit: shared/, client/ and harness/ code in Node (components opt into happy-dom per file);
 * - workers: the built production worker inside workerd with a migrated, seeded D1 (`SELF.fetch`),
 *   and worker/ modules tested directly;
 * - e2e: real Chromium against the built worker served by wrangler (tests/e2e/server.ts).
 * `npm test` builds first (into FOLDERS.test.build), so the workers and e2e suites always test the current build.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "shared/**/*.test.{ts,tsx}",
            "client/**/*.test.{ts,tsx}",
            "harness/**/*.test.ts",
            "locales/**/*.test.ts",
          ],
          environment: "node",
        },
      },
      {
        plugins: [
          cloudflareTest(async () => ({
            main: `./${build}/server/index.js`,
            wrangler: { configPath: `./${wranglerConfig(build)}` },
            miniflare: {
              bindings: {
                TEST_MIGRATIONS: await readD1Migrations("./worker/db/migrations"),
                ENVIRONMENT: "development",
                PAGE_CACHE_TTL: "0",
                // The tests write reference tables (FAQ, tags…) and read them back at once.
                REFERENCE_CACHE_TTL: "0",
              },
            },
          })),
        ],
        test: {
          name: "workers",
          include: ["tests/integration/**/*.test.ts", "worker/**/*.test.ts"],
          setupFiles: ["./tests/integration/apply-migrations.ts"],
        },
      },
      {
        plugins: [
          cloudflareTest({
            main: `./${build}/server/index.js`,
            wrangler: { configPath: `./${wranglerConfig(build)}` },
            // Port 9 (discard) is closed here: every API call fails to connect.
            miniflare: {
              bindings: {
                API_ORIGIN: "http://127.0.0.1:9",
                ENVIRONMENT: "development",
                PAGE_CACHE_TTL: "0",
                REFERENCE_CACHE_TTL: "0",
              },
            },
          }),
        ],
        test: { name: "workers-api-down", include: ["tests/integration-api-down/**/*.test.ts"] },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["./tests/e2e/server.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A page's answer to a click (a post, its revalidation, the re-render) can take over vitest's
          // default 1 s on a busy 2-core machine (a fresh-clone run: the saved searches' "Name saved.").
          expect: { poll: { timeout: 5_000 } },
          fileParallelism: false,
        },
      },
      {
        // axe-core and the Nu validator on every page type in en/ru/sr (harness/audit/, budgets.json).
        test: {
          name: "audit",
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
