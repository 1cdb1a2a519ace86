import { env } from "cloudflare:test";
import { inject } from "vitest";

// Each test file gets its own storage (vitest's isolation): a fresh D1, given the migrations' schema made
// in one go (harness/seed/migrated-schema.ts: replaying each migration cost most of a file's set-up) and
// then the seed, both made once in seed-statements.ts, in one batch.
await env.DB.batch([...inject("schemaStatements"), ...inject("seedStatements")].map((sql) => env.DB.prepare(sql)));
