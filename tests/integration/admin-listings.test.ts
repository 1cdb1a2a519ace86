/**
 * The back office's listings (decision 062): moderators and admins find any listing
 * in any state, hide it (off the public site, the owner told why and unable to restore it) and restore it
 * — each change with its audit row and history entry. Also the people page's activity and a blocked
 * person's conversations, which take no more messages.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminListingsResponse, ApiAdminListing, ApiAdminUserActivity } from "#shared/api/admin-listings.ts";
import type { ApiOwnerListing } from "#shared/api/cabinet.ts";
import type { AuditResponse } from "#shared/api/staff.ts";
import { BROWSER_UA, ORIGIN } from "#tests/fixtures/requests.ts";
import {
  call,
  devSession,
  errorOf,
  Jar,
  passwordAccount,
  signUpByPhone,
  uniqueIp,
  type SignedIn,
} from "./auth-fixtures.ts";
import { insertConversation } from "./live-fixtures.ts";

let admin: string;
let moderator: SignedIn;

const grant = (userId: number, role: string) =>
  env.DB.prepare("INSERT INTO user_roles (user_id, role, granted_at) VALUES (?, ?, 0) ON CONFLICT DO NOTHING")
    .bind(userId, role)
    .run();
const modCall = (path: string, body?: unknown) => call(path, { body, jar: moderator.jar, ip: uniqueIp() });
const adminCall = (path: string, body?: unknown) => call(path, { body, headers: { cookie: admin }, ip: uniqueIp() });
const dataOf = async <T = ApiAdminListing>(res: Response) => (await res.json<{ data: T }>()).data;

/** A public listing of the seed, moved to a fresh owner of its own so each test works on its own one. */
async function publicListing(): Promise<{ id: number; price: number; owner: SignedIn }> {
  const owner = await signUpByPhone();
  const row = await env.DB.prepare(
    `UPDATE listings SET owner_id = ?1 WHERE id = (SELECT id FROM listings WHERE status = 'active'
       AND deleted_at IS NULL AND price IS NOT NULL AND owner_id IN (SELECT id FROM users WHERE email IS NOT NULL)
       ORDER BY id DESC LIMIT 1) RETURNING id, price`,
  )
    .bind(owner.user.id)
    .first<{ id: number; price: number }>();
  return { ...row!, owner };
}

const searchIds = async (price: number) => {
  const res = await call(`/api/realty/search?price_min=${price}&price_max=${price}&per_page=50`);
  expect(res.status).toBe(200);
  return (await res.json<{ items: { id: number }[] }>()).items.map((item) => item.id);
};

beforeAll(async () => {
  admin = await devSession("admin");
  moderator = await signUpByPhone({ name: "Moderator Mira" });
  await grant(moderator.user.id, "moderator");
});

describe("who may use it", () => {
  it("is a 404 for guests, users and editors on every path; moderators and admins get it", async () => {
    const editor = await signUpByPhone();
    await grant(editor.user.id, "editor");
    const user = await signUpByPhone();
    const paths: [string, unknown?][] = [
      ["/api/admin/listings?q=1"],
      ["/api/admin/listings/1"],
      ["/api/admin/listings/1/hide", { reason: "Fake photos" }],
      ["/api/admin/listings/1/restore", { reason: "Checked" }],
      [`/api/admin/users/${user.user.id}/activity`],
    ];
    for (const jar of [new Jar(), user.jar, editor.jar]) {
      for (const [path, body] of paths) {
        const res = await call(path, { body, jar, ip: uniqueIp() });
        expect(res.status, path).toBe(404);
        expect((await errorOf(res)).code).toBe("not_found");
      }
    }
    expect((await modCall("/api/admin/listings")).status).toBe(200);
    expect((await adminCall("/api/admin/listings")).status).toBe(200);
    // A person's activity is the admins' page: moderators do not get it.
    expect((await modCall(`/api/admin/users/${user.user.id}/activity`)).status).toBe(404);
    const unchanged = await env.DB.prepare(
      "SELECT count(*) AS n FROM listings WHERE staff_hidden_at IS NOT NULL",
    ).first<{
      n: number;
    }>();
    expect(unchanged!.n).toBe(0);
  });
});

