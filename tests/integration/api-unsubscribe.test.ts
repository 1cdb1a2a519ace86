import { env, SELF } from "cloudflare:test";
import * as v from "valibot";
import { beforeEach, describe, expect, it } from "vitest";
import { UnsubscribeResponse, UnsubscribeStatusResponse } from "#shared/api/content.ts";
import { UNSUBSCRIBE_TOKEN_TTL_MS } from "#shared/constants.ts";
import { ORIGIN } from "#tests/fixtures/requests.ts";
import { type UnsubscribeScope, unsubscribeToken } from "#worker/auth/unsubscribe-token.ts";
import { uniqueEmail, uniqueIp } from "./auth-fixtures.ts";

/**
 * Fixture people: one who left `news`' opposite (joined news) and has two saved searches with alerts on,
 * and another whose state must never change.
 */
let person: { id: number; email: string; searches: [number, number] };
let other: { id: number; email: string; search: number };

async function makePerson(name: string) {
  const email = uniqueEmail();
  const row = await env.DB.prepare(
    "INSERT INTO users (name, email, role, created_at, email_verified_at) VALUES (?, ?, 'user', 0, 0) RETURNING id",
  )
    .bind(name, email)
    .first<{ id: number }>();
  return { id: row!.id, email };
}

async function saveSearch(userId: number, query: string, name: string | null = null) {
  const now = Date.now();
  const row = await env.DB.prepare(
    `INSERT INTO saved_searches (user_id, name, query, notify, frequency, created_at, updated_at, opened_at)
     VALUES (?, ?, ?, 1, 'daily', ?, ?, ?) RETURNING id`,
  )
    .bind(userId, name, query, now, now, now)
    .first<{ id: number }>();
  return row!.id;
}

beforeEach(async () => {
  const a = await makePerson("Jelena");
  person = {
    ...a,
    searches: [
      await saveSearch(a.id, "deal=sale&type=4&city=beograd&rooms=2&price_max=150000"),
      await saveSearch(a.id, "deal=rent&type=1&city=novi-sad", "Flat for my son"),
    ],
  };
  await env.DB.prepare("INSERT INTO email_subscriptions (email, list, subscribed, updated_at) VALUES (?, 'news', 1, 0)")
    .bind(a.email)
    .run();
  const b = await makePerson("Other");
  other = { ...b, search: await saveSearch(b.id, "deal=sale&city=nis") };
});

const tokenOf = (userId: number, scope: UnsubscribeScope, now = Date.now()) =>
  unsubscribeToken(env, userId, scope, now);

const get = (token: string, headers: Record<string, string> = {}) =>
  SELF.fetch(`${ORIGIN}/api/unsubscribe?token=${encodeURIComponent(token)}`, { headers });
