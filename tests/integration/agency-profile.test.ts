/**
 * The agency's profile and its conversations (decision 104): managers edit the profile field by field
 * (400 naming the field; a changed licence number waits for the moderator's check again) and its logo
 * through the profile pictures' pipeline; managers see the agency's listings and read and answer their
 * conversations — an agent only its own, nobody else any, and a manager removed from the agency loses
 * them at once, open sockets included.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiAgencyCheck } from "#shared/api/advertiser.ts";
import type { ApiAgencyProfile, ApiMyAgency } from "#shared/api/agency.ts";
import type { Single } from "#shared/api/conventions.ts";
import { LIVE_CLOSE_SESSION_ENDED } from "#shared/live-protocol.ts";
import { sniffPhoto } from "#worker/workflows/photo-sniff.ts";
import { gradientPng, SMALL_JPEG, withExif } from "#tests/fixtures/photos.ts";
import { BROWSER_UA } from "#tests/fixtures/requests.ts";
import { call, devSession, errorOf, ORIGIN, signUpByPhone, type SignedIn, uniqueIp } from "./auth-fixtures.ts";
import { mustOpen, openLive } from "./live-fixtures.ts";
import { as, contactsOf, countOf, json, pair, type Thread, threadOf, write } from "./messages-helpers.ts";

const asWho = (who: SignedIn, path: string, body?: unknown, method?: string) =>
  call(path, { body, jar: who.jar, ip: who.ip, method });
const dataOf = async <T>(res: Response) => (await res.json<{ data: T }>()).data;
const patch = (who: SignedIn, body: unknown) => asWho(who, "/api/agency", body, "PATCH");
const publicProfile = async (slug: string) => dataOf<ApiAgencyProfile>(await call(`/api/agency/${slug}`));
let names = 0;

/** A new agency: its founding manager (the licence account), id and slug. */
async function agency() {
  const founder = await signUpByPhone({ name: "Founding Manager" });
  const res = await asWho(founder, "/api/agency", {
    name: `Agencija Profil ${Date.now() % 100000}-${++names}`,
    licence_number: "360-00-00123/2014-10",
  });
  expect(res.status).toBe(201);
  return { founder, ...(await dataOf<{ id: number; slug: string }>(res)) };
}

/** A new account made a member of the agency (as an accepted invitation would). */
async function memberOf(agencyId: number, role: "manager" | "agent", name = `A ${role}`) {
  const who = await signUpByPhone({ name });
  await env.DB.prepare("INSERT INTO agency_members (agency_id, user_id, role, joined_at) VALUES (?, ?, ?, ?)")
    .bind(agencyId, who.user.id, role, Date.now())
    .run();
  return who;
}