describe("GET /api/admin/listings", () => {
  it("finds by id, owner and text, in any state, filtered by state, paged", async () => {
    const { id, owner } = await publicListing();
    await env.DB.prepare("UPDATE listings SET description = 'A rare Zvezdara-Findme terrace' WHERE id = ?")
      .bind(id)
      .run();
    const byId = await (await modCall(`/api/admin/listings?q=${id}`)).json<AdminListingsResponse>();
    expect(byId.items.map((l) => l.id)).toContain(id);
    expect(byId.items.find((l) => l.id === id)).toMatchObject({
      status: "active",
      owner: { id: owner.user.id, blocked: false },
      hidden: null,
      deleted: false,
    });
    const byOwner = await (await modCall(`/api/admin/listings?q=${owner.user.id}`)).json<AdminListingsResponse>();
    expect(byOwner.items.map((l) => l.id)).toContain(id);
    const byPhone = await (
      await modCall(`/api/admin/listings?q=${encodeURIComponent(owner.phone)}`)
    ).json<AdminListingsResponse>();
    expect(byPhone.items.map((l) => l.id)).toEqual([id]);
    const byText = await (await modCall("/api/admin/listings?q=zvezdara-FINDME")).json<AdminListingsResponse>();
    expect(byText).toMatchObject({ total: 1, page: 1, per_page: 20 });
    const drafts = await (await modCall("/api/admin/listings?state=draft")).json<AdminListingsResponse>();
    expect(drafts.items.every((l) => l.status === "draft")).toBe(true);
    const all = await (await modCall("/api/admin/listings?page=2")).json<AdminListingsResponse>();
    expect(all.items).toHaveLength(20);
    expect(all.total).toBeGreaterThan(40);
    expect((await modCall(`/api/admin/listings/${id}`)).headers.get("cache-control")).toBe("private, no-store");
    expect((await modCall("/api/admin/listings/987654321")).status).toBe(404);
  });

  it("names a bad field in a 400", async () => {
    for (const [query, field] of [
      [`q=${"x".repeat(101)}`, "q"],
      ["state=gone", "state"],
      ["page=0", "page"],
    ] as const) {
      const res = await modCall(`/api/admin/listings?${query}`);
      expect(res.status, query).toBe(400);
      expect((await errorOf(res)).fields).toHaveProperty(field);
    }
  });
});

