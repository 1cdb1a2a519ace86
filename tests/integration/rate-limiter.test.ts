import { env, runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { RATE_LIMIT_SHARDS, rateLimiterFor } from "#worker/db/rate-limit-shards.ts";
import { hit, hitAll, refund } from "#worker/http/rate-limit.ts";
import { putRateLimitCounter, rateLimitCounter } from "./rate-limit-fixtures.ts";

const unique = (what: string) => `test:${what}:${crypto.randomUUID()}`;

describe("the rate-limit counters' Durable Objects (decision 093)", () => {
  it("are exact: of 60 concurrent requests against a limit of 10, exactly 10 are allowed", async () => {
    const rule = { key: unique("race"), limit: 10, windowS: 3600 };
    const now = Date.now();
    const verdicts = await Promise.all(Array.from({ length: 60 }, () => hit(env.RATE_LIMITS, rule, now)));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(10);
    expect(verdicts.map((v) => v.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    const refused = verdicts.find((v) => !v.allowed)!;
    expect(refused.retryAfterS).toBe(Math.ceil((Math.floor(now / 3_600_000) * 3_600_000 + 3_600_000 - now) / 1000));
  });

  it("restart at 1 in a new window, and a refund gives back a slot of the current window only", async () => {
    const rule = { key: unique("window"), limit: 2, windowS: 60 };
    const t = Math.floor(Date.now() / 60_000) * 60_000;
    expect((await hit(env.RATE_LIMITS, rule, t)).count).toBe(1);
    expect((await hit(env.RATE_LIMITS, rule, t + 1000)).count).toBe(2);
    await refund(env.RATE_LIMITS, rule, t + 2000);
    expect((await hit(env.RATE_LIMITS, rule, t + 3000)).count).toBe(2);
    expect((await hit(env.RATE_LIMITS, rule, t + 60_000)).count).toBe(1);
    // The old window's refund touches nothing.
    await refund(env.RATE_LIMITS, rule, t);
    expect((await rateLimitCounter(rule.key))?.count).toBe(1);
  });

  it("hitAll counts every rule and answers with the longest wait of those over their limit", async () => {
    const now = Date.now();
    const short = { key: unique("short"), limit: 0, windowS: 60 };
    const long = { key: unique("long"), limit: 0, windowS: 3600 };
    const free = { key: unique("free"), limit: 5, windowS: 60 };
    const verdict = await hitAll(env.RATE_LIMITS, [short, long, free], now);
    expect(verdict.allowed).toBe(false);
    expect(verdict.retryAfterS).toBe(Math.ceil((Math.floor(now / 3_600_000) * 3_600_000 + 3_600_000 - now) / 1000));
    for (const rule of [short, long, free]) expect((await rateLimitCounter(rule.key))?.count).toBe(1);
  });

  it("spread the keys over the shards", () => {
    const ids = new Set<string>();
    for (let i = 0; i < 2000; i++) ids.add(rateLimiterFor(env.RATE_LIMITS, `login:ip:198.51.100.${i}`).id.toString());
    expect(ids.size).toBe(RATE_LIMIT_SHARDS);
  });

  it("drop the counters whose window has ended on their alarm, and keep the running ones", async () => {
    const now = Date.now();
    const live = unique("live");
    await hit(env.RATE_LIMITS, { key: live, limit: 5, windowS: 3600 }, now);
    // An ended window in the same shard as the running one.
    let ended = unique("ended");
    while (rateLimiterFor(env.RATE_LIMITS, ended).id.toString() !== rateLimiterFor(env.RATE_LIMITS, live).id.toString())
      ended = unique("ended");
    await putRateLimitCounter(ended, now - 7_200_000, now - 3_600_000, 3);
    expect(await runDurableObjectAlarm(rateLimiterFor(env.RATE_LIMITS, live))).toBe(true);
    expect(await rateLimitCounter(ended)).toBeNull();
    expect(await rateLimitCounter(live)).toMatchObject({ count: 1 });
  });
});
