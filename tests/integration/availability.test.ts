/**
 * Availability confirmed, not assumed (decision 084): `POST /api/cabinet/realties/{id}/confirm` signed in and
 * by the e-mail's signed link (who may, which answers fit which deal, forged, reused and overtaken links),
 * the Cron run (asked once a cycle, hidden after two, shown again once confirmed; the counts follow), the
 * search's `confirmed_within`, the one-click page without JavaScript, and "Rented" / "Sold" in favourites.
 */
import { createScheduledController, env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiConfirmation, ApiOwnerListing } from "#shared/api/cabinet.ts";
import type { ApiFavouriteItem } from "#shared/api/favourites.ts";
import type { ApiListing, ApiListingDetail } from "#shared/api/realty.ts";
import { CONFIRM_CYCLE_DAYS, CONFIRMS_PER_USER_PER_HOUR } from "#shared/constants.ts";
import { confirmToken } from "#worker/auth/confirm-link.ts";
import { scheduled } from "#worker/scheduled.ts";
import { BOT_UA, browserInit } from "#tests/fixtures/requests.ts";
import { call, errorOf, ORIGIN, outbox, signUpByPhone, type SignedIn, uniqueIp } from "./auth-fixtures.ts";
import { DAY, insertListing } from "./listing-fixtures.ts";

const HOUR = 60 * 60 * 1000;

interface Row {
  status: string;
  confirmed_at: number | null;
  confirm_asked_at: number | null;
  unconfirmed_at: number | null;
  archive_reason: string | null;
}
const row = (id: number) =>
  env.DB.prepare(
    "SELECT status, confirmed_at, confirm_asked_at, unconfirmed_at, archive_reason FROM listings WHERE id = ?",
  )
    .bind(id)
    .first<Row>();
const set = (id: number, values: Partial<Row> & { updated_at?: number }) =>
  env.DB.prepare(
    `UPDATE listings SET ${Object.keys(values)
      .map((k) => `${k} = ?`)
      .join(", ")} WHERE id = ?`,
  )
    .bind(...Object.values(values), id)
    .run();

/** A listing of `owner` for sale (or to let), with a price no other listing has: the search finds it alone. */
async function listing(owner: SignedIn, deal: "sale" | "rent" = "sale") {
  const id = await insertListing(owner.user.id);
  if (deal === "rent") await set(id, { type_id: 1, deal: "rent" } as never);
  return id;
}

const confirm = (who: SignedIn | null, id: number, body?: unknown) =>
  call(`/api/cabinet/realties/${id}/confirm`, {
    method: "POST",
    body: body ?? {},
    ...(who ? { jar: who.jar, ip: who.ip } : {}),
  });

/** The ids a search by the listing's own price finds. */
async function found(id: number, extra = "") {
  const { price } = (await env.DB.prepare("SELECT price FROM listings WHERE id = ?")
    .bind(id)
    .first<{ price: number }>())!;
  const res = await call(`/api/realty/search?price_min=${price}&price_max=${price}&ranked=false${extra}`);
  expect(res.status).toBe(200);
  return (await res.json<{ items: ApiListing[] }>()).items;
}

/** The summary the counts read agrees with the listings shown (migration 0040's triggers). */
async function countsAgree() {
  const [summary, shown] = await env.DB.batch<{ n: number }>([
    env.DB.prepare("SELECT ifnull(SUM(count), 0) AS n FROM listing_counts"),
    env.DB.prepare(
      "SELECT COUNT(*) AS n FROM listings WHERE status = 'active' AND unconfirmed_at IS NULL AND property_lead = 1",
    ),
  ]);
  expect(summary!.results[0]!.n).toBe(shown!.results[0]!.n);
}

let owner: SignedIn;
let stranger: SignedIn;
beforeAll(async () => {
  owner = await signUpByPhone({ name: "Vesna Owner" });
  stranger = await signUpByPhone({ name: "Marko Stranger" });
});