describe("hide and restore", () => {
  it("takes a listing off the public site, tells its owner why, and a restore brings it back", async () => {
    const { id, price, owner } = await publicListing();
    expect((await call(`/api/realty/${id}`)).status).toBe(200);
    expect(await searchIds(price)).toContain(id);

    const hidden = await modCall(`/api/admin/listings/${id}/hide`, { reason: "Photos of another flat" });
    expect(hidden.status).toBe(200);
    expect(await dataOf(hidden)).toMatchObject({
      status: "archived",
      hidden: { reason: "Photos of another flat", from: "active" },
      path: null,
    });
    expect((await call(`/api/realty/${id}`)).status).toBe(404);
    expect(await searchIds(price)).not.toContain(id);
    const state = await modCall("/api/admin/listings?state=hidden");
    expect((await state.json<AdminListingsResponse>()).items.map((l) => l.id)).toEqual([id]);

    // The owner sees why, and cannot put it back themselves.
    const archive = await call("/api/cabinet/realties/archive", { jar: owner.jar });
    const card = (await archive.json<{ items: ApiOwnerListing[] }>()).items.find((l) => l.id === id)!;
    expect(card.hidden_by_staff).toEqual({ reason: "Photos of another flat" });
    expect(card.actions).not.toContain("restore");
    const ownRestore = await call(`/api/cabinet/realties/${id}/restore`, { body: {}, jar: owner.jar });
    expect(ownRestore.status).toBe(409);
    expect((await errorOf(ownRestore)).code).toBe("invalid_state");

    const twice = await modCall(`/api/admin/listings/${id}/hide`, { reason: "Photos of another flat" });
    expect(twice.status).toBe(409);
    expect((await errorOf(twice)).code).toBe("invalid_state");

    const restored = await modCall(`/api/admin/listings/${id}/restore`, { reason: "The owner sent real photos" });
    expect(restored.status).toBe(200);
    expect(await dataOf(restored)).toMatchObject({ status: "active", hidden: null });
    expect((await call(`/api/realty/${id}`)).status).toBe(200);
    expect(await searchIds(price)).toContain(id);
    const notHidden = await modCall(`/api/admin/listings/${id}/restore`, { reason: "Again" });
    expect(notHidden.status).toBe(409);
    expect((await errorOf(notHidden)).code).toBe("not_hidden");

    // One audit row and one history entry per change, with who and why.
    const audit = await (await adminCall(`/api/admin/audit?target=listing:${id}`)).json<AuditResponse>();
    expect(audit.items.map((e) => [e.action, e.reason])).toEqual([
      ["listing.restore", "The owner sent real photos"],
      ["listing.hide", "Photos of another flat"],
    ]);
    expect(audit.items[1]).toMatchObject({
      actor: { kind: "user", id: moderator.user.id },
      before: { status: "active", hidden: false },
      after: { status: "archived", hidden: true },
    });
    const history = await modCall(`/api/admin/realty/${id}/history`);
    const events = (await history.json<{ items: { status: string; reason: string | null }[] }>()).items;
    expect(events.slice(-2)).toEqual([
      expect.objectContaining({ status: "archived", reason: "hidden: Photos of another flat" }),
      expect.objectContaining({ status: "active", reason: "restored: The owner sent real photos" }),
    ]);
  });

  it("gives back the state it had: a listing waiting for review waits again", async () => {
    const { id } = await publicListing();
    await env.DB.prepare("UPDATE listings SET status = 'pending', submitted_at = 1 WHERE id = ?").bind(id).run();
    expect((await modCall(`/api/admin/listings/${id}/hide`, { reason: "Scam reports" })).status).toBe(200);
    const restored = await modCall(`/api/admin/listings/${id}/restore`, { reason: "Owner verified" });
    expect(await dataOf(restored)).toMatchObject({ status: "pending", hidden: null });
  });

  it("refuses bad input naming the field, drafts and deleted listings, and writes nothing", async () => {
    const { id } = await publicListing();
    for (const [body, field] of [
      [{}, "reason"],
      [{ reason: "no" }, "reason"],
      [{ reason: "x".repeat(501) }, "reason"],
      [{ reason: 42 }, "reason"],
    ] as const) {
      const res = await modCall(`/api/admin/listings/${id}/hide`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res)).fields).toHaveProperty(field);
    }
    const draft = await env.DB.prepare("SELECT id FROM listings WHERE status = 'draft' LIMIT 1").first<{
      id: number;
    }>();
    if (draft) {
      const res = await modCall(`/api/admin/listings/${draft.id}/hide`, { reason: "Spam draft" });
      expect(res.status).toBe(409);
    }
    await env.DB.prepare("UPDATE listings SET status = 'archived', deleted_at = 1 WHERE id = ?").bind(id).run();
    expect((await modCall(`/api/admin/listings/${id}/hide`, { reason: "Spam" })).status).toBe(409);
    expect((await modCall("/api/admin/listings/987654321/hide", { reason: "Spam" })).status).toBe(404);
    const rows = await env.DB.prepare(
      "SELECT count(*) AS n FROM audit_log WHERE target_kind = 'listing' AND target_id = ?",
    )
      .bind(String(id))
      .first<{ n: number }>();
    expect(rows!.n).toBe(0);
  });

  it("a blocked owner's listing stays hidden: restore waits for the unblock, which leaves hidden ones alone", async () => {
    const { id, owner } = await publicListing();
    expect((await modCall(`/api/admin/listings/${id}/hide`, { reason: "Fake" })).status).toBe(200);
    expect((await adminCall(`/api/admin/users/${owner.user.id}/block`, { reason: "Scammer" })).status).toBe(200);
    const refused = await modCall(`/api/admin/listings/${id}/restore`, { reason: "Checked" });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).code).toBe("owner_blocked");
    expect((await adminCall(`/api/admin/users/${owner.user.id}/unblock`, {})).status).toBe(200);
    expect(await dataOf(await modCall(`/api/admin/listings/${id}`))).toMatchObject({ status: "archived" });
    expect((await call(`/api/realty/${id}`)).status).toBe(404);
  });
});

