import { applyD1Migrations, env } from "cloudflare:test";
import { inject } from "vitest";

// Each test file gets a migrated, seeded D1 (setup files run before every file; applying is idempotent).
// The seed's statements come made from seed-statements.ts.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
const { results } = await env.DB.prepare("SELECT COUNT(*) AS n FROM cities").all<{ n: number }>();
if (!results[0]?.n) await env.DB.batch(inject("seedStatements").map((sql) => env.DB.prepare(sql)));
