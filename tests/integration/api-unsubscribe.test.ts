import { env, SELF } from "cloudflare:test";
import * as v from "valibot";
import { beforeEach, describe, expect, it } from "vitest";
import { UnsubscribeResponse, UnsubscribeStatusResponse } from "#shared/api/content.ts";
import { ORIGIN } from "#tests/fixtures/requests.ts";

/** Fixture subscriptions: one address on two lists (listing_tips never joined) and one on another address. */
const TOKEN = "fixtureToken900001_abcdefghijklmnopqrstuv";
const OTHER_TOKEN = "fixtureToken900002_abcdefghijklmnopqrstuv";
const UNKNOWN_TOKEN = "fixtureToken900999_abcdefghijklmnopqrstuv";
const EMAIL = "jelena.fixture@gmail.com";
const OTHER_EMAIL = "other.fixture@example.rs";

const get = (token: string) => SELF.fetch(`${ORIGIN}/api/unsubscribe?token=${encodeURIComponent(token)}`);
const post = (path: string, body: unknown) =>
  SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

async function states(email: string) {
  const { results } = await env.DB.prepare(
    "SELECT list, subscribed FROM email_subscriptions WHERE email = ? ORDER BY list",
  )
    .bind(email)
    .all<{ list: string; subscribed: number }>();
  return Object.fromEntries(results.map((r) => [r.list, r.subscribed]));
}

async function expectField(res: Response, field: string) {
  expect(res.status).toBe(400);
  const body = await res.json<{ error: { code: string; fields: Record<string, string> } }>();
  expect(body.error.code).toBe("invalid_input");
  expect(body.error.fields[field], JSON.stringify(body)).toBeTruthy();
}

beforeEach(async () => {
  const db = env.DB;
  const now = Date.now();
  await db.batch([
    db.prepare("DELETE FROM email_subscriptions WHERE email IN (?, ?)").bind(EMAIL, OTHER_EMAIL),
    db
      .prepare(
        `INSERT INTO email_subscriptions (email, list, token, subscribed, updated_at) VALUES
         (?1, 'saved_searches', ?2, 1, ?5), (?1, 'news', ?2, 1, ?5),
         (?3, 'news', ?4, 1, ?5), (?3, 'listing_tips', ?4, 1, ?5)`,
      )
      .bind(EMAIL, TOKEN, OTHER_EMAIL, OTHER_TOKEN, now),
  ]);
});

describe("GET /api/unsubscribe", () => {
  it("shows the masked address and every list's state", async () => {
    const res = await get(TOKEN);
    expect(res.status).toBe(200);
    expect(v.parse(UnsubscribeStatusResponse, await res.json())).toEqual({
      data: {
        email: "j***@gmail.com",
        lists: [
          { list: "saved_searches", subscribed: true },
          { list: "news", subscribed: true },
          { list: "listing_tips", subscribed: false },
          { list: "messages", subscribed: false },
        ],
      },
    });
  });

  it("400 names token when missing or malformed", async () => {
    await expectField(await SELF.fetch(`${ORIGIN}/api/unsubscribe`), "token");
    for (const token of [
      "",
      "short",
      "x".repeat(129),
      "fixtureToken900001_abcdefghijklmnop'OR'1'='1",
      "токен-токен-токен-токен",
      `${TOKEN} `,
    ]) {
      await expectField(await get(token), "token");
    }
    await expectField(await SELF.fetch(`${ORIGIN}/api/unsubscribe?token=${TOKEN}&token=${TOKEN}`), "token");
  });

  it("404 for an unknown token", async () => {
    const res = await get(UNKNOWN_TOKEN);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: "not_found" } });
  });
});

describe("POST /api/unsubscribe", () => {
  it("leaves one list of that address only, idempotently", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await post("/api/unsubscribe", { token: TOKEN, list: "news" });
      expect(res.status).toBe(200);
      expect(v.parse(UnsubscribeResponse, await res.json())).toEqual({ data: { list: "news", subscribed: false } });
      expect(await states(EMAIL)).toEqual({ news: 0, saved_searches: 1 });
    }
    expect(await states(OTHER_EMAIL)).toEqual({ listing_tips: 1, news: 1 });
    const status = v.parse(UnsubscribeStatusResponse, await (await get(TOKEN)).json());
    expect(status.data.lists).toEqual([
      { list: "saved_searches", subscribed: true },
      { list: "news", subscribed: false },
      { list: "listing_tips", subscribed: false },
      { list: "messages", subscribed: false },
    ]);
  });

  it("a list never joined is already left", async () => {
    const res = await post("/api/unsubscribe", { token: TOKEN, list: "listing_tips" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { list: "listing_tips", subscribed: false } });
    expect(await states(EMAIL)).toEqual({ news: 1, saved_searches: 1 });
  });

  it("400 names token and list", async () => {
    await expectField(await post("/api/unsubscribe", { list: "news" }), "token");
    await expectField(await post("/api/unsubscribe", { token: "bad token", list: "news" }), "token");
    await expectField(await post("/api/unsubscribe", { token: 123, list: "news" }), "token");
    await expectField(await post("/api/unsubscribe", { token: TOKEN }), "list");
    await expectField(await post("/api/unsubscribe", { token: TOKEN, list: "spam" }), "list");
    await expectField(await post("/api/unsubscribe", { token: TOKEN, list: ["news"] }), "list");
    const both = await post("/api/unsubscribe", {});
    expect(both.status).toBe(400);
    const fields = (await both.json<{ error: { fields: Record<string, string> } }>()).error.fields;
    expect(Object.keys(fields).sort()).toEqual(["list", "token"]);
    for (const body of ["{", "null", "[]", '"x"']) {
      const res = await post("/api/unsubscribe", body);
      expect(res.status, body).toBe(400);
    }
    expect(await states(EMAIL)).toEqual({ news: 1, saved_searches: 1 });
  });

  it("404 for an unknown token", async () => {
    const res = await post("/api/unsubscribe", { token: UNKNOWN_TOKEN, list: "news" });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: "not_found" } });
  });
});

