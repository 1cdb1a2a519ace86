import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ApiUser } from "#shared/api/auth.ts";
import { ACCESS_TOKEN_TTL_S, EXPIRING_REFRESH_TOKEN_THRESHOLD_S, REFRESH_TOKEN_TTL_S } from "#shared/constants.ts";
import { ACCESS, call, errorOf, Jar, REFRESH, signUpBearer, signUpByPhone } from "./auth-fixtures.ts";

const S = 1000;
const DAY = 86_400 * S;
/** A fixed start, so every test can walk its own clock from it. */
const T0 = Date.UTC(2026, 5, 1, 8, 0, 0);

const refreshOf = (res: Response) => res.json<{ refresh_token: string; access_token: string }>();
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("refresh token rotation and reuse detection", () => {
  it("cookie mode: every use rotates; the old token presented again revokes the family", async () => {
    const { jar } = await signUpByPhone({ now: T0 });
    const first = jar.get(REFRESH)!;
    const stolen = jar.clone();

    const res = await call("/api/auth/refresh-token", { jar, now: T0 + 60 * S });
    expect(res.status).toBe(200);
    expect(await res.text()).not.toMatch(/token/);
    const second = jar.get(REFRESH)!;
    expect(second).not.toBe(first);
    const stored = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM refresh_tokens WHERE token_hash = ? OR token_hash = ?",
    )
      .bind(first, second)
      .first<{ n: number }>();
    expect(stored!.n).toBe(0); // only hashes are stored

    // The old token again (an attacker's copy): 401, the family is revoked, the legitimate token dies too.
    const reused = await call("/api/auth/refresh-token", { jar: stolen, now: T0 + 120 * S });
    expect(reused.status).toBe(401);
    expect((await errorOf(reused)).code).toBe("token_reused");
    expect(stolen.get(REFRESH)).toBeUndefined();
    const legit = await call("/api/auth/refresh-token", { jar, now: T0 + 121 * S });
    expect(legit.status).toBe(401);
    // The access token of the revoked family no longer opens the account either.
    expect(
      (await call("/api/cabinet/user", { jar: stolen.clone().take(new Response()), now: T0 + 122 * S })).status,
    ).toBe(401);
  });

  it("bearer mode: Authorization: Bearer <refresh> rotates; reuse revokes the family", async () => {
    const { refresh_token, access_token } = await signUpBearer({ now: T0 });
    const rotated = await call("/api/auth/refresh-token", {
      headers: { ...bearer(refresh_token), "x-auth-mode": "bearer" },
      now: T0 + 10 * S,
    });
    expect(rotated.status).toBe(200);
    const next = await refreshOf(rotated);
    expect(next.refresh_token).not.toBe(refresh_token);
    expect(next.access_token).not.toBe(access_token);

    const viaAccess = await call("/api/auth/access-token", {
      headers: { ...bearer(next.refresh_token), "x-auth-mode": "bearer" },
      now: T0 + 20 * S,
    });
    expect(viaAccess.status).toBe(200);
    const third = await refreshOf(viaAccess);
    expect(third.access_token.split(".")).toHaveLength(3);
    expect(third.refresh_token).toBeUndefined();

    // The first token, rotated away 20 s ago (past the reuse grace): the family is revoked.
    const reused = await call("/api/auth/access-token", {
      headers: { ...bearer(refresh_token), "x-auth-mode": "bearer" },
      now: T0 + 30 * S,
    });
    expect(reused.status).toBe(401);
    expect((await errorOf(reused)).code).toBe("token_reused");
    expect(
      (await call("/api/auth/refresh-token", { headers: bearer(next.refresh_token), now: T0 + 31 * S })).status,
    ).toBe(401);
    expect((await call("/api/cabinet/user", { headers: bearer(third.access_token), now: T0 + 32 * S })).status).toBe(
      401,
    );
  });

  it("access-token only hands out an access token: called twice, then refresh-token still rotates", async () => {
    const { refresh_token } = await signUpBearer({ now: T0 });
    const headers = { ...bearer(refresh_token), "x-auth-mode": "bearer" };
    const accessTokens: string[] = [];
    for (const at of [60, 120]) {
      const res = await call("/api/auth/access-token", { headers, now: T0 + at * S });
      expect(res.status).toBe(200);
      const body = await refreshOf(res);
      expect(body.refresh_token).toBeUndefined();
      accessTokens.push(body.access_token);
      expect((await call("/api/cabinet/user", { headers: bearer(body.access_token), now: T0 + at * S })).status).toBe(
        200,
      );
    }
    expect(accessTokens[1]).not.toBe(accessTokens[0]);
    const rotated = await call("/api/auth/refresh-token", { headers, now: T0 + 180 * S });
    expect(rotated.status).toBe(200);
    const next = await refreshOf(rotated);
    expect(next.refresh_token).not.toBe(refresh_token);
    // The rotated-away token: an access token within the 10 s grace, a reuse after it.
    expect((await call("/api/auth/access-token", { headers, now: T0 + 185 * S })).status).toBe(200);
    const late = await call("/api/auth/access-token", { headers, now: T0 + 200 * S });
    expect((await errorOf(late)).code).toBe("token_reused");
  });

  it("cookie mode: access-token sets only the access cookie and keeps the refresh cookie", async () => {
    const { jar } = await signUpByPhone({ now: T0 });
    const before = jar.get(REFRESH)!;
    for (const at of [60, 120]) {
      const res = await call("/api/auth/access-token", { jar, now: T0 + at * S });
      expect(res.status).toBe(200);
      const cookies = res.headers.getSetCookie();
      expect(cookies.some((line) => line.startsWith(`${ACCESS}=`))).toBe(true);
      expect(cookies.some((line) => line.startsWith(`${REFRESH}=`))).toBe(false);
    }
    expect(jar.get(REFRESH)).toBe(before);
    expect((await call("/api/auth/refresh-token", { jar, now: T0 + 180 * S })).status).toBe(200);
    expect(jar.get(REFRESH)).not.toBe(before);
  });

  it("garbage refresh tokens are 401, never 5xx", async () => {
    for (const token of ["x", "a".repeat(43), "a".repeat(600), "ä"]) {
      const res = await call("/api/auth/refresh-token", {
        headers: { cookie: `${REFRESH}=${encodeURIComponent(token)}` },
      });
      expect(res.status).toBe(401);
    }
    expect((await call("/api/auth/refresh-token")).status).toBe(401);
  });
});

