/**
 * The first byte after one round trip, signed in too (decision 105): a signed-in page GET starts beside its
 * session read, as the person this isolate last read, and is sent only once the read has confirmed them.
 * The meter's counts pin the sequential round trips before the first byte per page type; the rest pins
 * that nothing of a session the read does not confirm — ended, blocked, or a person changed since — leaves
 * the worker, and that such a session writes nothing.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { BROWSER_UA, ORIGIN } from "#tests/fixtures/requests.ts";
import { ACCESS, call, signUpByPhone, type SignedIn } from "./auth-fixtures.ts";
import { insertListing } from "./listing-fixtures.ts";

interface Final {
  roundTrips: number;
  sequential: number;
  sessionReads: number;
  writes: number;
}

const SERVED_AGAIN = "x-debug-session-served-again";
/** The page rendered, not answered from the kept pages (a development knob, decision 026). */
const RENDERED = { "x-debug-page-cache": "off" };

const page = (path: string, cookie: string, headers: Record<string, string> = {}) =>
  SELF.fetch(`${ORIGIN}${path}`, {
    redirect: "manual",
    headers: { "user-agent": BROWSER_UA, accept: "text/html", cookie, ...headers },
  });

async function finalCounts(res: Response): Promise<Final> {
  await res.arrayBuffer();
  const id = res.headers.get("x-debug-d1-id");
  expect(id).toBeTruthy();
  return (await (await call(`/api/dev/d1/${id}`)).json()) as Final;
}

const beforeFirstByte = (res: Response) => Number(res.headers.get("x-debug-d1-before-first-byte"));

/** A signed-in person this isolate has read (any signed-in request reads them), with a listing of their own. */
async function person(name: string): Promise<SignedIn & { listingId: number; title: string }> {
  const signedIn = await signUpByPhone({ name });
  // The title does not name them: a public list may show the listing to anyone.
  const title = `Own flat ${crypto.randomUUID().slice(0, 8)}`;
  const listingId = await insertListing(signedIn.user.id, { title });
  expect((await call("/api/cabinet/user", { jar: signedIn.jar })).status).toBe(200);
  return { ...signedIn, listingId, title };
}

const revokeSessions = (userId: number) =>
  env.DB.prepare("UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL")
    .bind(Date.now(), userId)
    .run();

describe("a signed-in page's round trips before its first byte", () => {
  let owner: Awaited<ReturnType<typeof person>>;
  beforeAll(async () => {
    owner = await person("Prvi Bajt");
  });

  it.each([
    ["home", "/", 1],
    ["cabinet", "/cabinet/", 1],
    ["the messages page", "/cabinet/messages/", 1],
  ])("%s: one, the session read beside the page's first reads", async (_, path, expected) => {
    const res = await page(path, owner.jar.header());
    expect(res.status).toBe(200);
    expect(res.headers.get(SERVED_AGAIN)).toBeNull();
    expect(beforeFirstByte(res)).toBe(expected);
    const all = await finalCounts(res);
    expect(all.sessionReads).toBe(1);
  });

  it.each([
    ["search", "/search/?deal=sale&city=beograd"],
    ["a list", "/buy/apartment/beograd/"],
    ["home", "/"],
  ])(
    "%s rendered for the person (no kept page): a guest's count, at least the one of the session read",
    async (_, path) => {
      const guest = beforeFirstByte(await page(path, "", RENDERED));
      const res = await page(path, owner.jar.header(), RENDERED);
      expect(res.status).toBe(200);
      // The session read, the header's reads and the saved-search lookup all go beside the page's own.
      expect(beforeFirstByte(res)).toBe(Math.max(guest, 1));
      expect((await finalCounts(res)).sessionReads).toBe(1);
    },
  );

  it("a saved search of the page's filters: found beside the search, shown saved, marked opened after the answer", async () => {
    const saved = await call("/api/saved-search", {
      body: { query: { deal: "sale", city: "beograd", rooms: [3] } },
      jar: owner.jar,
    });
    expect([200, 201]).toContain(saved.status);
    const { id } = (await saved.json<{ data: { id: number } }>()).data;
    await env.DB.prepare("UPDATE saved_searches SET opened_at = 1000 WHERE id = ?").bind(id).run();
    // Their write (the save) leaves them known: the page still starts beside the session read.

    const path = "/search/?deal=sale&city=beograd&rooms=3";
    const guest = beforeFirstByte(await page(path, "", RENDERED));
    const res = await page(path, owner.jar.header(), RENDERED);
    expect(res.status).toBe(200);
    expect(beforeFirstByte(res)).toBe(guest);
    const html = await res.text();
    expect(html).toContain(`name="id" value="${id}"`);
    let openedAt = 1000;
    for (let i = 0; i < 50 && openedAt === 1000; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const row = await env.DB.prepare("SELECT opened_at FROM saved_searches WHERE id = ?")
        .bind(id)
        .first<{ opened_at: number }>();
      openedAt = row!.opened_at;
    }
    expect(openedAt).toBeGreaterThan(1000);
  });

  it("the media list: as many as a guest's (the session read adds none)", async () => {
    const guest = beforeFirstByte(await page("/media/", ""));
    const res = await page("/media/", owner.jar.header());
    expect(res.status).toBe(200);
    expect(guest).toBeGreaterThanOrEqual(1);
    expect(beforeFirstByte(res)).toBe(guest);
  });

  it("the listing's own page and its wizard: one", async () => {
    const short = await page(`/realty/${owner.listingId}/`, owner.jar.header());
    // The short address leads to the listing's own.
    const location = short.headers.get("location");
    const res = location ? await page(new URL(location, ORIGIN).pathname, owner.jar.header()) : short;
    expect(res.status).toBe(200);
    expect(await res.clone().text()).toContain(owner.title);
    expect(beforeFirstByte(res)).toBe(1);
    const wizard = await page(`/listing/edit/${owner.listingId}/?step=params`, owner.jar.header());
    expect(wizard.status).toBe(200);
    expect(beforeFirstByte(wizard)).toBe(1);
  });

  it("the page is the person's: their name in the header, their listing in the cabinet", async () => {
    const res = await page("/cabinet/?tab=active", owner.jar.header());
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Prvi Bajt");
    expect(html).toContain(owner.title);
  });

  it("a person this isolate has not read yet: the session read first, then the page (two)", async () => {
    const fresh = await signUpByPhone({ name: "Novi Bajt" });
    const res = await page("/cabinet/", fresh.jar.header());
    expect(res.status).toBe(200);
    expect(beforeFirstByte(res)).toBe(2);
    // Read now: the next page starts beside the read.
    expect(beforeFirstByte(await page("/cabinet/", fresh.jar.header()))).toBe(1);
  });

  it("a guest page is unchanged: no session read at all", async () => {
    const res = await page("/", "");
    expect(res.status).toBe(200);
    expect((await finalCounts(res)).sessionReads).toBe(0);
  });
});