const post = (path: string, body: unknown) =>
  SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": uniqueIp() },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const oneClick = (query: string, headers: Record<string, string> = {}) =>
  SELF.fetch(`${ORIGIN}/api/unsubscribe/one-click?${query}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: "List-Unsubscribe=One-Click",
  });

/** Stored rows of an address: list → subscribed. */
async function rows(email: string) {
  const { results } = await env.DB.prepare(
    "SELECT list, subscribed FROM email_subscriptions WHERE email = ? ORDER BY list",
  )
    .bind(email)
    .all<{ list: string; subscribed: number }>();
  return Object.fromEntries(results.map((r) => [r.list, r.subscribed]));
}

async function notify(ids: number[]) {
  const { results } = await env.DB.prepare(
    "SELECT id, notify FROM saved_searches WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id",
  )
    .bind(JSON.stringify(ids))
    .all<{ id: number; notify: number }>();
  return results.map((r) => r.notify);
}

/** Everything the fixtures hold, to show that a refused request changed nothing. */
const snapshot = async () => ({
  person: await rows(person.email),
  other: await rows(other.email),
  notify: await notify([...person.searches, other.search]),
});

const DEFAULT_LISTS = [
  { list: "saved_searches", subscribed: true },
  { list: "price_drops", subscribed: true },
  { list: "messages", subscribed: true },
  { list: "listing_updates", subscribed: true },
  { list: "news", subscribed: true },
  { list: "listing_tips", subscribed: false },
];

async function expectField(res: Response, field: string) {
  expect(res.status).toBe(400);
  const body = await res.json<{ error: { code: string; fields: Record<string, string> } }>();
  expect(body.error.code).toBe("invalid_input");
  expect(body.error.fields[field], JSON.stringify(body)).toBeTruthy();
}

describe("GET /api/unsubscribe", () => {
  it("says what a list's link stops, the masked address and every list's state", async () => {
    const res = await get(await tokenOf(person.id, { kind: "list", list: "messages" }));
    expect(res.status).toBe(200);
    const body = v.parse(UnsubscribeStatusResponse, await res.json());
    expect(body.data).toEqual({
      email: `${person.email[0]}***@example.rs`,
      scope: { kind: "list", list: "messages" },
      // Notification lists until left; news and tips only when joined.
      lists: DEFAULT_LISTS,
    });
  });

  it("names a saved search's link by the search, in the request's language", async () => {
    const [made, named] = person.searches;
    const en = v.parse(
      UnsubscribeStatusResponse,
      await (await get(await tokenOf(person.id, { kind: "saved_search", id: made }))).json(),
    );
    expect(en.data.scope).toEqual({
      kind: "saved_search",
      id: made,
      label: "Apartments for sale, Belgrade, 2 rooms, up to €150,000",
      notify: true,
    });
    const ru = await get(await tokenOf(person.id, { kind: "saved_search", id: made }), { "accept-language": "ru" });
    const ruScope = v.parse(UnsubscribeStatusResponse, await ru.json()).data.scope;
    expect(ruScope).toMatchObject({ kind: "saved_search", id: made });
    expect(ruScope.kind === "saved_search" && ruScope.label).toContain("Белград");
    // A name of the person's own is the name.
    const own = v.parse(
      UnsubscribeStatusResponse,
      await (await get(await tokenOf(person.id, { kind: "saved_search", id: named }))).json(),
    );
    expect(own.data.scope).toMatchObject({ label: "Flat for my son" });
    // A deleted search, or another person's, has no name: nothing is sent for it.
    for (const id of [other.search, 999_999_999]) {
      const gone = v.parse(
        UnsubscribeStatusResponse,
        await (await get(await tokenOf(person.id, { kind: "saved_search", id }))).json(),
      );
      expect(gone.data.scope).toEqual({ kind: "saved_search", id, label: null, notify: false });
    }
  });

  it("403 for a forged token, 410 for an expired one, 404 when the account is gone", async () => {
    const token = await tokenOf(person.id, { kind: "list", list: "messages" });
    const forged = await get(`${token.slice(0, -2)}xx`);
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ error: { code: "invalid_token" } });
    const otherPerson = token.replace(/^[0-9a-z]+\./, `${other.id.toString(36)}.`);
    expect((await get(otherPerson)).status).toBe(403);
    const expired = await get(
      await tokenOf(person.id, { kind: "list", list: "messages" }, Date.now() - UNSUBSCRIBE_TOKEN_TTL_MS - 1),
    );
    expect(expired.status).toBe(410);
    expect(await expired.json()).toMatchObject({ error: { code: "token_expired" } });
    // The request clock (development) moves past a fresh token's date too.
    const later = await get(token, { "x-debug-now": String(Date.now() + UNSUBSCRIBE_TOKEN_TTL_MS + 60_000) });
    expect(later.status).toBe(410);
    await env.DB.prepare("UPDATE users SET deleted_at = 1 WHERE id = ?").bind(person.id).run();
    expect((await get(token)).status).toBe(404);
  });

  it("400 names token when missing or malformed", async () => {
    await expectField(await SELF.fetch(`${ORIGIN}/api/unsubscribe`), "token");
    const token = await tokenOf(person.id, { kind: "list", list: "news" });
    for (const bad of ["", "short", "x".repeat(129), `${token}'`, "токен.токен.токен.токен", `${token} `]) {
      await expectField(await get(bad), "token");
    }
    await expectField(await SELF.fetch(`${ORIGIN}/api/unsubscribe?token=${token}&token=${token}`), "token");
  });
});

