/**
 * The one mechanism behind every "at most N per window" rule (decision 029): a fixed-window counter per
 * key, counted and read in one step by the key's Durable Object shard (worker/db/rate-limiter.ts, decision
 * 093 — out of D1, whose one writer keeps to the data), so concurrent requests cannot both take the last
 * free slot. Check and consumption are that one step: a request is counted whether or not it is then allowed.
 */
import { bumpRateLimit, unbumpRateLimit } from "#worker/db/rate-limits.ts";
import type { RateLimits } from "#worker/db/rate-limit-shards.ts";

export type { RateLimits };

export interface RateLimitRule {
  /** What is limited and for whom, e.g. `code:identity:+381641234567`. */
  key: string;
  limit: number;
  windowS: number;
  /** When the first window starts (ms): by default windows are aligned to the epoch. */
  since?: number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  count: number;
  /** Seconds until the window ends (for Retry-After). */
  retryAfterS: number;
}

/** No rule's window is longer: a counter is never kept past a day after its window began. */
const RATE_LIMIT_MAX_WINDOW_S = 24 * 60 * 60;

/** The start (ms) of the rule's window that holds `now`. */
function windowStartOf(rule: RateLimitRule, now: number): number {
  if (rule.windowS > RATE_LIMIT_MAX_WINDOW_S) throw new Error(`${rule.key}: a window over RATE_LIMIT_MAX_WINDOW_S`);
  const since = rule.since ?? 0;
  return since + Math.floor((now - since) / (rule.windowS * 1000)) * rule.windowS * 1000;
}

export async function hit(limits: RateLimits, rule: RateLimitRule, now: number): Promise<RateLimitVerdict> {
  const windowMs = rule.windowS * 1000;
  const windowStart = windowStartOf(rule, now);
  const count = await bumpRateLimit(limits, rule.key, windowStart, windowStart + windowMs);
  return {
    allowed: count <= rule.limit,
    count,
    retryAfterS: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)),
  };
}

/**
 * Counts the request against every rule (at once: each rule is counted whatever the others answer); the
 * rule over its limit with the longest wait decides.
 */
export async function hitAll(limits: RateLimits, rules: RateLimitRule[], now: number): Promise<RateLimitVerdict> {
  let worst: RateLimitVerdict = { allowed: true, count: 0, retryAfterS: 0 };
  const verdicts = await Promise.all(rules.map((rule) => hit(limits, rule, now)));
  for (const verdict of verdicts) {
    if (!verdict.allowed && (worst.allowed || verdict.retryAfterS > worst.retryAfterS)) worst = verdict;
  }
  return worst;
}

/**
 * Gives back a slot `hit` took at `now`: a rule that counts only some outcomes (failed password checks)
 * reserves the slot atomically before the check and returns it when the outcome does not count.
 */
export async function refund(limits: RateLimits, rule: RateLimitRule, now: number): Promise<void> {
  await unbumpRateLimit(limits, rule.key, windowStartOf(rule, now));
}