describe("a person's activity and blocked people's conversations", () => {
  it("lists the person's listings, payments and reports", async () => {
    const { id, owner } = await publicListing();
    const reporter = await signUpByPhone();
    expect(
      (await call(`/api/realty/${id}/report`, { body: { reason: "fake", text: "" }, jar: reporter.jar })).status,
    ).toBeLessThan(300);
    const talk = await insertConversation(reporter.user.id, owner.user.id);
    await env.DB.prepare(
      "INSERT INTO conversation_reports (conversation_id, reporter_id, reason, text, created_at) VALUES (?, ?, 'spam', 'Ads', 5)",
    )
      .bind(talk.id, reporter.user.id)
      .run();
    const res = await adminCall(`/api/admin/users/${owner.user.id}/activity`);
    expect(res.status).toBe(200);
    const activity = await dataOf<ApiAdminUserActivity>(res);
    expect(activity.listings.map((l) => l.id)).toEqual([id]);
    expect(activity.listing_reports).toEqual([expect.objectContaining({ listing_id: id, reason: "fake" })]);
    expect(activity.conversation_reports).toEqual([
      expect.objectContaining({
        conversation_id: talk.id,
        reason: "spam",
        reporter: expect.objectContaining({ id: reporter.user.id }),
      }),
    ]);
    expect(activity.payments).toEqual([]);
    expect((await adminCall("/api/admin/users/987654321/activity")).status).toBe(404);
  });

  it("refuses messages to a blocked person, and takes them again after the unblock", async () => {
    const [person, other] = await Promise.all([signUpByPhone(), signUpByPhone()]);
    const talk = await insertConversation(other.user.id, person.user.id);
    const send = () =>
      call("/api/cabinet/messages/create", { body: { conversation_id: talk.id, text: "Hello?" }, jar: other.jar });
    expect((await send()).status).toBe(201);
    expect((await adminCall(`/api/admin/users/${person.user.id}/block`, { reason: "Spam" })).status).toBe(200);
    const refused = await send();
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).code).toBe("recipient_blocked");
    expect((await adminCall(`/api/admin/users/${person.user.id}/unblock`, {})).status).toBe(200);
    expect((await send()).status).toBe(201);
  });
});

