/** Typed D1 queries of the fixed-window counters (table `rate_limits`; the rules are in worker/http/rate-limit.ts). */
import type { Database } from "#worker/app-env.ts";

/**
 * Counts one request against `key` in the window starting at `windowStart` (a new window restarts at 1)
 * and returns the count, in one atomic statement: concurrent requests cannot both see the last free slot.
 */
export async function bumpRateLimit(db: Database, key: string, windowStart: number): Promise<number> {
  const row = await db
    .prepare(
      `INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.count + 1 ELSE 1 END,
         window_start = excluded.window_start
       RETURNING count`,
    )
    .bind(key, windowStart)
    .first<{ count: number }>();
  return row?.count ?? 1;
}

/** Deletes the counters whose window started before `before`: they can no longer refuse anything. */
export async function pruneRateLimits(db: Database, before: number): Promise<number> {
  const result = await db.prepare("DELETE FROM rate_limits WHERE window_start < ?").bind(before).run();
  return result.meta.changes ?? 0;
}

/** Takes back one count of `key` in the window starting at `windowStart` (nothing when the window moved on). */
export async function unbumpRateLimit(db: Database, key: string, windowStart: number): Promise<void> {
  await db
    .prepare("UPDATE rate_limits SET count = count - 1 WHERE key = ? AND window_start = ? AND count > 0")
    .bind(key, windowStart)
    .run();
}
