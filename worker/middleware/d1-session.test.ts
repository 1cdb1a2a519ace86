import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { ACCESS_TOKEN_COOKIE, D1_BOOKMARK_COOKIE_NAME, REFRESH_TOKEN_COOKIE } from "#shared/constants.ts";
import type { AppEnv, Database } from "#worker/app-env.ts";
import { signAccessToken } from "#worker/auth/tokens.ts";
import { bindingOf, bookmarkCookie, d1Session, D1_SESSION_DEBUG_HEADER } from "./d1-session.ts";

const ORIGIN = "http://localhost";
/** A bookmark as D1 writes one. */
const BOOKMARK = `0000002a-00000007-00005f3e-${"ab".repeat(16)}`;
const LATER = `0000002a-00000009-00005f3e-${"cd".repeat(16)}`;

/**
 * A D1 binding that opens fake sessions and records where each started; a session's bookmark is `after`
 * once it ran a statement, as D1's is.
 */
function fakeD1(after: string | null = LATER) {
  const opened: (string | undefined)[] = [];
  const statement = (ran: () => void) => {
    const s = {
      bind: () => s,
      first: async () => (ran(), null),
      all: async () => (ran(), { results: [], success: true, meta: {} }),
      run: async () => (ran(), { results: [], success: true, meta: {} }),
      raw: async () => (ran(), []),
    };
    return s as unknown as D1PreparedStatement;
  };
  const binding = {
    prepare: () => {
      throw new Error("the binding itself is never queried within a request");
    },
    batch: () => Promise.reject(new Error("the binding itself is never queried within a request")),
    exec: () => Promise.reject(new Error("no exec")),
    dump: () => Promise.reject(new Error("no dump")),
    withSession(start?: string) {
      opened.push(start);
      let ran = false;
      return {
        prepare: () => statement(() => (ran = true)),
        batch: async () => ((ran = true), []),
        getBookmark: () => (ran ? after : null),
      } as unknown as D1DatabaseSession;
    },
  } as unknown as D1Database;
  return { binding, opened };
}

type Handler = (db: Database) => Promise<unknown>;
const read: Handler = (db) => db.prepare("SELECT 1").first();

/** The worker's entry in small: the D1 session middleware, then a route that runs `handler` on env.DB. */
function site(handler: Handler = read) {
  const app = new Hono<AppEnv>();
  app.use(d1Session());
  app.all("*", async (c) => {
    await handler(c.env.DB);
    return c.text("ok");
  });
  return app;
}

function request(path: string, { method = "GET", cookie = "", ip = "127.0.0.1" } = {}) {
  return new Request(`${ORIGIN}${path}`, {
    method,
    headers: { ...(cookie ? { cookie } : {}), "cf-connecting-ip": ip },
  });
}

const devEnv = (binding: D1Database) => ({ ENVIRONMENT: "development", DB: binding }) as unknown as Env;

/** A signed bookmark cookie as the worker writes it, ready for a `Cookie` header. */
async function cookieFor(bookmark: string): Promise<string> {
  const app = new Hono<AppEnv>();
  let line: string | null = null;
  app.get("/", async (c) => {
    line = await bookmarkCookie(c, bookmark);
    return c.text("");
  });
  await app.fetch(request("/"), devEnv(fakeD1().binding));
  return line!.split(";")[0]!;
}

const bookmarkSet = (res: Response) =>
  res.headers.getSetCookie().find((line) => line.startsWith(`${D1_BOOKMARK_COOKIE_NAME}=`));

