/**
 * A manager's unread count (decision 109): the agency's conversations a manager reads and answers count
 * as the messages list shows them (the agent's unread count), in the API's count, the header's badge and
 * the person's live channel; a member who leaves the agency stops counting them, and nothing counts twice.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { BROWSER_UA, ORIGIN } from "#tests/fixtures/requests.ts";
import { call, signUpByPhone, type SignedIn } from "./auth-fixtures.ts";
import { mustOpen } from "./live-fixtures.ts";
import { as, contactsOf, countOf, pair, write } from "./messages-helpers.ts";

let names = 0;

/** A new agency and its founding manager. */
async function agency() {
  const founder = await signUpByPhone({ name: "Founding Manager" });
  const res = await call("/api/agency", {
    jar: founder.jar,
    ip: founder.ip,
    body: { name: `Agencija Brojac ${Date.now() % 100000}-${++names}`, licence_number: "360-00-00124/2014-10" },
  });
  expect(res.status).toBe(201);
  return { founder, ...(await res.json<{ data: { id: number; slug: string } }>()).data };
}

/** Makes the account a member (as an accepted invitation would) and puts its listing in the agency. */
async function join(agencyId: number, who: SignedIn, role: "manager" | "agent", listingId?: number) {
  await env.DB.prepare("INSERT INTO agency_members (agency_id, user_id, role, joined_at) VALUES (?, ?, ?, ?)")
    .bind(agencyId, who.user.id, role, Date.now())
    .run();
  if (listingId !== undefined) {
    await env.DB.prepare("UPDATE listings SET agency_id = ? WHERE id = ?").bind(agencyId, listingId).run();
  }
}

/** The count of the header's badge on the home page (undefined: no badge). */
async function badgeOf(who: SignedIn) {
  const res = await SELF.fetch(`${ORIGIN}/`, { headers: { "user-agent": BROWSER_UA, cookie: who.jar.header() } });
  expect(res.status).toBe(200);
  const header = /<header[\s\S]*?<\/header>/.exec(await res.text())?.[0] ?? "";
  const text = /<a\b[^>]*data-testid="unread-badge"[^>]*>([^<]*)<\/a>/.exec(header)?.[1];
  return text === undefined ? undefined : Number(text);
}

/** The unread counts the list shows the person, summed. */
const listedUnread = async (who: SignedIn) =>
  (await contactsOf(who, { per_page: 50 })).items.reduce((sum, c) => sum + c.unread, 0);

const remove = (manager: SignedIn, member: SignedIn) =>
  call(`/api/agency/members/${member.user.id}`, { jar: manager.jar, ip: manager.ip, method: "DELETE" });

describe("a manager's unread count", () => {
  let team: Awaited<ReturnType<typeof agency>>;
  let manager: SignedIn;
  let agent: SignedIn;
  let visitor: SignedIn;
  let conversationId: number;

  beforeAll(async () => {
    team = await agency();
    manager = await signUpByPhone({ name: "Manager Mila" });
    await join(team.id, manager, "manager");
    const talk = await pair({ owner: "Agent Aca", visitor: "Visitor Vesna" });
    agent = talk.owner;
    visitor = talk.visitor;
    await join(team.id, agent, "agent", talk.listing.id);
    conversationId = (await write(visitor, { realty_id: talk.listing.id }, "Is it available?")).conversation_id;
  });

  it("counts the agency's conversations as the list shows them: the API, the badge, the channel", async () => {
    expect(await listedUnread(manager)).toBe(1);
    expect(await countOf(manager)).toBe(1);
    expect(await countOf(team.founder)).toBe(1);
    expect(await badgeOf(manager)).toBe(1);
    const socket = await mustOpen({ cookie: manager.jar.header() });
    expect((await socket.received(1))[0]).toEqual({ type: "unread", unread: 1 });
    // Another message to the agent reaches the manager's pages as their new count.
    await write(visitor, { conversation_id: conversationId }, "And the price?");
    expect((await socket.received(2))[1]).toEqual({ type: "unread", unread: 2 });
    expect(await countOf(manager)).toBe(2);
    // The manager's own reading moves nothing (the count is the agent's); the agent's reading moves it.
    await as(manager).delivered(conversationId, 999_999);
    expect(await countOf(manager)).toBe(2);
    const read = await as(agent).delivered(conversationId, 999_999);
    expect(read.status).toBe(200);
    expect((await socket.received(3))[2]).toEqual({ type: "unread", unread: 0 });
    expect(await countOf(manager)).toBe(0);
    expect(await listedUnread(manager)).toBe(0);
    expect(await badgeOf(manager)).toBeUndefined();
    socket.close();
  });

  it("counts a conversation once for a manager who is also its agent or its visitor", async () => {
    const own = await pair({ owner: "Manager Agent", visitor: "Visitor Two" });
    await join(team.id, own.owner, "manager", own.listing.id);
    const first = await write(own.visitor, { realty_id: own.listing.id }, "Hello, agent who manages.");
    expect(await countOf(own.owner)).toBe(1);
    expect(await listedUnread(own.owner)).toBe(1);
    // A manager writing to the agency's own listing as a visitor: their side is the visitor's, counted once.
    const answer = await write(agent, { realty_id: own.listing.id }, "A colleague's question.");
    await write(own.owner, { conversation_id: answer.conversation_id }, "The answer.");
    expect(await countOf(agent)).toBe(1);
    for (const [who, id] of [
      [agent, answer.conversation_id],
      [own.owner, answer.conversation_id],
      [own.owner, first.conversation_id],
    ] as const) {
      expect((await as(who).delivered(id, 999_999)).status).toBe(200);
    }
    expect(await countOf(manager)).toBe(0);
  });

  it("a member who leaves stops counting: a manager the agency's, the managers a leaving agent's", async () => {
    const leaving = await signUpByPhone({ name: "Leaving Lazar" });
    await join(team.id, leaving, "manager");
    const talk = await pair({ owner: "Agent Leaving", visitor: "Visitor Three" });
    await join(team.id, talk.owner, "agent", talk.listing.id);
    await write(talk.visitor, { realty_id: talk.listing.id }, "Still for sale?");
    expect(await countOf(leaving)).toBe(1);
    expect(await countOf(manager)).toBe(1);
    const socket = await mustOpen({ cookie: leaving.jar.header() });
    expect((await socket.received(1))[0]).toEqual({ type: "unread", unread: 1 });
    expect((await remove(manager, leaving)).status).toBe(204);
    expect(await countOf(leaving)).toBe(0);
    expect(await badgeOf(leaving)).toBeUndefined();
    expect((await socket.received(2))[1]).toEqual({ type: "unread", unread: 0 });
    socket.close();
    // The agent takes the listing with them: theirs still, no longer the managers'.
    expect((await remove(manager, talk.owner)).status).toBe(204);
    expect(await countOf(talk.owner)).toBe(1);
    expect(await countOf(manager)).toBe(0);
    expect(await listedUnread(manager)).toBe(0);
  });

  it("another agency's manager and an agent of the same agency count none of it", async () => {
    const talk = await pair({ owner: "Agent Four", visitor: "Visitor Four" });
    await join(team.id, talk.owner, "agent", talk.listing.id);
    const colleague = await signUpByPhone({ name: "Agent Colleague" });
    await join(team.id, colleague, "agent");
    const stranger = (await agency()).founder;
    await write(talk.visitor, { realty_id: talk.listing.id }, "A question.");
    expect(await countOf(manager)).toBe(1);
    expect(await countOf(colleague)).toBe(0);
    expect(await countOf(stranger)).toBe(0);
  });
});
