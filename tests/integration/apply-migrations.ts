import { env } from "cloudflare:test";
import { inject } from "vitest";

// Each test file gets its own storage (vitest's isolation): a fresh D1, given every migration and then the
// seed (made once in seed-statements.ts) in one batch. Applying the migrations one batch each, as
// `applyD1Migrations` does, cost twice as long a file; the rows in d1_migrations are those wrangler writes.
const migrations = env.TEST_MIGRATIONS.flatMap(({ name, queries }) => [
  ...queries,
  `INSERT INTO d1_migrations (name) VALUES ('${name.replaceAll("'", "''")}')`,
]);
await env.DB.batch(
  [
    "CREATE TABLE d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP)",
    ...migrations,
    ...inject("seedStatements"),
  ].map((sql) => env.DB.prepare(sql)),
);