describe("access token renewal at 30 s", () => {
  const renewedOn = async (path: string, at: number) => {
    const { jar } = await signUpByPhone({ now: T0 });
    const before = jar.get(REFRESH);
    const res = await call(path, { jar, now: T0 + at, headers: { "accept-language": "en" } });
    return { res, jar, rotated: jar.get(REFRESH) !== before, setCookies: res.headers.getSetCookie() };
  };

  it("a page with 31 s left is served on the same tokens; with 30 s left the worker renews them during SSR", async () => {
    const keep = await renewedOn("/cabinet/", (ACCESS_TOKEN_TTL_S - 31) * S);
    expect(keep.res.status).toBe(200);
    expect(keep.setCookies.filter((c) => c.startsWith(`${ACCESS}=`))).toEqual([]);
    expect(keep.rotated).toBe(false);

    const renew = await renewedOn("/cabinet/", (ACCESS_TOKEN_TTL_S - 30) * S);
    expect(renew.res.status).toBe(200);
    expect(renew.res.headers.get("content-type")).toMatch(/text\/html/);
    expect(renew.setCookies.some((c) => c.startsWith(`${ACCESS}=`) && /HttpOnly/.test(c))).toBe(true);
    expect(renew.rotated).toBe(true);
    expect(renew.res.headers.get("cache-control")).toBe("private, no-store");
    // Signed-in state is in the server-rendered document (root loader data).
    expect(await renew.res.text()).toContain("Test User");
  });

  it("API calls renew too, and an expired access token is replaced from the refresh cookie", async () => {
    const renew = await renewedOn("/api/cabinet/user", (ACCESS_TOKEN_TTL_S - 30) * S);
    expect(renew.res.status).toBe(200);
    expect(renew.rotated).toBe(true);
    const expired = await renewedOn("/api/cabinet/user", 3 * 3600 * S);
    expect(expired.res.status).toBe(200);
    expect(expired.rotated).toBe(true);
  });

  it("parallel requests of one browser with the same expiring cookies do not end the session", async () => {
    const { jar } = await signUpByPhone({ now: T0 });
    const at = T0 + (ACCESS_TOKEN_TTL_S - 10) * S;
    const a = jar.clone();
    const b = jar.clone();
    expect((await call("/api/cabinet/user", { jar: a, now: at })).status).toBe(200);
    // b still holds the just-used refresh cookie: within the grace it gets an access token, no new refresh token.
    const late = await call("/api/cabinet/user", { jar: b, now: at + 5 * S });
    expect(late.status).toBe(200);
    expect(late.headers.getSetCookie().some((c) => c.startsWith(`${REFRESH}=`))).toBe(false);
    expect((await call("/api/cabinet/user", { jar: a, now: at + 6 * S })).status).toBe(200);
    // After the grace, the used token is a reuse: the family ends and the cookies are cleared.
    const reuse = await call("/api/cabinet/user", { jar: jar.clone(), now: at + 11 * S + ACCESS_TOKEN_TTL_S * S });
    expect(reuse.status).toBe(401);
    expect(reuse.headers.getSetCookie().some((c) => c.startsWith(`${REFRESH}=;`) && /Max-Age=0/.test(c))).toBe(true);
    expect((await call("/api/auth/refresh-token", { jar: a, now: at + 20 * S })).status).toBe(401);
  });
});

