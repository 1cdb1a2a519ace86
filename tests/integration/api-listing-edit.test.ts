import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiListingEdit, ListingFormData } from "#shared/api/listing-edit.ts";
import { DRAFTS_PER_USER_PER_DAY, LISTING_RUN_DAYS, LISTING_TITLE_MAX } from "#shared/constants.ts";
import { call, devSession, errorOf, passwordAccount, signUpByPhone, type SignedIn } from "./auth-fixtures.ts";

let place: { city: string; district: string; other_district: string };
let admin: string;
beforeAll(async () => {
  place = (await env.DB.prepare(
    `SELECT c.slug AS city, d.slug AS district,
       (SELECT slug FROM districts WHERE city_id != c.id LIMIT 1) AS other_district
     FROM districts d JOIN cities c ON c.id = d.city_id ORDER BY c.population DESC LIMIT 1`,
  ).first())!;
  admin = await devSession("admin");
});

const as = (who: SignedIn | string, path: string, body?: unknown) =>
  call(path, typeof who === "string" ? { body, headers: { cookie: who } } : { body, jar: who.jar, ip: who.ip });
const dataOf = async (res: Response) => (await res.json<{ data: ApiListingEdit }>()).data;

const FLAT = {
  params: (city: string, district: string) => ({
    city,
    district,
    address: "Bulevar 12",
    lat: 44.8,
    lng: 20.46,
    area: 64,
    rooms: 2.5,
    floor: 3,
    floors: 8,
    heating: "central",
    elevator: true,
  }),
  description: { description: "A bright flat near the park, renovated last year, with a view.", lang: "en" },
  conditions: { price: 145000, furnished: true },
};

/** A draft of the owner's with every required fact of a flat for sale (type 4). */
async function completeFlat(owner: SignedIn, price = FLAT.conditions.price) {
  const created = await dataOf(await as(owner, "/api/realty/edit/type", { type_id: 4 }));
  const id = created.id;
  expect((await as(owner, "/api/realty/edit/params", { id, ...FLAT.params(place.city, place.district) })).status).toBe(
    200,
  );
  expect((await as(owner, "/api/realty/edit/description", { id, ...FLAT.description })).status).toBe(200);
  expect((await as(owner, "/api/realty/edit/conditions", { id, ...FLAT.conditions, price })).status).toBe(200);
  return id;
}

describe("GET /api/form-data", () => {
  it("gives the wizard each type's fields and every field's limits", async () => {
    const res = await call("/api/form-data");
    expect(res.status).toBe(200);
    const data = (await res.json<{ data: { listing: ListingFormData } }>()).data.listing;
    expect(data.types).toHaveLength(10);
    const land = data.types.find((t) => t.id === 6)!;
    expect(land.fields).toContain("land_area");
    expect(land.fields).not.toContain("rooms");
    expect(land.fields).not.toContain("floor");
    expect(data.types.find((t) => t.id === 1)!.fields).toEqual(expect.arrayContaining(["deposit", "pets_allowed"]));
    expect(data.types.find((t) => t.id === 4)!.fields).not.toContain("deposit");
    expect(data.types.find((t) => t.id === 5)!.fields).toContain("land_area");
    expect(data.types.find((t) => t.id === 8)!.fields).not.toContain("bedrooms");
    expect(data.limits.title).toEqual({ minLength: expect.any(Number), maxLength: LISTING_TITLE_MAX });
    expect(data.limits.price.minValue).toBe(1);
  });
});

