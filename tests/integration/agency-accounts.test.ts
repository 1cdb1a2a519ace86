/**
 * Agencies as teams (decision 098): founding an agency, its public profile, invitations by e-mail (single
 * use, bound to the address, telling nothing about accounts), removing members (never the last manager),
 * the rate limits, and who may act on an agency's listings (managers all, agents their own). The
 * moderators' licence check on a founded agency is decision 087's, through the same account.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import {
  AGENCY_ACCEPTS_PER_HOUR,
  AGENCY_CREATES_PER_HOUR,
  AGENCY_INVITES_PER_HOUR,
  AGENCY_INVITES_PER_RECIPIENT_PER_DAY,
  AGENCY_REMOVALS_PER_HOUR,
  type ApiAgencyMember,
  type ApiAgencyProfile,
  agencySlugOf,
} from "#shared/api/agency.ts";
import type { ApiAgencyCheck } from "#shared/api/advertiser.ts";
import type { ApiUser } from "#shared/api/auth.ts";
import {
  call,
  devSession,
  errorOf,
  outbox,
  signUpByPhone,
  type SignedIn,
  uniqueEmail,
  uniqueIp,
} from "./auth-fixtures.ts";
import { insertListing } from "./listing-fixtures.ts";
import { setRateLimitCount } from "./rate-limit-fixtures.ts";

let admin: string;
beforeAll(async () => {
  admin = await devSession("admin");
});

const as = (who: SignedIn, path: string, body?: unknown, method?: string) =>
  call(path, { body, jar: who.jar, ip: who.ip, method });
const dataOf = async <T>(res: Response) => (await res.json<{ data: T }>()).data;
let names = 0;
const uniqueName = () => `Agencija Test ${Date.now() % 100000}-${++names}`;

/** A new account that founds an agency; the account and the agency's id and slug. */
async function founder(name = uniqueName()) {
  const who = await signUpByPhone({ name: "Manager Mila" });
  const res = await as(who, "/api/agency", { name, licence_number: "360-00-00123/2014-10" });
  expect(res.status).toBe(201);
  return { who, ...(await dataOf<{ id: number; slug: string }>(res)) };
}

/** Gives the account a confirmed e-mail address (as the profile's verification would); the address. */
async function withEmail(who: SignedIn, email = uniqueEmail()) {
  await env.DB.prepare("UPDATE users SET email = ?, email_verified_at = 1 WHERE id = ?").bind(email, who.user.id).run();
  return email;
}

/** The token of the last invitation e-mailed to `email`. */
async function inviteToken(email: string) {
  const mail = (await outbox(email)).find((item) => item.purpose === "agency_invite");
  expect(mail).toBeDefined();
  return /[?&]invite=([A-Za-z0-9_-]{43})/.exec(mail!.body)![1]!;
}

/** Invites a new account (with an e-mail) as `role` and has it accept; the member. */
async function member(manager: SignedIn, role: "agent" | "manager") {
  const who = await signUpByPhone({ name: `New ${role}` });
  const email = await withEmail(who);
  expect((await as(manager, "/api/agency/members", { email, role })).status).toBe(202);
  const res = await as(who, "/api/agency/invites/accept", { token: await inviteToken(email) });
  expect(res.status).toBe(200);
  return who;
}

const profile = (slug: string) => call(`/api/agency/${slug}`);
const membersOf = async (manager: SignedIn) =>
  (await dataOf<{ members: ApiAgencyMember[] }>(await as(manager, "/api/cabinet/agency"))).members;

describe("the slug", () => {
  it("is the name in Latin letters, Cyrillic transliterated and diacritics dropped", () => {
    expect(agencySlugOf("Nekretnine Čukarica d.o.o.")).toBe("nekretnine-cukarica-d-o-o");
    expect(agencySlugOf("Агенција Ђурђевић")).toBe("agencija-djurdjevic");
    expect(agencySlugOf("Недвижимость «Дом»")).toBe("nedvizimost-dom");
    expect(agencySlugOf("«»")).toBe("agency");
    // The API's own words under /api/agency/ are no slug.
    expect(agencySlugOf("Feeds")).toBe("feeds-agency");
    expect(agencySlugOf("Members")).toBe("members-agency");
  });
});