describe("session length: remember-me and the one-day marker", () => {
  const marker = (REFRESH_TOKEN_TTL_S - EXPIRING_REFRESH_TOKEN_THRESHOLD_S) * S;

  it("without remember-me the session ends exactly at one day, however often it rotated", async () => {
    expect(marker).toBe(DAY);
    const { jar } = await signUpByPhone({ now: T0 });
    expect((await call("/api/auth/refresh-token", { jar, now: T0 + 12 * 3600 * S })).status).toBe(200);
    expect((await call("/api/auth/refresh-token", { jar, now: T0 + DAY - S })).status).toBe(200);
    const ended = await call("/api/auth/refresh-token", { jar, now: T0 + DAY });
    expect(ended.status).toBe(401);
    expect((await errorOf(ended)).code).toBe("invalid_token");
  });

  it("a page visit after the marker is signed out and its cookies are cleared", async () => {
    const { jar } = await signUpByPhone({ now: T0 });
    const res = await call("/cabinet/", { jar, now: T0 + DAY });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/?auth=signin&next=%2Fcabinet%2F");
    expect(jar.get(REFRESH)).toBeUndefined();
  });

  it("with remember-me the refresh token lives 30 days and slides on rotation", async () => {
    const { jar } = await signUpByPhone({ now: T0, remember: true });
    const keep = jar.clone();
    expect((await call("/api/auth/refresh-token", { jar, now: T0 + 2 * DAY })).status).toBe(200);
    const cookie = jar.raw.findLast((line) => line.startsWith(`${REFRESH}=`))!;
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect((await call("/api/auth/refresh-token", { jar, now: T0 + 31 * DAY })).status).toBe(200);
    // An untouched remembered token expires after 30 days (this copy was rotated: reuse, also 401).
    expect((await call("/api/auth/refresh-token", { jar: keep, now: T0 + 30 * DAY })).status).toBe(401);
  });

  it("an untouched remembered token works until its 30th day and not after", async () => {
    const a = await signUpByPhone({ now: T0, remember: true });
    expect((await call("/api/auth/refresh-token", { jar: a.jar, now: T0 + 30 * DAY - S })).status).toBe(200);
    const b = await signUpByPhone({ now: T0, remember: true });
    expect((await call("/api/auth/refresh-token", { jar: b.jar, now: T0 + 30 * DAY })).status).toBe(401);
  });
});

describe("logout", () => {
  it("revokes the family and clears the cookies (cookie mode)", async () => {
    const { jar } = await signUpByPhone();
    const copy = jar.clone();
    const res = await call("/api/auth/logout", { method: "POST", jar });
    expect(res.status).toBe(200);
    expect(jar.get(ACCESS)).toBeUndefined();
    expect(jar.get(REFRESH)).toBeUndefined();
    // A copy of the old cookies is worth nothing: access refused (family revoked), refresh refused.
    expect((await call("/api/cabinet/user", { jar: copy.clone() })).status).toBe(401);
    expect((await call("/api/auth/refresh-token", { jar: copy })).status).toBe(401);
  });

  it("bearer mode: the access token's family ends", async () => {
    const { refresh_token, access_token } = await signUpBearer();
    const res = await call("/api/auth/logout", { method: "POST", headers: bearer(access_token), sameOrigin: false });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect((await call("/api/cabinet/user", { headers: bearer(access_token) })).status).toBe(401);
    expect((await call("/api/auth/refresh-token", { headers: bearer(refresh_token) })).status).toBe(401);
  });

  it("logging out of one device leaves the other signed in", async () => {
    const one = await signUpByPhone();
    await call("/api/cabinet/password", { body: { password: "two devices" }, jar: one.jar });
    const other = new Jar();
    await call("/api/auth/login", { body: { login: one.phone, password: "two devices" }, jar: other });
    await call("/api/auth/logout", { method: "POST", jar: one.jar });
    const me = await call("/api/account/data", { jar: other });
    expect(me.status).toBe(200);
    expect((await me.json<{ data: ApiUser }>()).data.id).toBe(one.user.id);
  });
});
