/**
 * Previews of a listing in any state (product §6, §7): `GET /api/realty/preview/{id}` for its owner and
 * `GET /api/admin/realty/preview/{id}` for admins, and the pages built on them — `/listing/edit/{id}/`,
 * `/listing/preview/{id}/` (owner) and `/admin/listing/preview/{id}/` (admins) — which answer 404
 * for anyone else's or a missing listing.
 */
import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_ACCOUNTS } from "#harness/seed/accounts.ts";
import type { ApiListingDetail, ApiListingPreview, ListingStatus } from "#shared/api/realty.ts";
import { LISTING_STATUSES } from "#shared/api/realty.ts";
import { generatedListingTitle, type TitleFacts } from "#shared/listing-title.ts";
import { textCatalog } from "#shared/text-catalog.ts";
import { BROWSER_UA } from "#tests/fixtures/requests.ts";
import { call, errorOf, Jar, signUpByPhone, uniqueIp } from "./auth-fixtures.ts";

interface Row {
  id: number;
  title: string;
  status: ListingStatus;
  owner_id: number;
}

const jars: Record<"admin" | "owner" | "other", Jar> = { admin: new Jar(), owner: new Jar(), other: new Jar() };
let ownerId: number;
/** The seeded user's listing in each state. */
const own = {} as Record<ListingStatus, Row>;
/** Someone else's listing in each state. */
const foreign = {} as Record<ListingStatus, Row>;
let missingId: number;
/** Listings given to the seeded user for this file, and their owners before. */
const lent: { id: number; owner_id: number }[] = [];

async function signIn(role: "admin" | "user", jar: Jar) {
  const account = DEV_ACCOUNTS.find((a) => a.role === role)!;
  const res = await call("/api/auth/login", {
    body: { login: account.email, password: account.password },
    jar,
    ip: uniqueIp(),
  });
  expect(res.status).toBe(200);
}

/** A listing with its title as an English visitor reads it (a generated one is composed in their language). */
async function listing(where: string, ...args: unknown[]): Promise<Row | null> {
  const row = await env.DB.prepare(
    `SELECT id, title, status, owner_id, title_generated, deal, property_type AS type, rooms, area, land_area,
       (SELECT name_en FROM cities c WHERE c.id = listings.city_id) AS city,
       (SELECT name_en FROM districts d WHERE d.id = listings.district_id) AS district
     FROM listings WHERE ${where} ORDER BY id LIMIT 1`,
  )
    .bind(...args)
    .first<Row & TitleFacts & { title_generated: number }>();
  if (!row) return null;
  const title = row.title_generated === 1 ? generatedListingTitle(row, textCatalog("en").intl) : row.title;
  return { id: row.id, title, status: row.status, owner_id: row.owner_id };
}

beforeAll(async () => {
  await signIn("admin", jars.admin);
  await signIn("user", jars.owner);
  jars.other = (await signUpByPhone({ name: "Neko Drugi" })).jar;
  ownerId = (await env.DB.prepare("SELECT id FROM users WHERE email = ?")
    .bind(DEV_ACCOUNTS.find((a) => a.role === "user")!.email)
    .first<{ id: number }>())!.id;
  for (const status of LISTING_STATUSES) {
    foreign[status] = (await listing("status = ? AND owner_id != ?", status, ownerId))!;
    expect(foreign[status], status).toBeTruthy();
    let mine = await listing("status = ? AND owner_id = ?", status, ownerId);
    if (!mine) {
      // The seed gives the seeded user no listing in some states: lend them one for this file.
      const other = (await listing("status = ? AND owner_id != ? AND id != ?", status, ownerId, foreign[status].id))!;
      lent.push({ id: other.id, owner_id: other.owner_id });
      await env.DB.prepare("UPDATE listings SET owner_id = ? WHERE id = ?").bind(ownerId, other.id).run();
      mine = { ...other, owner_id: ownerId };
    }
    own[status] = mine;
  }
  missingId = (await env.DB.prepare("SELECT MAX(id) + 1000 AS id FROM listings").first<{ id: number }>())!.id;
});

afterAll(async () => {
  for (const { id, owner_id } of lent)
    await env.DB.prepare("UPDATE listings SET owner_id = ? WHERE id = ?").bind(owner_id, id).run();
});

const get = (path: string, who?: keyof typeof jars) => call(path, { jar: who ? jars[who] : undefined });

describe("GET /api/realty/preview/{id}", () => {
  it.each(LISTING_STATUSES)("gives the owner their %s listing with its state, privately", async (status) => {
    const res = await get(`/api/realty/preview/${own[status].id}`, "owner");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const { data } = await res.json<{ data: ApiListingPreview }>();
    expect(data).toMatchObject({ id: own[status].id, title: own[status].title, status, owner: { id: ownerId } });
    // The seeded user's draft has no description yet (harness/seed/listings.ts): null, not made up.
    if (status === "draft") expect(data.description).toBeNull();
    else expect(data.description.length).toBeGreaterThan(0);
    expect(Array.isArray(data.images)).toBe(true);
  });

  it("has the public detail's shape: an active listing is the same as GET /api/realty/{id}", async () => {
    const preview = await (
      await get(`/api/realty/preview/${own.active.id}`, "owner")
    ).json<{ data: ApiListingPreview }>();
    const detail = await (await get(`/api/realty/${own.active.id}`)).json<{ data: ApiListingDetail }>();
    // The preview adds only the moderator's reason (words and code) and changes waiting for one (decision
    // 053), which this public listing has none of.
    expect(preview.data).toEqual({ ...detail.data, rejection_reason: null, rejection_code: null, revision: null });
    // A hidden listing has no public detail.
    expect((await get(`/api/realty/${own.draft.id}`)).status).toBe(404);
  });

  it.each(LISTING_STATUSES)("is 404 for someone else's %s listing", async (status) => {
    for (const who of ["owner", "admin"] as const) {
      const res = await get(`/api/realty/preview/${foreign[status].id}`, who);
      expect(res.status, who).toBe(404);
      expect((await errorOf(res)).code).toBe("not_found");
    }
  });

  it("is 404 for a missing id, 400 for a malformed one", async () => {
    const missing = await get(`/api/realty/preview/${missingId}`, "owner");
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).code).toBe("not_found");
    const malformed = await get("/api/realty/preview/abc", "owner");
    expect(malformed.status).toBe(400);
    expect((await errorOf(malformed)).fields).toHaveProperty("id");
  });

  it("is 401 without a session", async () => {
    for (const id of [own.draft.id, missingId]) {
      const res = await get(`/api/realty/preview/${id}`);
      expect(res.status).toBe(401);
      expect((await errorOf(res)).code).toBe("unauthorized");
    }
  });
});

