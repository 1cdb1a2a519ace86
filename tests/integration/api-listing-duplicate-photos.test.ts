/**
 * The duplicate check's photo rule (decision 036): a listing whose photos are another
 * listing's — the owner's own, or a public one of anyone — is answered 409 `possible_duplicate` with
 * `match: "photos"` and that listing, even when the copies were rescaled; `force` submits it anyway.
 * Someone else's private listing is never named.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiListingEdit, DuplicateError } from "#shared/api/listing-edit.ts";
import { blocksPng } from "#tests/fixtures/photos.ts";
import { call, devSession, formPost, ORIGIN, signUpByPhone, type SignedIn } from "./auth-fixtures.ts";
import { SELF } from "cloudflare:test";

let place: { city: string; district: string };
let admin: string;
beforeAll(async () => {
  place = (await env.DB.prepare(
    `SELECT c.slug AS city, d.slug AS district FROM districts d JOIN cities c ON c.id = d.city_id
     ORDER BY c.population DESC LIMIT 1`,
  ).first())!;
  admin = await devSession("admin");
});

const as = (who: SignedIn, path: string, body?: unknown) => call(path, { body, jar: who.jar, ip: who.ip });

/** A complete flat for sale of `owner`'s, at its own address and price (so only photos can match). */
async function flat(owner: SignedIn, n: number): Promise<number> {
  const created = await as(owner, "/api/realty/edit/type", { type_id: 4 });
  const { id } = (await created.json<{ data: ApiListingEdit }>()).data;
  const steps = {
    params: {
      city: place.city,
      district: place.district,
      address: `Photo street ${n}`,
      lat: 44.8,
      lng: 20.46,
      area: 40 + n,
      rooms: 2,
    },
    description: { description: "A flat for the photo duplicate check, bright and quiet.", lang: "en" },
    conditions: { price: 100_000 + n },
  };
  for (const [step, values] of Object.entries(steps)) {
    const res = await as(owner, `/api/realty/edit/${step}`, { id, ...values });
    expect(res.status, step).toBe(200);
  }
  return id;
}

async function upload(owner: SignedIn, listingId: number, bytes: Uint8Array) {
  const form = new FormData();
  form.set("id", String(listingId));
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], "photo.png", { type: "image/png" }));
  const res = await SELF.fetch(`${ORIGIN}/api/realty/edit/image`, {
    method: "POST",
    headers: {
      origin: ORIGIN,
      "x-requested-with": "XMLHttpRequest",
      "cf-connecting-ip": owner.ip,
      cookie: owner.jar.header(),
    },
    body: form,
  });
  expect(res.status).toBe(201);
}

async function withPhotos(owner: SignedIn, n: number, seeds: number[], width = 640): Promise<number> {
  const id = await flat(owner, n);
  for (const seed of seeds) await upload(owner, id, await blocksPng(width, (width * 3) / 4, seed));
  // The edit shape counts them (the wizard marks its photos step and sums it up on the check step).
  const edit = await (
    await call(`/api/realty/edit/${id}`, { jar: owner.jar, ip: owner.ip })
  ).json<{ data: ApiListingEdit }>();
  expect(edit.data.photo_count).toBe(seeds.length);
  return id;
}

const check = (owner: SignedIn, id: number) => as(owner, "/api/realty/edit/check", { id });
const seedBase = 1000 + Math.floor(Math.random() * 100_000) * 10;

describe("duplicate photos", () => {
  it("finds the owner's listing whose photos a new one repeats (rescaled), and force submits it", async () => {
    const owner = await signUpByPhone();
    const s = seedBase;
    const first = await withPhotos(owner, 1, [s, s + 1, s + 2]);
    expect((await check(owner, first)).status).toBe(200);
    const copy = await withPhotos(owner, 2, [s + 1, s + 2], 1000);
    const res = await check(owner, copy);
    expect(res.status).toBe(409);
    const body = await res.json<DuplicateError>();
    expect(body.error).toMatchObject({
      code: "possible_duplicate",
      match: "photos",
      listing: { id: first, mine: true },
    });
    // A generated title, in the language of the request.
    expect(body.error.listing.title).toMatch(/^2-room apartment for sale, 41 m²/);
    expect((await as(owner, "/api/realty/edit/force", { id: copy })).status).toBe(200);
  });

  it("lets a listing share one photo (a building's facade) or none with another", async () => {
    const owner = await signUpByPhone();
    const s = seedBase + 3;
    expect((await check(owner, await withPhotos(owner, 3, [s, s + 1, s + 2]))).status).toBe(200);
    expect((await check(owner, await withPhotos(owner, 4, [s, s + 4, s + 5]))).status).toBe(200);
    expect((await check(owner, await withPhotos(owner, 5, [s + 6, s + 7]))).status).toBe(200);
  });

  it("names another owner's listing only once it is public", async () => {
    const author = await signUpByPhone();
    const copier = await signUpByPhone();
    const s = seedBase + 8;
    const original = await withPhotos(author, 6, [s, s + 1]);
    expect((await check(author, original)).status).toBe(200);
    const copy = await withPhotos(copier, 7, [s, s + 1]);
    // Pending: someone else's private listing is not named.
    expect((await check(copier, copy)).status).toBe(200);
    const approved = await call(`/api/admin/realty/${original}/approve`, { body: {}, headers: { cookie: admin } });
    expect(approved.status).toBe(200);
    const again = await withPhotos(copier, 8, [s, s + 1]);
    const res = await check(copier, again);
    expect(res.status).toBe(409);
    expect((await res.json<DuplicateError>()).error).toMatchObject({
      match: "photos",
      listing: { id: original, mine: false, status: "active" },
    });
    // The wizard says it is another advertiser's listing and links to its public page, never a preview.
    const warned = await formPost(`/listing/edit/${again}/?step=check`, { intent: "submit" }, copier.jar);
    expect(warned.status).toBe(409);
    const html = (await warned.text()).replace(/&#x27;/g, "'");
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    expect(main).toContain("These photos are in another advertiser's published listing.");
    expect(main).not.toContain("You already have");
    expect(main).toContain(`href="/realty/${original}/"`);
    expect(main).not.toContain(`/listing/preview/${original}/`);
  });

  it("says a copy of the owner's own photos is theirs, linking to its preview", async () => {
    const owner = await signUpByPhone();
    const s = seedBase + 20;
    const first = await withPhotos(owner, 9, [s, s + 1]);
    const copy = await withPhotos(owner, 10, [s, s + 1]);
    const warned = await formPost(`/listing/edit/${copy}/?step=check`, { intent: "submit" }, owner.jar);
    expect(warned.status).toBe(409);
    const html = await warned.text();
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    expect(main).toContain("Your listing below has the same photos.");
    expect(main).toContain(`href="/listing/preview/${first}/"`);
  });
});
