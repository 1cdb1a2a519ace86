/**
 * The fixed-window counters of every "at most N per window" rule (decision 029; the rules are in
 * worker/http/rate-limit.ts), kept out of D1 (decision 093): a Durable Object per shard of the keys, each
 * with its own SQLite table. An object runs one event at a time and every method here is synchronous SQL,
 * so a count and its answer are one step — concurrent requests cannot both take the last free slot, as
 * with D1's single statement before. Keys are spread over RATE_LIMIT_SHARDS objects by a hash, so one hot
 * key (an attacked identity, a busy address) holds up only its shard, and no one object sees every request.
 * Each object drops its ended windows itself, on an alarm while it holds any. Which object counts a key is
 * rate-limit-shards.ts (no runtime import of the class, so Node can load the callers).
 */
import { DurableObject } from "cloudflare:workers";

/** How often an object holding counters drops those whose window has ended. */
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

export class RateLimiter extends DurableObject<Env> {
  /** Whether this instance has made sure an alarm will prune (reset when the alarm finds nothing left). */
  private pruneScheduled = false;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(
      `CREATE TABLE IF NOT EXISTS counters (
         key TEXT PRIMARY KEY,
         window_start INTEGER NOT NULL,
         ends_at INTEGER NOT NULL,
         count INTEGER NOT NULL
       ) WITHOUT ROWID`,
    );
    ctx.storage.sql.exec("CREATE INDEX IF NOT EXISTS counters_ends_at ON counters (ends_at)");
  }

  /**
   * Counts one request against `key` in the window starting at `windowStart` and ending at `endsAt` (a new
   * window restarts at 1) and returns the count.
   */
  async bump(key: string, windowStart: number, endsAt: number): Promise<number> {
    const row = this.ctx.storage.sql
      .exec<{ count: number }>(
        `INSERT INTO counters (key, window_start, ends_at, count) VALUES (?1, ?2, ?3, 1)
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN counters.window_start = excluded.window_start THEN counters.count + 1 ELSE 1 END,
           window_start = excluded.window_start,
           ends_at = excluded.ends_at
         RETURNING count`,
        key,
        windowStart,
        endsAt,
      )
      .one();
    // After the count: the answer does not wait on the alarm, and the count is already written.
    if (!this.pruneScheduled) await this.schedulePrune();
    return row.count;
  }

  /** Takes back one count of `key` in the window starting at `windowStart` (nothing when the window moved on). */
  unbump(key: string, windowStart: number): void {
    this.ctx.storage.sql.exec(
      "UPDATE counters SET count = count - 1 WHERE key = ? AND window_start = ? AND count > 0",
      key,
      windowStart,
    );
  }

  /** Drops the counters whose window has ended: they can no longer refuse anything. */
  override async alarm(): Promise<void> {
    const sql = this.ctx.storage.sql;
    sql.exec("DELETE FROM counters WHERE ends_at <= ?", Date.now());
    const left = sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM counters").one().n;
    if (left > 0) await this.ctx.storage.setAlarm(Date.now() + PRUNE_INTERVAL_MS);
    else this.pruneScheduled = false;
  }

  private async schedulePrune(): Promise<void> {
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + PRUNE_INTERVAL_MS);
    this.pruneScheduled = true;
  }
}
