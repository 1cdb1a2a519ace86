/**
 * Decision 112: a browser that runs the app's scripts says so with a cookie the app sets (`SCRIPTS_COOKIE_NAME`).
 * Such a browser asking for a page kept for everyone gets the kept bytes as they are, whoever it is — no
 * session read, no visitor read, no rewrite — and asks `GET /api/visitor` for its own parts after hydration.
 * Without the marker every visitor gets the page made theirs as before (decision 094).
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { D1_BOOKMARK_COOKIE_NAME } from "#shared/constants.ts";
import { VISITOR_DATA_ID, VISITOR_PATH, type Visitor } from "#shared/visitor.ts";
import { ACCESS, call, signUpByPhone, type SignedIn } from "./auth-fixtures.ts";
import { NOBODY_TIMING, SCRIPTS_COOKIE_NAME, VISITOR_SHOWN_PARAM } from "#shared/visitor-request.ts";
import { viewKept } from "./kept-page-fixtures.ts";

const MARKER = `${SCRIPTS_COOKIE_NAME}=1`;

/** The page as `cookie`'s visitor sees it; their D1 bookmark (decision 092) left out unless `keepBookmark`. */
const view = (path: string, cookie = "", keepBookmark = false) => viewKept(path, cookie, { keepBookmark });

const marked = (cookie: string) => (cookie ? `${cookie}; ${MARKER}` : MARKER);
const hasVisitorJson = (html: string) => html.includes(`id="${VISITOR_DATA_ID}"`);
const heartOf = (html: string, id: number) =>
  new RegExp(`<form[^>]*data-favourite="${id}"[\\s\\S]*?</button>`).exec(html)?.[0] ?? "";
const pressed = (html: string, id: number) => /aria-pressed="true"/.test(heartOf(html, id));
const firstHeart = (html: string) => Number(/data-favourite="(\d+)"/.exec(html)?.[1]);
/** A fresh list address (one kept entry per test and per run): a price limit above every rent. */
const listPage = () => `/rent/apartment/?price_max=${90_000_000 + Math.floor(Math.random() * 9_000_000)}`;

let alice: SignedIn;
const aliceName = `Alisa Skriptova ${Math.random().toString(36).slice(2, 8)}`;
let heart: number;

beforeAll(async () => {
  alice = await signUpByPhone({ name: aliceName });
  heart = firstHeart((await view(listPage())).html);
  expect(heart).toBeGreaterThan(0);
  const res = await call("/api/cabinet/realties/add-favorite", { body: { id: heart }, jar: alice.jar });
  expect(res.status).toBe(200);
});