describe("guards", () => {
  it("answers 401 without a session", async () => {
    expect((await call("/api/realty/edit/type", { body: { type_id: 4 } })).status).toBe(401);
    expect((await call("/api/realty/edit/1")).status).toBe(401);
    expect((await call("/api/realty/edit/params", { body: { id: 1 } })).status).toBe(401);
  });

  it("refuses a draft without a verified phone (403 phone_not_verified)", async () => {
    const account = await passwordAccount("correct horse battery");
    const login = await call("/api/auth/login", { body: { login: account.email, password: "correct horse battery" } });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((l) => l.split(";")[0])
      .join("; ");
    const res = await as(cookie, "/api/realty/edit/type", { type_id: 4 });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("phone_not_verified");
  });

  it("answers 404 for someone else's listing, a missing one, and for admins on the owner's endpoints", async () => {
    const owner = await signUpByPhone();
    const other = await signUpByPhone();
    const id = (await dataOf(await as(owner, "/api/realty/edit/type", { type_id: 4 }))).id;
    for (const who of [other, admin]) {
      expect((await as(who, `/api/realty/edit/${id}`)).status).toBe(404);
      expect((await as(who, "/api/realty/edit/type", { id, type_id: 5 })).status).toBe(404);
      expect((await as(who, "/api/realty/edit/conditions", { id, price: 1 })).status).toBe(404);
      expect((await as(who, "/api/realty/edit/check", { id })).status).toBe(404);
      expect((await as(who, "/api/realty/edit/force", { id })).status).toBe(404);
    }
    expect((await as(owner, "/api/realty/edit/999999999")).status).toBe(404);
  });

  it("hides the moderation endpoints from everyone but admins (404)", async () => {
    const owner = await signUpByPhone();
    const id = await completeFlat(owner);
    await as(owner, "/api/realty/edit/force", { id });
    for (const path of [`/api/admin/realty/${id}/approve`, `/api/admin/realty/${id}/reject`]) {
      expect((await call(path, { body: { reason: "Blurry photos" } })).status).toBe(404);
      expect((await as(owner, path, { reason: "Blurry photos" })).status).toBe(404);
    }
    expect((await as(owner, `/api/admin/realty/${id}/history`)).status).toBe(404);
  });

  it(`limits drafts to ${DRAFTS_PER_USER_PER_DAY} per account and day`, async () => {
    const owner = await signUpByPhone();
    for (let i = 0; i < DRAFTS_PER_USER_PER_DAY; i++) {
      expect((await as(owner, "/api/realty/edit/type", { type_id: 1 })).status).toBe(201);
    }
    const res = await as(owner, "/api/realty/edit/type", { type_id: 1 });
    expect(res.status).toBe(429);
    // Editing an existing draft is not a new draft.
    const { id } = (await env.DB.prepare("SELECT id FROM listings WHERE owner_id = ? LIMIT 1")
      .bind(owner.user.id)
      .first<{ id: number }>())!;
    expect((await as(owner, "/api/realty/edit/type", { id, type_id: 3 })).status).toBe(200);
  });
});

describe("the wizard's steps", () => {
  it("creates a draft, fills it step by step, and reads it back", async () => {
    const owner = await signUpByPhone();
    const res = await as(owner, "/api/realty/edit/type", { type_id: 4 });
    expect(res.status).toBe(201);
    const draft = await dataOf(res);
    expect(draft).toMatchObject({
      status: "draft",
      type_id: 4,
      city: null,
      price: null,
      title: null,
      title_generated: true,
    });
    const id = draft.id;

    const params = await as(owner, "/api/realty/edit/params", { id, ...FLAT.params(place.city, place.district) });
    expect(params.status).toBe(200);
    expect(await dataOf(params)).toMatchObject({
      city: place.city,
      district: place.district,
      area: 64,
      rooms: 2.5,
      elevator: true,
    });
    await as(owner, "/api/realty/edit/description", { id, ...FLAT.description });
    const conditions = await dataOf(
      await as(owner, "/api/realty/edit/conditions", { id, price: 145000, furnished: false }),
    );
    expect(conditions).toMatchObject({ price: 145000, furnished: false, lang: "en", title_generated: true });
    expect(conditions.title).toMatch(/^2\.5-room apartment for sale, 64 m², /);

    const read = await as(owner, `/api/realty/edit/${id}`);
    expect(read.status).toBe(200);
    expect(read.headers.get("cache-control")).toBe("private, no-store");
    expect(await dataOf(read)).toEqual(conditions);

    // The owner's own title is kept as written; null gives the generated one back.
    const own = await dataOf(await as(owner, "/api/realty/edit/description", { id, title: "Sunny flat by the park" }));
    expect(own).toMatchObject({ title: "Sunny flat by the park", title_generated: false });
    // Invisible controls are dropped (decision 051): a NUL, a right-to-left override, a title's line break.
    const spoof = {
      id,
      title: "Sunny\u0000 flat\u202e by\nthe park",
      description: "Renovated flat,\r\nnew\u2066 windows,\tquiet\u0007 street near the park.",
    };
    expect(await dataOf(await as(owner, "/api/realty/edit/description", spoof))).toMatchObject({
      title: "Sunny flat by the park",
      description: "Renovated flat,\nnew windows,\tquiet street near the park.",
    });
    const back = await dataOf(await as(owner, "/api/realty/edit/description", { id, title: null }));
    expect(back.title_generated).toBe(true);
    expect(back.title).toMatch(/^2\.5-room apartment for sale/);
  });

  it("names bad fields (400) in the API's field names", async () => {
    const owner = await signUpByPhone();
    const id = (await dataOf(await as(owner, "/api/realty/edit/type", { type_id: 4 }))).id;
    const cases: [string, Record<string, unknown>, string[]][] = [
      ["/api/realty/edit/type", { type_id: 11 }, ["type_id"]],
      [
        "/api/realty/edit/params",
        { id, lat: 91, area: -3, heating: "fireplace", rooms: 2.3 },
        ["lat", "area", "heating", "rooms"],
      ],
      ["/api/realty/edit/params", { id, city: "atlantis" }, ["city"]],
      ["/api/realty/edit/params", { id, city: place.city, district: place.other_district }, ["district"]],
      [
        "/api/realty/edit/description",
        { id, title: "x", description: "short", lang: "de" },
        ["title", "description", "lang"],
      ],
      ["/api/realty/edit/conditions", { id, price: 0, furnished: "yes" }, ["price", "furnished"]],
      ["/api/realty/edit/conditions", { price: 5 }, ["id"]],
    ];
    for (const [path, body, fields] of cases) {
      const res = await as(owner, path, body);
      expect(res.status, path).toBe(400);
      expect(Object.keys((await errorOf(res)).fields ?? {}).sort(), JSON.stringify(body)).toEqual([...fields].sort());
    }
  });

  it("refuses fields the type does not have and drops them when the type changes", async () => {
    const owner = await signUpByPhone();
    const land = (await dataOf(await as(owner, "/api/realty/edit/type", { type_id: 6 }))).id;
    const res = await as(owner, "/api/realty/edit/params", { id: land, rooms: 3, floor: 2, land_area: 900 });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({
      rooms: "validation.notApplicable",
      floor: "validation.notApplicable",
    });
    const sale = await as(owner, "/api/realty/edit/conditions", { id: land, deposit: 500 });
    expect((await errorOf(sale)).fields).toEqual({ deposit: "validation.notApplicable" });
    expect((await as(owner, "/api/realty/edit/params", { id: land, land_area: 900, rooms: null })).status).toBe(200);

    const rent = (await dataOf(await as(owner, "/api/realty/edit/type", { type_id: 1 }))).id;
    await as(owner, "/api/realty/edit/conditions", { id: rent, deposit: 600, pets_allowed: true });
    await as(owner, "/api/realty/edit/params", { id: rent, rooms: 2, balcony: true });
    const changed = await dataOf(await as(owner, "/api/realty/edit/type", { id: rent, type_id: 6 }));
    expect(changed).toMatchObject({ type_id: 6, deposit: null, pets_allowed: null, rooms: null, balcony: null });
    expect(changed.fields).not.toContain("deposit");
  });
});

