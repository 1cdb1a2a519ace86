/**
 * Who is offering (decision 087): registration as a private owner or an agency, the profile's change (a
 * changed name or licence number loses the check), moderators' licence check (guards, the number seen,
 * audit rows), what the listings' API shows (no private data), and the fraud cases: an owner never has the
 * badge, a blocked agency's listings stay hidden.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { AgenciesResponse, ApiAgencyCheck } from "#shared/api/advertiser.ts";
import type { ApiUser } from "#shared/api/auth.ts";
import type { ApiListing, ApiListingDetail } from "#shared/api/realty.ts";
import {
  call,
  devSession,
  errorOf,
  Jar,
  lastCode,
  signUpByPhone,
  uniqueEmail,
  uniqueIp,
  uniquePhone,
} from "./auth-fixtures.ts";
import { ADVERTISER_CHANGES_PER_HOUR } from "#worker/api/cabinet-user.ts";
import { insertListing } from "./listing-fixtures.ts";

let admin: string;

const grant = (userId: number, role: string) =>
  env.DB.prepare("INSERT INTO user_roles (user_id, role, granted_at) VALUES (?, ?, 0) ON CONFLICT DO NOTHING")
    .bind(userId, role)
    .run();
const asAdmin = (path: string, body?: unknown) => call(path, { body, headers: { cookie: admin }, ip: uniqueIp() });
const profile = async (jar: Jar) =>
  (await (await call("/api/cabinet/user", { jar, ip: uniqueIp() })).json<{ data: ApiUser }>()).data;
const updateAdvertiser = (jar: Jar, body: unknown) =>
  call("/api/cabinet/update-advertiser", { body, jar, ip: uniqueIp() });
const confirm = (id: number, licence_number: string, cookie = admin) =>
  call(`/api/admin/agencies/${id}/licence/confirm`, { body: { licence_number }, headers: { cookie }, ip: uniqueIp() });
const refuse = (id: number, licence_number: string, reason: string) =>
  asAdmin(`/api/admin/agencies/${id}/licence/refuse`, { licence_number, reason });
const auditRows = (userId: number) =>
  env.DB.prepare(
    "SELECT actor_id, action, reason, before, after FROM audit_log WHERE target_kind = 'user' AND target_id = ? ORDER BY id",
  )
    .bind(String(userId))
    .all<{ actor_id: number; action: string; reason: string | null; before: string; after: string }>()
    .then((r) => r.results);
const detail = async (id: number) => (await (await call(`/api/realty/${id}`)).json<{ data: ApiListingDetail }>()).data;
const card = async (id: number) =>
  (await (await call("/api/realty-by-ids", { body: { ids: [id] } })).json<{ items: ApiListing[] }>()).items[0];
/** The listing as a search's item: its own price is the search's whole range. */
async function searchItem(id: number, price: number) {
  const res = await call(`/api/realty/search?price_min=${price}&price_max=${price}&facets=false`);
  expect(res.status).toBe(200);
  return (await res.json<{ items: ApiListing[] }>()).items.find((item) => item.id === id);
}

/** Registers by phone code with the advertiser fields given; the new account. */
async function registerAs(fields: Record<string, string>) {
  const phone = uniquePhone();
  const ip = uniqueIp();
  const sent = await call("/api/user/register", { body: { phone, name: "Agent Ana", ...fields }, ip });
  expect(sent.status).toBe(202);
  const jar = new Jar();
  const res = await call("/api/user/register/verify", { body: { phone, code: await lastCode(phone) }, jar, ip });
  expect(res.status).toBe(201);
  return { jar, user: (await res.json<{ data: { user: ApiUser } }>()).data.user };
}

beforeAll(async () => {
  admin = await devSession("admin");
});

