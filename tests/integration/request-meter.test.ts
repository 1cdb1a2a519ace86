/**
 * Production latency, measured (decision 091): the development meter's `X-Debug-D1*` headers count a
 * request's D1 round trips and writes, `X-Debug-D1-Delay` slows each round trip, and none of it applies
 * from another address. One session per request: a signed-in page resolves its visitor once, however many
 * in-process API calls it makes, and an identical call is made once per render.
 */
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { BROWSER_UA, ORIGIN } from "#tests/fixtures/requests.ts";
import { call, formPost, signUpByPhone, type SignedIn, uniqueRemoteIp } from "./auth-fixtures.ts";
import { insertListing } from "./listing-fixtures.ts";

interface Final {
  roundTrips: number;
  writes: number;
  sequential: number;
  sessionReads: number;
  apiCalls: string[];
  beforeFirstByte: { roundTrips: number; writes: number; sequential: number } | null;
}

const page = (path: string, headers: Record<string, string> = {}) =>
  SELF.fetch(`${ORIGIN}${path}`, { redirect: "manual", headers: { "user-agent": BROWSER_UA, ...headers } });

/** The whole request's counts, read after its body has ended. */
async function finalCounts(res: Response): Promise<Final> {
  await res.arrayBuffer();
  const id = res.headers.get("x-debug-d1-id");
  expect(id).toBeTruthy();
  const counts = await call(`/api/dev/d1/${id}`);
  expect(counts.status).toBe(200);
  return (await counts.json()) as Final;
}

const header = (res: Response, name: string) => Number(res.headers.get(name));

let owner: SignedIn;
let listingId: number;
beforeAll(async () => {
  owner = await signUpByPhone({ name: "Mera Brojač" });
  listingId = await insertListing(owner.user.id, { title: "Metered flat" });
});

describe("the D1 meter's headers", () => {
  it("count round trips, rising with the queries a request makes, and no writes for reads", async () => {
    const cities = await call("/api/cities");
    const search = await page("/search/?deal=sale&city=beograd");
    expect(cities.status).toBe(200);
    expect(search.status).toBe(200);
    expect(header(cities, "x-debug-d1")).toBeGreaterThanOrEqual(1);
    expect(header(cities, "x-debug-d1-writes")).toBe(0);
    const all = await finalCounts(search);
    // The search page asks for the cities too, and for its listings and total besides.
    expect(all.roundTrips).toBeGreaterThan(header(cities, "x-debug-d1"));
    expect(all.roundTrips).toBeGreaterThanOrEqual(header(search, "x-debug-d1"));
    expect(all.sequential).toBeGreaterThanOrEqual(header(search, "x-debug-d1-before-first-byte"));
    expect(all.sequential).toBeLessThanOrEqual(all.roundTrips);
    expect(all.writes).toBe(0);
  });

  it("count the writes of a POST: the API's and a page's form post", async () => {
    const question = await call("/api/feedback/question", {
      body: { name: "Ana", email: "ana@example.rs", question: "Is the meter counting this write?" },
    });
    expect(question.status).toBe(201);
    expect(header(question, "x-debug-d1-writes")).toBeGreaterThanOrEqual(1);
    expect(header(question, "x-debug-d1")).toBeGreaterThanOrEqual(1);

    const archive = await formPost(
      "/cabinet/?tab=active",
      { id: String(listingId), intent: "archive", redirect_to: "/cabinet/?tab=active" },
      owner.jar,
    );
    expect(archive.status).toBe(302);
    expect(header(archive, "x-debug-d1-writes")).toBeGreaterThanOrEqual(1);
    const view = await page("/cabinet/?tab=archive", { cookie: owner.jar.header() });
    expect(view.status).toBe(200);
    expect((await finalCounts(view)).writes).toBe(0);
  });

  it("slow every round trip by X-Debug-D1-Delay", async () => {
    const start = Date.now();
    const res = await call("/api/cities", { headers: { "x-debug-d1-delay": "300" } });
    expect(res.status).toBe(200);
    expect(header(res, "x-debug-d1")).toBeGreaterThanOrEqual(1);
    expect(Date.now() - start).toBeGreaterThanOrEqual(300 * header(res, "x-debug-d1-before-first-byte"));
  });

  it("are neither sent nor slowed for another address", async () => {
    const start = Date.now();
    const res = await call("/api/cities", { ip: uniqueRemoteIp(), headers: { "x-debug-d1-delay": "3000" } });
    expect(res.status).toBe(200);
    expect(Date.now() - start).toBeLessThan(3000);
    for (const name of ["x-debug-d1", "x-debug-d1-writes", "x-debug-d1-id", "x-debug-d1-before-first-byte"])
      expect(res.headers.get(name)).toBeNull();
    // Nor can such an address read a request's counts.
    const counts = await call("/api/dev/d1/anything", { ip: uniqueRemoteIp() });
    expect(counts.status).toBe(404);
  });
});

describe("one session per request", () => {
  it("resolves a signed-in page's visitor once for all its API calls, and makes an identical call once", async () => {
    const res = await page("/cabinet/", { cookie: owner.jar.header() });
    expect(res.status).toBe(200);
    const all = await finalCounts(res);
    // The page's own check; before, each in-process call checked the token and read the user again.
    expect(all.sessionReads).toBe(1);
    expect(all.apiCalls.length).toBeGreaterThanOrEqual(4);
    // The header's unread badge and the cabinet's messages section ask the same question: made once.
    expect(all.apiCalls.filter((c) => c === "GET /api/cabinet/messages/count")).toHaveLength(1);
    expect(new Set(all.apiCalls).size).toBe(all.apiCalls.length);
  });

  it("makes a write as the page's visitor, and checks the session again for what follows it", async () => {
    const other = await insertListing(owner.user.id, { title: "Second metered flat" });
    const archive = () =>
      formPost(
        "/cabinet/?tab=active",
        { id: String(other), intent: "archive", redirect_to: "/cabinet/?tab=active" },
        owner.jar,
      );
    const done = await archive();
    expect(done.status).toBe(302);
    const first = await finalCounts(done);
    expect(first.apiCalls).toEqual([`POST /api/cabinet/realties/${other}/archive`]);
    expect(first.sessionReads).toBe(1);
    // Archived already: refused, and the page is rendered again with its data, read after the write.
    const refused = await archive();
    expect(refused.status).toBe(409);
    const again = await finalCounts(refused);
    const at = again.apiCalls.indexOf(`POST /api/cabinet/realties/${other}/archive`);
    const after = again.apiCalls.slice(at + 1);
    expect(at).toBe(0);
    expect(after.length).toBeGreaterThanOrEqual(4);
    expect(again.sessionReads).toBe(1 + after.length);
    expect(after.filter((c) => c === "GET /api/cabinet/messages/count")).toHaveLength(1);
  });

  it("resolves an API call from outside from its own credentials, as before", async () => {
    const res = await call("/api/cabinet/messages/count", { jar: owner.jar });
    expect(res.status).toBe(200);
    expect(header(res, "x-debug-session-reads")).toBe(1);
    const guest = await call("/api/cabinet/messages/count", { headers: { authorization: "Bearer forged.token.here" } });
    expect(guest.status).toBe(401);
  });
});
