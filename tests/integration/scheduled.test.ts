import { createScheduledController, env } from "cloudflare:test";
import { expect, it } from "vitest";
import { RATE_LIMIT_MAX_WINDOW_S } from "#worker/services/rate-limit.ts";
import { scheduled } from "#worker/scheduled.ts";

const counter = (key: string) =>
  env.DB.prepare("SELECT window_start FROM rate_limits WHERE key = ?").bind(key).first<{ window_start: number }>();

it("the Cron Trigger removes rate-limit counters whose window can no longer refuse anything", async () => {
  const now = Date.now();
  const old = now - RATE_LIMIT_MAX_WINDOW_S * 1000 - 60_000;
  await env.DB.batch([
    env.DB.prepare("INSERT OR REPLACE INTO rate_limits (key, window_start, count) VALUES ('test:old', ?, 3)").bind(old),
    env.DB.prepare("INSERT OR REPLACE INTO rate_limits (key, window_start, count) VALUES ('test:live', ?, 3)").bind(
      now - 60_000,
    ),
  ]);
  await scheduled(createScheduledController({ scheduledTime: now, cron: "17 * * * *" }), env);
  expect(await counter("test:old")).toBeNull();
  expect(await counter("test:live")).toMatchObject({ window_start: now - 60_000 });
});

it("is the built Worker's scheduled handler", async () => {
  // The module the workers project serves (vitest.config.ts `main`), found at run time: it exists once built.
  const built = "../../.builds/test/server/index.js";
  const worker = (await import(/* @vite-ignore */ built)).default as ExportedHandler<Env>;
  await env.DB.prepare(
    "INSERT OR REPLACE INTO rate_limits (key, window_start, count) VALUES ('test:old2', 0, 1)",
  ).run();
  await worker.scheduled!(createScheduledController({ scheduledTime: Date.now(), cron: "17 * * * *" }), env, {
    waitUntil() {},
    passThroughOnException() {},
    props: {},
  } as unknown as ExecutionContext);
  expect(await counter("test:old2")).toBeNull();
});