describe("registration", () => {
  it("registers an agency with a password too", async () => {
    const phone = uniquePhone();
    const ip = uniqueIp();
    const sent = await call("/api/user/register/password", {
      body: { login: phone, password: "a long password 1", advertiser_type: "agency", agency_name: "Pass Agency" },
      ip,
    });
    expect(sent.status).toBe(202);
    const res = await call("/api/user/register/verify", { body: { phone, code: await lastCode(phone) }, ip });
    expect(res.status).toBe(201);
    const { user } = (await res.json<{ data: { user: ApiUser } }>()).data;
    expect(user).toMatchObject({ has_password: true, advertiser: { type: "agency", agency_name: "Pass Agency" } });
  });

  it("registers a private owner by default and an agency with its name and licence number", async () => {
    const owner = await signUpByPhone();
    expect(owner.user.advertiser).toEqual({
      type: "owner",
      agency_name: null,
      licence_number: null,
      licence: "none",
      licence_refused_reason: null,
    });
    const agency = await registerAs({
      advertiser_type: "agency",
      agency_name: "  Dom Nekretnine  ",
      licence_number: " 360-00-00123/2014-10 ",
    });
    expect(agency.user.advertiser).toEqual({
      type: "agency",
      agency_name: "Dom Nekretnine",
      licence_number: "360-00-00123/2014-10",
      licence: "awaiting",
      licence_refused_reason: null,
    });
    // The licence number is optional at registration.
    const later = await registerAs({ advertiser_type: "agency", agency_name: "Ključ" });
    expect(later.user.advertiser).toMatchObject({ type: "agency", licence_number: null, licence: "none" });
    // An owner's agency fields are dropped, not kept for later.
    const plain = await registerAs({ advertiser_type: "owner", agency_name: "Fake Agency", licence_number: "123" });
    expect(plain.user.advertiser).toMatchObject({ type: "owner", agency_name: null, licence_number: null });
  });

  it("answers 400 naming the field: an agency without a name, a malformed number, an unknown type", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ advertiser_type: "agency" }, "agency_name"],
      [{ advertiser_type: "agency", agency_name: "" }, "agency_name"],
      [{ advertiser_type: "agency", agency_name: "A<b>" }, "agency_name"],
      [{ advertiser_type: "agency", agency_name: "Dom", licence_number: "no digits" }, "licence_number"],
      [{ advertiser_type: "agency", agency_name: "Dom", licence_number: "12<script>" }, "licence_number"],
      [{ advertiser_type: "agency", agency_name: "Dom", licence_number: "1".repeat(41) }, "licence_number"],
      [{ advertiser_type: "broker" }, "advertiser_type"],
    ];
    for (const [fields, field] of cases) {
      for (const path of ["/api/user/register", "/api/user/register/email"]) {
        const identity = path.endsWith("email") ? { email: uniqueEmail() } : { phone: uniquePhone() };
        const res = await call(path, { body: { ...identity, ...fields }, ip: uniqueIp() });
        expect(res.status, `${path} ${JSON.stringify(fields)}`).toBe(400);
        expect(Object.keys((await errorOf(res)).fields ?? {}), JSON.stringify(fields)).toEqual([field]);
      }
    }
  });
});

describe("the profile", () => {
  it("changes the type, name and number; a changed name or number loses the check, the same values keep it", async () => {
    const { jar, user } = await signUpByPhone();
    const listing = await insertListing(user.id, { price: 4_100_000 + (user.id % 1000) });
    let res = await updateAdvertiser(jar, {
      advertiser_type: "agency",
      agency_name: "Stan i Kuća",
      licence_number: "512",
    });
    expect(res.status).toBe(200);
    expect((await res.json<{ data: ApiUser }>()).data.advertiser.licence).toBe("awaiting");
    expect((await confirm(user.id, "512")).status).toBe(200);
    expect((await profile(jar)).advertiser.licence).toBe("licensed");
    expect((await detail(listing)).advertiser).toMatchObject({ type: "agency", name: "Stan i Kuća", licensed: true });

    // Saved again unchanged: still licensed.
    res = await updateAdvertiser(jar, { advertiser_type: "agency", agency_name: "Stan i Kuća", licence_number: "512" });
    expect((await res.json<{ data: ApiUser }>()).data.advertiser.licence).toBe("licensed");

    // Another number: the badge is gone until a moderator checks it again.
    res = await updateAdvertiser(jar, { advertiser_type: "agency", agency_name: "Stan i Kuća", licence_number: "513" });
    expect((await res.json<{ data: ApiUser }>()).data.advertiser.licence).toBe("awaiting");
    expect((await card(listing))!.agency).toEqual({
      name: "Stan i Kuća",
      licensed: false,
      page: "/agency/stan-i-kuca/",
    });

    // Checked again, then another name: gone again.
    expect((await confirm(user.id, "513")).status).toBe(200);
    res = await updateAdvertiser(jar, {
      advertiser_type: "agency",
      agency_name: "Stan i Kuća 2",
      licence_number: "513",
    });
    expect((await res.json<{ data: ApiUser }>()).data.advertiser.licence).toBe("awaiting");
    expect((await detail(listing)).advertiser.licensed).toBe(false);

    // Back to a private owner: the agency's name leaves the listing, and coming back starts unchecked.
    expect((await confirm(user.id, "513")).status).toBe(200);
    res = await updateAdvertiser(jar, { advertiser_type: "owner" });
    expect((await res.json<{ data: ApiUser }>()).data.advertiser).toMatchObject({ type: "owner", licence: "none" });
    expect(await card(listing)).toMatchObject({ advertiser_type: "owner", agency: null });
    res = await updateAdvertiser(jar, {
      advertiser_type: "agency",
      agency_name: "Stan i Kuća 2",
      licence_number: "513",
    });
    expect((await res.json<{ data: ApiUser }>()).data.advertiser.licence).toBe("awaiting");
  });

  it("counts an account's changes: past the hour's allowance a 429, nothing changed", async () => {
    const { jar } = await signUpByPhone();
    for (let n = 0; n < ADVERTISER_CHANGES_PER_HOUR; n++) {
      const res = await updateAdvertiser(jar, {
        advertiser_type: "agency",
        agency_name: "Flip",
        licence_number: `${n}`,
      });
      expect(res.status).toBe(200);
    }
    const res = await updateAdvertiser(jar, { advertiser_type: "agency", agency_name: "Flop", licence_number: "99" });
    expect(res.status).toBe(429);
    expect((await profile(jar)).advertiser).toMatchObject({
      agency_name: "Flip",
      licence_number: `${ADVERTISER_CHANGES_PER_HOUR - 1}`,
    });
  });

  it("refuses a bad body with a 400 naming the field, and a guest with a 401", async () => {
    const { jar } = await signUpByPhone();
    const res = await updateAdvertiser(jar, { advertiser_type: "agency", licence_number: "77" });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({ agency_name: "validation.required" });
    const bad = await updateAdvertiser(jar, { advertiser_type: "agency", agency_name: "Dom", licence_number: "x" });
    expect(Object.keys((await errorOf(bad)).fields ?? {})).toEqual(["licence_number"]);
    const guest = await call("/api/cabinet/update-advertiser", { body: { advertiser_type: "owner" }, ip: uniqueIp() });
    expect(guest.status).toBe(401);
  });
});