function logo(who: SignedIn, bytes: Uint8Array, name = "logo.png", type = "image/png") {
  const form = new FormData();
  form.set("image", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return SELF.fetch(`${ORIGIN}/api/agency/logo`, {
    method: "POST",
    body: form,
    headers: {
      cookie: who.jar.header(),
      "x-requested-with": "XMLHttpRequest",
      origin: ORIGIN,
      "cf-connecting-ip": who.ip,
    },
  });
}

describe("PATCH /api/agency", () => {
  it("a manager writes every field; the public profile and the cabinet show them", async () => {
    const { founder, slug, id } = await agency();
    const manager = await memberOf(id, "manager");
    const res = await patch(manager, {
      address: "  Bulevar kralja Aleksandra 73, Beograd ",
      phones: ["064 123 4567", "+381 11 3234567"],
      website: "https://Agencija.example.rs/o-nama",
      languages: ["sr", "en", "ru", "en"],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const mine = await dataOf<ApiMyAgency>(res);
    expect(mine.profile).toMatchObject({
      address: "Bulevar kralja Aleksandra 73, Beograd",
      phones: ["+381641234567", "+381113234567"],
      website: "https://agencija.example.rs/o-nama",
      languages: ["sr", "en", "ru"],
      logo: null,
    });
    expect(await publicProfile(slug)).toMatchObject({
      address: "Bulevar kralja Aleksandra 73, Beograd",
      phones: ["+381641234567", "+381113234567"],
      website: "https://agencija.example.rs/o-nama",
      languages: ["sr", "en", "ru"],
      logo: null,
    });
    // Removing: an empty address or website, an empty list.
    expect((await patch(founder, { address: null, website: "", phones: [], languages: [] })).status).toBe(200);
    expect(await publicProfile(slug)).toMatchObject({ address: null, website: null, phones: [], languages: [] });
  });

  it("answers 400 naming each bad field, and writes nothing", async () => {
    const { founder, slug } = await agency();
    const cases: [unknown, string][] = [
      [{ website: "http://agencija.example.rs" }, "website"],
      [{ website: "https://user:secret@agencija.example.rs" }, "website"],
      [{ website: "https://localhost" }, "website"],
      [{ website: "javascript:alert(1)" }, "website"],
      [{ phones: ["call me"] }, "phones.0"],
      [{ phones: ["064 123 4567", "12"] }, "phones.1"],
      [{ phones: ["0641234567", "0641234568", "0641234569", "0641234560"] }, "phones"],
      [{ languages: ["sr", "klingon"] }, "languages.1"],
      [{ languages: "sr" }, "languages"],
      [{ address: "x".repeat(201) }, "address"],
      [{ address: "<script>" }, "address"],
      [{ name: "" }, "name"],
      [{ licence_number: "no digits" }, "licence_number"],
      [{}, "body"],
    ];
    for (const [body, field] of cases) {
      const res = await patch(founder, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res)).fields, JSON.stringify(body)).toHaveProperty([field]);
    }
    expect(await publicProfile(slug)).toMatchObject({ address: null, website: null, phones: [], languages: [] });
  });

  it("only a manager of the agency: an agent 403, someone outside 403, a guest 401", async () => {
    const { id, slug } = await agency();
    const agent = await memberOf(id, "agent");
    const outsider = await signUpByPhone();
    const other = await agency();
    for (const who of [agent, outsider, other.founder]) {
      const res = await patch(who, { address: "Hijacked 1" });
      // The other agency's manager edits their own agency, never this one.
      if (who === other.founder) expect(res.status).toBe(200);
      else expect(res.status).toBe(403);
    }
    expect((await call("/api/agency", { body: { address: "x" }, method: "PATCH" })).status).toBe(401);
    // An agent's cabinet shows the agency, neither its members nor the profile's licence number.
    expect(await dataOf<ApiMyAgency>(await asWho(agent, "/api/cabinet/agency"))).toMatchObject({
      role: "agent",
      members: null,
      profile: null,
    });
    expect((await publicProfile(slug)).address).toBeNull();
    // A cookie write from another site is refused before anything is read.
    const forged = await call("/api/agency", {
      body: { address: "x" },
      method: "PATCH",
      jar: other.founder.jar,
      sameOrigin: false,
      headers: { origin: "https://evil.example" },
    });
    expect(forged.status).toBe(403);
  });

  it("a changed licence number (or name) waits for the moderator's check again; the same one keeps it", async () => {
    const { founder, slug, id } = await agency();
    const manager = await memberOf(id, "manager");
    const admin = await devSession("admin");
    // The moderator's check of decision 087, on the number they looked up.
    const confirm = async () => {
      const check = await dataOf<ApiAgencyCheck>(
        await call(`/api/admin/agencies/${founder.user.id}`, { headers: { cookie: admin }, ip: uniqueIp() }),
      );
      expect(check.licence).toBe("awaiting");
      const res = await call(`/api/admin/agencies/${founder.user.id}/licence/confirm`, {
        body: { licence_number: check.licence_number },
        headers: { cookie: admin },
        ip: uniqueIp(),
      });
      expect(res.status).toBe(200);
    };
    await confirm();
    expect(await publicProfile(slug)).toMatchObject({ licence: "licensed", licensed: true });
    // The same number, re-sent with the rest of the form: still licensed.
    expect((await patch(manager, { licence_number: "360-00-00123/2014-10", address: "Nova 1" })).status).toBe(200);
    expect(await publicProfile(slug)).toMatchObject({ licence: "licensed", licensed: true });
    const changed = await patch(manager, { licence_number: "360-00-00999/2020-10" });
    expect(changed.status).toBe(200);
    expect((await dataOf<ApiMyAgency>(changed)).profile).toMatchObject({
      licence: "awaiting",
      licence_number: "360-00-00999/2020-10",
    });
    expect(await publicProfile(slug)).toMatchObject({ licence: "awaiting", licensed: false });
    // Back in the moderators' queue, with the new number: confirmed again, then renamed.
    await confirm();
    expect((await patch(founder, { name: "Renamed Agency" })).status).toBe(200);
    expect(await publicProfile(slug)).toMatchObject({ name: "Renamed Agency", licence: "awaiting" });
  });
});

describe("the cabinet's form, without JavaScript", () => {
  it("a refused post names the field and keeps what was typed; a good one redirects to its outcome", async () => {
    const { founder, slug } = await agency();
    const post = (website: string) =>
      SELF.fetch(`${ORIGIN}/cabinet/agency/`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "user-agent": BROWSER_UA,
          "cf-connecting-ip": founder.ip,
          origin: ORIGIN,
          cookie: founder.jar.header(),
        },
        body: new URLSearchParams([
          ["name", "Agencija Forma"],
          ["licence_number", "360-00-00123/2014-10"],
          ["address", "Bulevar oslobođenja 10, Novi Sad"],
          ["phones", ""],
          ["phones", "011 323 4567"],
          ["phones", ""],
          ["website", website],
          ["languages", "en"],
          ["languages", "ru"],
          ["intent", "profile"],
        ]),
      });
    const refused = await post("https://localhost");
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain("Enter a website address starting with https://");
    expect(page).toContain('value="Bulevar oslobođenja 10, Novi Sad"');
    // The phone given in the second box is shown in the first: the boxes hold the list as sent.
    expect(page).toContain('value="011 323 4567"');
    const saved = await post("https://agencija.example.rs");
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/cabinet/agency/?done=profile");
    // The form speaks each language, what was saved in it.
    for (const [path, words] of [
      ["/ru/cabinet/agency/", ["Адрес офиса", "Сохранить профиль", "Телефон 1", "английский"]],
      ["/sr/cabinet/agency/", ["Adresa kancelarije", "Sačuvaj profil", "Telefon 1", "srpski"]],
    ] as const) {
      const shown = await (
        await SELF.fetch(`${ORIGIN}${path}`, { headers: { "user-agent": BROWSER_UA, cookie: founder.jar.header() } })
      ).text();
      for (const word of words) expect(shown, `${path} ${word}`).toContain(word);
      expect(shown).toContain('value="+381113234567"');
    }
    expect(await publicProfile(slug)).toMatchObject({
      name: "Agencija Forma",
      address: "Bulevar oslobođenja 10, Novi Sad",
      phones: ["+381113234567"],
      website: "https://agencija.example.rs/",
      languages: ["en", "ru"],
    });
  });
});

