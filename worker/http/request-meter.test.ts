import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "#worker/app-env.ts";
import { d1Delay, meterOf, recentMeter, requestMeter } from "./request-meter.ts";

const statement = { first: () => Promise.resolve({ one: 1 }), bind: () => statement };
const DB = { prepare: () => statement, batch: () => Promise.resolve([]) };

/** A worker whose one page reads D1 twice, behind the meter; it tells which database it was given. */
function worker() {
  const app = new Hono<AppEnv>();
  let seen: unknown;
  app.use(requestMeter());
  app.get("/", async (c) => {
    seen = c.env.DB;
    await c.env.DB.prepare("SELECT 1").first();
    await c.env.DB.prepare("SELECT 2").first();
    return c.text("ok");
  });
  return { app, seen: () => seen };
}

const request = (headers: Record<string, string> = {}) => new Request("http://x/", { headers });

describe("the request meter", () => {
  it("counts a development request from loopback, into headers and the kept record", async () => {
    const { app, seen } = worker();
    const env = { ENVIRONMENT: "development", DB } as unknown as Env;
    const res = await app.fetch(request({ "cf-connecting-ip": "127.0.0.1" }), env);
    expect(res.headers.get("x-debug-d1")).toBe("2");
    expect(res.headers.get("x-debug-d1-writes")).toBe("0");
    expect(res.headers.get("x-debug-d1-before-first-byte")).toBe("2");
    expect(seen()).not.toBe(DB);
    expect(meterOf(env)).toBeUndefined();
    expect(recentMeter(res.headers.get("x-debug-d1-id")!)?.d1.roundTrips).toBe(2);
  });

  it("leaves production and other addresses alone: the binding itself, no headers, no delay", async () => {
    for (const [environment, ip] of [
      ["production", "127.0.0.1"],
      ["development", "203.0.113.9"],
    ]) {
      const { app, seen } = worker();
      const env = { ENVIRONMENT: environment, D1_DELAY_MS: "5000", DB } as unknown as Env;
      const req = request({ "cf-connecting-ip": ip!, "x-debug-d1-delay": "5000" });
      const start = performance.now();
      const res = await app.fetch(req, env);
      expect(performance.now() - start).toBeLessThan(1000);
      expect(seen()).toBe(DB);
      expect(res.headers.get("x-debug-d1")).toBeNull();
      expect(d1Delay(env, req)).toBe(0);
    }
  });

  it("takes the delay from the header, else D1_DELAY_MS, at most 10 s", () => {
    const env = { ENVIRONMENT: "development", D1_DELAY_MS: "150" } as unknown as Env;
    expect(d1Delay(env, request())).toBe(150);
    expect(d1Delay(env, request({ "x-debug-d1-delay": "50" }))).toBe(50);
    expect(d1Delay(env, request({ "x-debug-d1-delay": "0" }))).toBe(0);
    expect(d1Delay(env, request({ "x-debug-d1-delay": "junk" }))).toBe(0);
    expect(d1Delay(env, request({ "x-debug-d1-delay": "99999" }))).toBe(10_000);
  });
});
