import { expect, it } from "vitest";
import { apiDelay } from "./api-fetcher.ts";

const request = (delay?: string) => new Request("https://x.test/", { headers: delay ? { "x-debug-api-delay": delay } : {} });

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
