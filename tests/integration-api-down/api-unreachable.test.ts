import { SELF } from "cloudflare:test";
import { expect, it } from "vitest";
import { browserInit, heading, ORIGIN } from "#tests/fixtures/requests.ts";

// This suite's worker has API_ORIGIN pointed at a closed local port (vitest.config.ts).
it("a page whose API cannot be reached is the unavailable screen with status 503", async () => {
  const res = await SELF.fetch(`${ORIGIN}/buy/apartment/beograd/`, browserInit());
  expect(res.status).toBe(503);
  const html = await res.text();
  expect(html).toContain("503 error");
  expect(heading(html)).toBe("Service is temporarily unavailable");
});

it("secondary data that cannot be loaded does not take the page down", async () => {
  const res = await SELF.fetch(`${ORIGIN}/`, browserInit());
  expect(res.status).toBe(200);
  expect(await res.text()).toContain("This section could not be loaded");
});