describe("POST /api/unsubscribe", () => {
  it("stops the link's list for that address only, idempotently", async () => {
    const token = await tokenOf(person.id, { kind: "list", list: "messages" });
    for (let i = 0; i < 2; i++) {
      const res = await post("/api/unsubscribe", { token });
      expect(res.status).toBe(200);
      const body = v.parse(UnsubscribeResponse, await res.json());
      expect(body.data.stopped).toEqual({ kind: "list", list: "messages" });
      expect(body.data.lists).toContainEqual({ list: "messages", subscribed: false });
    }
    expect(await rows(person.email)).toEqual({ messages: 0, news: 1 });
    expect(await notify(person.searches)).toEqual([1, 1]);
    expect(await rows(other.email)).toEqual({});
  });

  it("stops one saved search's alerts, not the others', not the list", async () => {
    const [made, named] = person.searches;
    const res = await post("/api/unsubscribe", { token: await tokenOf(person.id, { kind: "saved_search", id: made }) });
    expect(res.status).toBe(200);
    const body = v.parse(UnsubscribeResponse, await res.json());
    expect(body.data.stopped).toMatchObject({ kind: "saved_search", id: made, notify: false });
    expect(body.data.stopped.kind === "saved_search" && body.data.stopped.label).toContain("Belgrade");
    expect(await notify([made, named, other.search])).toEqual([0, 1, 1]);
    expect(await rows(person.email)).toEqual({ news: 1 });
  });

  it("a link cannot stop another person's saved search", async () => {
    const res = await post("/api/unsubscribe", {
      token: await tokenOf(person.id, { kind: "saved_search", id: other.search }),
    });
    expect(res.status).toBe(200);
    expect(await notify([other.search])).toEqual([1]);
  });

  it("stops the list named instead of the link's scope", async () => {
    const token = await tokenOf(person.id, { kind: "saved_search", id: person.searches[0] });
    const res = await post("/api/unsubscribe", { token, list: "news" });
    expect(v.parse(UnsubscribeResponse, await res.json()).data.stopped).toEqual({ kind: "list", list: "news" });
    expect(await rows(person.email)).toEqual({ news: 0 });
    expect(await notify(person.searches)).toEqual([1, 1]);
  });

  it("403 forged, 410 expired, 400 bad input — and nothing changes", async () => {
    const before = await snapshot();
    const token = await tokenOf(person.id, { kind: "list", list: "messages" });
    const forged = await post("/api/unsubscribe", { token: `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}` });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ error: { code: "invalid_token" } });
    const expired = await post("/api/unsubscribe", {
      token: await tokenOf(person.id, { kind: "list", list: "messages" }, Date.now() - UNSUBSCRIBE_TOKEN_TTL_MS - 1),
    });
    expect(expired.status).toBe(410);
    await expectField(await post("/api/unsubscribe", { list: "news" }), "token");
    await expectField(await post("/api/unsubscribe", { token: 123 }), "token");
    await expectField(await post("/api/unsubscribe", { token, list: "spam" }), "list");
    await expectField(await post("/api/unsubscribe", { token, list: ["news"] }), "list");
    for (const body of ["{", "null", "[]", '"x"'])
      expect((await post("/api/unsubscribe", body)).status, body).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

describe("POST /api/unsubscribe/all", () => {
  it("stops every e-mail of that person: every list and every saved search's alerts", async () => {
    const token = await tokenOf(person.id, { kind: "list", list: "messages" });
    for (let i = 0; i < 2; i++) {
      const res = await post("/api/unsubscribe/all", { token });
      expect(res.status).toBe(200);
      const body = v.parse(UnsubscribeResponse, await res.json());
      expect(body.data.stopped).toEqual({ kind: "all" });
      expect(body.data.lists.every((l) => !l.subscribed)).toBe(true);
    }
    expect(await rows(person.email)).toEqual({
      listing_tips: 0,
      listing_updates: 0,
      messages: 0,
      news: 0,
      price_drops: 0,
      saved_searches: 0,
    });
    expect(await notify(person.searches)).toEqual([0, 0]);
    expect(await rows(other.email)).toEqual({});
    expect(await notify([other.search])).toEqual([1]);
  });

  it("400 names token, 403 forged, 410 expired — and nothing changes", async () => {
    const before = await snapshot();
    await expectField(await post("/api/unsubscribe/all", {}), "token");
    await expectField(await post("/api/unsubscribe/all", { token: "'; DELETE FROM email_subscriptions; --" }), "token");
    await expectField(await post("/api/unsubscribe/all", { token: null }), "token");
    expect((await post("/api/unsubscribe/all", "{")).status).toBe(400);
    const token = await tokenOf(person.id, { kind: "list", list: "news" });
    expect(
      (await post("/api/unsubscribe/all", { token: token.replace(/\.[^.]+$/, `.${"A".repeat(43)}`) })).status,
    ).toBe(403);
    const old = await tokenOf(person.id, { kind: "list", list: "news" }, Date.now() - UNSUBSCRIBE_TOKEN_TTL_MS - 1);
    expect((await post("/api/unsubscribe/all", { token: old })).status).toBe(410);
    expect(await snapshot()).toEqual(before);
  });
});

describe("POST /api/unsubscribe/one-click (RFC 8058)", () => {
  it("stops exactly the link's scope, idempotently, as a mail client posts it", async () => {
    const token = await tokenOf(person.id, { kind: "saved_search", id: person.searches[1] });
    for (let i = 0; i < 2; i++) {
      const res = await oneClick(`token=${token}`);
      expect(res.status).toBe(200);
      expect(v.parse(UnsubscribeResponse, await res.json()).data.stopped).toMatchObject({
        kind: "saved_search",
        id: person.searches[1],
      });
    }
    expect(await notify(person.searches)).toEqual([1, 0]);
    expect(await rows(person.email)).toEqual({ news: 1 });
  });

  it("needs no CSRF headers even when the client has the site's cookies", async () => {
    const token = await tokenOf(person.id, { kind: "list", list: "saved_searches" });
    const res = await oneClick(`token=${token}`, {
      cookie: "__Host-access_token=x; access_token=x; refresh_token=y",
      origin: "https://mail.example.com",
    });
    expect(res.status).toBe(200);
    expect(await rows(person.email)).toEqual({ news: 1, saved_searches: 0 });
  });

  it("400 for a bad token or list, 403 forged, 410 expired, 405 for a GET — and nothing changes", async () => {
    const before = await snapshot();
    const token = await tokenOf(person.id, { kind: "list", list: "news" });
    await expectField(await oneClick("list=news"), "token");
    await expectField(await oneClick(`token=${token}&list=everything`), "list");
    expect((await oneClick(`token=${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).status).toBe(403);
    const old = await tokenOf(person.id, { kind: "list", list: "news" }, Date.now() - UNSUBSCRIBE_TOKEN_TTL_MS - 1);
    expect((await oneClick(`token=${old}`)).status).toBe(410);
    expect((await SELF.fetch(`${ORIGIN}/api/unsubscribe/one-click?token=${token}`)).status).toBe(405);
    expect(await snapshot()).toEqual(before);
  });
});

it("no junk gives a 5xx", async () => {
  const token = await tokenOf(person.id, { kind: "list", list: "news" });
  const junk: unknown[] = ["\u0000", "🏠".repeat(40), "x".repeat(100_000), { $ne: null }, [token], Infinity, true];
  for (const j of junk) {
    const text = typeof j === "string" ? j : (JSON.stringify(j) ?? "");
    expect((await get(text.slice(0, 10_000))).status).toBeLessThan(500);
    expect((await post("/api/unsubscribe", { token: j, list: j })).status).toBeLessThan(500);
    expect((await post("/api/unsubscribe/all", { token: j })).status).toBeLessThan(500);
    expect((await post("/api/unsubscribe", text)).status).toBeLessThan(500);
  }
});