describe("POST /api/agency", () => {
  it("founds an agency with the caller as its manager, advertising as it and awaiting the licence check", async () => {
    const name = `Агенција Ђурђевић ${Date.now() % 100000}`;
    const { who, id, slug } = await founder(name);
    expect(slug).toBe(agencySlugOf(name));
    const me = await dataOf<{ id: number; role: string; slug: string }>(await as(who, "/api/cabinet/agency"));
    expect(me).toMatchObject({ id, slug, role: "manager", name });
    const user = await dataOf<ApiUser>(await as(who, "/api/cabinet/user"));
    expect(user.advertiser).toMatchObject({ type: "agency", agency_name: name, licence: "awaiting" });
  });

  it("makes a taken slug unique with a numbered suffix", async () => {
    const name = uniqueName();
    const first = await founder(name);
    const second = await founder(name);
    expect(first.slug).toBe(agencySlugOf(name));
    expect(second.slug).toBe(`${agencySlugOf(name)}-2`);
  });

  it("refuses bad input with a 400 naming the field, a guest with a 401", async () => {
    const who = await signUpByPhone();
    for (const [body, field] of [
      [{ licence_number: "123" }, "name"],
      [{ name: "<b>x</b>", licence_number: "123" }, "name"],
      [{ name: "Good Name" }, "licence_number"],
      [{ name: "Good Name", licence_number: "no digits" }, "licence_number"],
    ] as const) {
      const res = await as(who, "/api/agency", body);
      expect(res.status).toBe(400);
      expect(Object.keys((await errorOf(res)).fields!)).toContain(field);
    }
    expect((await call("/api/agency", { body: { name: "Guest", licence_number: "1" } })).status).toBe(401);
  });

  it("refuses a second agency to its manager and to a member (409), changing nothing", async () => {
    const { who, slug } = await founder();
    const res = await as(who, "/api/agency", { name: uniqueName(), licence_number: "77" });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("already_member");
    const agent = await member(who, "agent");
    expect((await as(agent, "/api/agency", { name: uniqueName(), licence_number: "78" })).status).toBe(409);
    expect((await dataOf<ApiAgencyProfile>(await profile(slug))).members).toBe(2);
  });

  it("is a cross-site write refused (CSRF) and counted per account (429)", async () => {
    const who = await signUpByPhone();
    const csrf = await call("/api/agency", {
      body: { name: uniqueName(), licence_number: "1" },
      jar: who.jar,
      ip: who.ip,
      sameOrigin: false,
    });
    expect(csrf.status).toBe(403);
    expect((await as(who, "/api/agency", {})).status).toBe(400);
    await setRateLimitCount(`agency_create:user:${who.user.id}`, AGENCY_CREATES_PER_HOUR);
    const res = await as(who, "/api/agency", { name: uniqueName(), licence_number: "1" });
    expect(res.status).toBe(429);
    expect(await dataOf<null>(await as(who, "/api/cabinet/agency"))).toBeNull();
  });
});

describe("GET /api/agency/{slug}", () => {
  it("shows the profile: name, licence state and badge, members, active listings", async () => {
    const { who, slug, id } = await founder();
    await insertListing(who.user.id);
    await env.DB.prepare("UPDATE listings SET agency_id = ? WHERE owner_id = ?").bind(id, who.user.id).run();
    await insertListing(who.user.id, { status: "archived" });
    const data = await dataOf<ApiAgencyProfile>(await profile(slug));
    expect(data).toMatchObject({ id, slug, licence: "awaiting", licensed: false, members: 1, active_listings: 1 });
    expect(data).not.toHaveProperty("licence_number");
  });

  it("carries the badge once a moderator confirmed the licence on /admin/agencies/ (decision 087)", async () => {
    const { who, slug } = await founder();
    const check = await dataOf<ApiAgencyCheck>(
      await call(`/api/admin/agencies/${who.user.id}`, { headers: { cookie: admin }, ip: uniqueIp() }),
    );
    expect(check.licence).toBe("awaiting");
    const confirmed = await call(`/api/admin/agencies/${who.user.id}/licence/confirm`, {
      body: { licence_number: check.licence_number },
      headers: { cookie: admin },
      ip: uniqueIp(),
    });
    expect(confirmed.status).toBe(200);
    expect(await dataOf<ApiAgencyProfile>(await profile(slug))).toMatchObject({ licence: "licensed", licensed: true });
  });

  it("shows the seeded agencies: each agency account its agency's manager, its listings the agency's", async () => {
    const seeded = await env.DB.prepare(
      `SELECT a.slug, a.name, (SELECT count(*) FROM listings l WHERE l.owner_id = u.id
         AND l.agency_id IS NOT a.id) AS stray
       FROM agencies a JOIN users u ON u.id = a.account_id WHERE u.id < 1000 ORDER BY u.id LIMIT 1`,
    ).first<{ slug: string; name: string; stray: number }>();
    expect(seeded).not.toBeNull();
    expect(seeded!.slug).toBe(agencySlugOf(seeded!.name));
    expect(seeded!.stray).toBe(0);
    const res = await profile(seeded!.slug);
    expect(res.status).toBe(200);
    expect((await dataOf<ApiAgencyProfile>(res)).name).toBe(seeded!.name);
  });

  it("answers 404 for an unknown agency and for one whose account is blocked", async () => {
    expect((await profile("no-such-agency-anywhere")).status).toBe(404);
    const { who, slug } = await founder();
    await env.DB.prepare("UPDATE users SET blocked_at = 1 WHERE id = ?").bind(who.user.id).run();
    expect((await profile(slug)).status).toBe(404);
  });
});