describe("the logo", () => {
  it(
    "goes through the photo pipeline: square WebP variants, no metadata; replaced and removed files leave R2",
    {
      timeout: 20_000,
    },
    async () => {
      const { id, slug } = await agency();
      const manager = await memberOf(id, "manager");
      const before = (await env.PHOTOS.list()).objects.length;
      const first = await logo(manager, withExif(SMALL_JPEG, 6), "logo.jpg", "image/jpeg");
      expect(first.status, await first.clone().text()).toBe(200);
      const small = (await dataOf<ApiMyAgency>(first)).profile!.logo!;
      expect(small.url).toMatch(/^\/photos\/[0-9a-f]{32}-48\.webp$/);
      const served = new Uint8Array(await (await SELF.fetch(`${ORIGIN}${small.url}`)).arrayBuffer());
      expect(sniffPhoto(served)).toMatchObject({ format: "webp", width: 48, height: 48 });
      expect(new TextDecoder("latin1").decode(served)).not.toContain("Exif");
      expect((await publicProfile(slug)).logo).toEqual(small);

      const second = await logo(manager, await gradientPng(500, 400));
      expect(second.status).toBe(200);
      const large = (await dataOf<ApiMyAgency>(second)).profile!.logo!;
      expect(large.variants.map((v) => v.width)).toEqual([96, 192, 384]);
      expect((await SELF.fetch(`${ORIGIN}${small.url}`)).status).toBe(404);
      expect((await env.PHOTOS.list()).objects.length).toBe(before + 3);

      const removed = await asWho(manager, "/api/agency/logo", undefined, "DELETE");
      expect(removed.status).toBe(200);
      expect((await dataOf<ApiMyAgency>(removed)).profile!.logo).toBeNull();
      expect((await env.PHOTOS.list()).objects.length).toBe(before);
    },
  );

  it("refuses junk naming `image` and anyone but a manager, storing nothing", async () => {
    const { id } = await agency();
    const manager = await memberOf(id, "manager");
    const agent = await memberOf(id, "agent");
    const before = (await env.PHOTOS.list()).objects.length;
    const junk = await logo(manager, new TextEncoder().encode("not a picture"));
    expect(junk.status).toBe(415);
    expect((await errorOf(junk)).fields).toHaveProperty("image");
    const json = await asWho(manager, "/api/agency/logo", { image: "https://example.rs/a.png" });
    expect(json.status).toBe(400);
    expect((await errorOf(json)).fields).toHaveProperty("image");
    expect((await logo(agent, await gradientPng(100, 100))).status).toBe(403);
    expect((await logo(await signUpByPhone(), await gradientPng(100, 100))).status).toBe(403);
    expect((await env.PHOTOS.list()).objects.length).toBe(before);
  });
});

