/**
 * The back office's people and audit API (decisions 057 and 058): admins only (404 for
 * everyone else, moderators included), find, block (sessions end at once, listings off the site, signed-in
 * calls 403, sign-in told why), unblock (the listings back), roles (the last admin kept), the audit log.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminUsersResponse, ApiAdminUser, AuditResponse } from "#shared/api/staff.ts";
import { LIVE_CLOSE_SESSION_ENDED } from "#shared/live-protocol.ts";
import { ORIGIN } from "#tests/fixtures/requests.ts";
import {
  call,
  devSession,
  errorOf,
  Jar,
  passwordAccount,
  signUpBearer,
  signUpByPhone,
  uniqueIp,
} from "./auth-fixtures.ts";
import { insertConversation, mustOpen, openLive } from "./live-fixtures.ts";

let admin: string;
let adminId: number;

const as = (cookie: string) => ({ headers: { cookie }, ip: uniqueIp() });
const adminCall = (path: string, body?: unknown) => call(path, { body, ...as(admin) });
const grant = (userId: number, role: string) =>
  env.DB.prepare("INSERT INTO user_roles (user_id, role, granted_at) VALUES (?, ?, 0) ON CONFLICT DO NOTHING")
    .bind(userId, role)
    .run();
const activeAdmins = async () =>
  (await env.DB.prepare(
    `SELECT count(*) AS n FROM user_roles r JOIN users u ON u.id = r.user_id
     WHERE r.role = 'admin' AND u.blocked_at IS NULL AND u.deleted_at IS NULL`,
  ).first<{ n: number }>())!.n;
const dataOf = async (res: Response) => (await res.json<{ data: ApiAdminUser }>()).data;

beforeAll(async () => {
  admin = await devSession("admin");
  adminId = (await env.DB.prepare("SELECT id FROM users WHERE email = 'admin@kvadrat.test'").first<{ id: number }>())!
    .id;
});

describe("who may use it", () => {
  it("is a 404 for guests, users, moderators and editors alike, on every path", async () => {
    const moderator = await signUpByPhone({ name: "Mod Mila" });
    await grant(moderator.user.id, "moderator");
    await grant(moderator.user.id, "editor");
    const user = await signUpByPhone();
    const paths: [string, unknown?][] = [
      ["/api/admin/users?q=a"],
      ["/api/admin/audit"],
      [`/api/admin/users/${user.user.id}/block`, { reason: "spam spam" }],
      [`/api/admin/users/${user.user.id}/unblock`, {}],
      [`/api/admin/users/${moderator.user.id}/roles`, { roles: ["admin"] }],
    ];
    for (const jar of [new Jar(), user.jar, moderator.jar]) {
      for (const [path, body] of paths) {
        const res = await call(path, { body, jar, ip: uniqueIp() });
        expect(res.status, path).toBe(404);
        expect((await errorOf(res)).code).toBe("not_found");
      }
    }
    // The moderator did not become an admin.
    const roles = await env.DB.prepare("SELECT role FROM user_roles WHERE user_id = ? ORDER BY role")
      .bind(moderator.user.id)
      .all();
    expect(roles.results).toEqual([{ role: "editor" }, { role: "moderator" }]);
  });

  it("moderators keep the moderation queue; editors do not get it", async () => {
    const moderator = await signUpByPhone();
    expect((await call("/api/admin/realty/moderation", { jar: moderator.jar })).status).toBe(404);
    await grant(moderator.user.id, "editor");
    expect((await call("/api/admin/realty/moderation", { jar: moderator.jar })).status).toBe(404);
    await grant(moderator.user.id, "moderator");
    expect((await call("/api/admin/realty/moderation", { jar: moderator.jar })).status).toBe(200);
    expect((await call("/api/admin/messages/reports", { jar: moderator.jar })).status).toBe(200);
    expect((await call("/api/account/data", { jar: moderator.jar })).status).toBe(200);
  });

  it("a cookie POST from another origin is refused before anything (CSRF)", async () => {
    const user = await signUpByPhone();
    const res = await call(`/api/admin/users/${user.user.id}/block`, {
      body: { reason: "cross site" },
      headers: { cookie: admin, origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("csrf_rejected");
  });
});

describe("GET /api/admin/users", () => {
  it("finds by id, phone, e-mail and name, with roles, block and listing count, paged", async () => {
    const person = await signUpByPhone({ name: "Zorana Findme" });
    const byName = await adminCall("/api/admin/users?q=findme");
    expect(byName.status).toBe(200);
    const body = await byName.json<AdminUsersResponse>();
    expect(body).toMatchObject({ total: 1, page: 1, per_page: 20 });
    expect(body.items[0]).toMatchObject({
      id: person.user.id,
      name: "Zorana Findme",
      roles: [],
      blocked: false,
      listing_count: 0,
    });
    const byPhone = await (
      await adminCall(`/api/admin/users?q=${encodeURIComponent(person.phone)}`)
    ).json<AdminUsersResponse>();
    expect(byPhone.items.map((u) => u.id)).toContain(person.user.id);
    const byId = await (await adminCall(`/api/admin/users?q=${person.user.id}`)).json<AdminUsersResponse>();
    expect(byId.items.map((u) => u.id)).toContain(person.user.id);
    const byEmail = await (await adminCall("/api/admin/users?q=ADMIN@kvadrat")).json<AdminUsersResponse>();
    expect(byEmail.items[0]).toMatchObject({ id: adminId, roles: ["admin"] });
    const owner = await (await adminCall("/api/admin/users?q=user@kvadrat.test")).json<AdminUsersResponse>();
    expect(owner.items[0]!.listing_count).toBeGreaterThan(3);
    // LIKE's wildcards are plain characters here.
    expect((await (await adminCall("/api/admin/users?q=%25")).json<AdminUsersResponse>()).total).toBe(0);
    const all = await (await adminCall("/api/admin/users?page=2")).json<AdminUsersResponse>();
    expect(all.items).toHaveLength(20);
    expect(all.total).toBeGreaterThan(40);
  });

  it("reads one person by id; an unknown one is a 404", async () => {
    const one = await adminCall(`/api/admin/users/${adminId}`);
    expect(one.status).toBe(200);
    expect(one.headers.get("cache-control")).toBe("private, no-store");
    expect(await dataOf(one)).toMatchObject({ id: adminId, roles: ["admin"], blocked: false });
    expect((await adminCall("/api/admin/users/987654321")).status).toBe(404);
  });

  it("names a bad field in a 400", async () => {
    const res = await adminCall(`/api/admin/users?q=${"x".repeat(101)}`);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toHaveProperty("q");
    expect((await errorOf(await adminCall("/api/admin/users?page=0"))).fields).toHaveProperty("page");
  });
});

describe("POST /api/admin/users/{id}/block and unblock", () => {
  it("ends the open sessions at once: cookies, access and refresh tokens stop working", async () => {
    const web = await signUpByPhone();
    const bearer = await signUpBearer();
    expect((await call("/api/account/data", { jar: web.jar })).status).toBe(200);
    // The cookies as the open page still holds them (each answer below clears them; a replay keeps them).
    const cookies = web.jar.header();
    const withCookies = { headers: { cookie: cookies } };
    for (const id of [web.user.id, bearer.data.user.id]) {
      const res = await adminCall(`/api/admin/users/${id}/block`, { reason: "Scam offers to many people" });
      expect(res.status).toBe(200);
      expect(await dataOf(res)).toMatchObject({ id, blocked: true, blocked_reason: "Scam offers to many people" });
    }
    const page = await call("/api/account/data", withCookies);
    expect(page.status).toBe(403);
    expect(await errorOf(page)).toMatchObject({ code: "account_blocked" });
    const access = await call("/api/account/data", { headers: { authorization: `Bearer ${bearer.access_token}` } });
    expect(access.status).toBe(403);
    const refresh = await call("/api/auth/refresh-token", {
      headers: { authorization: `Bearer ${bearer.refresh_token}`, "x-auth-mode": "bearer" },
    });
    expect(refresh.status).toBe(401);
    // Messages and payments are refused with the clear code.
    const message = await call("/api/cabinet/messages/create", {
      body: { realty_id: 1, text: "Hello" },
      ...withCookies,
    });
    expect(message.status).toBe(403);
    expect((await errorOf(message)).code).toBe("account_blocked");
    const payment = await call("/api/cabinet/payment/intent", { body: { product: "reveal" }, ...withCookies });
    expect(payment.status).toBe(403);
    expect((await errorOf(payment)).code).toBe("account_blocked");
    const revoked = await env.DB.prepare(
      "SELECT count(*) AS n FROM refresh_tokens WHERE user_id = ? AND revoked_at IS NULL",
    )
      .bind(web.user.id)
      .first<{ n: number }>();
    expect(revoked!.n).toBe(0);
  });

  it("closes the person's open live sockets at once", async () => {
    const [person, other] = await Promise.all([signUpByPhone(), signUpByPhone()]);
    const talk = await insertConversation(person.user.id, other.user.id);
    const thread = await mustOpen({ cookie: person.jar.header(), conversationId: talk.id });
    const header = await mustOpen({ cookie: person.jar.header() });
    const otherSide = await mustOpen({ cookie: other.jar.header(), conversationId: talk.id });
    expect((await adminCall(`/api/admin/users/${person.user.id}/block`, { reason: "Harassment" })).status).toBe(200);
    expect(await thread.closed).toMatchObject({ code: LIVE_CLOSE_SESSION_ENDED });
    expect(await header.closed).toMatchObject({ code: LIVE_CLOSE_SESSION_ENDED });
    otherSide.socket.close();
    // A new socket is refused too.
    const again = await openLive({ cookie: person.jar.header(), conversationId: talk.id });
    expect(again.live).toBeUndefined();
    expect(again.res.status).toBe(403);
  });

  it("tells the person on their next sign-in that they are blocked, and why, in their language", async () => {
    const account = await passwordAccount("blocked-person-2026");
    await adminCall(`/api/admin/users/${account.id}/block`, { reason: "Fake listings" });
    const login = (locale: string, password = "blocked-person-2026") =>
      call("/api/auth/login", {
        body: { login: account.email, password },
        headers: { "accept-language": locale },
        ip: uniqueIp(),
      });
    const ru = await login("ru");
    expect(ru.status).toBe(403);
    expect(await errorOf(ru)).toMatchObject({
      code: "account_blocked",
      message: "Этот аккаунт заблокирован. Причина: Fake listings",
    });
    expect((await errorOf(await login("sr"))).message).toBe("Ovaj nalog je blokiran. Razlog: Fake listings");
    // A wrong password learns nothing about the block.
    expect((await errorOf(await login("en", "wrong-password-x"))).code).toBe("invalid_credentials");
  });

  it("hides the person's listings from the public and unblocking brings exactly those back", async () => {
    const owner = await env.DB.prepare(
      `SELECT owner_id AS id FROM listings WHERE status = 'active' AND owner_id > 2 GROUP BY owner_id
       HAVING count(*) >= 1 ORDER BY owner_id LIMIT 1`,
    ).first<{ id: number }>();
    const listings = await env.DB.prepare("SELECT id FROM listings WHERE owner_id = ? AND status = 'active'")
      .bind(owner!.id)
      .all<{ id: number }>();
    const archivedBefore = await env.DB.prepare(
      "SELECT count(*) AS n FROM listings WHERE owner_id = ? AND status = 'archived'",
    )
      .bind(owner!.id)
      .first<{ n: number }>();
    const first = listings.results[0]!.id;
    expect((await call(`/api/realty/${first}`)).status).toBe(200);
    expect((await adminCall(`/api/admin/users/${owner!.id}/block`, { reason: "Duplicate agency" })).status).toBe(200);
    for (const { id } of listings.results) expect((await call(`/api/realty/${id}`)).status).toBe(404);
    const again = await adminCall(`/api/admin/users/${owner!.id}/block`, { reason: "Duplicate agency" });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("already_blocked");

    const unblocked = await adminCall(`/api/admin/users/${owner!.id}/unblock`, {});
    expect(unblocked.status).toBe(200);
    expect(await dataOf(unblocked)).toMatchObject({ blocked: false, blocked_reason: null });
    for (const { id } of listings.results) expect((await call(`/api/realty/${id}`)).status).toBe(200);
    const archivedAfter = await env.DB.prepare(
      "SELECT count(*) AS n FROM listings WHERE owner_id = ? AND status = 'archived'",
    )
      .bind(owner!.id)
      .first<{ n: number }>();
    expect(archivedAfter!.n).toBe(archivedBefore!.n);
    const notBlocked = await adminCall(`/api/admin/users/${owner!.id}/unblock`, {});
    expect(notBlocked.status).toBe(409);
    expect((await errorOf(notBlocked)).code).toBe("not_blocked");
    // Each change has its audit row, with who, why and the request id.
    const audit = await (await adminCall(`/api/admin/audit?target=user:${owner!.id}`)).json<AuditResponse>();
    expect(audit.items.map((e) => e.action)).toEqual(["user.unblock", "user.block"]);
    expect(audit.items[1]).toMatchObject({
      actor: { kind: "user", id: adminId },
      reason: "Duplicate agency",
      before: { blocked: false },
      after: { blocked: true },
    });
    expect(audit.items[1]!.request_id).toBeTruthy();
  });

  it("refuses a reason missing, too short or too long, an unknown user, and blocking oneself", async () => {
    const user = await signUpByPhone();
    for (const body of [{}, { reason: "  " }, { reason: "x".repeat(501) }, { reason: 5 }]) {
      const res = await adminCall(`/api/admin/users/${user.user.id}/block`, body);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).fields).toHaveProperty("reason");
    }
    const missing = await adminCall("/api/admin/users/987654321/block", { reason: "Nobody at all" });
    expect(missing.status).toBe(404);
    expect((await adminCall("/api/admin/users/987654321/unblock", {})).status).toBe(404);
    expect((await adminCall("/api/admin/users/abc/block", { reason: "Nobody at all" })).status).toBe(400);
    const self = await adminCall(`/api/admin/users/${adminId}/block`, { reason: "Myself, by mistake" });
    expect(self.status).toBe(409);
    expect((await errorOf(self)).code).toBe("cannot_block_self");
    // Free text keeps no invisible controls.
    const res = await adminCall(`/api/admin/users/${user.user.id}/block`, { reason: "Spam\u202e links" });
    expect((await dataOf(res)).blocked_reason).toBe("Spam links");
  });
});

describe("POST /api/admin/users/{id}/roles", () => {
  it("sets the full set of roles, audited, and the person's access follows at once", async () => {
    const person = await signUpByPhone();
    const set = await adminCall(`/api/admin/users/${person.user.id}/roles`, { roles: ["editor", "moderator"] });
    expect(set.status).toBe(200);
    expect((await dataOf(set)).roles).toEqual(["moderator", "editor"]);
    expect((await call("/api/admin/realty/moderation", { jar: person.jar })).status).toBe(200);
    const cleared = await adminCall(`/api/admin/users/${person.user.id}/roles`, { roles: [] });
    expect((await dataOf(cleared)).roles).toEqual([]);
    expect((await call("/api/admin/realty/moderation", { jar: person.jar })).status).toBe(404);
    const audit = await (
      await adminCall(`/api/admin/audit?target=user:${person.user.id}&action=user.roles&actor=${adminId}`)
    ).json<AuditResponse>();
    expect(audit.items.map((e) => [e.before, e.after])).toEqual([
      [{ roles: ["moderator", "editor"] }, { roles: [] }],
      [{ roles: [] }, { roles: ["moderator", "editor"] }],
    ]);
  });

  it("refuses unknown roles and repeats (400 naming roles) and unknown users (404)", async () => {
    const person = await signUpByPhone();
    for (const roles of [["owner"], ["admin", "admin"], "admin", null]) {
      const res = await adminCall(`/api/admin/users/${person.user.id}/roles`, { roles });
      expect(res.status).toBe(400);
      expect(Object.keys((await errorOf(res)).fields ?? {}).some((f) => f.startsWith("roles"))).toBe(true);
    }
    expect((await adminCall("/api/admin/users/987654321/roles", { roles: [] })).status).toBe(404);
  });

  it("keeps the last active admin: not demoted, not blocked; with a second admin either may go", async () => {
    const demote = await adminCall(`/api/admin/users/${adminId}/roles`, { roles: ["moderator"] });
    expect(demote.status).toBe(409);
    expect((await errorOf(demote)).code).toBe("last_admin");
    expect((await env.DB.prepare("SELECT role FROM user_roles WHERE user_id = ?").bind(adminId).all()).results).toEqual(
      [{ role: "admin" }],
    );
    // Two admins demoting themselves at once: exactly one succeeds, one admin stays.
    const second = await signUpByPhone({ name: "Second Admin" });
    expect((await adminCall(`/api/admin/users/${second.user.id}/roles`, { roles: ["admin"] })).status).toBe(200);
    const [first, other] = await Promise.all([
      adminCall(`/api/admin/users/${adminId}/roles`, { roles: [] }),
      call(`/api/admin/users/${second.user.id}/roles`, { body: { roles: [] }, jar: second.jar }),
    ]);
    expect([first.status, other.status].sort()).toEqual([200, 409]);
    expect(await activeAdmins()).toBe(1);
    // Two admins blocking each other at once: one is blocked, the other stays (the loser is refused: 409
    // `last_admin` inside the database, or the 404 of the back office when its own block came first).
    await grant(adminId, "admin");
    await grant(second.user.id, "admin");
    const [blocksSecond, blocksFirst] = await Promise.all([
      adminCall(`/api/admin/users/${second.user.id}/block`, { reason: "Takeover try" }),
      call(`/api/admin/users/${adminId}/block`, { body: { reason: "Takeover try" }, jar: second.jar }),
    ]);
    const statuses = [blocksSecond.status, blocksFirst.status];
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(
      statuses.filter((status) => [403, 404, 409].includes(status)),
      String(statuses),
    ).toHaveLength(1);
    expect(await activeAdmins()).toBe(1);
    if (blocksFirst.status === 200) {
      await env.DB.prepare("UPDATE users SET blocked_at = NULL, blocked_reason = NULL WHERE id = ?")
        .bind(adminId)
        .run();
      admin = await devSession("admin");
    }
  });
});

describe("GET /api/admin/audit", () => {
  it("filters by actor, action, target and period, pages, and the table refuses changes", async () => {
    const person = await signUpByPhone();
    await adminCall(`/api/admin/users/${person.user.id}/roles`, { roles: ["editor"] });
    const all = await (await adminCall("/api/admin/audit")).json<AuditResponse>();
    expect(all).toMatchObject({ page: 1, per_page: 50 });
    expect(all.total).toBeGreaterThan(0);
    const future = await (await adminCall("/api/admin/audit?from=2100-01-01")).json<AuditResponse>();
    expect(future.total).toBe(0);
    const ops = await (await adminCall("/api/admin/audit?actor=ops")).json<AuditResponse>();
    expect(ops.items.every((e) => e.actor.kind === "ops")).toBe(true);
    for (const bad of ["actor=me", "from=yesterday", "target=user:1:2", "from=2026-02-01&to=2026-01-01", "page=-1"]) {
      const res = await adminCall(`/api/admin/audit?${bad}`);
      expect(res.status, bad).toBe(400);
    }
    await expect(env.DB.prepare("UPDATE audit_log SET reason = 'x'").run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare("DELETE FROM audit_log").run()).rejects.toThrow(/append-only/);
  });
});

describe("the API's address", () => {
  it("answers JSON 404s for unknown admin paths", async () => {
    const res = await SELF.fetch(`${ORIGIN}/api/admin/nothing`, { headers: { cookie: admin } });
    expect(res.status).toBe(404);
  });
});
