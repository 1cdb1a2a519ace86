/**
 * `throttle(rules)`: Hono middleware counting a request against rate-limit rules (worker/http/rate-limit.ts)
 * before the handler runs, so the handler never sees a request over a limit. Rules come from the request
 * (its address, its user, its path), e.g. `throttle((c) => [perAddress(c, "feedback", 10, 3600)])`.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "#worker/app-env.ts";
import { clientIp } from "#worker/http/client-ip.ts";
import { rateLimited } from "#worker/http/rate-limited.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { hitAll, type RateLimitRule } from "#worker/http/rate-limit.ts";

export function throttle(
  rules: (c: Context<AppEnv>) => RateLimitRule[],
  options: { field?: string } = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const refused = await overLimit(c, rules(c), options.field);
    if (refused) return refused;
    await next();
  };
}

/** Counts the request against the rules: the 429 answer when one is over its limit, else null. */
export async function overLimit(c: Context<AppEnv>, rules: RateLimitRule[], field?: string) {
  const verdict = await hitAll(c.env.RATE_LIMITS, rules, nowOf(c));
  return verdict.allowed ? null : rateLimited(c, verdict, field);
}

/** A rule for the request's address: `{what}:ip:{address}`. */
export const perAddress = (c: Context<AppEnv>, what: string, limit: number, windowS: number): RateLimitRule => ({
  key: `${what}:ip:${clientIp(c.req.raw)}`,
  limit,
  windowS,
});

/** A rule for the signed-in user (the route requires auth): `{what}:user:{id}`. */
export const perUser = (c: Context<AppEnv>, what: string, limit: number, windowS: number): RateLimitRule => ({
  key: `${what}:user:${c.get("user")!.id}`,
  limit,
  windowS,
});