describe("POST /api/cabinet/realties/{id}/confirm, signed in", () => {
  it("confirms the owner's active listing: 200 { data: { confirmed_at } }, and shows a hidden one again", async () => {
    const id = await listing(owner);
    const now = Date.now();
    await set(id, { confirmed_at: now - 30 * DAY, confirm_asked_at: now - 15 * DAY, unconfirmed_at: now - DAY });
    expect((await found(id)).map((item) => item.id)).toEqual([]);
    await countsAgree();

    const res = await confirm(owner, id);
    expect(res.status).toBe(200);
    const { data } = await res.json<{ data: ApiConfirmation }>();
    expect(data).toMatchObject({ status: "active", archive_reason: null });
    expect(Date.parse(data.confirmed_at)).toBeGreaterThan(now - 60_000);
    expect(await row(id)).toMatchObject({ status: "active", confirm_asked_at: null, unconfirmed_at: null });
    const [item] = await found(id);
    expect(item).toMatchObject({ id, confirmed_at: data.confirmed_at });
    await countsAgree();
  });

  it("answers 401 signed out, 404 for someone else's or an unknown listing, 409 when not active", async () => {
    const id = await listing(owner);
    const before = await row(id);
    expect((await confirm(null, id)).status).toBe(401);
    const theirs = await confirm(stranger, id);
    expect(theirs.status).toBe(404);
    expect((await confirm(stranger, id, { outcome: "sold" })).status).toBe(404);
    expect(await row(id)).toEqual(before);
    expect((await confirm(owner, 999_999_999)).status).toBe(404);
    expect((await confirm(owner, 0)).status).toBe(400);

    for (const status of ["pending", "archived", "draft"]) {
      const other = await insertListing(owner.user.id, { status });
      const res = await confirm(owner, other);
      expect(res.status, status).toBe(409);
      expect((await errorOf(res)).code).toBe("invalid_state");
    }
    const deleted = await insertListing(owner.user.id, { deleted_at: Date.now() - DAY });
    expect((await confirm(owner, deleted)).status).toBe(404);
  });

  it("names `outcome` in a 400 for an unknown answer or the other deal's, and changes nothing", async () => {
    const sale = await listing(owner, "sale");
    const rent = await listing(owner, "rent");
    for (const [id, outcome] of [
      [sale, "let"],
      [rent, "sold"],
      [sale, "gone"],
      [sale, 7],
    ] as const) {
      const res = await confirm(owner, id, { outcome });
      expect(res.status, `${id} ${outcome}`).toBe(400);
      expect(Object.keys((await errorOf(res)).fields ?? {}), String(outcome)).toEqual(["outcome"]);
    }
    expect(await row(sale)).toMatchObject({ status: "active", archive_reason: null });
    expect(await row(rent)).toMatchObject({ status: "active", archive_reason: null });
    expect((await confirm(owner, sale, "{not json")).status).toBe(400);
  });

  it("archives as sold or let with that reason; favourites say so; a restore forgets it", async () => {
    const sale = await listing(owner, "sale");
    const rent = await listing(owner, "rent");
    for (const id of [sale, rent]) {
      const added = await call("/api/cabinet/realties/add-favorite", {
        method: "POST",
        body: { id },
        jar: stranger.jar,
        ip: stranger.ip,
      });
      expect(added.status, `favourite ${id}`).toBeLessThan(300);
    }
    const sold = await confirm(owner, sale, { outcome: "sold" });
    expect(sold.status).toBe(200);
    expect((await sold.json<{ data: ApiConfirmation }>()).data).toMatchObject({
      status: "archived",
      archive_reason: "sold",
    });
    expect((await confirm(owner, rent, { outcome: "let" })).status).toBe(200);
    expect(await row(sale)).toMatchObject({ status: "archived", archive_reason: "sold" });
    expect(await row(rent)).toMatchObject({ status: "archived", archive_reason: "let" });
    const event = await env.DB.prepare(
      "SELECT status, reason, actor_id FROM listing_events WHERE listing_id = ? ORDER BY id DESC LIMIT 1",
    )
      .bind(sale)
      .first();
    expect(event).toEqual({ status: "archived", reason: "sold", actor_id: owner.user.id });
    expect(await found(sale)).toEqual([]);
    await countsAgree();

    const favourites = await call("/api/cabinet/realties/favorite-realties?include_unavailable=true&per_page=50", {
      jar: stranger.jar,
      ip: stranger.ip,
    });
    expect(favourites.status).toBe(200);
    const items = (await favourites.json<{ items: ApiFavouriteItem[] }>()).items;
    expect(items.find((item) => item.id === sale)).toMatchObject({ available: false, archive_reason: "sold" });
    expect(items.find((item) => item.id === rent)).toMatchObject({ available: false, archive_reason: "let" });

    // The owner's archive card says why; restoring it forgets the reason.
    const archive = await call("/api/cabinet/realties/archive?per_page=50", { jar: owner.jar, ip: owner.ip });
    const cards = (await archive.json<{ items: ApiOwnerListing[] }>()).items;
    expect(cards.find((card) => card.id === sale)).toMatchObject({ archive_reason: "sold" });
    const restored = await call(`/api/cabinet/realties/${sale}/restore`, {
      method: "POST",
      jar: owner.jar,
      ip: owner.ip,
    });
    expect(restored.status).toBe(200);
    expect(await row(sale)).toMatchObject({ status: "active", archive_reason: null });
  });

  it("lists the owner's due and hidden listings for the cabinet's banner, longest unconfirmed first", async () => {
    const who = await signUpByPhone({ name: "Banner Owner" });
    const now = Date.now();
    const fresh = await listing(who);
    const due = await listing(who, "rent");
    const hidden = await listing(who);
    await set(due, { confirmed_at: now - (CONFIRM_CYCLE_DAYS.rent + 1) * DAY });
    await set(hidden, { confirmed_at: now - 40 * DAY, confirm_asked_at: now - 12 * DAY, unconfirmed_at: now - DAY });
    const res = await call("/api/cabinet/realties/due", { jar: who.jar, ip: who.ip });
    expect(res.status).toBe(200);
    const items = (await res.json<{ items: ApiOwnerListing[] }>()).items;
    expect(items.map((item) => item.id)).toEqual([hidden, due]);
    expect(items[0]).toMatchObject({ confirm_due: true });
    expect(items[0]!.unconfirmed_at).not.toBeNull();
    expect(items[1]).toMatchObject({ confirm_due: true, unconfirmed_at: null });
    expect(fresh).toBeGreaterThan(0);
    expect((await call("/api/cabinet/realties/due")).status).toBe(401);
  });
});