describe("invitations", () => {
  it("e-mail a single-use link; accepting makes the signed-in account a member with its listings", async () => {
    const { who: manager, id, slug } = await founder();
    const agent = await signUpByPhone({ name: "Agent Ana" });
    const email = await withEmail(agent);
    const listing = await insertListing(agent.user.id);
    const sent = await as(manager, "/api/agency/members", { email, role: "agent" });
    expect(sent.status).toBe(202);
    const token = await inviteToken(email);
    const accepted = await as(agent, "/api/agency/invites/accept", { token });
    expect(accepted.status).toBe(200);
    expect(await dataOf(accepted)).toEqual({ id, slug, role: "agent" });
    expect((await membersOf(manager)).map((m) => [m.user_id, m.role])).toEqual([
      [manager.user.id, "manager"],
      [agent.user.id, "agent"],
    ]);
    const row = await env.DB.prepare("SELECT agency_id FROM listings WHERE id = ?").bind(listing).first();
    expect(row).toEqual({ agency_id: id });
    // Used once: the same link again, or by anyone else, is refused.
    const again = await as(agent, "/api/agency/invites/accept", { token });
    expect(again.status).toBe(404);
    expect((await errorOf(again)).fields).toEqual({ token: "agency.invite.invalid" });
  });

  it("answer the same for an address with an account and one without (no enumeration)", async () => {
    const { who: manager } = await founder();
    const known = await signUpByPhone();
    const knownEmail = await withEmail(known);
    const unknownEmail = uniqueEmail();
    const answers = [];
    for (const email of [knownEmail, unknownEmail]) {
      const res = await as(manager, "/api/agency/members", { email, role: "agent" });
      answers.push({ status: res.status, body: JSON.stringify(await res.json()).replace(email, "E") });
      expect((await outbox(email)).filter((m) => m.purpose === "agency_invite")).toHaveLength(1);
    }
    expect(answers[0]).toEqual(answers[1]);
  });

  it("are bound to the address: another account with the token is refused (403), the invitation kept", async () => {
    const { who: manager } = await founder();
    const email = uniqueEmail();
    await as(manager, "/api/agency/members", { email, role: "manager" });
    const token = await inviteToken(email);
    const thief = await signUpByPhone();
    await withEmail(thief);
    const res = await as(thief, "/api/agency/invites/accept", { token });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("invite_other_email");
    const noEmail = await signUpByPhone();
    expect((await as(noEmail, "/api/agency/invites/accept", { token })).status).toBe(403);
    const owner = await signUpByPhone();
    await withEmail(owner, email);
    expect((await as(owner, "/api/agency/invites/accept", { token })).status).toBe(200);
  });

  it("expire", async () => {
    const { who: manager } = await founder();
    const invitee = await signUpByPhone();
    const email = await withEmail(invitee);
    await as(manager, "/api/agency/members", { email, role: "agent" });
    const token = await inviteToken(email);
    await env.DB.prepare("UPDATE agency_invites SET expires_at = 1 WHERE email = ?").bind(email).run();
    expect((await as(invitee, "/api/agency/invites/accept", { token })).status).toBe(404);
  });

  it("never make a member of two agencies (409), the invitation left unused", async () => {
    const first = await founder();
    const second = await founder();
    const agent = await member(first.who, "agent");
    const email = (await env.DB.prepare("SELECT email FROM users WHERE id = ?").bind(agent.user.id).first<{
      email: string;
    }>())!.email;
    await as(second.who, "/api/agency/members", { email, role: "manager" });
    const res = await as(agent, "/api/agency/invites/accept", { token: await inviteToken(email) });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("already_member");
    const used = await env.DB.prepare("SELECT used_at FROM agency_invites WHERE agency_id = ? AND email = ?")
      .bind(second.id, email)
      .first();
    expect(used).toEqual({ used_at: null });
  });

  it("are sent by managers only: an agent and an outsider get 403, a guest 401", async () => {
    const { who: manager } = await founder();
    const agent = await member(manager, "agent");
    const outsider = await signUpByPhone();
    for (const who of [agent, outsider]) {
      const res = await as(who, "/api/agency/members", { email: uniqueEmail(), role: "agent" });
      expect(res.status).toBe(403);
    }
    expect((await call("/api/agency/members", { body: { email: uniqueEmail(), role: "agent" } })).status).toBe(401);
    expect((await call("/api/agency/invites/accept", { body: { token: "x".repeat(43) } })).status).toBe(401);
  });

  it("refuse bad input with a 400 naming the field", async () => {
    const { who: manager } = await founder();
    for (const [body, field] of [
      [{ email: "not-an-address", role: "agent" }, "email"],
      [{ email: uniqueEmail(), role: "owner" }, "role"],
    ] as const) {
      const res = await as(manager, "/api/agency/members", body);
      expect(res.status).toBe(400);
      expect(Object.keys((await errorOf(res)).fields!)).toEqual([field]);
    }
    const res = await as(manager, "/api/agency/invites/accept", { token: "short" });
    expect(res.status).toBe(400);
    expect(Object.keys((await errorOf(res)).fields!)).toEqual(["token"]);
  });

  it("are counted per account: past the hour's allowance a 429 and no mail", async () => {
    const { who: manager } = await founder();
    expect((await as(manager, "/api/agency/members", { email: uniqueEmail(), role: "agent" })).status).toBe(202);
    await setRateLimitCount(`agency_invite:user:${manager.user.id}`, AGENCY_INVITES_PER_HOUR);
    const email = uniqueEmail();
    expect((await as(manager, "/api/agency/members", { email, role: "agent" })).status).toBe(429);
    expect(await outbox(email)).toHaveLength(0);
    // However many agencies invite one address, it receives at most its day's allowance.
    const target = uniqueEmail();
    for (let n = 0; n < AGENCY_INVITES_PER_RECIPIENT_PER_DAY; n++) {
      const { who } = await founder();
      expect((await as(who, "/api/agency/members", { email: target, role: "agent" })).status).toBe(202);
    }
    const { who: another } = await founder();
    const flooded = await as(another, "/api/agency/members", { email: target.toUpperCase(), role: "agent" });
    expect(flooded.status).toBe(429);
    expect(await outbox(target)).toHaveLength(AGENCY_INVITES_PER_RECIPIENT_PER_DAY);
    const guesser = await signUpByPhone();
    expect((await as(guesser, "/api/agency/invites/accept", { token: "y".repeat(43) })).status).toBe(404);
    await setRateLimitCount(`agency_accept:user:${guesser.user.id}`, AGENCY_ACCEPTS_PER_HOUR);
    expect((await as(guesser, "/api/agency/invites/accept", { token: "y".repeat(43) })).status).toBe(429);
  });
});

