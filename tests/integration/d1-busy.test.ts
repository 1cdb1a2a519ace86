/**
 * D1 busy or locked (decision 051): the API's reads and writes and a signed-in page answer 503 with
 * `Retry-After` and `private, no-store`, never a 500 (`X-Debug-D1-Fault: busy` makes every D1 call of the
 * request fail as a locked database does; development and loopback only).
 */
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BROWSER_UA } from "#tests/fixtures/requests.ts";
import { call, devSession, ORIGIN } from "./auth-fixtures.ts";

const BUSY = { "x-debug-d1-fault": "busy" };

function expectBusy(res: Response) {
  expect(res.status).toBe(503);
  expect(res.headers.get("retry-after")).toBe("5");
  expect(res.headers.get("cache-control")).toMatch(/private, no-store/);
}

describe("a busy database", () => {
  it("is a 503 with Retry-After for the API's reads and writes", async () => {
    const read = await call("/api/realty/search?deal=sale&city=beograd", { headers: BUSY });
    expectBusy(read);
    expect(await read.json()).toMatchObject({ error: { code: "unavailable" } });
    const cookie = await devSession("user");
    const write = await call("/api/feedback/question", {
      body: { name: "Ana", email: "ana@example.com", question: "Is it still available?" },
      headers: { ...BUSY, cookie },
    });
    expectBusy(write);
    const signedInRead = await call("/api/cabinet/user", { headers: { ...BUSY, cookie } });
    expectBusy(signedInRead);
  });

  it("is the 503 screen for a signed-in page, kept by no one", async () => {
    const cookie = await devSession("user");
    const res = await SELF.fetch(`${ORIGIN}/cabinet/`, {
      headers: { ...BUSY, cookie, "user-agent": BROWSER_UA },
      redirect: "manual",
    });
    expect(res.status).toBe(503);
    expect(res.headers.get("cache-control")).toMatch(/no-store/);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    await res.body?.cancel();
  });

  it("is a 503 for a guest's page too, and the knob does nothing from another address", async () => {
    const page = await SELF.fetch(`${ORIGIN}/search/?deal=sale&city=beograd`, {
      headers: { ...BUSY, "user-agent": BROWSER_UA },
      redirect: "manual",
    });
    expect(page.status).toBe(503);
    await page.body?.cancel();
    const remote = await call("/api/realty/search?deal=sale&city=beograd", {
      headers: { ...BUSY, "cf-connecting-ip": "203.0.113.9" },
    });
    expect(remote.status).toBe(200);
  });
});