describe("the limit", () => {
  it(`answers 429 after ${CONFIRMS_PER_USER_PER_HOUR} answers an hour, per account and per address with a link`, async () => {
    const who = await signUpByPhone({ name: "Busy Owner" });
    const id = await listing(who);
    for (let i = 0; i < CONFIRMS_PER_USER_PER_HOUR; i++) expect((await confirm(who, id)).status, String(i)).toBe(200);
    const refused = await confirm(who, id);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);

    // Signed links count per address.
    const ip = uniqueIp();
    const other = await listing(who);
    for (let i = 0; i < CONFIRMS_PER_USER_PER_HOUR; i++) {
      const asked = Date.now() - DAY - i;
      await set(other, { confirm_asked_at: asked });
      const token = await confirmToken(env, other, asked);
      const res = await call(`/api/cabinet/realties/${other}/confirm`, { method: "POST", body: { token }, ip });
      expect(res.status, String(i)).toBe(200);
    }
    const asked = Date.now() - 2 * DAY;
    await set(other, { confirm_asked_at: asked });
    const last = await call(`/api/cabinet/realties/${other}/confirm`, {
      method: "POST",
      body: { token: await confirmToken(env, other, asked) },
      ip,
    });
    expect(last.status).toBe(429);
    expect(await row(other)).toMatchObject({ confirm_asked_at: asked });
    // A forged link is refused for what it is, before the limit is asked.
    const forged = await call(`/api/cabinet/realties/${other}/confirm`, {
      method: "POST",
      body: { token: `${asked.toString(36)}.${"A".repeat(43)}` },
      ip,
    });
    expect(forged.status).toBe(403);
  });
});

