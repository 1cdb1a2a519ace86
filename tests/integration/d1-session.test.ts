/**
 * Decision 092: every request reads D1 through one D1 session; a visitor who changed something carries the
 * bookmark of that change (the `d1_bookmark` cookie) and reads at least up to it. Locally there is no
 * replica, so what is checked is where each session starts (`X-Debug-D1-Session`, development) and which
 * bookmark the cookie carries; the choice itself is unit-tested in worker/middleware/d1-session.test.ts.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { D1_BOOKMARK_COOKIE_MAX_AGE_S, D1_BOOKMARK_COOKIE_NAME } from "#shared/constants.ts";
import { BROWSER_UA, ORIGIN } from "#tests/fixtures/requests.ts";
import { call, formPost, type Jar, signUpByPhone } from "./auth-fixtures.ts";
import { as, pair, threadOf } from "./messages-helpers.ts";

const SESSION_HEADER = "x-debug-d1-session";

let spare: number[] = [];

beforeAll(async () => {
  const { results } = await env.DB.prepare(
    "SELECT id FROM listings WHERE status = 'active' ORDER BY id DESC LIMIT 40 OFFSET 60",
  ).all<{ id: number }>();
  spare = results.map((r) => r.id);
});

let taken = 0;
const take = () => {
  const id = spare[taken++];
  expect(id).toBeDefined();
  return id!;
};

const bookmarkLine = (res: Response) =>
  res.headers.getSetCookie().find((line) => line.startsWith(`${D1_BOOKMARK_COOKIE_NAME}=`));

/** The bookmark a cookie carries (its value without the signature). */
const bookmarkOf = (jar: Jar) => jar.get(D1_BOOKMARK_COOKIE_NAME)?.split(".")[0];

/**
 * The bookmark the database's last statement left. Local D1 numbers every statement (the second group of
 * its bookmark counts them), so a read's bookmark is the one before it plus one.
 */
async function lastBookmark(): Promise<string> {
  const session = env.DB.withSession("first-primary");
  await session.prepare("SELECT 1").first();
  const [epoch, count, ...rest] = session.getBookmark()!.split("-") as [string, string, ...string[]];
  const before = (parseInt(count, 16) - 1).toString(16).padStart(count.length, "0");
  return [epoch, before, ...rest].join("-");
}

const favouriteIds = async (jar: Jar) => {
  const res = await call("/api/cabinet/realties/favorite-ids", { jar });
  expect(res.status).toBe(200);
  return { res, ids: (await res.json<{ items: number[] }>()).items };
};

const page = (path: string, cookie: string) =>
  SELF.fetch(`${ORIGIN}${path}`, { redirect: "manual", headers: { "user-agent": BROWSER_UA, cookie } });

