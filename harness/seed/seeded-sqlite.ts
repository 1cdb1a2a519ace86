import type { DatabaseSync } from "node:sqlite";
import { applyMigrations } from "./migrated-schema.ts";
import { seedStatementStream } from "./seed-sql.ts";

/**
 * Makes `db` (a new node:sqlite database) what a seeded local D1 is: every migration applied in order, then
 * the seed of `listings` listings in one transaction, and with `analyze` the planner's statistics, as D1
 * keeps them after `ANALYZE`. The query-plan and SQL tests read it.
 */
export function migrateAndSeed(
  db: DatabaseSync,
  { listings, analyze = false }: { listings: number; analyze?: boolean },
) {
  applyMigrations(db);
  db.exec("BEGIN");
  for (const sql of seedStatementStream({ listings })) db.exec(sql);
  db.exec("COMMIT");
  if (analyze) db.exec("ANALYZE");
}
