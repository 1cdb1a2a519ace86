import { expect, it } from "vitest";
import { API_TIMEOUT_STATUS, apiDelay, apiDelayPath, apiFetcher } from "./api-fetcher.ts";
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

it("gives up a read at the deadline (504, told of as a failure), but never a write", async () => {
  const { Hono } = await import("hono");
  const slow = () => new Promise((resolve) => setTimeout(resolve, 300));
  const api = new Hono<AppEnv>()
    .get("/api/slow", async (c) => (await slow(), c.json({ late: true })))
    .post("/api/slow", async (c) => (await slow(), c.json({ written: true })));
  const env = { ENVIRONMENT: "production" } as unknown as Env;
  const ctx = { waitUntil() {}, passThroughOnException() {} } as unknown as ExecutionContext;
  let failures = 0;
  const fetcher = apiFetcher(api, env, ctx, { deadline: Date.now() + 50, onFailure: () => failures++ });

  const start = Date.now();
  const read = await fetcher("https://x.test/api/slow");
  expect(read.status).toBe(API_TIMEOUT_STATUS);
  expect(Date.now() - start).toBeLessThan(300);
  expect(((await read.json()) as { error: { code: string } }).error.code).toBe("api_timeout");
  expect(failures).toBe(1);

  const write = await fetcher("https://x.test/api/slow", { method: "POST" });
  expect(write.status).toBe(200);
  expect(failures).toBe(1);
});

it("narrows the latency knob to one path with X-Debug-Api-Delay-Path", async () => {
  const { Hono } = await import("hono");
  const api = new Hono<AppEnv>().get("/api/*", (c) => c.json({}));
  const env = { ENVIRONMENT: "development" } as unknown as Env;
  const ctx = { waitUntil() {}, passThroughOnException() {} } as unknown as ExecutionContext;
  const knobs = new Request("https://x.test/", {
    headers: { "x-debug-api-delay": "200", "x-debug-api-delay-path": "/api/realty/search" },
  });
  expect(apiDelayPath(knobs)).toBe("/api/realty/search");
  expect(apiDelayPath(new Request("https://x.test/", { headers: { "x-debug-api-delay-path": "x" } }))).toBe(undefined);
  const fetcher = apiFetcher(api, env, ctx, { delay: apiDelay(env, knobs), delayPath: apiDelayPath(knobs) });
  let start = Date.now();
  await fetcher("https://x.test/api/cities");
  expect(Date.now() - start).toBeLessThan(200);
  start = Date.now();
  await fetcher("https://x.test/api/realty/search?city=beograd");
  expect(Date.now() - start).toBeGreaterThanOrEqual(190);
});
