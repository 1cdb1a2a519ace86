/**
 * My listings' API (decision 038): the owner's tabs, counts and totals, every state
 * change and what it may not do (409), who may ask (401, 404), deletion (photos out of R2, the listing out
 * of every public page, favourites saying so), paging 500 listings, and the reminder's signed renewal link.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiOwnerListing, CabinetCounts } from "#shared/api/cabinet.ts";
import type { ApiListingPhoto } from "#shared/api/listing-photos.ts";
import { LISTING_RUN_DAYS, OWNER_STATS_DAYS } from "#shared/constants.ts";
import { BROWSER_UA } from "#tests/fixtures/requests.ts";
import { SMALL_JPEG, gradientPng } from "#tests/fixtures/photos.ts";
import {
  archiveOwnerListing,
  confirmOwnerListing,
  deleteOwnerListing,
  ownerListingRow,
  renewOwnerListing,
  restoreOwnerListing,
} from "#worker/db/owner-listings.ts";
import { renewToken } from "#worker/auth/renew-link.ts";
import { call, devSession, errorOf, ORIGIN, signUpByPhone, type SignedIn } from "./auth-fixtures.ts";
import { DAY, insertListing as insert, NOW, uniqueListingId } from "./listing-fixtures.ts";

type Who = SignedIn | string | null;
function as(who: Who, path: string, options: { method?: string; body?: unknown; locale?: string } = {}) {
  const headers: Record<string, string> = {};
  if (typeof who === "string") headers.cookie = who;
  if (options.locale) headers["accept-language"] = options.locale;
  const session = who !== null && typeof who !== "string" ? { jar: who.jar, ip: who.ip } : {};
  return call(path, { method: options.method, body: options.body, headers, ...session });
}
const post = (who: Who, path: string, body?: unknown) => as(who, path, { method: "POST", body });
const listingOf = async (res: Response) => (await res.json<{ data: ApiOwnerListing }>()).data;
const pageOf = async (res: Response) =>
  res.json<{ items: ApiOwnerListing[]; total: number; page: number; per_page: number }>();

interface Stored {
  status: string;
  expires_at: number;
  checked_at: number | null;
  reminded_at: number | null;
  submitted_at: number | null;
  deleted_at: number | null;
  updated_at: number;
}
const stored = (id: number) =>
  env.DB.prepare(
    "SELECT status, expires_at, checked_at, reminded_at, submitted_at, deleted_at, updated_at FROM listings WHERE id = ?",
  )
    .bind(id)
    .first<Stored>();
const events = async (id: number) =>
  (
    await env.DB.prepare("SELECT status, reason, actor_id FROM listing_events WHERE listing_id = ? ORDER BY id")
      .bind(id)
      .all<{ status: string; reason: string | null; actor_id: number }>()
  ).results;

let owner: SignedIn;
let stranger: SignedIn;
let admin: string;
beforeAll(async () => {
  owner = await signUpByPhone({ name: "Olga Owner" });
  stranger = await signUpByPhone({ name: "Stefan Stranger" });
  admin = await devSession("admin");
});

const counts = async (who: SignedIn) =>
  (await (await as(who, "/api/cabinet/realties/count")).json<{ data: CabinetCounts }>()).data;
const tab = async (who: SignedIn, name: string, page = 1, perPage?: number) =>
  pageOf(
    name === "archive"
      ? await as(who, `/api/cabinet/realties/archive?page=${page}${perPage ? `&per_page=${perPage}` : ""}`)
      : await post(who, "/api/cabinet/realties/active", { tab: name, page, ...(perPage ? { per_page: perPage } : {}) }),
  );

describe("who may ask", () => {
  it("answers 401 to a guest on every endpoint, and nothing is cached", async () => {
    const id = await insert(owner.user.id);
    const guest: [string, string, unknown?][] = [
      ["POST", "/api/cabinet/realties/active", {}],
      ["GET", "/api/cabinet/realties/archive"],
      ["GET", "/api/cabinet/realties/count"],
      ["POST", `/api/cabinet/realties/${id}/archive`],
      ["POST", `/api/cabinet/realties/${id}/restore`],
      ["POST", `/api/cabinet/realties/${id}/renew`, {}],
      ["DELETE", `/api/cabinet/realties/${id}`],
      ["POST", `/api/realty/relevant/${id}`],
    ];
    for (const [method, path, body] of guest) {
      const res = await call(path, { method, body });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect((await errorOf(res)).code).toBe("unauthorized");
    }
    const res = await as(owner, "/api/cabinet/realties/count");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect((await post(owner, `/api/realty/relevant/${id}`)).headers.get("cache-control")).toBe("private, no-store");
    expect((await stored(id))!.status).toBe("active");
  });

  it("answers 404 for another user's listing (admins too), a missing one and a deleted one", async () => {
    const id = await insert(owner.user.id);
    const deleted = await insert(owner.user.id, { status: "archived", deleted_at: NOW - DAY });
    for (const who of [stranger, admin]) {
      for (const action of ["archive", "restore", "renew"]) {
        expect((await post(who, `/api/cabinet/realties/${id}/${action}`, {})).status).toBe(404);
      }
      expect((await as(who, `/api/cabinet/realties/${id}`, { method: "DELETE" })).status).toBe(404);
      expect((await post(who, `/api/realty/relevant/${id}`)).status).toBe(404);
    }
    for (const missing of [deleted, 999_999_999]) {
      expect((await post(owner, `/api/cabinet/realties/${missing}/restore`)).status).toBe(404);
      expect((await as(owner, `/api/cabinet/realties/${missing}`, { method: "DELETE" })).status).toBe(404);
    }
    expect((await stored(id))!.status).toBe("active");
    expect((await tab(stranger, "active")).items.map((l) => l.id)).not.toContain(id);
  });

  it("refuses bad input with 400", async () => {
    expect((await post(owner, "/api/cabinet/realties/active", { tab: "archive" })).status).toBe(400);
    expect((await post(owner, "/api/cabinet/realties/active", { page: 0 })).status).toBe(400);
    expect((await post(owner, "/api/cabinet/realties/active", { per_page: 51 })).status).toBe(400);
    expect((await post(owner, "/api/cabinet/realties/active", { page: "2" })).status).toBe(400);
    expect((await as(owner, "/api/cabinet/realties/archive?page=x")).status).toBe(400);
    expect((await post(owner, "/api/cabinet/realties/abc/archive")).status).toBe(400);
    expect((await post(owner, "/api/cabinet/realties/1/renew", { token: "x".repeat(201) })).status).toBe(400);
  });
});

describe("the tabs", () => {
  it("puts each state in its tab, newest change first, never a deleted one, with the counts", async () => {
    const me = await signUpByPhone();
    const ids = {
      active: await insert(me.user.id, { updated_at: NOW - 3 * DAY }),
      active2: await insert(me.user.id, { updated_at: NOW - DAY }),
      pending: await insert(me.user.id, { status: "pending", updated_at: NOW - 5 * DAY, submitted_at: NOW - 5 * DAY }),
      rejected: await insert(me.user.id, {
        status: "rejected",
        updated_at: NOW - 4 * DAY,
        rejection_code: "photos",
        rejection_reason: "The photos show another flat.",
      }),
      draft: await insert(me.user.id, { status: "draft", city_id: null, title: null, price: null }),
      archived: await insert(me.user.id, { status: "archived" }),
      deleted: await insert(me.user.id, { status: "archived", deleted_at: NOW - DAY }),
      deletedDraft: await insert(me.user.id, { status: "draft", deleted_at: NOW - DAY }),
    };
    expect(await counts(me)).toEqual({ active: 2, moderation: 2, drafts: 1, archive: 1 });
    expect((await tab(me, "active")).items.map((l) => l.id)).toEqual([ids.active2, ids.active]);
    const moderation = await tab(me, "moderation");
    expect(moderation.items.map((l) => l.id)).toEqual([ids.rejected, ids.pending]);
    expect(moderation).toMatchObject({ total: 2, page: 1, per_page: 20 });
    expect((await tab(me, "drafts")).items.map((l) => l.id)).toEqual([ids.draft]);
    expect((await tab(me, "archive")).items.map((l) => l.id)).toEqual([ids.archived]);
    // No body at all is the active tab's first page.
    const plain = await pageOf(await post(me, "/api/cabinet/realties/active"));
    expect(plain.items.map((l) => l.id)).toEqual([ids.active2, ids.active]);

    const [rejected, pending] = moderation.items;
    expect(rejected).toMatchObject({
      status: "rejected",
      rejection_code: "photos",
      rejection_reason: "The photos show another flat.",
      expires_at: null,
      days_left: null,
      path: null,
      actions: ["edit", "preview", "submit", "archive", "delete"],
    });
    expect(pending!.actions).toEqual(["edit", "preview", "archive", "delete"]);
    const draft = (await tab(me, "drafts")).items[0]!;
    expect(draft).toMatchObject({ title: null, city: null, price: null, image: null, image_count: 0 });
    expect(draft.actions).toEqual(["edit", "preview", "submit", "delete"]);
    const archived = (await tab(me, "archive")).items[0]!;
    expect(archived.actions).toEqual(["preview", "restore", "delete", "statistics"]);
  });

  it("shows an active listing's run, public page, checks and the 30-day totals", async () => {
    const me = await signUpByPhone();
    const fan = await signUpByPhone();
    const id = await insert(me.user.id, {
      expires_at: NOW + 3 * DAY,
      checked_at: NOW - 2 * DAY,
      title: "A flat of the owner's own words",
    });
    const day = (ago: number) => new Date(NOW - ago * DAY).toISOString().slice(0, 10);
    await env.DB.batch([
      ...[
        [0, "view", 5],
        [OWNER_STATS_DAYS - 1, "view", 7],
        [OWNER_STATS_DAYS, "view", 100],
        [1, "phone", 2],
        [OWNER_STATS_DAYS + 3, "phone", 50],
        [2, "map", 9],
      ].map(([ago, kind, count]) =>
        env.DB.prepare("INSERT INTO listing_stats (listing_id, day, kind, count) VALUES (?, ?, ?, ?)").bind(
          id,
          day(ago as number),
          kind,
          count,
        ),
      ),
      ...[1, OWNER_STATS_DAYS + 1].map((ago) =>
        env.DB.prepare(
          "INSERT INTO messages (listing_id, sender_id, recipient_id, body, created_at) VALUES (?, ?, ?, 'Is it free?', ?)",
        ).bind(id, fan.user.id, me.user.id, NOW - ago * DAY),
      ),
      // The owner's reply is no contact.
      env.DB.prepare(
        "INSERT INTO messages (listing_id, sender_id, recipient_id, body, created_at) VALUES (?, ?, ?, 'Yes.', ?)",
      ).bind(id, me.user.id, fan.user.id, NOW - DAY),
      env.DB.prepare("INSERT INTO favourites (user_id, listing_id, created_at) VALUES (?, ?, ?)").bind(
        fan.user.id,
        id,
        NOW - 3 * DAY,
      ),
      env.DB.prepare("INSERT INTO favourites (user_id, listing_id, created_at) VALUES (?, ?, ?)").bind(
        owner.user.id,
        id,
        NOW - (OWNER_STATS_DAYS + 5) * DAY,
      ),
    ]);
    const [listing] = (await tab(me, "active")).items;
    expect(listing).toMatchObject({
      id,
      status: "active",
      title: "A flat of the owner's own words",
      title_lang: "en",
      days_left: 3,
      currency: "EUR",
      totals: { views: 12, contacts: 3, favourites: 1 },
      hidden_by_reports: false,
      rejection_code: null,
      actions: ["edit", "preview", "archive", "renew", "relevant", "delete", "statistics"],
    });
    expect(listing!.path).toMatch(new RegExp(`^/buy/apartment/[a-z-]+/${id}/$`));
    expect(Date.parse(listing!.checked_at!)).toBe(NOW - 2 * DAY);
    expect(listing!.city).toMatchObject({ slug: expect.any(String), name: expect.any(String) });
  });

  it("generates titles in the visitor's language, as the public API does", async () => {
    const me = await signUpByPhone();
    const id = await insert(me.user.id, { title: "Stan", title_generated: 1, lang: "sr", rooms: 2, area: 64 });
    for (const locale of ["en", "ru", "sr"]) {
      const mine = (await pageOf(await as(me, "/api/cabinet/realties/active", { method: "POST", body: {}, locale })))
        .items[0]!;
      const pub = (
        await (
          await call(`/api/realty/${id}`, { headers: { "accept-language": locale } })
        ).json<{
          data: { title: string; title_lang: string };
        }>()
      ).data;
      expect(mine.title).toBe(pub.title);
      expect(mine.title_lang).toBe(locale);
    }
    const ru = (await pageOf(await as(me, "/api/cabinet/realties/active", { method: "POST", body: {}, locale: "ru" })))
      .items[0]!;
    expect(ru.title).toMatch(/квартира/i);
  });

  it("marks a listing hidden by visitors' reports", async () => {
    const me = await signUpByPhone();
    await insert(me.user.id, { status: "pending", hidden_at: NOW - DAY });
    expect((await tab(me, "moderation")).items[0]).toMatchObject({ status: "pending", hidden_by_reports: true });
  });

  it("pages 500 listings of one owner: every listing once, in order, with the right totals", async () => {
    const agency = await signUpByPhone({ name: "Agencija" });
    const statements = Array.from({ length: 500 }, (_, i) => {
      const id = uniqueListingId();
      // Pairs share a time: the id decides between them.
      const updated = NOW - Math.floor(i / 2) * 60_000;
      const status = i % 10 === 0 ? "archived" : "active";
      return env.DB.prepare(
        `INSERT INTO listings (id, type_id, deal, property_type, city_id, address, lat, lng, price, area, rooms, title,
           description, lang, owner_id, phone, status, created_at, updated_at, expires_at, published_at)
         VALUES (?, 4, 'sale', 'apartment', 1, 'Agency street 1', 44.8, 20.4, ?, 50, 2, ?, 'An agency flat of many.',
           'en', ?, '+381601234567', ?, ?, ?, ?, ?)`,
      ).bind(id, 50_000 + i, `Agency flat ${i}`, agency.user.id, status, NOW - DAY, updated, NOW + 20 * DAY, NOW - DAY);
    });
    await env.DB.batch(statements);
    const expected = (
      await env.DB.prepare("SELECT id, status FROM listings WHERE owner_id = ? ORDER BY updated_at DESC, id DESC")
        .bind(agency.user.id)
        .all<{ id: number; status: string }>()
    ).results;
    expect(await counts(agency)).toEqual({ active: 450, moderation: 0, drafts: 0, archive: 50 });

    const seen: number[] = [];
    for (let page = 1; ; page++) {
      const result = await tab(agency, "active", page, 50);
      expect(result).toMatchObject({ total: 450, page, per_page: 50 });
      if (!result.items.length) break;
      expect(result.items.length).toBe(page <= 9 ? 50 : 0);
      seen.push(...result.items.map((l) => l.id));
    }
    expect(seen).toEqual(expected.filter((r) => r.status === "active").map((r) => r.id));
    const archive: number[] = [];
    for (let page = 1; page <= 3; page++)
      archive.push(...(await tab(agency, "archive", page, 20)).items.map((l) => l.id));
    expect(archive).toEqual(expected.filter((r) => r.status === "archived").map((r) => r.id));
    // The default page size and a page past the end.
    expect((await tab(agency, "active", 3)).items.map((l) => l.id)).toEqual(seen.slice(40, 60));
    expect((await tab(agency, "active", 100)).items).toEqual([]);
  });
});

describe("state changes", () => {
  it("archives an active, pending or rejected listing, recording who did it; a draft or archived one is 409", async () => {
    for (const status of ["active", "pending", "rejected"]) {
      const id = await insert(owner.user.id, { status });
      const res = await post(owner, `/api/cabinet/realties/${id}/archive`);
      expect(res.status, status).toBe(200);
      expect(await listingOf(res)).toMatchObject({ id, status: "archived", path: null, days_left: null });
      expect((await stored(id))!.status).toBe("archived");
      expect(await events(id)).toEqual([{ status: "archived", reason: null, actor_id: owner.user.id }]);
      // Not public any more.
      expect((await call(`/api/realty/${id}`)).status).toBe(404);
    }
    for (const status of ["draft", "archived"]) {
      const id = await insert(owner.user.id, { status });
      const res = await post(owner, `/api/cabinet/realties/${id}/archive`);
      expect(res.status).toBe(409);
      expect((await errorOf(res)).code).toBe("invalid_state");
      expect((await stored(id))!.status).toBe(status);
    }
  });

  it("restores a listing that was public for a new run, and one that never was to moderation", async () => {
    const published = await insert(owner.user.id, {
      status: "archived",
      expires_at: NOW - 5 * DAY,
      reminded_at: NOW - 8 * DAY,
    });
    let res = await call(`/api/cabinet/realties/${published}/restore`, {
      method: "POST",
      jar: owner.jar,
      ip: owner.ip,
      now: NOW,
    });
    expect(res.status).toBe(200);
    const restored = await listingOf(res);
    expect(restored).toMatchObject({ status: "active", days_left: LISTING_RUN_DAYS });
    expect(await stored(published)).toMatchObject({
      status: "active",
      expires_at: NOW + LISTING_RUN_DAYS * DAY,
      checked_at: NOW,
      reminded_at: null,
    });
    expect((await call(`/api/realty/${published}`)).status).toBe(200);

    const never = await insert(owner.user.id, { status: "archived", published_at: null });
    res = await call(`/api/cabinet/realties/${never}/restore`, { method: "POST", jar: owner.jar, now: NOW });
    expect(await listingOf(res)).toMatchObject({ status: "pending" });
    expect(await stored(never)).toMatchObject({ status: "pending", submitted_at: NOW });
  });

  it("sends a listing archived while rejected or hidden by reports back to moderation, not to the site", async () => {
    const rejected = await insert(owner.user.id, { status: "rejected", rejection_reason: "Wrong price" });
    // Its history, as the moderator's decision writes it.
    await env.DB.prepare(
      "INSERT INTO listing_events (listing_id, status, reason, created_at) VALUES (?, 'rejected', ?, ?)",
    )
      .bind(rejected, "Wrong price", NOW - DAY)
      .run();
    expect((await post(owner, `/api/cabinet/realties/${rejected}/archive`)).status).toBe(200);
    expect(await listingOf(await post(owner, `/api/cabinet/realties/${rejected}/restore`))).toMatchObject({
      status: "pending",
    });
    const hidden = await insert(owner.user.id, { status: "pending", hidden_at: NOW - DAY });
    expect((await post(owner, `/api/cabinet/realties/${hidden}/archive`)).status).toBe(200);
    expect((await listingOf(await post(owner, `/api/cabinet/realties/${hidden}/restore`))).status).toBe("pending");
    // Approved (its history says so) before `published_at` was kept: public again too.
    const approved = await insert(owner.user.id, { published_at: null });
    await env.DB.prepare("INSERT INTO listing_events (listing_id, status, created_at) VALUES (?, 'active', ?)")
      .bind(approved, NOW - 5 * DAY)
      .run();
    expect((await post(owner, `/api/cabinet/realties/${approved}/archive`)).status).toBe(200);
    expect((await listingOf(await post(owner, `/api/cabinet/realties/${approved}/restore`))).status).toBe("active");
    // Archived from active: public again.
    const active = await insert(owner.user.id);
    expect((await post(owner, `/api/cabinet/realties/${active}/archive`)).status).toBe(200);
    expect((await listingOf(await post(owner, `/api/cabinet/realties/${active}/restore`))).status).toBe("active");
    expect((await events(active)).map((e) => e.status)).toEqual(["archived", "active"]);
    for (const status of ["active", "pending", "draft", "rejected"]) {
      const id = await insert(owner.user.id, { status });
      const res = await post(owner, `/api/cabinet/realties/${id}/restore`);
      expect(res.status, status).toBe(409);
      expect((await errorOf(res)).code).toBe("invalid_state");
    }
  });

  it("renews an active listing for 30 days from now without moving it in the public order", async () => {
    const id = await insert(owner.user.id, {
      expires_at: NOW + DAY,
      reminded_at: NOW - DAY,
      updated_at: NOW - 9 * DAY,
    });
    const res = await call(`/api/cabinet/realties/${id}/renew`, { body: {}, jar: owner.jar, now: NOW });
    expect(res.status).toBe(200);
    expect(await listingOf(res)).toMatchObject({ days_left: LISTING_RUN_DAYS, status: "active" });
    expect(await stored(id)).toMatchObject({
      expires_at: NOW + LISTING_RUN_DAYS * DAY,
      checked_at: NOW,
      reminded_at: null,
      updated_at: NOW - 9 * DAY,
    });
    for (const status of ["pending", "draft", "rejected", "archived"]) {
      const other = await insert(owner.user.id, { status });
      const refused = await post(owner, `/api/cabinet/realties/${other}/renew`, {});
      expect(refused.status, status).toBe(409);
      expect((await errorOf(refused)).code).toBe("invalid_state");
    }
  });

  it("confirms an active listing is still available", async () => {
    const id = await insert(owner.user.id, { checked_at: NOW - 20 * DAY });
    const res = await call(`/api/realty/relevant/${id}`, { method: "POST", jar: owner.jar, now: NOW });
    expect(res.status).toBe(200);
    expect(Date.parse((await listingOf(res)).checked_at!)).toBe(NOW);
    expect((await stored(id))!.expires_at).toBe(NOW + 10 * DAY);
    const archived = await insert(owner.user.id, { status: "archived" });
    expect((await post(owner, `/api/realty/relevant/${archived}`)).status).toBe(409);
  });

  it("lets one of two racing changes win and answers the other 409", async () => {
    const id = await insert(owner.user.id);
    const statuses = (
      await Promise.all([
        post(owner, `/api/cabinet/realties/${id}/archive`),
        post(owner, `/api/cabinet/realties/${id}/archive`),
      ])
    ).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 409]);
    const restores = (
      await Promise.all([
        post(owner, `/api/cabinet/realties/${id}/restore`),
        post(owner, `/api/cabinet/realties/${id}/restore`),
      ])
    ).map((r) => r.status);
    expect(restores.sort()).toEqual([200, 409]);
    expect((await events(id)).map((e) => e.status)).toEqual(["archived", "active"]);
    // Two deletions: one deletes, the other finds nothing left to delete (or a changed state).
    const deletes = (
      await Promise.all([
        as(owner, `/api/cabinet/realties/${id}`, { method: "DELETE" }),
        as(owner, `/api/cabinet/realties/${id}`, { method: "DELETE" }),
      ])
    ).map((r) => r.status);
    expect(deletes.filter((s) => s === 200)).toHaveLength(1);
    expect([404, 409]).toContain(deletes.find((s) => s !== 200));
    expect((await events(id)).map((e) => e.reason)).toEqual([null, null, "deleted"]);
  });
});

describe("a change read from a state that is gone", () => {
  it("applies only from the state it was read in, and never to a deleted listing", async () => {
    const actor = { actorId: owner.user.id };
    const archived = await insert(owner.user.id, { status: "archived" });
    const stale = (await ownerListingRow(env.DB, archived, owner.user.id, "en", NOW))!;
    expect(await deleteOwnerListing(env.DB, stale, NOW, actor)).toEqual([]);
    expect(await restoreOwnerListing(env.DB, stale, NOW, actor)).toBe(false);
    expect(await deleteOwnerListing(env.DB, stale, NOW, actor)).toBeNull();
    expect(await stored(archived)).toMatchObject({ status: "archived", deleted_at: NOW });

    const active = await insert(owner.user.id);
    const read = (await ownerListingRow(env.DB, active, owner.user.id, "en", NOW))!;
    expect((await post(owner, `/api/cabinet/realties/${active}/archive`)).status).toBe(200);
    expect(await renewOwnerListing(env.DB, read, NOW)).toBe(false);
    expect(await confirmOwnerListing(env.DB, read, NOW)).toBe(false);
    expect(await archiveOwnerListing(env.DB, read, NOW, actor)).toBe(false);
    expect(await stored(active)).toMatchObject({ status: "archived", checked_at: null });
    expect(await events(active)).toHaveLength(1);
  });
});

describe("deleting", () => {
  /** A photo of `listing` uploaded as its owner, as the wizard does. */
  async function upload(who: SignedIn, listing: number, bytes: Uint8Array) {
    const form = new FormData();
    form.set("id", String(listing));
    form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], "photo.jpg", { type: "image/jpeg" }));
    return SELF.fetch(`${ORIGIN}/api/realty/edit/image`, {
      method: "POST",
      headers: {
        "x-requested-with": "XMLHttpRequest",
        origin: ORIGIN,
        cookie: who.jar.header(),
        "cf-connecting-ip": who.ip,
      },
      body: form,
    });
  }

  it("is final: photos leave R2, the listing leaves every public page, search and the sitemap, favourites say so", async () => {
    const fan = await signUpByPhone();
    const id = await insert(owner.user.id, { price: 777_000 + (uniqueListingId() % 1000) });
    const photos: ApiListingPhoto[] = [];
    for (const bytes of [SMALL_JPEG, await gradientPng(120, 90)]) {
      const res = await upload(owner, id, bytes);
      expect(res.status).toBe(201);
      photos.push((await res.json<{ data: ApiListingPhoto }>()).data);
    }
    const masters = (
      await env.DB.prepare("SELECT master_key FROM listing_images WHERE listing_id = ?")
        .bind(id)
        .all<{ master_key: string }>()
    ).results.map((r) => r.master_key);
    const keys = [...masters, ...photos.flatMap((p) => p.variants.map((v) => v.url.slice(1)))];
    for (const key of keys) expect(await env.PHOTOS.head(key), key).not.toBeNull();
    // Served, and so kept in the edge's cache (the route puts it there after answering).
    const variantUrls = photos.flatMap((p) => p.variants.map((v) => v.url));
    const edge = await caches.open("photos");
    for (const url of variantUrls) {
      expect((await SELF.fetch(`${ORIGIN}${url}`)).status).toBe(200);
      for (let i = 0; i < 50 && !(await edge.match(`${ORIGIN}${url}`)); i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(await edge.match(`${ORIGIN}${url}`), url).toBeDefined();
    }
    expect((await post(fan, "/api/cabinet/realties/add-favorite", { id })).status).toBe(200);

    const mine = (await tab(owner, "active")).items.find((l) => l.id === id)!;
    expect(mine.image_count).toBe(2);
    expect(photos[0]!.variants.map((v) => v.url)).toContain(mine.image!.url);
    const path = mine.path!;
    const page = () => SELF.fetch(`${ORIGIN}${path}`, { headers: { "user-agent": BROWSER_UA } });
    expect((await page()).status).toBe(200);
    const search = async () =>
      (
        await (
          await call(`/api/realty/search?price_min=${mine.price}&price_max=${mine.price}`)
        ).json<{
          items: { id: number }[];
        }>()
      ).items.map((l) => l.id);
    expect(await search()).toContain(id);
    const sitemaps = async () => {
      const index = await (await SELF.fetch(`${ORIGIN}/sitemap.xml`)).text();
      const files = [...index.matchAll(/<loc>[^<]*(\/sitemaps\/listings-\d+\.xml)<\/loc>/g)].map((m) => m[1]!);
      const xml = await Promise.all(files.map(async (file) => (await SELF.fetch(`${ORIGIN}${file}`)).text()));
      return xml.join("");
    };
    expect(await sitemaps()).toContain(`${path}<`);

    const res = await as(owner, `/api/cabinet/realties/${id}`, { method: "DELETE" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { deleted: true } });
    expect(res.headers.get("cache-control")).toBe("private, no-store");

    for (const key of keys) expect(await env.PHOTOS.head(key), key).toBeNull();
    for (const url of variantUrls) expect((await SELF.fetch(`${ORIGIN}${url}`)).status, url).toBe(404);
    expect(
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM listing_images WHERE listing_id = ?")
        .bind(id)
        .first<{ n: number }>())!.n,
    ).toBe(0);
    expect(await stored(id)).toMatchObject({ status: "archived", deleted_at: expect.any(Number) });
    expect((await events(id)).at(-1)).toEqual({ status: "archived", reason: "deleted", actor_id: owner.user.id });
    // The favourite is kept and shown as gone.
    const favourites = await env.DB.prepare("SELECT COUNT(*) AS n FROM favourites WHERE listing_id = ?")
      .bind(id)
      .first<{ n: number }>();
    expect(favourites!.n).toBe(1);
    const favouritesPage = await SELF.fetch(`${ORIGIN}/cabinet/favourites/`, {
      headers: { "user-agent": BROWSER_UA, cookie: fan.jar.header() },
    });
    const shown = await favouritesPage.text();
    expect(shown).toMatch(new RegExp(`data-id="${id}" data-available="false"`));
    expect(shown).toContain("No longer available");

    expect((await page()).status).toBe(404);
    expect((await call(`/api/realty/${id}`)).status).toBe(404);
    expect(await search()).not.toContain(id);
    expect(await sitemaps()).not.toContain(`${path}<`);
    // Gone from everything owner- and admin-facing too.
    expect(await counts(owner)).not.toHaveProperty("deleted");
    for (const name of ["active", "archive"]) expect((await tab(owner, name)).items.map((l) => l.id)).not.toContain(id);
    expect((await as(owner, `/api/realty/edit/${id}`)).status).toBe(404);
    expect((await as(owner, `/api/realty/preview/${id}`)).status).toBe(404);
    expect((await as(owner, `/api/realty/edit/${id}/images`)).status).toBe(404);
    expect((await upload(owner, id, SMALL_JPEG)).status).toBe(404);
    expect((await as(admin, `/api/admin/realty/preview/${id}`)).status).toBe(404);
    expect((await as(admin, `/api/admin/realty/${id}/history`)).status).toBe(404);
    expect((await post(admin, `/api/admin/realty/${id}/approve`)).status).toBe(404);
    expect((await post(owner, `/api/cabinet/realties/${id}/restore`)).status).toBe(404);
    expect((await as(owner, `/api/cabinet/realties/${id}`, { method: "DELETE" })).status).toBe(404);
    expect((await post(fan, "/api/cabinet/realties/add-favorite", { id })).status).toBe(200);
  });

  it("deletes a listing in every state; a draft keeps its state with the deletion mark", async () => {
    for (const status of ["draft", "pending", "active", "rejected", "archived"]) {
      const id =
        status === "draft"
          ? await insert(owner.user.id, { status, city_id: null, title: null, price: null })
          : await insert(owner.user.id, { status });
      const res = await as(owner, `/api/cabinet/realties/${id}`, { method: "DELETE" });
      expect(res.status, status).toBe(200);
      expect(await stored(id)).toMatchObject({
        status: status === "draft" ? "draft" : "archived",
        deleted_at: expect.any(Number),
      });
      expect((await events(id)).at(-1)!.reason).toBe("deleted");
    }
  });

  it("no longer counts a deleted listing as a duplicate of a new one", async () => {
    const me = await signUpByPhone();
    const facts = { price: 123_456, area: 61 };
    const old = await insert(me.user.id, { status: "pending", ...facts });
    const draft = await insert(me.user.id, { status: "draft", ...facts });
    const check = () => post(me, "/api/realty/edit/check", { id: draft });
    const duplicate = await check();
    expect(duplicate.status).toBe(409);
    expect((await errorOf(duplicate)).code).toBe("possible_duplicate");
    expect((await as(me, `/api/cabinet/realties/${old}`, { method: "DELETE" })).status).toBe(200);
    expect((await check()).status).toBe(200);
  });
});

