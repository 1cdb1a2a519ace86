import { applyD1Migrations, env } from "cloudflare:test";
import { seedStatements } from "#harness/seed/seed-sql.ts";

/** Listings seeded for the workerd tests: enough for every filter and page, quick to apply. */
export const TEST_LISTINGS = 300;

// Each test file gets a migrated, seeded D1 (setup files run before every file; applying is idempotent).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
const { results } = await env.DB.prepare("SELECT COUNT(*) AS n FROM cities").all<{ n: number }>();
if (!results[0]?.n) await env.DB.batch(seedStatements({ listings: TEST_LISTINGS }).map((sql) => env.DB.prepare(sql)));
