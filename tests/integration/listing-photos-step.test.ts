/**
 * The photos step's API addition and page limit (decision 034): the owner's photo
 * list, and the body limit of a no-JS upload posted to the wizard's page. The step's form posts are
 * tested against the served worker in tests/e2e/listing-photos-step.test.ts (its server module needs
 * React Router, which does not load inside this pool).
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { PHOTO_FORM_BODY_MAX_BYTES, PHOTO_UPLOAD_PATH } from "#shared/constants.ts";
import type { ApiListingPhoto } from "#shared/api/listing-photos.ts";
import { SMALL_JPEG, gradientPng } from "#tests/fixtures/photos.ts";
import { Hono } from "hono";
import type { AppEnv } from "#worker/app-env.ts";
import { requestLimits } from "#worker/middleware/request-limits.ts";
import { call, ORIGIN, signUpByPhone, type SignedIn } from "./auth-fixtures.ts";

let owner: SignedIn;
let stranger: SignedIn;
let nextListing = 970_000 + Math.floor(Math.random() * 10_000) * 10;

async function draft(ownerId: number): Promise<number> {
  const id = ++nextListing;
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO listings (id, type_id, deal, property_type, city_id, address, lat, lng, price, area, rooms,
       title, description, lang, owner_id, phone, status, created_at, updated_at, expires_at)
     VALUES (?, 1, 'sale', 'apartment', 1, 'Knez Mihailova 1', 44.8176, 20.4569, 150000, 60, 2,
       'Draft flat', 'A draft flat for photo tests.', 'en', ?, '+381601234567', 'draft', ?, ?, ?)`,
  )
    .bind(id, ownerId, now, now, now + 30 * 86_400_000)
    .run();
  return id;
}

async function upload(who: SignedIn, listingId: number, bytes: Uint8Array): Promise<ApiListingPhoto> {
  const form = new FormData();
  form.set("id", String(listingId));
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], "photo", { type: "image/jpeg" }));
  const res = await SELF.fetch(`${ORIGIN}${PHOTO_UPLOAD_PATH}`, {
    method: "POST",
    headers: {
      "x-requested-with": "XMLHttpRequest",
      origin: ORIGIN,
      "cf-connecting-ip": who.ip,
      cookie: who.jar.header(),
    },
    body: form,
  });
  expect(res.status).toBe(201);
  return (await res.json<{ data: ApiListingPhoto }>()).data;
}

const list = (listingId: number | string, who?: SignedIn) =>
  call(`/api/realty/edit/${listingId}/images`, who ? { jar: who.jar, ip: who.ip } : {});

beforeAll(async () => {
  owner = await signUpByPhone();
  stranger = await signUpByPhone();
});

describe("GET /api/realty/edit/{id}/images", () => {
  it("lists the owner's photos in their order with sizes and variants, after a reorder too", async () => {
    const listing = await draft(owner.user.id);
    let res = await list(listing, owner);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(await res.json()).toEqual({ items: [], total: 0 });
    const first = await upload(owner, listing, SMALL_JPEG);
    const second = await upload(owner, listing, await gradientPng(40, 30));
    res = await list(listing, owner);
    const body = await res.json<{ items: ApiListingPhoto[]; total: number }>();
    expect(body.total).toBe(2);
    expect(body.items).toEqual([first, second]);
    expect(body.items[1]).toMatchObject({ width: 40, height: 30, rotation: 0, listing_id: listing });
    expect(body.items[1]!.variants[0]).toMatchObject({ width: 40, height: 30 });
    expect(body.items[1]!.srcset).toMatch(/ 40w$/);
    const ordered = await call(`${PHOTO_UPLOAD_PATH}/order`, {
      body: { id: listing, ids: [second.id, first.id] },
      jar: owner.jar,
      ip: owner.ip,
    });
    expect(ordered.status).toBe(200);
    const after = await (await list(listing, owner)).json<{ items: ApiListingPhoto[] }>();
    expect(after.items.map((photo) => photo.id)).toEqual([second.id, first.id]);
  });

  it("is the owner's only: 404 for anyone else and a missing listing, 401 signed out, 400 for a bad id", async () => {
    const listing = await draft(owner.user.id);
    expect((await list(listing, stranger)).status).toBe(404);
    expect((await list(999_999_999, owner)).status).toBe(404);
    expect((await list(listing)).status).toBe(401);
    const bad = await list("junk", owner);
    expect(bad.status).toBe(400);
    expect((await bad.json<{ error: { fields: Record<string, string> } }>()).error.fields).toHaveProperty("id");
  });
});

describe("the page body limit of a no-JS photo upload", () => {
  // The worker's limits middleware with a plain screen: what it lets through, and what it refuses.
  const app = new Hono<AppEnv>()
    .use(requestLimits((c, status) => Promise.resolve(c.text("too large", status as 413))))
    .post("*", (c) => c.text("read"));
  const postPage = async (path: string, bytes: number) =>
    (await app.request(`${ORIGIN}${path}`, { method: "POST", body: new Uint8Array(bytes) })).status;

  it("takes several photos' worth on the wizard's edit page in every locale, and refuses more than the cap", async () => {
    for (const path of ["/listing/edit/5/", "/ru/listing/edit/5/", "/sr/listing/edit/5/?step=photos"]) {
      expect(await postPage(path, 5 * 1024 * 1024), path).toBe(200);
    }
    expect(await postPage("/listing/edit/5/", PHOTO_FORM_BODY_MAX_BYTES)).toBe(200);
    expect(await postPage("/listing/edit/5/", PHOTO_FORM_BODY_MAX_BYTES + 1)).toBe(413);
    // Other pages keep the small limit.
    for (const path of ["/listing/create/", "/listing/edit/5/extra/", "/de/listing/edit/5/"]) {
      expect(await postPage(path, 2 * 1024 * 1024), path).toBe(413);
    }
  });
});