describe("the e-mail's signed link", () => {
  const withToken = (id: number, token: string, outcome = "available") =>
    call(`/api/cabinet/realties/${id}/confirm`, { method: "POST", body: { token, outcome } });

  it("answers once without a session; the same link again, or one of an older question, is 410", async () => {
    const id = await listing(owner);
    const asked = Date.now() - 2 * DAY;
    await set(id, { confirmed_at: asked - 15 * DAY, confirm_asked_at: asked });
    const token = await confirmToken(env, id, asked);
    const first = await withToken(id, token);
    expect(first.status).toBe(200);
    expect(await row(id)).toMatchObject({ status: "active", confirm_asked_at: null });
    const again = await withToken(id, token);
    expect(again.status).toBe(410);
    expect((await errorOf(again)).code).toBe("token_used");
    expect((await withToken(id, token, "sold")).status).toBe(410);
    expect(await row(id)).toMatchObject({ status: "active" });

    // A newer question overtakes the older link.
    await set(id, { confirm_asked_at: asked + DAY });
    expect((await withToken(id, token)).status).toBe(410);
    expect((await withToken(id, await confirmToken(env, id, asked + DAY), "sold")).status).toBe(200);
    expect(await row(id)).toMatchObject({ status: "archived", archive_reason: "sold" });
  });

  it("refuses a forged token, another listing's and a malformed one (403) before reading anything", async () => {
    const id = await listing(owner);
    const other = await listing(stranger);
    const asked = Date.now() - DAY;
    await set(id, { confirm_asked_at: asked });
    await set(other, { confirm_asked_at: asked });
    const genuine = await confirmToken(env, id, asked);
    for (const token of [
      await confirmToken(env, other, asked),
      `${asked.toString(36)}.${"A".repeat(43)}`,
      `${(asked + 1).toString(36)}.${genuine.split(".")[1]}`,
      "nonsense",
    ]) {
      const res = await withToken(id, token);
      expect(res.status, token).toBe(403);
      expect((await errorOf(res)).code).toBe("invalid_token");
    }
    // Another listing's genuine link does not answer for this one, nor this one's for a missing listing.
    expect((await withToken(999_999_998, genuine)).status).toBe(403);
    expect(await row(id)).toMatchObject({ status: "active", confirm_asked_at: asked });
    expect((await withToken(id, "x".repeat(201))).status).toBe(400);
  });

  it("keeps the deal's answers and the listing's state: 400 naming `outcome`, 409 when not active", async () => {
    const rent = await listing(owner, "rent");
    const asked = Date.now() - DAY;
    await set(rent, { confirm_asked_at: asked });
    const token = await confirmToken(env, rent, asked);
    const wrong = await withToken(rent, token, "sold");
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).fields).toHaveProperty("outcome");
    await set(rent, { status: "archived" });
    expect((await withToken(rent, token)).status).toBe(409);
  });
});