describe("the D1 session of a request", () => {
  it("starts anywhere for a visitor who changed nothing, and sets no cookie", async () => {
    for (const res of [await call("/api/cities"), await page("/", "")]) {
      expect(res.status).toBe(200);
      expect(res.headers.get(SESSION_HEADER)).toBe("first-unconstrained");
      expect(bookmarkLine(res)).toBeUndefined();
    }
  });

  it("gives a sign-in the bookmark of its session: the next request reads from it", async () => {
    const { jar } = await signUpByPhone();
    const line = bookmarkLine(new Response(null, { headers: jar.raw.map((l): [string, string] => ["set-cookie", l]) }));
    expect(line).toBeDefined();
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).toMatch(/Path=\//);
    expect(line).toContain(`Max-Age=${D1_BOOKMARK_COOKIE_MAX_AGE_S}`);
    expect(bookmarkOf(jar)).toMatch(/^[0-9a-f-]{16,}$/);
    const { res } = await favouriteIds(jar);
    expect(res.headers.get(SESSION_HEADER)).toBe("bookmark");
  });

  it("writes from the primary, and the writer's next read sees the write from the write's bookmark", async () => {
    const { jar } = await signUpByPhone();
    const id = take();
    const added = await call("/api/cabinet/realties/add-favorite", { body: { id }, jar });
    expect(added.status).toBe(200);
    expect(added.headers.get(SESSION_HEADER)).toBe("first-primary");
    // The cookie carries the bookmark the write's request left: nothing has touched the database since.
    expect(bookmarkLine(added)).toBeDefined();
    expect(bookmarkOf(jar)).toBe(await lastBookmark());

    const { res, ids } = await favouriteIds(jar);
    expect(res.headers.get(SESSION_HEADER)).toBe("bookmark");
    expect(ids).toContain(id);
    // A read writes no cookie: the bookmark stays the write's.
    expect(bookmarkLine(res)).toBeUndefined();
  });

  it("holds no other visitor to it: without the cookie their reads start anywhere", async () => {
    const writer = await signUpByPhone();
    const other = await signUpByPhone();
    const id = take();
    expect((await call("/api/cabinet/realties/add-favorite", { body: { id }, jar: writer.jar })).status).toBe(200);
    // The other visitor's own cookie is theirs (from their sign-in), never the writer's.
    expect(bookmarkOf(other.jar)).not.toBe(bookmarkOf(writer.jar));
    const stranger = await call(`/api/realty/${id}`);
    expect(stranger.headers.get(SESSION_HEADER)).toBe("first-unconstrained");
    expect(bookmarkLine(stranger)).toBeUndefined();
  });

  it("shares the page's session with the page's in-process API calls: a form post's write is in its bookmark", async () => {
    const { jar } = await signUpByPhone();
    const [a, b] = [take(), take()];
    for (const id of [a, b])
      expect((await call("/api/cabinet/realties/add-favorite", { body: { id }, jar })).status).toBe(200);
    const before = bookmarkOf(jar);
    const res = await formPost(
      "/cabinet/favourites/",
      { intent: "remove", id: String(a), redirect_to: "/cabinet/favourites/" },
      jar,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get(SESSION_HEADER)).toBe("first-primary");
    jar.take(res);
    // The removal ran in the action's in-process API call; the page's own session carries its bookmark,
    // which is where the database is now (a session of its own would have left the page's bookmark behind).
    expect(bookmarkOf(jar)).not.toBe(before);
    expect(bookmarkOf(jar)).toBe(await lastBookmark());
    const html = await (await page("/cabinet/favourites/", jar.header())).text();
    expect(html).not.toContain(`data-id="${a}"`);
    expect(html).toContain(`data-id="${b}"`);
  });

  it("gives a message's writer its bookmark; the recipient reads without being held to it", async () => {
    const { listing, owner, visitor } = await pair();
    const sent = await as(visitor).create({ realty_id: listing.id, text: "Is it still free?" });
    expect(sent.status).toBe(201);
    expect(sent.headers.get(SESSION_HEADER)).toBe("first-primary");
    expect(bookmarkOf(visitor.jar)).toBe(await lastBookmark());
    const { data } = await sent.json<{ data: { conversation_id: number } }>();
    const read = await as(visitor).list({ conversation_id: data.conversation_id });
    expect(read.headers.get(SESSION_HEADER)).toBe("bookmark");
    const thread = await threadOf(visitor, { conversation_id: data.conversation_id });
    expect(JSON.stringify(thread)).toContain("Is it still free?");
    // The owner's own cookie names their sign-in, not the visitor's message; without it they read anywhere.
    expect(bookmarkOf(owner.jar)).not.toBe(bookmarkOf(visitor.jar));
    owner.jar.cookies.delete(D1_BOOKMARK_COOKIE_NAME);
    const theirs = await as(owner).count();
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get(SESSION_HEADER)).toBe("first-unconstrained");
  });

  it("gives an owner's edit its bookmark, and the owner's next read of the listing starts from it", async () => {
    const owner = await signUpByPhone();
    const created = await call("/api/realty/edit/type", { body: { type_id: 4 }, jar: owner.jar, ip: owner.ip });
    expect(created.status).toBe(201);
    const { id } = (await created.json<{ data: { id: number } }>()).data;
    const edited = await call("/api/realty/edit/conditions", {
      body: { id, price: 123456, furnished: false },
      jar: owner.jar,
      ip: owner.ip,
    });
    expect(edited.status).toBe(200);
    expect(edited.headers.get(SESSION_HEADER)).toBe("first-primary");
    expect(bookmarkOf(owner.jar)).toBe(await lastBookmark());
    const read = await call(`/api/realty/edit/${id}`, { jar: owner.jar, ip: owner.ip });
    expect(read.status).toBe(200);
    expect(read.headers.get(SESSION_HEADER)).toBe("bookmark");
    expect(await read.text()).toContain("123456");
  });

  it("counts no statistics beacon as the visitor's change", async () => {
    const { jar } = await signUpByPhone();
    const before = jar.get(D1_BOOKMARK_COOKIE_NAME);
    const res = await call(`/api/statistics/realty/${take()}`, { method: "POST", jar });
    expect(res.status).toBe(204);
    expect(bookmarkLine(res)).toBeUndefined();
    expect(jar.get(D1_BOOKMARK_COOKIE_NAME)).toBe(before);
  });

  it("ignores a forged, altered or malformed bookmark cookie: the request is answered as without one", async () => {
    const { jar } = await signUpByPhone();
    const genuine = jar.get(D1_BOOKMARK_COOKIE_NAME)!;
    const [bookmark, signature] = genuine.split(".") as [string, string];
    const forged = [
      "garbage",
      `${bookmark}`,
      `${bookmark}.${"A".repeat(43)}`,
      `ffffffff-ffffffff-ffffffff-${"f".repeat(32)}.${signature}`,
      `${bookmark}.${signature}x`,
      "%E0%A4%A",
      "x".repeat(3000),
    ];
    for (const value of forged) {
      const api = await call("/api/cities", { headers: { cookie: `${D1_BOOKMARK_COOKIE_NAME}=${value}` } });
      expect(api.status, value).toBe(200);
      expect(api.headers.get(SESSION_HEADER), value).toBe("first-unconstrained");
      const home = await page("/", `${D1_BOOKMARK_COOKIE_NAME}=${value}`);
      expect(home.status, value).toBe(200);
      expect(home.headers.get(SESSION_HEADER), value).toBe("first-unconstrained");
    }
    // The genuine one, sent by someone else, only holds their reads to a point already reached.
    const replay = await call("/api/cities", { headers: { cookie: `${D1_BOOKMARK_COOKIE_NAME}=${genuine}` } });
    expect(replay.status).toBe(200);
    expect(replay.headers.get(SESSION_HEADER)).toBe("bookmark");
  });

  it("renews a visitor's tokens from the primary", async () => {
    const { jar } = await signUpByPhone();
    // Without the access cookie the session middleware renews from the refresh cookie.
    const renewing = jar.clone();
    for (const name of [...renewing.cookies.keys()]) if (name.endsWith("access_token")) renewing.cookies.delete(name);
    const res = await call("/api/cabinet/realties/favorite-ids", { jar: renewing });
    expect(res.status).toBe(200);
    expect(res.headers.get(SESSION_HEADER)).toBe("first-primary");
    // The renewal wrote the new tokens: their bookmark comes with them.
    expect(res.headers.getSetCookie().some((line) => line.includes("access_token="))).toBe(true);
    expect(bookmarkLine(res)).toBeDefined();
  });
});