describe("a browser that runs scripts, on a page kept for everyone", () => {
  it("gets the kept bytes signed in: nothing of theirs, no session or visitor read, never stored", async () => {
    const page = listPage();
    const guest = await view(page);
    expect(guest.cache).toBe("miss");
    const theirs = await view(page, marked(alice.jar.header()));
    expect([theirs.status, theirs.cache, theirs.cacheControl]).toEqual([200, "hit", "private, no-store"]);
    expect(theirs.vary).toMatch(/Cookie/);
    expect(theirs.html).not.toContain(aliceName);
    expect(hasVisitorJson(theirs.html)).toBe(false);
    expect(theirs.html).not.toContain('value="signout"');
    expect(pressed(theirs.html, heart)).toBe(false);
    // Not one D1 round trip: neither the session's read nor the visitor's.
    expect([theirs.d1, theirs.sessionReads]).toEqual(["0", "0"]);
    expect(theirs.setCookie).toEqual([]);
    // The app asks for their parts: the edge does not say they have none.
    expect(theirs.timing).toBeNull();
    // The same bytes a guest gets; to a visitor with nothing of their own the edge says so (the app asks nothing).
    const again = await view(page);
    expect(again.timing).toBe(NOBODY_TIMING);
    expect((await view(page, MARKER)).timing).toBe(NOBODY_TIMING);
    // Every answer of a kept page says the cookies decide it, prefixed pages too.
    const ru = `/ru${page}`;
    await view(ru);
    for (const cookie of ["", MARKER, marked(alice.jar.header()), alice.jar.header()])
      expect((await view(ru, cookie)).vary).toMatch(/\bCookie\b/);
    // Each header once, though the page cache and the language both name the cookies.
    for (const path of [page, ru]) {
      const named = (await view(path, MARKER)).vary.split(/\s*,\s*/).map((name) => name.toLowerCase());
      expect(named).toEqual([...new Set(named)]);
    }
    expect(theirs.html.replace(/nonce="[^"]*"/g, "")).toBe(again.html.replace(/nonce="[^"]*"/g, ""));
  });

  it("without the marker, the same person gets the page made theirs as before", async () => {
    const page = listPage();
    await view(page);
    const theirs = await view(page, alice.jar.header());
    expect([theirs.cache, theirs.cacheControl]).toEqual(["hit", "private, no-store"]);
    expect(hasVisitorJson(theirs.html)).toBe(true);
    expect(theirs.html).toContain(`title="${aliceName}"`);
    expect(pressed(theirs.html, heart)).toBe(true);
    expect(Number(theirs.d1)).toBeGreaterThan(0);
  });

  it("is rendered as nobody when such a visitor asks first, and kept for everyone", async () => {
    const page = listPage();
    const first = await view(page, marked(alice.jar.header()));
    expect([first.status, first.cache, first.cacheControl]).toEqual([200, "miss", "private, no-store"]);
    expect(first.html).not.toContain(aliceName);
    expect(hasVisitorJson(first.html)).toBe(false);
    expect(first.sessionReads).toBe("0");
    const guest = await view(page);
    expect(guest.cache).toBe("hit");
    expect(guest.html).not.toContain(aliceName);
  });

  it("gives a guest's favourites no rewrite: the hearts come from GET /api/visitor", async () => {
    const page = listPage();
    await view(page);
    const guest = await view(page, marked(`favourites=${heart}`));
    expect([guest.cache, guest.cacheControl]).toEqual(["hit", "private, no-store"]);
    expect(pressed(guest.html, heart)).toBe(false);
    expect(hasVisitorJson(guest.html)).toBe(false);
    expect(guest.d1).toBe("0");
    expect(guest.timing).toBeNull();
  });

  it("still renders afresh after the visitor's own change (the bookmark), as nobody", async () => {
    const page = listPage();
    await view(page);
    expect((await view(page)).cache).toBe("hit");
    const cookie = marked(`${alice.jar.header()}; ${D1_BOOKMARK_COOKIE_NAME}=x`);
    const fresh = await view(page, cookie, true);
    expect([fresh.status, fresh.cache, fresh.why]).toEqual([200, "miss", "bookmark"]);
    expect(fresh.cacheControl).toBe("private, no-store");
    expect(fresh.html).not.toContain(aliceName);
    expect(hasVisitorJson(fresh.html)).toBe(false);
    // Read as always (the session, where the bookmark says), but no visitor read and no rewrite.
    expect(fresh.sessionReads).toBe("1");
  });

  it("still reads the session whose tokens are due for renewal, renewed on the kept bytes", async () => {
    const someone = await signUpByPhone({ name: "Renata Obnovljena" });
    const page = listPage();
    await view(page);
    const refreshOnly = someone.jar
      .header()
      .split(/;\s*/)
      .filter((pair) => !pair.startsWith(`${ACCESS}=`))
      .join("; ");
    const res = await view(page, marked(refreshOnly));
    expect([res.status, res.cache, res.cacheControl]).toEqual([200, "hit", "private, no-store"]);
    expect(res.setCookie.some((line) => line.startsWith(`${ACCESS}=`) && !line.startsWith(`${ACCESS}=;`))).toBe(true);
    expect(res.html).not.toContain("Renata Obnovljena");
    expect(hasVisitorJson(res.html)).toBe(false);
  });

  it("leaves a signed-in visitor's detail page theirs: read and rendered for them", async () => {
    const list = await view(listPage());
    const detail = /href="(\/rent\/apartment\/[^/"]+\/\d+\/)"/.exec(list.html)?.[1];
    expect(detail).toBeDefined();
    await view(detail!);
    const theirs = await view(detail!, marked(alice.jar.header()));
    expect(theirs.cache).toBeNull();
    expect(theirs.html).toContain(aliceName);
  });

  it("merges a guest's favourites into the account just signed in to, as before", async () => {
    const someone = await signUpByPhone({ name: "Marko Spajanje" });
    const page = listPage();
    await view(page);
    const res = await view(page, marked(`${someone.jar.header()}; favourites=${heart}`));
    expect(res.setCookie.some((line) => line.startsWith("favourites=;"))).toBe(true);
    const row = await env.DB.prepare("SELECT 1 AS one FROM favourites WHERE user_id = ? AND listing_id = ?")
      .bind(someone.user.id, heart)
      .first();
    expect(row).not.toBeNull();
  });
});

describe("GET /api/visitor for a kept page", () => {
  const visitor = async (cookie: string, query = "") => {
    const res = await call(`${VISITOR_PATH}${query}`, { headers: { cookie } });
    return {
      status: res.status,
      cacheControl: res.headers.get("cache-control"),
      vary: res.headers.get("vary") ?? "",
      d1: res.headers.get("x-debug-d1"),
      body: await res.json<Visitor>(),
    };
  };

  it("answers a guest from their cookies alone: no D1 read", async () => {
    const guest = await visitor(marked(`favourites=${heart}`));
    expect(guest).toMatchObject({ status: 200, cacheControl: "private, no-store", d1: "0" });
    expect(guest.vary).toContain("Cookie");
    expect(guest.body).toMatchObject({ user: null, favourites: [heart] });
  });

  it("answers a signed-in visitor their account and hearts", async () => {
    const mine = await visitor(marked(alice.jar.header()));
    expect(mine.body.user).toMatchObject({ id: alice.user.id, name: aliceName });
    expect(mine.body.favourites).toContain(heart);
    expect(mine.body.unreadMessages).toBe(0);
  });

  it("marks the saved search the page shows opened (`shown`), only the owner's", async () => {
    const query = `deal=rent&price_max=${Math.floor(Math.random() * 1_000_000)}`;
    const { meta } = await env.DB.prepare(
      "INSERT INTO saved_searches (user_id, query, created_at, updated_at, opened_at) VALUES (?1, ?2, 1000, 1000, 1000)",
    )
      .bind(alice.user.id, query)
      .run();
    const id = meta.last_row_id;
    const openedAt = async () =>
      (await env.DB.prepare("SELECT opened_at FROM saved_searches WHERE id = ?").bind(id).first<number>("opened_at"))!;
    // Someone else naming it, or Alice naming another search, changes nothing.
    const bob = await signUpByPhone({ name: "Bob Neznanac" });
    await visitor(bob.jar.header(), `?${new URLSearchParams({ [VISITOR_SHOWN_PARAM]: query })}`);
    await visitor(alice.jar.header(), `?${new URLSearchParams({ [VISITOR_SHOWN_PARAM]: "deal=sale" })}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await openedAt()).toBe(1000);
    const mine = await visitor(alice.jar.header(), `?${new URLSearchParams({ [VISITOR_SHOWN_PARAM]: query })}`);
    expect(mine.body.savedSearches?.find((search) => search.id === id)).toBeDefined();
    await expect.poll(openedAt, { timeout: 3000 }).toBeGreaterThan(1000);
  });
});
