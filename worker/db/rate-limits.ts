/**
 * The fixed-window counters' two operations (the rules are in worker/http/rate-limit.ts), each one call to the
 * key's shard of the counters (worker/db/rate-limiter.ts, decision 093).
 */
import { type RateLimits, rateLimiterFor } from "./rate-limit-shards.ts";

/**
 * Counts one request against `key` in the window starting at `windowStart` and ending at `endsAt` (a new
 * window restarts at 1) and returns the count, in one step: concurrent requests cannot both see the last
 * free slot.
 */
export function bumpRateLimit(limits: RateLimits, key: string, windowStart: number, endsAt: number): Promise<number> {
  return rateLimiterFor(limits, key).bump(key, windowStart, endsAt);
}

/** Takes back one count of `key` in the window starting at `windowStart` (nothing when the window moved on). */
export async function unbumpRateLimit(limits: RateLimits, key: string, windowStart: number): Promise<void> {
  await rateLimiterFor(limits, key).unbump(key, windowStart);
}