describe("POST /api/unsubscribe/all", () => {
  it("leaves every list of that address only, idempotently", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await post("/api/unsubscribe/all", { token: TOKEN });
      expect(res.status).toBe(200);
      expect(v.parse(UnsubscribeStatusResponse, await res.json())).toEqual({
        data: {
          email: "j***@gmail.com",
          lists: [
            { list: "saved_searches", subscribed: false },
            { list: "news", subscribed: false },
            { list: "listing_tips", subscribed: false },
            { list: "messages", subscribed: false },
          ],
        },
      });
      expect(await states(EMAIL)).toEqual({ news: 0, saved_searches: 0 });
    }
    expect(await states(OTHER_EMAIL)).toEqual({ listing_tips: 1, news: 1 });
  });

  it("400 names token, 404 for an unknown one", async () => {
    await expectField(await post("/api/unsubscribe/all", {}), "token");
    await expectField(await post("/api/unsubscribe/all", { token: "'; DELETE FROM email_subscriptions; --" }), "token");
    await expectField(await post("/api/unsubscribe/all", { token: null }), "token");
    expect((await post("/api/unsubscribe/all", "{")).status).toBe(400);
    const res = await post("/api/unsubscribe/all", { token: UNKNOWN_TOKEN });
    expect(res.status).toBe(404);
    expect(await states(EMAIL)).toEqual({ news: 1, saved_searches: 1 });
  });
});

describe("POST /api/unsubscribe/one-click (RFC 8058)", () => {
  const oneClick = (query: string, headers: Record<string, string> = {}) =>
    SELF.fetch(`${ORIGIN}/api/unsubscribe/one-click?${query}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: "List-Unsubscribe=One-Click",
    });

  it("leaves the list the address names, idempotently, as a mail client posts it", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await oneClick(`token=${TOKEN}&list=news`);
      expect(res.status).toBe(200);
      expect(v.parse(UnsubscribeResponse, await res.json())).toEqual({ data: { list: "news", subscribed: false } });
    }
    expect(await states(EMAIL)).toEqual({ news: 0, saved_searches: 1 });
    expect(await states(OTHER_EMAIL)).toEqual({ listing_tips: 1, news: 1 });
  });

  it("needs no CSRF headers even when the client has the site's cookies", async () => {
    const res = await oneClick(`token=${TOKEN}&list=saved_searches`, {
      cookie: "__Host-access_token=x; access_token=x; refresh_token=y",
      origin: "https://mail.example.com",
    });
    expect(res.status).toBe(200);
    expect(await states(EMAIL)).toEqual({ news: 1, saved_searches: 0 });
  });

  it("400 names token or list, 404 for an unknown token, 405 for a GET", async () => {
    await expectField(await oneClick("list=news"), "token");
    await expectField(await oneClick(`token=${TOKEN}`), "list");
    await expectField(await oneClick(`token=${TOKEN}&list=everything`), "list");
    expect((await oneClick(`token=${UNKNOWN_TOKEN}&list=news`)).status).toBe(404);
    expect((await SELF.fetch(`${ORIGIN}/api/unsubscribe/one-click?token=${TOKEN}&list=news`)).status).toBe(405);
    expect(await states(EMAIL)).toEqual({ news: 1, saved_searches: 1 });
  });
});

it("no junk gives a 5xx", async () => {
  const junk: unknown[] = ["\u0000", "🏠".repeat(40), "x".repeat(100_000), { $ne: null }, [TOKEN], Infinity, true];
  for (const j of junk) {
    const token = typeof j === "string" ? j : (JSON.stringify(j) ?? "");
    expect((await get(token.slice(0, 10_000))).status).toBeLessThan(500);
    expect((await post("/api/unsubscribe", { token: j, list: j })).status).toBeLessThan(500);
    expect((await post("/api/unsubscribe/all", { token: j })).status).toBeLessThan(500);
    expect((await post("/api/unsubscribe", token)).status).toBeLessThan(500);
  }
});