describe("signing in to a blocked account", () => {
  it("the sign-in page (no JavaScript) says it is blocked and why, in the page's language", async () => {
    const account = await passwordAccount("blocked-page-2026");
    expect((await adminCall(`/api/admin/users/${account.id}/block`, { reason: "Fake <b>agency</b>" })).status).toBe(
      200,
    );
    const signIn = (path: string) =>
      SELF.fetch(`${ORIGIN}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "user-agent": BROWSER_UA,
          "cf-connecting-ip": uniqueIp(),
          origin: ORIGIN,
        },
        body: new URLSearchParams({
          mode: "signin",
          via: "email",
          intent: "login",
          identity: account.email,
          password: "blocked-page-2026",
        }),
      });
    const en = await signIn("/auth/");
    expect(en.status).toBe(403);
    const html = (await en.text()).replace(/<!-- -->/g, "");
    // The reason is text, never markup.
    expect(html).toContain("This account is blocked. Reason: Fake &lt;b&gt;agency&lt;/b&gt;");
    const ru = (await (await signIn("/ru/auth/")).text()).replace(/<!-- -->/g, "");
    expect(ru).toContain("Этот аккаунт заблокирован. Причина: Fake &lt;b&gt;agency&lt;/b&gt;");
  });
});

describe("the back office's pages without JavaScript", () => {
  const page = (path: string, cookie: string, body?: Record<string, string | string[]>) => {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(body ?? {})) {
      for (const one of [value].flat()) form.append(key, one);
    }
    return SELF.fetch(`${ORIGIN}${path}`, {
      method: body ? "POST" : "GET",
      redirect: "manual",
      headers: {
        "user-agent": BROWSER_UA,
        "cf-connecting-ip": uniqueIp(),
        origin: ORIGIN,
        cookie,
        ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: body ? form : undefined,
    });
  };
  const textOf = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "").replace(/&#x27;/g, "'");

  it("are a 404 for people without the role", async () => {
    expect((await page("/admin/users/", moderator.jar.header())).status).toBe(404);
    expect((await page("/admin/audit/", moderator.jar.header())).status).toBe(404);
    const user = await signUpByPhone();
    expect((await page("/admin/listings/", user.jar.header())).status).toBe(404);
    expect((await page("/admin/listings/", moderator.jar.header())).status).toBe(200);
  });

  it("block with a reason named beside its field, roles, and the last admin kept with a clear message", async () => {
    const person = await signUpByPhone({ name: "Pagetest Person" });
    const path = `/admin/users/${person.user.id}/`;
    const short = await page(path, admin, { intent: "block", reason: "x" });
    expect(short.status).toBe(400);
    expect(await textOf(short)).toMatch(/id="block-reason-error"[^>]*>[^<]*(at least|characters)/);
    const blocked = await page(path, admin, { intent: "block", reason: "Sells fake flats" });
    expect(blocked.status).toBe(302);
    expect(blocked.headers.get("location")).toBe(`${path}?done=block`);
    const shown = await textOf(await page(`${path}?done=block`, admin));
    expect(shown).toContain("The person is blocked");
    expect(shown).toContain("Sells fake flats");
    expect((await call("/api/account/data", { jar: person.jar })).status).toBe(403);

    const roles = await page(path, admin, { intent: "roles", role: ["moderator", "editor"] });
    expect(roles.status).toBe(302);
    const granted = await env.DB.prepare("SELECT role FROM user_roles WHERE user_id = ? ORDER BY role")
      .bind(person.user.id)
      .all();
    expect(granted.results).toEqual([{ role: "editor" }, { role: "moderator" }]);

    const adminId = (await env.DB.prepare("SELECT id FROM users WHERE email = 'admin@kvadrat.test'").first<{
      id: number;
    }>())!.id;
    const admins = await env.DB.prepare(
      `SELECT count(*) AS n FROM user_roles r JOIN users u ON u.id = r.user_id
       WHERE r.role = 'admin' AND u.blocked_at IS NULL AND u.deleted_at IS NULL`,
    ).first<{ n: number }>();
    // The development admin is the only one in this file's database.
    expect(admins!.n).toBe(1);
    const demote = await page(`/admin/users/${adminId}/`, admin, { intent: "roles", role: "moderator" });
    expect(demote.status).toBe(409);
    expect(await textOf(demote)).toMatch(/id="roles-error"[^>]*>[^<]*without an active administrator/);
  });

  it("the audit log shows who did what with the values before and after, filtered", async () => {
    const person = await signUpByPhone();
    await adminCall(`/api/admin/users/${person.user.id}/roles`, { roles: ["editor"] });
    const html = await textOf(await page(`/admin/audit/?kind=user&id=${person.user.id}`, admin));
    expect(html).toContain("user.roles");
    // The roles before (none) and after, as a table row rather than JSON.
    expect(html).toMatch(/<code>roles<\/code><\/th><td>—<\/td><td>editor<\/td>/);
    const bad = await textOf(await page("/admin/audit/?from=yesterday", admin));
    expect(bad).toMatch(/id="audit-from-error"/);
  });
});
