/**
 * The rate-limit counters as tests set and read them: in their Durable Object shards (worker/db/rate-limiter.ts,
 * decision 093), through the objects' own storage.
 */
import { env, runInDurableObject } from "cloudflare:test";
import { RATE_LIMIT_SHARDS, rateLimiterFor, rateLimiterShard } from "#worker/db/rate-limit-shards.ts";

type Counter = {
  key: string;
  window_start: number;
  ends_at: number;
  count: number;
};

/** Sets `key`'s count in the window it is in (requests made it first), as more requests would have left it. */
export async function setRateLimitCount(key: string, count: number): Promise<void> {
  const changed = await runInDurableObject(
    rateLimiterFor(env.RATE_LIMITS, key),
    (_, state) => state.storage.sql.exec("UPDATE counters SET count = ? WHERE key = ?", count, key).rowsWritten,
  );
  if (changed !== 1) throw new Error(`no counter ${key} to set`);
}

/** Sets `key`'s counter to `count` in the window [windowStart, endsAt), whatever it held. */
export async function putRateLimitCounter(key: string, windowStart: number, endsAt: number, count: number) {
  await runInDurableObject(rateLimiterFor(env.RATE_LIMITS, key), (_, state) => {
    state.storage.sql.exec(
      `INSERT INTO counters (key, window_start, ends_at, count) VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT (key) DO UPDATE SET window_start = ?2, ends_at = ?3, count = ?4`,
      key,
      windowStart,
      endsAt,
      count,
    );
  });
}

/** `key`'s counter, or null when there is none. */
export function rateLimitCounter(key: string): Promise<Counter | null> {
  return runInDurableObject(
    rateLimiterFor(env.RATE_LIMITS, key),
    (_, state) => state.storage.sql.exec<Counter>("SELECT * FROM counters WHERE key = ?", key).toArray()[0] ?? null,
  );
}

/** Every shard's keys that end with `suffix`. */
export async function rateLimitKeysEndingWith(suffix: string): Promise<string[]> {
  const keys: string[] = [];
  for (let shard = 0; shard < RATE_LIMIT_SHARDS; shard++) {
    const found = await runInDurableObject(rateLimiterShard(env.RATE_LIMITS, shard), (_, state) =>
      state.storage.sql
        .exec<{ key: string }>("SELECT key FROM counters WHERE substr(key, -length(?1)) = ?1", suffix)
        .toArray()
        .map((row) => row.key),
    );
    keys.push(...found);
  }
  return keys;
}