describe("moderators' licence check", () => {
  it("is a 404 for guests, users and editors; moderators and admins may", async () => {
    const agency = await registerAs({ advertiser_type: "agency", agency_name: "Guarded", licence_number: "901" });
    const user = await signUpByPhone();
    const editor = await signUpByPhone();
    await grant(editor.user.id, "editor");
    const paths: [string, unknown?][] = [
      ["/api/admin/agencies"],
      [`/api/admin/agencies/${agency.user.id}`],
      [`/api/admin/agencies/${agency.user.id}/licence/confirm`, { licence_number: "901" }],
      [`/api/admin/agencies/${agency.user.id}/licence/refuse`, { licence_number: "901", reason: "not in register" }],
    ];
    for (const jar of [undefined, user.jar, editor.jar, agency.jar]) {
      for (const [path, body] of paths) {
        const res = await call(path, { body, jar, ip: uniqueIp() });
        expect(res.status, path).toBe(404);
      }
    }
    // Nobody of them checked it: no badge, no audit row.
    expect((await profile(agency.jar)).advertiser.licence).toBe("awaiting");
    expect(await auditRows(agency.user.id)).toEqual([]);

    const moderator = await signUpByPhone();
    await grant(moderator.user.id, "moderator");
    const list = await call("/api/admin/agencies", { jar: moderator.jar, ip: uniqueIp() });
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toContain("no-store");
    const items = (await list.json<AgenciesResponse>()).items;
    expect(items.find((item) => item.user_id === agency.user.id)).toMatchObject({
      agency_name: "Guarded",
      licence_number: "901",
      licence: "awaiting",
    });
    const res = await call(`/api/admin/agencies/${agency.user.id}/licence/confirm`, {
      body: { licence_number: "901" },
      jar: moderator.jar,
      ip: uniqueIp(),
    });
    expect(res.status).toBe(200);
    expect((await res.json<{ data: ApiAgencyCheck }>()).data.licence).toBe("licensed");
    const [row] = await auditRows(agency.user.id);
    expect(row).toMatchObject({ actor_id: moderator.user.id, action: "agency.licence_confirm", reason: null });
    expect(JSON.parse(row!.before)).toEqual({ licence: "awaiting", licence_number: "901", agency_name: "Guarded" });
    // Now listed as licensed, no longer awaiting.
    const awaiting = await (await asAdmin("/api/admin/agencies?state=awaiting&page=1")).json<AgenciesResponse>();
    expect(awaiting.items.map((item) => item.user_id)).not.toContain(agency.user.id);
    const licensed = await (await asAdmin("/api/admin/agencies?state=licensed")).json<AgenciesResponse>();
    expect(licensed.items.map((item) => item.user_id)).toContain(agency.user.id);
  });

  it("refuses with a reason the agency reads; a decided or changed number is a 409 and writes nothing", async () => {
    const agency = await registerAs({ advertiser_type: "agency", agency_name: "Refused Ltd", licence_number: "44" });
    const id = agency.user.id;
    // The moderator saw another number than the agency has now: nothing happens.
    let res = await confirm(id, "45");
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("licence_changed");
    expect(await auditRows(id)).toEqual([]);

    res = await refuse(id, "44", "Not in the register of brokers");
    expect(res.status).toBe(200);
    expect((await profile(agency.jar)).advertiser).toMatchObject({
      licence: "refused",
      licence_refused_reason: "Not in the register of brokers",
    });
    expect(await auditRows(id)).toMatchObject([
      { action: "agency.licence_refuse", reason: "Not in the register of brokers" },
    ]);
    // Decided already: neither a confirmation nor a second refusal.
    expect((await confirm(id, "44")).status).toBe(409);
    expect((await refuse(id, "44", "again and again")).status).toBe(409);
    expect(await auditRows(id)).toHaveLength(1);
    // A corrected number goes back to the list, without the old refusal.
    await updateAdvertiser(agency.jar, { advertiser_type: "agency", agency_name: "Refused Ltd", licence_number: "46" });
    expect((await profile(agency.jar)).advertiser).toMatchObject({ licence: "awaiting", licence_refused_reason: null });
    // A bad reason or a missing number is a 400 naming the field.
    res = await asAdmin(`/api/admin/agencies/${id}/licence/refuse`, { licence_number: "46", reason: "" });
    expect(Object.keys((await errorOf(res)).fields ?? {})).toEqual(["reason"]);
    res = await asAdmin(`/api/admin/agencies/${id}/licence/confirm`, {});
    expect(Object.keys((await errorOf(res)).fields ?? {})).toEqual(["licence_number"]);
  });
});

