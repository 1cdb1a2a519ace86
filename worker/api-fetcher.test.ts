import { expect, it } from "vitest";
import { apiDelay, apiFetcher } from "./api-fetcher.ts";
import type { AppEnv } from "./app-env.ts";

const request = (delay?: string) =>
  new Request("https://x.test/", { headers: delay ? { "x-debug-api-delay": delay } : {} });

it("honours the latency knob only in development", () => {
  const dev = { ENVIRONMENT: "development", API_DELAY_MS: "0" } as unknown as Env;
  const prod = { ENVIRONMENT: "production", API_DELAY_MS: "300" } as unknown as Env;
  expect(apiDelay(dev, request("300"))).toBe(300);
  expect(apiDelay({ ...dev, API_DELAY_MS: "150" }, request())).toBe(150);
  expect(apiDelay(prod, request("300"))).toBe(0);
  expect(apiDelay(prod, request())).toBe(0);
  expect(apiDelay(dev, request("-5"))).toBe(0);
  expect(apiDelay(dev, request("abc"))).toBe(0);
  expect(apiDelay(dev, request("999999"))).toBe(10_000);
});

it("tells of calls that got a 5xx or no answer, not of other answers", async () => {
  const { Hono } = await import("hono");
  const api = new Hono<AppEnv>()
    .get("/api/ok", (c) => c.json({}))
    .get("/api/missing", (c) => c.json({}, 404))
    .get("/api/broken", (c) => c.json({}, 503));
  const env = { ENVIRONMENT: "development" } as unknown as Env;
  const ctx = { waitUntil() {}, passThroughOnException() {} } as unknown as ExecutionContext;
  const failures: string[] = [];
  const fetcher = (target: Env) =>
    apiFetcher(api, target, ctx, { onFailure: () => failures.push(String(failures.length)) });
  await fetcher(env)("https://x.test/api/ok");
  await fetcher(env)("https://x.test/api/missing");
  expect(failures).toHaveLength(0);
  expect((await fetcher(env)("https://x.test/api/broken")).status).toBe(503);
  expect(failures).toHaveLength(1);
  // Port 9 (discard) is closed here: the call throws, as it did before, and is told of.
  await expect(fetcher({ ...env, API_ORIGIN: "http://127.0.0.1:9" })("https://x.test/api/ok")).rejects.toThrow();
  expect(failures).toHaveLength(2);
});
