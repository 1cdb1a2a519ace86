/**
 * Reads and writes of a bench database file through node:sqlite (`npm run bench:db`), while no server holds
 * it; a wrangler process that has just let go of it may still hold its lock a moment, so each open waits.
 */
import { DatabaseSync } from "node:sqlite";

/** How long an open waits for a lock another process still holds. */
const BUSY_TIMEOUT_MS = 30_000;

export function withDatabase<T>(file: string, work: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(file, { timeout: BUSY_TIMEOUT_MS });
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** Rows of a read on the bench database. */
export function query(file: string, sql: string): Record<string, unknown>[] {
  return withDatabase(file, (db) => db.prepare(sql).all() as Record<string, unknown>[]);
}