describe("submitting and moderation", () => {
  it("lists every missing field (400), then submits a complete listing (pending)", async () => {
    const owner = await signUpByPhone();
    const id = (await dataOf(await as(owner, "/api/realty/edit/type", { type_id: 4 }))).id;
    const res = await as(owner, "/api/realty/edit/check", { id });
    expect(res.status).toBe(400);
    expect(Object.keys((await errorOf(res)).fields!).sort()).toEqual(
      ["address", "area", "city", "description", "lang", "lat", "lng", "price", "rooms"].sort(),
    );
    const complete = await completeFlat(owner);
    const ok = await as(owner, "/api/realty/edit/check", { id: complete });
    expect(ok.status).toBe(200);
    expect((await dataOf(ok)).status).toBe("pending");
    expect((await as(owner, "/api/realty/edit/check", { id: complete })).status).toBe(409);
  });

  it("warns of a duplicate (409 with the listing) and submits it when forced", async () => {
    const owner = await signUpByPhone();
    const first = await completeFlat(owner, 99000);
    expect((await as(owner, "/api/realty/edit/check", { id: first })).status).toBe(200);
    const second = await completeFlat(owner, 99000);
    const res = await as(owner, "/api/realty/edit/check", { id: second });
    expect(res.status).toBe(409);
    const body = await res.json<{ error: { code: string; listing: { id: number } } }>();
    expect(body.error).toMatchObject({ code: "possible_duplicate", listing: { id: first } });
    const forced = await as(owner, "/api/realty/edit/force", { id: second });
    expect(forced.status).toBe(200);
    expect((await dataOf(forced)).status).toBe("pending");
    // Another price is not a duplicate.
    const third = await completeFlat(owner, 99500);
    expect((await as(owner, "/api/realty/edit/check", { id: third })).status).toBe(200);
  });

  it("approves (active, public, 30 days) and rejects with a reason the owner sees; resubmits", async () => {
    const owner = await signUpByPhone();
    const id = await completeFlat(owner, 123456);
    expect((await as(admin, `/api/admin/realty/${id}/approve`, {})).status).toBe(409); // still a draft
    await as(owner, "/api/realty/edit/check", { id });

    const rejected = await as(admin, `/api/admin/realty/${id}/reject`, { reason: "The photos are missing" });
    expect(rejected.status).toBe(200);
    expect(await dataOf(rejected)).toMatchObject({ status: "rejected", rejection_reason: "The photos are missing" });
    expect((await dataOf(await as(owner, `/api/realty/edit/${id}`))).rejection_reason).toBe("The photos are missing");
    expect((await as(admin, `/api/admin/realty/${id}/reject`, { reason: "" })).status).toBe(400);

    await as(owner, "/api/realty/edit/conditions", { id, price: 120000 });
    const again = await dataOf(await as(owner, "/api/realty/edit/check", { id }));
    expect(again).toMatchObject({ status: "pending", rejection_reason: null });

    const now = Date.now();
    const approved = await dataOf(await as(admin, `/api/admin/realty/${id}/approve`, {}));
    expect(approved.status).toBe("active");
    const expires = Date.parse(approved.expires_at!) - now;
    expect(Math.abs(expires - LISTING_RUN_DAYS * 86_400_000)).toBeLessThan(60_000);
    expect((await call(`/api/realty/${id}`)).status).toBe(200);
    expect((await as(admin, `/api/admin/realty/${id}/approve`, {})).status).toBe(409);

    const history = await (
      await as(admin, `/api/admin/realty/${id}/history`)
    ).json<{ items: { status: string; reason: string | null }[] }>();
    expect(history.items.map((e) => e.status)).toEqual(["draft", "pending", "rejected", "pending", "active"]);
    expect(history.items[2]!.reason).toBe("The photos are missing");
  });

  it("keeps an active listing public on price or description edits, sends it back on type or place", async () => {
    const owner = await signUpByPhone();
    const id = await completeFlat(owner, 211000);
    await as(owner, "/api/realty/edit/check", { id });
    await as(admin, `/api/admin/realty/${id}/approve`, {});
    expect((await dataOf(await as(owner, "/api/realty/edit/conditions", { id, price: 205000 }))).status).toBe("active");
    const described = { id, description: "Renovated flat, new windows, quiet street near the park." };
    expect((await dataOf(await as(owner, "/api/realty/edit/description", described))).status).toBe("active");
    const detail = await (await call(`/api/realty/${id}`)).json<{ data: { price: number } }>();
    expect(detail.data.price).toBe(205000);
    // A required fact cannot be cleared once submitted.
    expect((await as(owner, "/api/realty/edit/conditions", { id, price: null })).status).toBe(400);

    const moved = await dataOf(await as(owner, "/api/realty/edit/params", { id, address: "Knez Mihailova 1" }));
    expect(moved.status).toBe("pending");
    expect((await call(`/api/realty/${id}`)).status).toBe(404);
    await as(admin, `/api/admin/realty/${id}/approve`, {});
    expect((await dataOf(await as(owner, "/api/realty/edit/type", { id, type_id: 5 }))).status).toBe("pending");
  });
});