describe("the agency's listings and conversations", () => {
  let team: Awaited<ReturnType<typeof agency>>;
  let manager: SignedIn;
  let agent: SignedIn;
  let colleague: SignedIn;
  let visitor: SignedIn;
  let stranger: SignedIn;
  let listingId: number;
  let conversationId: number;

  beforeAll(async () => {
    team = await agency();
    manager = await memberOf(team.id, "manager", "Manager Marko");
    colleague = await memberOf(team.id, "agent", "Agent Bojan");
    const talk = await pair({ owner: "Agent Ana", visitor: "Vera Visitor" });
    agent = talk.owner;
    visitor = talk.visitor;
    listingId = talk.listing.id;
    await env.DB.prepare("INSERT INTO agency_members (agency_id, user_id, role, joined_at) VALUES (?, ?, 'agent', ?)")
      .bind(team.id, agent.user.id, Date.now())
      .run();
    await env.DB.prepare("UPDATE listings SET agency_id = ? WHERE id = ?").bind(team.id, listingId).run();
    stranger = (await agency()).founder;
    conversationId = (await write(visitor, { realty_id: listingId }, "Is the flat still available?")).conversation_id;
  });

  const listed = async (who: SignedIn) => (await contactsOf(who, { per_page: 50 })).items.map((c) => c.id);

  it("managers see the agent's listing among theirs; another agent does not", async () => {
    const ids = async (who: SignedIn) => {
      const res = await asWho(who, "/api/cabinet/realties/active", { per_page: 50 });
      expect(res.status).toBe(200);
      return (await res.json<{ items: { id: number }[] }>()).items.map((item) => item.id);
    };
    expect(await ids(manager)).toContain(listingId);
    expect(await ids(team.founder)).toContain(listingId);
    expect(await ids(agent)).toContain(listingId);
    expect(await ids(colleague)).not.toContain(listingId);
    expect(await ids(stranger)).not.toContain(listingId);
  });

  it("the message reaches the agent; the managers read it; another agent and another agency do not", async () => {
    expect(await listed(agent)).toContain(conversationId);
    expect(await countOf(agent)).toBe(1);
    const seen = (await contactsOf(manager, { per_page: 50 })).items.find((c) => c.id === conversationId);
    expect(seen).toMatchObject({ role: "owner", other: { id: visitor.user.id } });
    const thread = await threadOf(manager, { conversation_id: conversationId });
    expect(thread.items.map((m) => [m.text, m.from_me])).toEqual([["Is the flat still available?", false]]);
    for (const who of [colleague, stranger]) {
      expect(await listed(who)).not.toContain(conversationId);
      expect((await as(who).list({ conversation_id: conversationId })).status).toBe(404);
      expect((await as(who).create({ conversation_id: conversationId, text: "Hi" })).status).toBe(404);
      expect((await as(who).delivered(conversationId, 999_999)).status).toBe(404);
      expect((await as(who).block(conversationId, true)).status).toBe(404);
    }
    // A manager's reading is not the agent's: the agent's unread count and read position stay.
    expect((await as(manager).delivered(conversationId, 999_999)).status).toBe(200);
    expect(await countOf(agent)).toBe(1);
  });

  it("a manager answers as the listing's side: the visitor gets it, the agent sees it as their side's", async () => {
    const answer = await write(manager, { conversation_id: conversationId }, "Yes, come on Saturday.");
    expect(answer).toMatchObject({ sender_id: manager.user.id, from_me: true });
    expect(await countOf(visitor)).toBe(1);
    const visitorThread = await threadOf(visitor, { conversation_id: conversationId });
    // A thread's page comes newest first.
    expect(visitorThread.items[0]).toMatchObject({ text: "Yes, come on Saturday.", from_me: false });
    expect(visitorThread.conversation.other.id).toBe(agent.user.id);
    const agentThread = await json<Thread>(as(agent).list({ conversation_id: conversationId }));
    expect(agentThread.items.map((m) => [m.text, m.from_me])).toEqual([
      ["Yes, come on Saturday.", true],
      ["Is the flat still available?", false],
    ]);
    // The visitor's reply goes to the agent, and the manager reads it too.
    await write(visitor, { conversation_id: conversationId }, "Great, see you.");
    expect(await countOf(agent)).toBe(2);
    expect((await threadOf(manager, { conversation_id: conversationId })).items[0]).toMatchObject({
      text: "Great, see you.",
      from_me: false,
    });
  });

  it("on the messages page, without JavaScript, the manager finds the conversation and answers it", async () => {
    const back = `/cabinet/messages/?c=${conversationId}`;
    const list = await (
      await SELF.fetch(`${ORIGIN}/cabinet/messages/`, {
        headers: { "user-agent": BROWSER_UA, cookie: manager.jar.header() },
      })
    ).text();
    expect(list).toContain(`data-id="${conversationId}"`);
    const res = await SELF.fetch(`${ORIGIN}${back}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "user-agent": BROWSER_UA,
        "cf-connecting-ip": manager.ip,
        origin: ORIGIN,
        cookie: manager.jar.header(),
      },
      body: new URLSearchParams({
        intent: "reply",
        conversation_id: String(conversationId),
        text: "Answered from the page.",
        redirect_to: back,
      }),
    });
    expect(res.status).toBeLessThan(400);
    expect((await threadOf(visitor, { conversation_id: conversationId })).items[0]).toMatchObject({
      text: "Answered from the page.",
      sender_id: manager.user.id,
      from_me: false,
    });
    // Another agency's manager posting the same form gets nothing written.
    const forged = await SELF.fetch(`${ORIGIN}${back}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "user-agent": BROWSER_UA,
        "cf-connecting-ip": stranger.ip,
        origin: ORIGIN,
        cookie: stranger.jar.header(),
      },
      body: new URLSearchParams({
        intent: "reply",
        conversation_id: String(conversationId),
        text: "Injected.",
        redirect_to: back,
      }),
    });
    expect(forged.status).toBeGreaterThanOrEqual(400);
    expect((await threadOf(visitor, { conversation_id: conversationId })).items[0]!.text).toBe(
      "Answered from the page.",
    );
  });

  it("forged ids: a manager reaches no conversation outside the agency's listings", async () => {
    const elsewhere = await pair();
    const foreign = (await write(elsewhere.visitor, { realty_id: elsewhere.listing.id }, "Hello")).conversation_id;
    expect((await as(manager).list({ conversation_id: foreign })).status).toBe(404);
    expect((await as(manager).create({ conversation_id: foreign, text: "Hi" })).status).toBe(404);
    expect((await openLive({ cookie: manager.jar.header(), conversationId: foreign })).res.status).toBe(404);
    expect(await listed(manager)).not.toContain(foreign);
    expect((await threadOf(elsewhere.owner, { conversation_id: foreign })).items).toHaveLength(1);
  });

  it("a manager removed from the agency loses its conversations at once, the open socket too", async () => {
    const leaving = await memberOf(team.id, "manager", "Leaving Lena");
    expect(await listed(leaving)).toContain(conversationId);
    const socket = await mustOpen({ cookie: leaving.jar.header(), conversationId });
    const stays = await mustOpen({ cookie: manager.jar.header(), conversationId });
    const removed = await asWho(team.founder, `/api/agency/members/${leaving.user.id}`, undefined, "DELETE");
    expect(removed.status).toBe(204);
    expect((await socket.closed).code).toBe(LIVE_CLOSE_SESSION_ENDED);
    expect((await as(leaving).list({ conversation_id: conversationId })).status).toBe(404);
    expect((await as(leaving).create({ conversation_id: conversationId, text: "Still here?" })).status).toBe(404);
    expect(await listed(leaving)).not.toContain(conversationId);
    expect((await openLive({ cookie: leaving.jar.header(), conversationId })).res.status).toBe(404);
    // The manager who stays still hears the conversation.
    await write(visitor, { conversation_id: conversationId }, "One more question.");
    const heard = await stays.received(1);
    expect(heard[0]).toMatchObject({ type: "message", message: { text: "One more question." } });
    stays.close();
  });

  it("the visitor's side is unchanged: one conversation with the agent", async () => {
    const items = (await contactsOf(visitor, { per_page: 50 })).items.filter((c) => c.listing.id === listingId);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ role: "visitor", other: { id: agent.user.id } });
    const single = await json<Single<{ unread: number }>>(as(visitor).count());
    expect(single.data.unread).toBeGreaterThanOrEqual(1);
  });
});
