import { env, reset } from "cloudflare:test";
import { inject, vi } from "vitest";

// The workers test files share one runtime (decision 117). Each begins as in a runtime of its own: the
// helpers' modules evaluated afresh (what one keeps, a session or a counter, is that file's alone), and
// every binding's storage emptied (D1, R2, the Durable Objects, the queues). Then its D1 gets the
// migrations' schema made in one go (harness/seed/migrated-schema.ts: replaying each migration cost most of
// a file's set-up) and the seed, both made once in seed-statements.ts, in one batch.
vi.resetModules();
await reset();
await env.DB.batch([...inject("schemaStatements"), ...inject("seedStatements")].map((sql) => env.DB.prepare(sql)));