describe("a session the read does not confirm", () => {
  it("ended elsewhere (its family revoked): nothing of the person is sent, the cookies are cleared", async () => {
    const gone = await person("Ugasena Sesija");
    const cookie = gone.jar.header();
    expect(await (await page("/cabinet/?tab=active", cookie)).text()).toContain(gone.title);
    // Another device ended every session: this isolate still remembers the person.
    await revokeSessions(gone.user.id);

    const cabinet = await page("/cabinet/?tab=active", cookie);
    expect(cabinet.headers.get(SERVED_AGAIN)).toBe("1");
    expect(cabinet.status).toBe(302);
    expect(cabinet.headers.get("location")).toContain("auth=signin");
    const body = await cabinet.text();
    expect(body).not.toContain(gone.title);
    expect(cabinet.headers.getSetCookie().some((line) => line.startsWith(`${ACCESS}=;`))).toBe(true);

    const home = await page("/", cookie);
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).not.toContain("Ugasena Sesija");
    expect(home.headers.get("cache-control") ?? "").not.toContain("private");
  });

  it("of a blocked account: the page is a guest's", async () => {
    const blocked = await person("Blokirana Osoba");
    const cookie = blocked.jar.header();
    expect(await (await page("/", cookie)).text()).toContain("Blokirana Osoba");
    await env.DB.prepare("UPDATE users SET blocked_at = ?, blocked_reason = 'spam' WHERE id = ?")
      .bind(Date.now(), blocked.user.id)
      .run();
    const home = await page("/", cookie);
    expect(home.headers.get(SERVED_AGAIN)).toBe("1");
    expect(home.status).toBe(200);
    expect(await home.text()).not.toContain("Blokirana Osoba");
  });

  it("of a person changed since (a new name): the page shows who they are now, and the next starts beside again", async () => {
    const renamed = await person("Staro Ime");
    const cookie = renamed.jar.header();
    expect(await (await page("/", cookie)).text()).toContain("Staro Ime");
    await env.DB.prepare("UPDATE users SET name = 'Novo Ime' WHERE id = ?").bind(renamed.user.id).run();

    const home = await page("/", cookie);
    expect(home.headers.get(SERVED_AGAIN)).toBe("1");
    const html = await home.text();
    expect(html).toContain("Novo Ime");
    expect(html).not.toContain("Staro Ime");
    // The answer served again is whole: its scripts' nonce is its policy's, not the thrown-away attempt's.
    const policyNonce = /'nonce-([^']+)'/.exec(home.headers.get("content-security-policy") ?? "")?.[1];
    expect(policyNonce).toBeTruthy();
    expect(new Set([...html.matchAll(/<script[^>]* nonce="([^"]+)"/g)].map((m) => m[1]))).toEqual(
      new Set([policyNonce]),
    );
    const next = await page("/", cookie);
    expect(next.headers.get(SERVED_AGAIN)).toBeNull();
    expect(beforeFirstByte(next)).toBe(1);
    expect(await next.text()).toContain("Novo Ime");
  });

  it("writes nothing: a guest favourite is not merged into an account whose session ended", async () => {
    const ended = await person("Bez Upisa");
    await revokeSessions(ended.user.id);
    const res = await page("/", `${ended.jar.header()}; favourites=${ended.listingId}`);
    expect(res.headers.get(SERVED_AGAIN)).toBe("1");
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM favourites WHERE user_id = ?")
      .bind(ended.user.id)
      .first<{ n: number }>();
    expect(row!.n).toBe(0);
  });

  it("while the session is alive, the same merge is written (after the read confirmed it)", async () => {
    const alive = await person("Sa Upisom");
    const res = await page("/", `${alive.jar.header()}; favourites=${alive.listingId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get(SERVED_AGAIN)).toBeNull();
    await res.arrayBuffer();
    const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM favourites WHERE user_id = ?")
      .bind(alive.user.id)
      .first<{ n: number }>();
    expect(row!.n).toBe(1);
  });

  it("a client asking for the session read first gets the slower order, the same page", async () => {
    const careful = await person("Oprezna Osoba");
    const res = await page("/cabinet/", careful.jar.header(), { "x-session-read-first": "1" });
    expect(res.status).toBe(200);
    expect(beforeFirstByte(res)).toBe(2);
    expect(await res.text()).toContain("Oprezna Osoba");
  });
});