describe("the Cron run", () => {
  const run = (now: number) => scheduled(createScheduledController({ scheduledTime: now, cron: "*/5 * * * *" }), env);

  it("asks once a cycle in one e-mail per owner, hides after two cycles, and a link shows it again", async () => {
    const who = await signUpByPhone({ name: "Cron Owner" });
    const email = `availability-${who.user.id}@example.rs`;
    await env.DB.prepare("UPDATE users SET email = ?, email_verified_at = 1, locale = 'sr' WHERE id = ?")
      .bind(email, who.user.id)
      .run();
    const start = Date.now();
    const cycle = CONFIRM_CYCLE_DAYS.rent * DAY;
    const first = await listing(who, "rent");
    const second = await listing(who, "rent");
    const fresh = await listing(who, "rent");
    await set(first, { confirmed_at: start - cycle - HOUR, updated_at: start - 20 * DAY });
    await set(second, { confirmed_at: start - cycle - 2 * HOUR, updated_at: start - 20 * DAY });
    await set(fresh, { confirmed_at: start - DAY });
    const letters = async () =>
      (await outbox(email)).filter((item) => item.purpose === "availability_question").map((item) => item.body);

    await run(start);
    const [letter, ...more] = await letters();
    expect(more).toEqual([]);
    for (const id of [first, second]) {
      expect(letter).toMatch(new RegExp(`/sr/listing/availability/${id}/\\?token=[\\w.%-]+&outcome=available`));
      expect(letter).toMatch(new RegExp(`/sr/listing/availability/${id}/\\?token=[\\w.%-]+&outcome=let`));
      expect(await row(id)).toMatchObject({ confirm_asked_at: start, unconfirmed_at: null });
    }
    expect(letter).not.toContain(`/availability/${fresh}/`);
    expect(await row(fresh)).toMatchObject({ confirm_asked_at: null });

    // Within the cycle nobody is asked again.
    await run(start + HOUR);
    expect(await letters()).toHaveLength(1);

    // A cycle later, unanswered for two: out of search and the counts, still reachable, asked once more.
    const later = start + cycle + HOUR;
    await run(later);
    for (const id of [first, second]) {
      expect(await row(id)).toMatchObject({ status: "active", unconfirmed_at: later, confirm_asked_at: later });
      expect(await found(id)).toEqual([]);
      const detail = await call(`/api/realty/${id}`);
      expect(detail.status).toBe(200);
      expect((await detail.json<{ data: ApiListingDetail }>()).data.awaiting_confirmation).toBe(true);
    }
    await countsAgree();
    const all = await letters();
    expect(all).toHaveLength(2);
    const latest = `?token=${encodeURIComponent(await confirmToken(env, first, later))}`;
    const newest = all.find((body) => body.includes(latest));
    expect(newest).toBeDefined();

    // The newest link answers; the first letter's is overtaken.
    const link = new RegExp(`/listing/availability/${first}/\\?token=([^&\\s]+)&outcome=available`);
    const oldToken = decodeURIComponent(link.exec(letter!)![1]!);
    const newToken = decodeURIComponent(link.exec(newest!)![1]!);
    const answer = (token: string) =>
      call(`/api/cabinet/realties/${first}/confirm`, { method: "POST", body: { token } });
    expect((await answer(oldToken)).status).toBe(410);
    expect((await answer(newToken)).status).toBe(200);
    expect(await row(first)).toMatchObject({ unconfirmed_at: null, confirm_asked_at: null });
    expect((await found(first)).map((item) => item.id)).toEqual([first]);
    await countsAgree();
  });

  it("an owner's edit confirms the listing and shows it again (the trigger of migration 0040)", async () => {
    const id = await listing(owner);
    const now = Date.now();
    await set(id, { confirmed_at: now - 40 * DAY, confirm_asked_at: now - 10 * DAY, unconfirmed_at: now - DAY });
    await set(id, { updated_at: now });
    expect(await row(id)).toMatchObject({ confirmed_at: now, confirm_asked_at: null, unconfirmed_at: null });
    await countsAgree();
  });
});