describe("DELETE /api/agency/members/{user_id}", () => {
  it("removes a member, whose listings are their own again", async () => {
    const { who: manager, slug } = await founder();
    const agent = await member(manager, "agent");
    const listing = await insertListing(agent.user.id);
    await env.DB.prepare(
      "UPDATE listings SET agency_id = (SELECT agency_id FROM agency_members WHERE user_id = ?1) WHERE id = ?2",
    )
      .bind(agent.user.id, listing)
      .run();
    const res = await as(manager, `/api/agency/members/${agent.user.id}`, undefined, "DELETE");
    expect(res.status).toBe(204);
    expect((await dataOf<ApiAgencyProfile>(await profile(slug))).members).toBe(1);
    expect(await env.DB.prepare("SELECT agency_id FROM listings WHERE id = ?").bind(listing).first()).toEqual({
      agency_id: null,
    });
    expect(await dataOf(await as(agent, "/api/cabinet/agency"))).toBeNull();
  });

  it("never removes the last manager nor the licence account (409); another manager may leave", async () => {
    const { who: founderAccount } = await founder();
    const self = await as(founderAccount, `/api/agency/members/${founderAccount.user.id}`, undefined, "DELETE");
    expect(self.status).toBe(409);
    expect((await errorOf(self)).code).toBe("licence_holder");
    const second = await member(founderAccount, "manager");
    expect((await as(second, `/api/agency/members/${founderAccount.user.id}`, undefined, "DELETE")).status).toBe(409);
    expect((await as(second, `/api/agency/members/${second.user.id}`, undefined, "DELETE")).status).toBe(204);
    // A lone manager who is not the licence account (the founder's membership gone by hand) stays.
    const { who: lone } = await founder();
    const other = await member(lone, "manager");
    await env.DB.prepare("DELETE FROM agency_members WHERE user_id = ?").bind(lone.user.id).run();
    const last = await as(other, `/api/agency/members/${other.user.id}`, undefined, "DELETE");
    expect(last.status).toBe(409);
    expect((await errorOf(last)).code).toBe("last_manager");
  });

  it("is for managers of the member's own agency: 403 for an agent, 404 for another agency's member, 401 for a guest", async () => {
    const a = await founder();
    const b = await founder();
    const agentA = await member(a.who, "agent");
    const agentB = await member(b.who, "agent");
    expect((await as(agentA, `/api/agency/members/${a.who.user.id}`, undefined, "DELETE")).status).toBe(403);
    expect((await as(a.who, `/api/agency/members/${agentB.user.id}`, undefined, "DELETE")).status).toBe(404);
    expect((await call(`/api/agency/members/${agentA.user.id}`, { method: "DELETE" })).status).toBe(401);
    const bad = await as(a.who, "/api/agency/members/abc", undefined, "DELETE");
    expect(bad.status).toBe(400);
    expect(Object.keys((await errorOf(bad)).fields!)).toEqual(["user_id"]);
  });

  it("is counted per account (429)", async () => {
    const { who: manager } = await founder();
    const agent = await member(manager, "agent");
    expect((await as(manager, "/api/agency/members/999999999", undefined, "DELETE")).status).toBe(404);
    await setRateLimitCount(`agency_remove:user:${manager.user.id}`, AGENCY_REMOVALS_PER_HOUR);
    expect((await as(manager, `/api/agency/members/${agent.user.id}`, undefined, "DELETE")).status).toBe(429);
    expect(await membersOf(manager)).toHaveLength(2);
  });
});

