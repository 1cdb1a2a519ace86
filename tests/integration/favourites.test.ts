import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { BROWSER_UA, ORIGIN } from "#tests/fixtures/requests.ts";
import { call, Jar, signUpByPhone } from "./auth-fixtures.ts";

let ids: number[] = [];

beforeAll(async () => {
  const { results } = await env.DB.prepare("SELECT id FROM listings WHERE status = 'active' ORDER BY id LIMIT 3").all<{
    id: number;
  }>();
  ids = results.map((r) => r.id);
});

/** A form post as a browser without JavaScript makes it. */
function post(path: string, fields: Record<string, string>, cookie = "") {
  return SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "user-agent": BROWSER_UA,
      origin: ORIGIN,
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
}

const page = (path: string, cookie = "") =>
  SELF.fetch(`${ORIGIN}${path}`, {
    redirect: "manual",
    headers: { "user-agent": BROWSER_UA, ...(cookie ? { cookie } : {}) },
  });

const favouritesCookie = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((line) => line.startsWith("favourites="))
    ?.split(";")[0];

describe("guest favourites", () => {
  it("saves with a plain form post, back to the page it came from, in a cookie", async () => {
    const res = await post("/favourites/", { intent: "add", id: String(ids[0]), redirect_to: "/sr/search/?q=stan" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/sr/search/?q=stan");
    expect(favouritesCookie(res)).toBe(`favourites=${ids[0]}`);
    const line = res.headers.getSetCookie().find((l) => l.startsWith("favourites="))!;
    expect(line).toContain("Path=/");
    expect(line).toContain("SameSite=Lax");
  });

  it("renders /favourites/ on the server from the cookie, newest first, buttons pressed", async () => {
    const res = await page("/favourites/", `favourites=${ids[1]}.${ids[0]}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const order = [...html.matchAll(/id="listing-(\d+)-title"/g)].map((m) => Number(m[1]));
    expect(order).toEqual([ids[1], ids[0]]);
    expect(html).toContain('aria-pressed="true"');
    expect(html).toContain("2 saved listings");
  });

  it("removes and clears", async () => {
    const removed = await post(
      "/favourites/",
      { intent: "remove", id: String(ids[0]) },
      `favourites=${ids[1]}.${ids[0]}`,
    );
    expect(favouritesCookie(removed)).toBe(`favourites=${ids[1]}`);
    const cleared = await post(
      "/favourites/",
      { intent: "clear", redirect_to: "/favourites/" },
      `favourites=${ids[1]}`,
    );
    expect(cleared.headers.getSetCookie().find((l) => l.startsWith("favourites="))).toContain("Max-Age=0");
  });

  it("says so when saved listings are gone and shows an empty state", async () => {
    const html = await (await page("/favourites/", "favourites=999999999")).text();
    expect(html).toContain("1 saved listing is no longer available.");
    expect(html).toContain("Tap the heart on any listing");
  });

  it("refuses a bad id and never redirects off-site", async () => {
    expect((await post("/favourites/", { intent: "add", id: "abc" })).status).toBe(400);
    expect((await post("/favourites/", { intent: "explode", id: "1" })).status).toBe(400);
    const offsite = await post("/favourites/", { intent: "add", id: String(ids[0]), redirect_to: "//evil.example/" });
    expect(offsite.headers.get("location")).toBeNull();
  });
});

describe("account favourites", () => {
  it("keeps favourites through the cabinet API", async () => {
    const { jar } = await signUpByPhone();
    expect((await call("/api/cabinet/realties/add-favorite", { body: { id: ids[0] }, jar })).status).toBe(200);
    expect((await call("/api/cabinet/realties/add-favorite", { body: { id: ids[1] }, jar })).status).toBe(200);
    const list = await (await call("/api/cabinet/realties/favorite-ids", { jar })).json<{ items: number[] }>();
    expect(list.items).toEqual([ids[1], ids[0]]);
    const realties = await (
      await call("/api/cabinet/realties/favorite-realties", { jar })
    ).json<{ items: { id: number }[]; total: number }>();
    expect(realties.items.map((i) => i.id)).toEqual([ids[1], ids[0]]);
    expect(realties.total).toBe(2);
    await call("/api/cabinet/realties/delete-favorite", { body: { id: ids[1] }, jar });
    expect(
      (await (await call("/api/cabinet/realties/favorite-ids", { jar })).json<{ items: number[] }>()).items,
    ).toEqual([ids[0]]);
    await call("/api/cabinet/realties/delete-all-favorite", { body: {}, jar });
    expect(
      (await (await call("/api/cabinet/realties/favorite-ids", { jar })).json<{ items: number[] }>()).items,
    ).toEqual([]);
  });

  it("is for signed-in people only and validates its input", async () => {
    expect((await call("/api/cabinet/realties/favorite-ids")).status).toBe(401);
    const { jar } = await signUpByPhone();
    expect((await call("/api/cabinet/realties/add-favorite", { body: { id: "x" }, jar })).status).toBe(400);
    expect((await call("/api/cabinet/realties/add-favorite", { body: { ids: Array(101).fill(1) }, jar })).status).toBe(
      400,
    );
    // A listing that does not exist is not kept.
    const res = await call("/api/cabinet/realties/add-favorite", { body: { id: 999999999 }, jar });
    expect((await res.json<{ data: { added: number } }>()).data.added).toBe(0);
  });

  it("merges a guest's favourites into the account on the first page after signing in", async () => {
    const { jar } = await signUpByPhone();
    const withGuest = jar.clone();
    withGuest.cookies.set("favourites", `${ids[2]}.${ids[0]}`);
    const res = await page("/", withGuest.header());
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().find((l) => l.startsWith("favourites="))).toContain("Max-Age=0");
    const list = await (
      await call("/api/cabinet/realties/favorite-ids", { jar: new Jar().take(res).cookies.size ? jar : jar })
    ).json<{
      items: number[];
    }>();
    expect(list.items).toEqual([ids[2], ids[0]]);
  });

  it("the page's form posts save to the account when signed in", async () => {
    const { jar } = await signUpByPhone();
    const res = await post(
      "/favourites/",
      { intent: "add", id: String(ids[1]), redirect_to: "/favourites/" },
      jar.header(),
    );
    expect(res.status).toBe(302);
    expect(favouritesCookie(res)).toBeUndefined();
    const html = await (await page("/cabinet/favourites/", jar.header())).text();
    expect(html).toContain(`id="listing-${ids[1]}-title"`);
  });

  it("sends a signed-in visitor from /favourites/ to the cabinet's page, in their language", async () => {
    const { jar } = await signUpByPhone();
    for (const [from, to] of [
      ["/favourites/", "/cabinet/favourites/"],
      ["/sr/favourites/", "/sr/cabinet/favourites/"],
    ]) {
      const res = await page(from!, jar.header());
      expect(res.status, from).toBe(302);
      expect(res.headers.get("location"), from).toBe(to);
    }
    // Guests keep theirs on /favourites/.
    expect((await page("/favourites/")).status).toBe(200);
  });
});
