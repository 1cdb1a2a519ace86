/**
 * Which of the counters' Durable Objects (rate-limiter.ts, decision 093) counts a key. Apart from the class,
 * which only workerd can load (`cloudflare:workers`), so that the code calling the counters loads in Node too.
 */
import type { RateLimiter } from "./rate-limiter.ts";

/**
 * How many objects the keys are spread over. A Durable Object serves in the order of a thousand small
 * requests a second; a page view takes none, a write one to five, so 32 leave room for the whole site's
 * writes many times over. Changing it moves keys to other shards: their counts start again (at most one
 * window each), so it is raised with care.
 */
export const RATE_LIMIT_SHARDS = 32;

/** The binding of the counters (wrangler.toml `RATE_LIMITS`). */
export type RateLimits = DurableObjectNamespace<RateLimiter>;

/** FNV-1a of the key: fast, stable across deploys and isolates (the shard must not move). */
function shardOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % RATE_LIMIT_SHARDS;
}

/** Shard `shard` (0 ≤ shard < RATE_LIMIT_SHARDS) of the counters. */
export function rateLimiterShard(limits: RateLimits, shard: number): DurableObjectStub<RateLimiter> {
  return limits.get(limits.idFromName(`rate-limits:${shard}`));
}

/** The shard that counts `key`. */
export function rateLimiterFor(limits: RateLimits, key: string): DurableObjectStub<RateLimiter> {
  return rateLimiterShard(limits, shardOf(key));
}