describe("the reminder's renewal link", () => {
  const renewWith = (id: number, token: string, now?: number) =>
    call(`/api/cabinet/realties/${id}/renew`, { body: { token }, now });

  it("renews without a session, once", async () => {
    const expiresAt = NOW + 2 * DAY;
    const id = await insert(owner.user.id, { expires_at: expiresAt, reminded_at: NOW - DAY });
    const token = await renewToken(env, id, expiresAt);
    const res = await renewWith(id, token, NOW);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(await listingOf(res)).toMatchObject({ id, days_left: LISTING_RUN_DAYS });
    expect(await stored(id)).toMatchObject({
      expires_at: NOW + LISTING_RUN_DAYS * DAY,
      reminded_at: null,
      checked_at: NOW,
    });
    const again = await renewWith(id, token, NOW + 1000);
    expect(again.status).toBe(410);
    expect((await errorOf(again)).code).toBe("token_used");
    // The link of the new run works for it.
    expect((await renewWith(id, await renewToken(env, id, NOW + LISTING_RUN_DAYS * DAY), NOW)).status).toBe(200);
  });

  it("refuses a forged token, one of another listing and a malformed one (403)", async () => {
    const expiresAt = NOW + 2 * DAY;
    const id = await insert(owner.user.id, { expires_at: expiresAt });
    const other = await insert(owner.user.id, { expires_at: expiresAt });
    const genuine = await renewToken(env, id, expiresAt);
    const [run, signature] = genuine.split(".");
    const flipped = `${signature!.slice(0, -2)}${signature!.at(-2) === "A" ? "B" : "A"}${signature!.at(-1)}`;
    for (const token of [
      await renewToken(env, other, expiresAt),
      `${run}.${flipped}`,
      `${(expiresAt + 1).toString(36)}.${signature}`,
      "",
      "nonsense",
      `${run}.`,
      genuine.toUpperCase(),
    ]) {
      const res = await renewWith(id, token);
      expect(res.status, token).toBe(403);
      expect((await errorOf(res)).code).toBe("invalid_token");
    }
    expect((await stored(id))!.expires_at).toBe(expiresAt);
  });

  it("is used up when the listing changed since the e-mail (410), and cannot renew what is not active (409)", async () => {
    const expiresAt = NOW + 2 * DAY;
    const id = await insert(owner.user.id, { expires_at: expiresAt });
    const token = await renewToken(env, id, expiresAt);
    // The owner renewed from the cabinet meanwhile.
    expect((await call(`/api/cabinet/realties/${id}/renew`, { body: {}, jar: owner.jar, now: NOW })).status).toBe(200);
    expect((await renewWith(id, token)).status).toBe(410);

    const expired = await insert(owner.user.id, { status: "archived", expires_at: NOW - DAY });
    const late = await renewWith(expired, await renewToken(env, expired, NOW - DAY));
    expect(late.status).toBe(409);
    expect((await errorOf(late)).code).toBe("invalid_state");

    const deleted = await insert(owner.user.id, { expires_at: expiresAt, deleted_at: NOW });
    expect((await renewWith(deleted, await renewToken(env, deleted, expiresAt))).status).toBe(404);
  });

  it("a signed-in stranger's session does not stand in for a token", async () => {
    const id = await insert(owner.user.id);
    expect((await post(stranger, `/api/cabinet/realties/${id}/renew`, {})).status).toBe(404);
  });
});