describe("search by confirmation", () => {
  it("takes confirmed_within (days) and names it in a 400 when it is not a positive whole number", async () => {
    const recent = await listing(owner);
    const old = await listing(owner);
    const { price } = (await env.DB.prepare("SELECT price FROM listings WHERE id = ?").bind(recent).first<{
      price: number;
    }>())!;
    await env.DB.prepare("UPDATE listings SET price = ? WHERE id = ?").bind(price, old).run();
    const now = Date.now();
    await set(recent, { confirmed_at: now - DAY });
    await set(old, { confirmed_at: now - 10 * DAY });
    expect((await found(recent)).map((item) => item.id).sort()).toEqual([recent, old].sort());
    expect((await found(recent, "&confirmed_within=7")).map((item) => item.id)).toEqual([recent]);
    expect((await found(recent, "&confirmed_within=30")).map((item) => item.id).sort()).toEqual([recent, old].sort());
    for (const bad of ["0", "-1", "1.5", "abc", "366"]) {
      const res = await call(`/api/realty/search?confirmed_within=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(Object.keys((await errorOf(res)).fields ?? {}), bad).toEqual(["confirmed_within"]);
    }
  });
});

describe("the one-click page, without JavaScript", () => {
  const page = (path: string, init: Omit<RequestInit, "headers"> & { headers?: Record<string, string> } = {}) =>
    SELF.fetch(`${ORIGIN}${path}`, browserInit({ ...init, headers: { "user-agent": BOT_UA, ...init.headers } }));
  const post = (path: string, fields: Record<string, string>) =>
    page(path, {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });

  it("shows one button; opening it changes nothing; posting it answers once; en, ru and sr", async () => {
    const id = await listing(owner);
    const asked = Date.now() - DAY;
    await set(id, { confirmed_at: asked - 20 * DAY, confirm_asked_at: asked });
    const token = await confirmToken(env, id, asked);
    const path = `/listing/availability/${id}/?token=${token}&outcome=sold`;
    const res = await page(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<h1>Is your listing still available?</h1>");
    expect(html).toMatch(/<button type="submit"[^>]*>It is sold: archive it<\/button>/);
    expect(html).toContain('<meta name="robots" content="noindex');
    expect(await row(id)).toMatchObject({ status: "active", confirm_asked_at: asked });
    const ru = await (await page(`/ru${path}`, { headers: { cookie: "locale=ru" } })).text();
    expect(ru).toContain(">Продано: перенести в архив</button>");
    const sr = await (await page(`/sr${path}`, { headers: { cookie: "locale=sr" } })).text();
    expect(sr).toContain(">Prodato je: arhiviraj</button>");

    // "Rented" is not a sale's answer: a link the e-mail never wrote.
    expect((await page(`/listing/availability/${id}/?token=${token}&outcome=let`)).status).toBe(404);
    expect((await page(`/listing/availability/${id}/?token=nope`)).status).toBe(404);

    const done = await post(path, { token, outcome: "sold" });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('data-testid="availability-done"');
    expect(await row(id)).toMatchObject({ status: "archived", archive_reason: "sold" });
    const again = await post(path, { token, outcome: "sold" });
    expect(again.status).toBe(410);
    expect(await again.text()).toContain("This link was already used");
    const forged = await post(path, { token: `${asked.toString(36)}.${"A".repeat(43)}`, outcome: "available" });
    expect(forged.status).toBe(403);
  });

  it("the detail page of a hidden listing says it awaits its owner's confirmation, in every language", async () => {
    const id = await listing(owner);
    await set(id, { unconfirmed_at: Date.now() - HOUR });
    const detail = (await (await call(`/api/realty/${id}`)).json<{ data: ApiListingDetail }>()).data;
    const expected = {
      "": "Awaiting the owner&#x27;s confirmation",
      "/ru": "Ждёт подтверждения владельца",
      "/sr": "Čeka potvrdu vlasnika",
    };
    for (const [prefix, text] of Object.entries(expected)) {
      const res = await page(
        `${prefix}${detail.path}`,
        prefix ? { headers: { cookie: `locale=${prefix.slice(1)}` } } : {},
      );
      expect(res.status, prefix).toBe(200);
      const html = await res.text();
      expect(html).toContain('data-testid="detail-awaiting"');
      expect(html).toContain(text);
      expect(html).toContain('<meta name="robots" content="noindex"');
    }
  });
});