describe("the agency's listings", () => {
  // The wizard's draft takes the next id after the fixtures' listings: those are inserted first.
  it("a manager acts on an agent's listing in the cabinet (archive); an agent cannot on another's", async () => {
    const { who: manager, id: agencyId } = await founder();
    const agent = await member(manager, "agent");
    const otherAgent = await member(manager, "agent");
    const listing = await insertListing(agent.user.id);
    await env.DB.prepare("UPDATE listings SET agency_id = ? WHERE id = ?").bind(agencyId, listing).run();
    expect((await as(otherAgent, `/api/cabinet/realties/${listing}/archive`, {})).status).toBe(404);
    expect((await as(manager, `/api/cabinet/realties/${listing}/archive`, {})).status).toBe(200);
    expect(await env.DB.prepare("SELECT status FROM listings WHERE id = ?").bind(listing).first()).toEqual({
      status: "archived",
    });
  });

  it("a manager sees and edits an agent's listing; an agent is refused another agent's", async () => {
    const { who: manager } = await founder();
    const agent = await member(manager, "agent");
    const otherAgent = await member(manager, "agent");
    const created = await as(agent, "/api/realty/edit/type", { type_id: 4 });
    expect(created.status).toBe(201);
    const id = (await dataOf<{ id: number }>(created)).id;
    const row = await env.DB.prepare(
      "SELECT l.agency_id, m.agency_id AS member_of FROM listings l, agency_members m WHERE l.id = ? AND m.user_id = ?",
    )
      .bind(id, agent.user.id)
      .first<{ agency_id: number; member_of: number }>();
    expect(row!.agency_id).toBe(row!.member_of);

    expect((await as(manager, `/api/realty/edit/${id}`)).status).toBe(200);
    const edited = await as(manager, "/api/realty/edit/description", {
      id,
      description: "Edited by the agency's manager: a bright flat near the park.",
      lang: "en",
    });
    expect(edited.status).toBe(200);
    expect(await env.DB.prepare("SELECT owner_id FROM listings WHERE id = ?").bind(id).first()).toEqual({
      owner_id: agent.user.id,
    });

    // The photos too: the manager lists them, the other agent is refused.
    expect((await as(manager, `/api/realty/edit/${id}/images`)).status).toBe(200);
    expect((await as(otherAgent, `/api/realty/edit/${id}/images`)).status).toBe(404);
    expect((await as(otherAgent, `/api/realty/edit/${id}`)).status).toBe(404);
    expect(
      (await as(otherAgent, "/api/realty/edit/description", { id, description: "x".repeat(40), lang: "en" })).status,
    ).toBe(404);
    const outsider = await founder();
    expect((await as(outsider.who, `/api/realty/edit/${id}`)).status).toBe(404);
  });
});