describe("fraud", () => {
  it("a moderator cannot check their own agency", async () => {
    const agency = await registerAs({ advertiser_type: "agency", agency_name: "Own Shop", licence_number: "1001" });
    await grant(agency.user.id, "moderator");
    const res = await call(`/api/admin/agencies/${agency.user.id}/licence/confirm`, {
      body: { licence_number: "1001" },
      jar: agency.jar,
      ip: uniqueIp(),
    });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("cannot_check_own");
    expect((await profile(agency.jar)).advertiser.licence).toBe("awaiting");
    expect(await auditRows(agency.user.id)).toEqual([]);
  });

  it("an owner never carries the badge: no check for an owner, and the database refuses one", async () => {
    const { jar, user } = await signUpByPhone();
    expect((await confirm(user.id, "123")).status).toBe(404);
    // Even written by hand, a check of an agency without a licence number is refused by the database.
    const other = await signUpByPhone();
    const bare = await env.DB.prepare(
      "INSERT INTO agencies (slug, account_id, name, created_at, updated_at) VALUES (?, ?, 'Bare', 1, 1) RETURNING id",
    )
      .bind(`bare-${other.user.id}`, other.user.id)
      .first<{ id: number }>();
    await expect(
      env.DB.prepare("UPDATE agencies SET licence_checked_at = 1 WHERE id = ?").bind(bare!.id).run(),
    ).rejects.toThrow(/licence_check_needs_agency/);
    const listing = await insertListing(user.id, { price: 4_200_000 + (user.id % 1000) });
    expect(await card(listing)).toMatchObject({ advertiser_type: "owner", agency: null });
    expect((await detail(listing)).advertiser).toMatchObject({ type: "owner", name: null, licensed: false });
    // Claiming the type in the profile gets the name shown, never the badge.
    await updateAdvertiser(jar, { advertiser_type: "agency", agency_name: "Self Made", licence_number: "123" });
    expect((await detail(listing)).advertiser).toMatchObject({ type: "agency", name: "Self Made", licensed: false });
  });

  it("a licensed agency's listings go with its block, and its search items say who offers", async () => {
    const agency = await registerAs({ advertiser_type: "agency", agency_name: "Blocked Homes", licence_number: "808" });
    expect((await confirm(agency.user.id, "808")).status).toBe(200);
    const price = 4_300_000 + (agency.user.id % 1000);
    const listing = await insertListing(agency.user.id, { price });
    const item = await searchItem(listing, price);
    expect(item).toMatchObject({ advertiser_type: "agency", agency: { name: "Blocked Homes", licensed: true } });
    const res = await asAdmin(`/api/admin/users/${agency.user.id}/block`, { reason: "fake agency" });
    expect(res.status).toBe(200);
    expect((await call(`/api/realty/${listing}`)).status).toBe(404);
    expect(await searchItem(listing, price)).toBeUndefined();
  });

  it("the detail shows who offers without the owner's phone or e-mail", async () => {
    const { user, phone } = await signUpByPhone({ name: "Private Person" });
    const listing = await insertListing(user.id, { price: 4_400_000 + (user.id % 1000) });
    const body = await (await call(`/api/realty/${listing}`)).text();
    expect(body).not.toContain(phone);
    const data = (JSON.parse(body) as { data: ApiListingDetail }).data;
    expect(data.advertiser_type).toBe("owner");
    expect(data.advertiser).toEqual({
      type: "owner",
      name: null,
      licensed: false,
      phone_verified: true,
      since: user.created_at,
    });
  });
});