describe("junk never gives a 5xx", () => {
  const junk = fc.oneof(
    fc.jsonValue(),
    fc.record({ id: fc.oneof(fc.integer(), fc.string(), fc.constant(null)) }, { requiredKeys: [] }),
    fc.dictionary(
      fc.constantFrom(
        "id",
        "type_id",
        "city",
        "district",
        "lat",
        "area",
        "rooms",
        "title",
        "price",
        "lang",
        "heating",
        "reason",
      ),
      fc.oneof(fc.double(), fc.integer(), fc.string(), fc.boolean(), fc.constant(null), fc.array(fc.integer())),
    ),
  );
  const paths = ["type", "params", "description", "conditions", "check", "force"].map((s) => `/api/realty/edit/${s}`);
  it.each(paths)("POST %s", async (path) => {
    const owner = await signUpByPhone();
    const id = (await dataOf(await as(owner, "/api/realty/edit/type", { type_id: 1 }))).id;
    await fc.assert(
      fc.asyncProperty(junk, fc.boolean(), async (body, ownId) => {
        const payload = ownId && body && typeof body === "object" && !Array.isArray(body) ? { ...body, id } : body;
        const res = await as(owner, path, payload);
        await res.arrayBuffer();
        expect(res.status, JSON.stringify(payload)).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
  });
  it("POST /api/admin/realty/{id}/reject", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.integer(), fc.string()), fc.jsonValue(), async (id, body) => {
        const res = await as(admin, `/api/admin/realty/${encodeURIComponent(String(id))}/reject`, body);
        await res.arrayBuffer();
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
  });
});