describe("GET /api/admin/realty/preview/{id}", () => {
  it.each(LISTING_STATUSES)("gives admins any %s listing with its state", async (status) => {
    for (const row of [own[status], foreign[status]]) {
      const res = await get(`/api/admin/realty/preview/${row.id}`, "admin");
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      const { data } = await res.json<{ data: ApiListingPreview }>();
      expect(data).toMatchObject({ id: row.id, title: row.title, status, owner: { id: row.owner_id } });
    }
  });

  it("is 404 for a missing id", async () => {
    const res = await get(`/api/admin/realty/preview/${missingId}`, "admin");
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe("not_found");
  });

  it("is 404 for signed-in users who are not admins, even for their own listing", async () => {
    for (const [who, id] of [
      ["owner", own.draft.id],
      ["other", foreign.active.id],
      ["owner", missingId],
    ] as const) {
      const res = await get(`/api/admin/realty/preview/${id}`, who);
      expect(res.status, `${who} ${id}`).toBe(404);
      expect((await errorOf(res)).code).toBe("not_found");
    }
  });

  it("is 401 without a session", async () => {
    const res = await get(`/api/admin/realty/preview/${own.active.id}`);
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe("unauthorized");
  });
});

const escape = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");

/** Page requests carry the jar's cookies next to the locale cookie. */
function pageAs(path: string, who: keyof typeof jars | undefined, locale = "en") {
  const cookie = [`locale=${locale}`, who ? jars[who].header() : ""].filter(Boolean).join("; ");
  return call(path, { headers: { "user-agent": BROWSER_UA, "accept-language": locale, cookie } });
}

describe("listing edit and preview pages", () => {
  it.each(LISTING_STATUSES)("show the owner their %s listing: its title and state", async (status) => {
    for (const path of [`/listing/edit/${own[status].id}/`, `/listing/preview/${own[status].id}/`]) {
      const res = await pageAs(path, "owner");
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html).toContain(escape(own[status].title));
      expect(html).toMatch(/State: (draft|in moderation|published|archived|rejected)</);
    }
  });

  it("name the state in every language", async () => {
    expect(await (await pageAs(`/listing/preview/${own.pending.id}/`, "owner")).text()).toContain(
      "State: in moderation<",
    );
    expect(await (await pageAs(`/ru/listing/edit/${own.draft.id}/`, "owner", "ru")).text()).toContain(
      "Статус: черновик<",
    );
    expect(await (await pageAs(`/sr/listing/preview/${own.archived.id}/`, "owner", "sr")).text()).toContain(
      "Status: arhiviran<",
    );
  });

  it("are 404 for someone else's listing and a missing one, admins included", async () => {
    for (const who of ["other", "owner", "admin"] as const) {
      for (const id of [foreign.active.id, foreign.draft.id, missingId]) {
        for (const path of [`/listing/edit/${id}/`, `/sr/listing/preview/${id}/`]) {
          expect((await pageAs(path, who)).status, `${who} ${path}`).toBe(404);
        }
      }
    }
    // The seeded user's own listing is someone else's to another account.
    expect((await pageAs(`/listing/edit/${own.active.id}/`, "other")).status).toBe(404);
  });

  it("ask anonymous visitors to sign in first", async () => {
    for (const id of [own.active.id, missingId]) {
      const res = await pageAs(`/ru/listing/edit/${id}/`, undefined, "ru");
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(
        `/ru/?auth=signin&next=${encodeURIComponent(`/ru/listing/edit/${id}/`)}`,
      );
    }
  });
});

describe("admin listing preview page", () => {
  it.each(LISTING_STATUSES)("shows admins any %s listing", async (status) => {
    for (const row of [own[status], foreign[status]]) {
      const res = await pageAs(`/admin/listing/preview/${row.id}/`, "admin");
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(escape(row.title));
    }
  });

  it("is 404 for a missing listing, for admins too", async () => {
    expect((await pageAs(`/admin/listing/preview/${missingId}/`, "admin")).status).toBe(404);
    expect((await pageAs(`/ru/admin/listing/preview/${missingId}/`, "admin", "ru")).status).toBe(404);
  });

  it("is 404 for signed-in users who are not admins", async () => {
    for (const who of ["owner", "other"] as const) {
      for (const id of [own.active.id, foreign.active.id, missingId]) {
        expect((await pageAs(`/admin/listing/preview/${id}/`, who)).status, `${who} ${id}`).toBe(404);
      }
    }
  });

  it("asks anonymous visitors to sign in first", async () => {
    const res = await pageAs(`/admin/listing/preview/${own.active.id}/`, undefined);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(
      `/?auth=signin&next=${encodeURIComponent(`/admin/listing/preview/${own.active.id}/`)}`,
    );
  });
});
