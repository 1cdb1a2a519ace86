/**
 * `/listing/renew/{id}/?token=…`, the expiry reminder's link (decision 038), as a plain form post: opening
 * it renews nothing; its one button renews once, without signing in; a broken, used or stale link says so.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { renewToken } from "#worker/auth/renew-link.ts";
import { BOT_UA, browserInit, ORIGIN } from "#tests/fixtures/requests.ts";

const DAY = 24 * 60 * 60 * 1000;
const page = (path: string, init: Omit<RequestInit, "headers"> & { headers?: Record<string, string> } = {}) =>
  SELF.fetch(`${ORIGIN}${path}`, browserInit({ ...init, headers: { "user-agent": BOT_UA, ...init.headers } }));
const post = (path: string, token: string) =>
  page(path, {
    method: "POST",
    headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token }).toString(),
  });

let id: number;
let token: string;
let expiresAt: number;

beforeAll(async () => {
  const listing = await env.DB.prepare(
    "SELECT id FROM listings WHERE status = 'active' ORDER BY id DESC LIMIT 1",
  ).first<{
    id: number;
  }>();
  id = listing!.id;
  expiresAt = Date.now() + 2 * DAY;
  await env.DB.prepare("UPDATE listings SET expires_at = ? WHERE id = ?").bind(expiresAt, id).run();
  token = await renewToken(env, id, expiresAt);
});

describe("the renewal page", () => {
  it("shows the listing and one button; opening it changes nothing", async () => {
    const res = await page(`/listing/renew/${id}/?token=${token}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<h1>Renew your listing</h1>");
    expect(html).toMatch(/<button type="submit"[^>]*>Renew for 30 days<\/button>/);
    expect(html).toContain('<meta name="robots" content="noindex');
    const { expires_at } = (await env.DB.prepare("SELECT expires_at FROM listings WHERE id = ?").bind(id).first<{
      expires_at: number;
    }>())!;
    expect(expires_at).toBe(expiresAt);
  });

  it("renews once with a post of the token, without a session; the same link again says it was used", async () => {
    const done = await post(`/listing/renew/${id}/?token=${token}`, token);
    expect(done.status).toBe(200);
    expect(await done.text()).toMatch(/data-testid="renew-done"><p>Done\. Your listing stays on the site until /);
    const again = await post(`/listing/renew/${id}/?token=${token}`, token);
    expect(again.status).toBe(410);
    expect(await again.text()).toContain("This link was already used");
  });

  it("in Russian and Serbian too", async () => {
    const ru = await (
      await page(`/ru/listing/renew/${id}/?token=${token}`, { headers: { cookie: "locale=ru" } })
    ).text();
    expect(ru).toContain("<h1>Продление объявления</h1>");
    expect(ru).toContain(">Продлить на 30 дней</button>");
    const sr = await (
      await page(`/sr/listing/renew/${id}/?token=${token}`, { headers: { cookie: "locale=sr" } })
    ).text();
    expect(sr).toContain(">Obnovite na 30 dana</button>");
  });

  it("says a broken link does not work (404) and a forged one is refused", async () => {
    const broken = await page(`/listing/renew/${id}/?token=nope`);
    expect(broken.status).toBe(404);
    expect(await broken.text()).toContain("This link does not work");
    const forged = await post(`/listing/renew/${id}/?token=x`, `${expiresAt.toString(36)}.${"A".repeat(43)}`);
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain("This link does not work");
  });

  it("sends the owner of a listing that left the site to the cabinet's archive", async () => {
    const gone = await env.DB.prepare("SELECT id, expires_at FROM listings WHERE status = 'archived' LIMIT 1").first<{
      id: number;
      expires_at: number;
    }>();
    const stale = await renewToken(env, gone!.id, gone!.expires_at);
    const html = await (await page(`/listing/renew/${gone!.id}/?token=${stale}`)).text();
    expect(html).toContain("This listing is no longer on the site");
    expect(html).toContain('href="/cabinet/"');
  });
});
