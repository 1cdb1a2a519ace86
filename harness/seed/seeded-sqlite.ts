import type { DatabaseSync } from "node:sqlite";
import { readFileSync } from "node:fs";
import path from "node:path";
import { migrationNames } from "./migrated-schema.ts";
import { seedStatementStream } from "./seed-sql.ts";

const MIGRATIONS_DIR = "worker/db/migrations";

/**
 * Makes `db` (a new node:sqlite database) what a seeded local D1 is: every migration applied in order, then
 * the seed of `listings` listings in one transaction, and with `analyze` the planner's statistics, as D1
 * keeps them after `ANALYZE`. The query-plan and SQL tests read it.
 */
export function migrateAndSeed(
  db: DatabaseSync,
  { listings, analyze = false }: { listings: number; analyze?: boolean },
) {
  for (const name of migrationNames()) db.exec(readFileSync(path.join(MIGRATIONS_DIR, name), "utf8"));
  db.exec("BEGIN");
  for (const sql of seedStatementStream({ listings })) db.exec(sql);
  db.exec("COMMIT");
  if (analyze) db.exec("ANALYZE");
}