describe("d1Session", () => {
  it("starts a read without a bookmark anywhere, and sets no cookie", async () => {
    const { binding, opened } = fakeD1();
    const res = await site().fetch(request("/ru/search/"), devEnv(binding));
    expect(opened).toEqual(["first-unconstrained"]);
    expect(res.headers.get(D1_SESSION_DEBUG_HEADER)).toBe("first-unconstrained");
    expect(bookmarkSet(res)).toBeUndefined();
  });

  it("starts a write at the primary and gives the visitor the bookmark it left", async () => {
    const { binding, opened } = fakeD1();
    const res = await site().fetch(request("/api/cabinet/realties/add-favorite", { method: "POST" }), devEnv(binding));
    expect(opened).toEqual(["first-primary"]);
    const line = bookmarkSet(res)!;
    expect(line).toMatch(new RegExp(`^${D1_BOOKMARK_COOKIE_NAME}=${LATER}\\.[\\w-]{43};`));
    expect(line).toContain("HttpOnly");
    expect(line).toContain("SameSite=Lax");
    expect(line).toMatch(/Max-Age=\d+/);
    // Plain-http localhost is the one place it is not Secure, as the session cookies.
    expect(line).not.toContain("Secure");
    const https = await site().fetch(
      new Request("https://kvadrat.test/api/x", { method: "POST" }),
      devEnv(fakeD1().binding),
    );
    expect(bookmarkSet(https)).toContain("Secure");
  });

  it("starts the next read of that visitor from their bookmark", async () => {
    const { binding, opened } = fakeD1();
    const res = await site().fetch(request("/cabinet/", { cookie: await cookieFor(BOOKMARK) }), devEnv(binding));
    expect(opened).toEqual([BOOKMARK]);
    expect(res.headers.get(D1_SESSION_DEBUG_HEADER)).toBe("bookmark");
    // Reading renews nothing: the cookie runs out as it was set.
    expect(bookmarkSet(res)).toBeUndefined();
  });

  it("never hands D1 a bookmark it did not sign: forged, altered, truncated, garbage", async () => {
    const genuine = (await cookieFor(BOOKMARK)).split("=")[1]!;
    const [, signature] = genuine.split(".");
    for (const value of [
      `${LATER}.${signature}`,
      `${BOOKMARK}.${"A".repeat(43)}`,
      BOOKMARK,
      `${genuine}x`,
      "first-primary",
      "<script>",
      "%E0%A4%A",
      "a".repeat(5000),
    ]) {
      const { binding, opened } = fakeD1();
      const res = await site().fetch(request("/", { cookie: `${D1_BOOKMARK_COOKIE_NAME}=${value}` }), devEnv(binding));
      expect(res.status, value).toBe(200);
      expect(opened, value).toEqual(["first-unconstrained"]);
    }
  });

  it("ignores every bookmark cookie, and writes none, while no signing key is configured", async () => {
    const cookie = await cookieFor(BOOKMARK);
    const { binding, opened } = fakeD1();
    const env = { ENVIRONMENT: "production", DB: binding } as unknown as Env;
    const res = await site().fetch(request("/", { cookie }), env);
    expect(res.status).toBe(200);
    expect(opened).toEqual(["first-unconstrained"]);
    const write = await site().fetch(request("/api/x", { method: "POST" }), env);
    expect(write.status).toBe(200);
    expect(bookmarkSet(write)).toBeUndefined();
  });

  it("reads at the primary where the session tokens are renewed or managed", async () => {
    const soon = await signAccessToken({ ENVIRONMENT: "development" }, { userId: 1, role: "user", familyId: "f" }, 0);
    const fresh = await signAccessToken(
      { ENVIRONMENT: "development" },
      { userId: 1, role: "user", familyId: "f" },
      Date.now(),
    );
    const cases: [string, string, string][] = [
      ["/", `${REFRESH_TOKEN_COOKIE}=r`, "first-primary"],
      ["/", `${REFRESH_TOKEN_COOKIE}=r; ${ACCESS_TOKEN_COOKIE}=${soon.token}`, "first-primary"],
      ["/", `${REFRESH_TOKEN_COOKIE}=r; ${ACCESS_TOKEN_COOKIE}=not.a-jwt.x`, "first-primary"],
      ["/", `${REFRESH_TOKEN_COOKIE}=r; ${ACCESS_TOKEN_COOKIE}=${fresh.token}`, "first-unconstrained"],
      ["/", `${ACCESS_TOKEN_COOKIE}=${fresh.token}`, "first-unconstrained"],
      ["/api/auth/session", "", "first-primary"],
    ];
    for (const [path, cookie, start] of cases) {
      const { binding, opened } = fakeD1();
      await site().fetch(request(path, { cookie }), devEnv(binding));
      expect(opened, `${path} ${cookie}`).toEqual([start]);
    }
    // A renewal and a sign-in set the session cookies: their bookmark comes with them.
    const app = new Hono<AppEnv>();
    app.use(d1Session());
    app.get("*", async (c) => {
      await read(c.env.DB);
      c.header("Set-Cookie", `${ACCESS_TOKEN_COOKIE}=new; Path=/`);
      return c.text("ok");
    });
    const res = await app.fetch(request("/", { cookie: `${REFRESH_TOKEN_COOKIE}=r` }), devEnv(fakeD1().binding));
    expect(bookmarkSet(res)).toContain(LATER);
  });

  it("sets no cookie for a write that failed, a beacon, or a request that ran no statement", async () => {
    const failing = new Hono<AppEnv>();
    failing.use(d1Session());
    failing.post("*", async (c) => {
      await read(c.env.DB);
      return c.text("no", 409);
    });
    expect(bookmarkSet(await failing.fetch(request("/api/x", { method: "POST" }), devEnv(fakeD1().binding)))).toBe(
      undefined,
    );
    const beacon = await site().fetch(
      request("/api/statistics/realty/5", { method: "POST" }),
      devEnv(fakeD1().binding),
    );
    expect(bookmarkSet(beacon)).toBeUndefined();
    // A bearer client keeps no cookies (decision 006): none is set for it.
    for (const headers of [{ authorization: "Bearer a.b.c" }, { "x-auth-mode": "bearer" }] as Record<
      string,
      string
    >[]) {
      const app = await site().fetch(
        new Request(`${ORIGIN}/api/cabinet/realties/add-favorite`, { method: "POST", headers }),
        devEnv(fakeD1().binding),
      );
      expect(bookmarkSet(app), JSON.stringify(headers)).toBeUndefined();
    }
    const idle = await site(async () => undefined).fetch(
      request("/favourites/", { method: "POST" }),
      devEnv(fakeD1().binding),
    );
    expect(bookmarkSet(idle)).toBeUndefined();
  });

  it("opens one session per request: an API app served inside it uses the request's", async () => {
    const { binding, opened } = fakeD1();
    const seen: Database[] = [];
    const api = new Hono<AppEnv>();
    api.use(d1Session());
    api.all("*", async (c) => {
      seen.push(c.env.DB);
      await read(c.env.DB);
      return c.text("api");
    });
    const app = new Hono<AppEnv>();
    app.use(d1Session());
    app.all("*", async (c) => {
      seen.push(c.env.DB);
      // As the page's in-process API calls are served: with the page's env.
      await api.fetch(new Request(`${ORIGIN}/api/one`), c.env);
      await api.fetch(new Request(`${ORIGIN}/api/two`, { method: "POST" }), c.env);
      return c.text("page");
    });
    const res = await app.fetch(request("/cabinet/favourites/", { method: "POST" }), devEnv(binding));
    expect(opened).toEqual(["first-primary"]);
    expect(new Set(seen).size).toBe(1);
    expect(bindingOf(seen[0]!)).toBeUndefined();
    // The inner calls set nothing themselves; the page's answer carries the bookmark once.
    expect(res.headers.getSetCookie().filter((line) => line.startsWith(`${D1_BOOKMARK_COOKIE_NAME}=`))).toHaveLength(1);
  });

  it("says where the session started only to development requests from loopback", async () => {
    const res = await site().fetch(request("/", { ip: "203.0.113.9" }), devEnv(fakeD1().binding));
    expect(res.headers.get(D1_SESSION_DEBUG_HEADER)).toBeNull();
  });
});
