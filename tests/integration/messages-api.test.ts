import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { SendMessageResponse } from "#shared/api/contact.ts";
import type { Single } from "#shared/api/conventions.ts";
import type { ApiConversation } from "#shared/api/messages.ts";
import { MESSAGE_MAX_LENGTH, MESSAGES_PER_HOUR, MESSAGES_PER_PAGE } from "#shared/constants.ts";
import { call, errorOf, signUpByPhone } from "./auth-fixtures.ts";
import { as, contactsOf, conversationIn, countOf, json, pair, threadOf, write } from "./messages-helpers.ts";

const HOUR = 60 * 60 * 1000;
/** A moment one minute into an hour (the message limit counts per clock hour). */
const hourStart = (hoursAgo: number) => (Math.floor(Date.now() / HOUR) - hoursAgo) * HOUR + 60_000;

describe("create and contacts", () => {
  it("starts one conversation per listing and visitor, which both sides see with their own counts", async () => {
    const { listing, owner, visitor } = await pair();
    const first = await write(visitor, { realty_id: listing.id }, "  Is it still available?  ");
    expect(first).toMatchObject({
      sender_id: visitor.user.id,
      from_me: true,
      text: "Is it still available?",
      delivered_at: null,
      read_at: null,
    });
    expect(Date.parse(first.created_at)).toBeGreaterThan(Date.now() - 60_000);
    // The next message to the same listing goes into the same conversation.
    const second = await write(visitor, { realty_id: listing.id }, "And the parking?");
    expect(second.conversation_id).toBe(first.conversation_id);
    expect(second.id).toBeGreaterThan(first.id);

    const ownerView = await contactsOf(owner);
    expect(ownerView).toMatchObject({ total: 1, page: 1, per_page: 20 });
    const [asOwner] = ownerView.items;
    expect(asOwner).toMatchObject({
      id: first.conversation_id,
      role: "owner",
      other: { id: visitor.user.id, name: "Vera Visitor" },
      last_message: { id: second.id, text: "And the parking?", from_me: false },
      unread: 2,
      blocked: null,
      closed: false,
      listing: { id: listing.id, status: "active" },
    });
    expect(asOwner!.listing.title).toEqual(expect.any(String));
    expect(asOwner!.listing.path).toMatch(new RegExp(`/${listing.id}/$`));
    expect(asOwner!.listing.image?.url).toEqual(expect.any(String));
    expect(asOwner!.last_message_at).toBe(second.created_at);

    const [asVisitor] = (await contactsOf(visitor)).items;
    expect(asVisitor).toMatchObject({
      id: first.conversation_id,
      role: "visitor",
      other: { id: owner.user.id, name: "Olga Owner" },
      last_message: { id: second.id, from_me: true },
      unread: 0,
    });

    // The owner answers in the conversation: the visitor has one unread, the owner still two.
    const answer = await write(owner, { conversation_id: first.conversation_id }, "Yes, with parking.");
    expect(answer).toMatchObject({ conversation_id: first.conversation_id, from_me: true });
    expect(await countOf(visitor)).toBe(1);
    expect(await countOf(owner)).toBe(2);
    expect((await contactsOf(visitor)).items[0]).toMatchObject({
      unread: 1,
      last_message: { id: answer.id, from_me: false },
    });
  });

  it("send-message writes into the same conversation and keeps its answer", async () => {
    const { listing, owner, visitor } = await pair();
    const res = await as(visitor).sendMessage(listing.id, "Hello from the listing page");
    const { data } = await json<SendMessageResponse>(res, 201);
    expect(Object.keys(data).sort()).toEqual(["created_at", "id"]);
    const next = await write(visitor, { realty_id: listing.id }, "Second");
    const row = await env.DB.prepare("SELECT conversation_id, listing_id, recipient_id FROM messages WHERE id = ?")
      .bind(data.id)
      .first();
    expect(row).toEqual({ conversation_id: next.conversation_id, listing_id: listing.id, recipient_id: owner.user.id });
    expect(await countOf(owner)).toBe(2);
  });

  it("answers 401 signed out and no-store to a participant", async () => {
    const { listing, visitor } = await pair();
    const message = await write(visitor, { realty_id: listing.id }, "hi");
    const guest = as(null);
    for (const res of [
      await guest.create({ realty_id: listing.id, text: "hi" }),
      await guest.contacts(),
      await guest.list({ conversation_id: message.conversation_id }),
      await guest.delivered(message.conversation_id, message.id),
      await guest.count(),
      await guest.block(message.conversation_id, true),
      await guest.report({ conversation_id: message.conversation_id, reason: "spam" }),
    ]) {
      expect(res.status).toBe(401);
    }
    for (const res of [
      await as(visitor).contacts(),
      await as(visitor).list({ conversation_id: message.conversation_id }),
      await as(visitor).count(),
    ]) {
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
  });

  it("pages the person's conversations newest activity first, as visitor and as owner alike", async () => {
    const person = await signUpByPhone({ name: "Petra" });
    const a = await pair();
    const b = await pair();
    const c = await pair({ owner: "Owner C", visitor: "Visitor C" });
    // The person owns c's listing; c's visitor writes to them.
    await env.DB.prepare("UPDATE listings SET owner_id = ? WHERE id = ?").bind(person.user.id, c.listing.id).run();
    const base = hourStart(3);
    const inA = await write(person, { realty_id: a.listing.id }, "about a", base);
    const inC = await write(c.visitor, { realty_id: c.listing.id }, "about c", base + 1000);
    const inB = await write(person, { realty_id: b.listing.id }, "about b", base + 2000);
    let page1 = await contactsOf(person, { per_page: 2 });
    expect(page1).toMatchObject({ total: 3, page: 1, per_page: 2 });
    expect(page1.items.map((x) => [x.id, x.role])).toEqual([
      [inB.conversation_id, "visitor"],
      [inC.conversation_id, "owner"],
    ]);
    const page2 = await contactsOf(person, { per_page: 2, page: 2 });
    expect(page2.items.map((x) => x.id)).toEqual([inA.conversation_id]);
    expect((await contactsOf(person, { per_page: 2, page: 3 })).items).toEqual([]);
    // An answer in the oldest moves it to the top.
    await write(a.owner, { conversation_id: inA.conversation_id }, "answer", base + 3000);
    page1 = await contactsOf(person, { per_page: 2 });
    expect(page1.items.map((x) => x.id)).toEqual([inA.conversation_id, inB.conversation_id]);
    expect(await countOf(person)).toBe(2);
  });

  it("refuses bad bodies with the field named", async () => {
    const { listing, visitor } = await pair();
    const message = await write(visitor, { realty_id: listing.id }, "hi");
    const me = as(visitor);
    for (const text of ["   ", "x".repeat(MESSAGE_MAX_LENGTH + 1)]) {
      const res = await me.create({ conversation_id: message.conversation_id, text });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).fields).toHaveProperty("text");
    }
    const fieldsOf = async (res: Response) => {
      expect(res.status).toBe(400);
      return Object.keys((await errorOf(res)).fields ?? {});
    };
    expect(await fieldsOf(await me.create({ text: "no target" }))).toEqual(["conversation_id"]);
    expect(await fieldsOf(await me.create({ realty_id: "12", text: "hi" }))).toEqual(["realty_id"]);
    expect(await fieldsOf(await me.create({ conversation_id: message.conversation_id }))).toEqual(["text"]);
    const twoTargets = { conversation_id: message.conversation_id, realty_id: listing.id, text: "both" };
    expect(await fieldsOf(await me.create(twoTargets))).toEqual(["realty_id"]);
    expect((await me.contacts({ per_page: 51 })).status).toBe(400);
    expect((await me.contacts({ page: 0 })).status).toBe(400);
    expect((await me.list({ conversation_id: "x" })).status).toBe(400);
    const both = await me.list({ conversation_id: message.conversation_id, before: 5, after: 1 });
    expect(both.status).toBe(400);
    expect((await errorOf(both)).fields).toHaveProperty("after");
    expect((await me.delivered(message.conversation_id, 0)).status).toBe(400);
    expect((await me.block(message.conversation_id, "yes" as unknown as boolean)).status).toBe(400);
    const vague = await me.report({ conversation_id: message.conversation_id, reason: "other" });
    expect((await errorOf(vague)).fields).toHaveProperty("text");
    expect((await me.report({ conversation_id: message.conversation_id, reason: "rude" })).status).toBe(400);
  });
});

describe("the participant rule", () => {
  it("gives anyone else a 404 exactly as for a conversation that does not exist", async () => {
    const { listing, visitor } = await pair();
    const message = await write(visitor, { realty_id: listing.id }, "private words");
    const stranger = as(await signUpByPhone());
    const id = message.conversation_id;
    const missing = 999_999_999;
    const calls = (conversationId: number) => [
      () => stranger.create({ conversation_id: conversationId, text: "hello?" }),
      () => stranger.list({ conversation_id: conversationId }),
      () => stranger.list({ conversation_id: conversationId, after: 1 }),
      () => stranger.delivered(conversationId, message.id),
      () => stranger.block(conversationId, true),
      () => stranger.report({ conversation_id: conversationId, reason: "spam" }),
    ];
    const theirs = calls(id);
    const nobodys = calls(missing);
    for (let i = 0; i < theirs.length; i++) {
      const [a, b] = [await theirs[i]!(), await nobodys[i]!()];
      expect(a.status).toBe(404);
      expect(await a.json()).toEqual(await b.json());
    }
    // Nothing of it changed, and none of it shows.
    const row = await env.DB.prepare(
      "SELECT blocked_by, visitor_read_id, owner_read_id, last_message_id FROM conversations WHERE id = ?",
    )
      .bind(id)
      .first();
    expect(row).toEqual({ blocked_by: null, visitor_read_id: 0, owner_read_id: 0, last_message_id: message.id });
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM conversation_reports WHERE conversation_id = ?").bind(id).first(),
    ).toEqual({ n: 0 });
    expect((await json<{ items: ApiConversation[] }>(stranger.contacts())).items).toEqual([]);
  });
});

describe("whose listing, which listing", () => {
  it("refuses a message to one's own listing as send-message does", async () => {
    const { listing, owner } = await pair();
    const viaCreate = await as(owner).create({ realty_id: listing.id, text: "me to me" });
    const viaSend = await as(owner).sendMessage(listing.id, "me to me");
    expect(viaCreate.status).toBe(403);
    expect(viaSend.status).toBe(403);
    expect(await viaCreate.json()).toEqual(await viaSend.json());
    expect(await contactsOf(owner)).toMatchObject({ total: 0 });
  });

  it("starts no conversation about a listing that is not public, but one that exists goes on", async () => {
    const { listing, owner, visitor } = await pair();
    const late = await signUpByPhone();
    const message = await write(visitor, { realty_id: listing.id }, "Still there?");
    await env.DB.prepare("UPDATE listings SET status = 'archived' WHERE id = ?").bind(listing.id).run();
    const missing = await as(late).create({ realty_id: 999_999_999, text: "hi" });
    const hidden = await as(late).create({ realty_id: listing.id, text: "hi" });
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toEqual(await missing.json());
    expect((await as(late).sendMessage(listing.id, "hi")).status).toBe(404);
    // The two who talk already go on, by the conversation or by the listing.
    await write(owner, { conversation_id: message.conversation_id }, "Sold, sorry.");
    const again = await write(visitor, { realty_id: listing.id }, "Pity!");
    expect(again.conversation_id).toBe(message.conversation_id);
    const seen = await conversationIn(visitor, message.conversation_id);
    expect(seen!.listing).toMatchObject({ status: "archived", path: null });
    expect(seen!.closed).toBe(false);
  });

  it("keeps a deleted listing's conversation readable and closed to writing", async () => {
    const { listing, owner, visitor } = await pair();
    const message = await write(visitor, { realty_id: listing.id }, "Before it went");
    await env.DB.prepare("UPDATE listings SET status = 'archived', deleted_at = ? WHERE id = ?")
      .bind(Date.now(), listing.id)
      .run();
    const thread = await threadOf(owner, { conversation_id: message.conversation_id });
    expect(thread.items.map((m) => m.text)).toEqual(["Before it went"]);
    expect(thread.conversation).toMatchObject({ closed: true, listing: { path: null } });
    const res = await as(owner).create({ conversation_id: message.conversation_id, text: "too late" });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("conversation_closed");
    expect((await as(visitor).create({ realty_id: listing.id, text: "hello?" })).status).toBe(404);
    // Reading it still counts.
    expect(await json<Single<{ unread: number }>>(as(owner).delivered(message.conversation_id, message.id))).toEqual({
      data: { unread: 0 },
    });
  });

  it("closes a conversation whose other person deleted their account", async () => {
    const { listing, owner, visitor } = await pair();
    const message = await write(visitor, { realty_id: listing.id }, "Hello");
    await env.DB.prepare("UPDATE users SET name = '', deleted_at = ? WHERE id = ?")
      .bind(Date.now(), visitor.user.id)
      .run();
    const seen = await conversationIn(owner, message.conversation_id);
    expect(seen).toMatchObject({ closed: true, other: { id: visitor.user.id, name: "" } });
    const res = await as(owner).create({ conversation_id: message.conversation_id, text: "Hi?" });
    expect((await errorOf(res)).code).toBe("conversation_closed");
  });
});

describe("text", () => {
  it("is stored and given back exactly as typed (trimmed), HTML and all, as JSON text", async () => {
    const { listing, owner, visitor } = await pair();
    const typed = `<b>Bold?</b> <script>alert("x")</script>\n  Call +381 64 123 4567 or a@b.rs — https://example.com/?a=1&b=2 💬`;
    const message = await write(visitor, { realty_id: listing.id }, `\n ${typed} \n`);
    expect(message.text).toBe(typed);
    const stored = await env.DB.prepare("SELECT body FROM messages WHERE id = ?").bind(message.id).first();
    expect(stored).toEqual({ body: typed });
    const res = await as(owner).list({ conversation_id: message.conversation_id });
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const thread = (await res.json()) as { items: { text: string }[] };
    expect(thread.items[0]!.text).toBe(typed);
    expect((await conversationIn(owner, message.conversation_id))!.last_message!.text).toBe(typed);
  });

  it("drops control characters and bidi overrides, keeping line breaks and tabs (decision 051)", async () => {
    const { listing, owner, visitor } = await pair();
    const message = await write(visitor, { realty_id: listing.id }, "Pay\u0000 to\u202e NABI\r\n\tnow\u2069\u001b");
    expect(message.text).toBe("Pay to NABI\n\tnow");
    const stored = await env.DB.prepare("SELECT body FROM messages WHERE id = ?").bind(message.id).first();
    expect(stored).toEqual({ body: "Pay to NABI\n\tnow" });
    const only = await as(owner).create({ conversation_id: message.conversation_id, text: "\u202e\u0000 " });
    expect(only.status).toBe(400);
    expect((await errorOf(only)).fields).toHaveProperty("text");
  });
});

describe("a thread's pages", () => {
  /** A conversation of `n` messages, the two writing in turn; their ids, oldest first. */
  async function conversationOf(n: number) {
    const { listing, owner, visitor } = await pair();
    const first = await write(visitor, { realty_id: listing.id }, "m1");
    const ids = [first.id];
    for (let i = 2; i <= n; i++) {
      const who = i % 2 ? visitor : owner;
      ids.push((await write(who, { conversation_id: first.conversation_id }, `m${i}`)).id);
    }
    return { id: first.conversation_id, ids, owner, visitor };
  }

  it("gives exactly a page whole, and the earlier ones when there is one more", async () => {
    const full = await conversationOf(MESSAGES_PER_PAGE);
    const page = await threadOf(full.visitor, { conversation_id: full.id });
    expect(page.items.map((m) => m.id)).toEqual([...full.ids].reverse());
    expect(page).toMatchObject({ has_earlier: false, has_later: false });
    expect(page.conversation).toMatchObject({ id: full.id, role: "visitor" });

    // One more: the newest page, then the one message before it, then nothing.
    await write(full.visitor, { conversation_id: full.id }, "one more");
    const newest = await threadOf(full.owner, { conversation_id: full.id });
    expect(newest.items).toHaveLength(MESSAGES_PER_PAGE);
    expect(newest.has_earlier).toBe(true);
    expect(newest.items.at(-1)!.id).toBe(full.ids[1]);
    const earlier = await threadOf(full.owner, { conversation_id: full.id, before: newest.items.at(-1)!.id });
    expect(earlier.items.map((m) => m.id)).toEqual([full.ids[0]]);
    expect(earlier).toMatchObject({ has_earlier: false, has_later: true });
    const none = await threadOf(full.owner, { conversation_id: full.id, before: full.ids[0]! });
    expect(none).toMatchObject({ items: [], has_earlier: false, has_later: true });
  });

  it("gives what came after an id oldest first, and nothing after the newest", async () => {
    const thread = await conversationOf(5);
    const after = await threadOf(thread.owner, { conversation_id: thread.id, after: thread.ids[2]! });
    expect(after.items.map((m) => m.id)).toEqual(thread.ids.slice(3));
    expect(after).toMatchObject({ has_earlier: true, has_later: false });
    const nothing = await threadOf(thread.owner, { conversation_id: thread.id, after: thread.ids.at(-1)! });
    expect(nothing).toMatchObject({ items: [], has_earlier: true, has_later: false });
    // An id before the whole conversation: all of it, oldest first.
    const all = await threadOf(thread.visitor, { conversation_id: thread.id, after: 1 });
    expect(all.items.map((m) => m.text)).toEqual(["m1", "m2", "m3", "m4", "m5"]);
    expect(all.has_earlier).toBe(false);
  });

  it("pages `after` a page at a time when more came", async () => {
    const thread = await conversationOf(MESSAGES_PER_PAGE + 2);
    const first = await threadOf(thread.owner, { conversation_id: thread.id, after: thread.ids[0]! });
    expect(first.items.map((m) => m.id)).toEqual(thread.ids.slice(1, MESSAGES_PER_PAGE + 1));
    expect(first.has_later).toBe(true);
    const rest = await threadOf(thread.owner, { conversation_id: thread.id, after: first.items.at(-1)!.id });
    expect(rest.items.map((m) => m.id)).toEqual(thread.ids.slice(MESSAGES_PER_PAGE + 1));
    expect(rest.has_later).toBe(false);
  });

  it("marks what waits delivered when the recipient's conversation list is loaded", async () => {
    const { listing, owner, visitor } = await pair();
    const message = await write(visitor, { realty_id: listing.id }, "Anyone there?");
    const before = await threadOf(visitor, { conversation_id: message.conversation_id });
    expect(before.items[0]).toMatchObject({ delivered_at: null, read_at: null });
    // The visitor's own list delivers nothing of theirs; the owner's does.
    await contactsOf(visitor);
    expect((await threadOf(visitor, { conversation_id: message.conversation_id })).items[0]!.delivered_at).toBeNull();
    await contactsOf(owner);
    const after = await threadOf(visitor, { conversation_id: message.conversation_id });
    expect(after.items[0]!.delivered_at).not.toBeNull();
    expect(after.items[0]!.read_at).toBeNull();
    expect(await countOf(owner)).toBe(1);
  });

  it("marks the other side's messages delivered when the page reaches them", async () => {
    const thread = await conversationOf(3);
    const [m1, m2, m3] = thread.ids;
    const ownerPage = await threadOf(thread.owner, { conversation_id: thread.id });
    // m1 and m3 are the visitor's (to the owner), m2 the owner's own.
    const byId = new Map(ownerPage.items.map((m) => [m.id, m]));
    expect(byId.get(m1!)!.delivered_at).not.toBeNull();
    expect(byId.get(m3!)!.delivered_at).not.toBeNull();
    expect(byId.get(m2!)!.delivered_at).toBeNull();
    const visitorPage = await threadOf(thread.visitor, { conversation_id: thread.id });
    expect(visitorPage.items.every((m) => m.delivered_at !== null)).toBe(true);
    expect(visitorPage.items.every((m) => m.read_at === null)).toBe(true);
  });
});

describe("read marks (delivered)", () => {
  it("count unread exactly for both sides across messages and reads, and do the same twice", async () => {
    const { listing, owner, visitor } = await pair();
    const v1 = await write(visitor, { realty_id: listing.id }, "v1");
    const id = v1.conversation_id;
    const v2 = await write(visitor, { conversation_id: id }, "v2");
    const v3 = await write(visitor, { conversation_id: id }, "v3");
    expect(await countOf(owner)).toBe(3);
    expect(await countOf(visitor)).toBe(0);

    // The owner reads up to v2: one left; the same call again changes nothing.
    for (let i = 0; i < 2; i++) {
      expect(await json(as(owner).delivered(id, v2.id))).toEqual({ data: { unread: 1 } });
    }
    const readAt = async (messageId: number) =>
      (await env.DB.prepare("SELECT read_at FROM messages WHERE id = ?").bind(messageId).first<{
        read_at: number | null;
      }>())!.read_at;
    const firstRead = await readAt(v1.id);
    expect(firstRead).not.toBeNull();
    expect(await readAt(v3.id)).toBeNull();
    await json(as(owner).delivered(id, v2.id));
    expect(await readAt(v1.id)).toBe(firstRead);
    // An older position than the one reached changes nothing either.
    expect(await json(as(owner).delivered(id, v1.id))).toEqual({ data: { unread: 1 } });

    // The owner answers twice; their own messages are never theirs to read.
    const o1 = await write(owner, { conversation_id: id }, "o1");
    const o2 = await write(owner, { conversation_id: id }, "o2");
    expect(await countOf(visitor)).toBe(2);
    expect(await json(as(owner).delivered(id, o2.id))).toEqual({ data: { unread: 0 } });
    expect(await readAt(o1.id)).toBeNull();
    expect(await countOf(visitor)).toBe(2);

    // The visitor sees the owner's read marks on v1–v3, and reads o1.
    const seen = await threadOf(visitor, { conversation_id: id });
    const marks = Object.fromEntries(seen.items.map((m) => [m.text, m.read_at !== null]));
    expect(marks).toEqual({ v1: true, v2: true, v3: true, o1: false, o2: false });
    expect(await json(as(visitor).delivered(id, o1.id))).toEqual({ data: { unread: 1 } });
    expect((await conversationIn(visitor, id))!.unread).toBe(1);
    expect((await conversationIn(owner, id))!.unread).toBe(0);

    // A position past the last message reads what exists, not what is written later.
    expect(await json(as(visitor).delivered(id, o2.id + 1_000_000))).toEqual({ data: { unread: 0 } });
    await write(owner, { conversation_id: id }, "o3");
    expect(await countOf(visitor)).toBe(1);
    const row = await env.DB.prepare(
      "SELECT visitor_read_id, visitor_unread, owner_unread FROM conversations WHERE id = ?",
    )
      .bind(id)
      .first();
    expect(row).toEqual({ visitor_read_id: o2.id, visitor_unread: 1, owner_unread: 0 });
  });

  it("sum a person's unread as visitor and as owner", async () => {
    const a = await pair();
    const b = await pair();
    // a's visitor owns b's listing too.
    await env.DB.prepare("UPDATE listings SET owner_id = ? WHERE id = ?").bind(a.visitor.user.id, b.listing.id).run();
    const mine = await write(a.visitor, { realty_id: a.listing.id }, "question");
    await write(a.owner, { conversation_id: mine.conversation_id }, "answer 1");
    await write(a.owner, { conversation_id: mine.conversation_id }, "answer 2");
    const theirs = await write(b.visitor, { realty_id: b.listing.id }, "to you as owner");
    expect(await countOf(a.visitor)).toBe(3);
    expect(await json(as(a.visitor).delivered(theirs.conversation_id, theirs.id))).toEqual({ data: { unread: 2 } });
  });
});

describe("the message limit", () => {
  it(`is one: ${MESSAGES_PER_HOUR} an hour over send-message and create together, then 429`, async () => {
    const a = await pair();
    const b = await pair();
    const now = hourStart(0);
    const visitor = a.visitor;
    const half = MESSAGES_PER_HOUR / 2;
    for (let i = 0; i < half; i++) expect((await as(visitor, now).sendMessage(a.listing.id, `s${i}`)).status).toBe(201);
    for (let i = 0; i < MESSAGES_PER_HOUR - half; i++) {
      expect((await as(visitor, now).create({ realty_id: b.listing.id, text: `c${i}` })).status).toBe(201);
    }
    const refused = await as(visitor, now).create({ realty_id: b.listing.id, text: "one more" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await errorOf(refused)).code).toBe("rate_limited");
    expect((await as(visitor, now).sendMessage(a.listing.id, "one more")).status).toBe(429);
    // The next hour it is open again.
    expect((await as(visitor, now + HOUR).sendMessage(a.listing.id, "next hour")).status).toBe(201);
  });
});

describe("blocking", () => {
  it("stops messages both ways until the one who blocked lifts it", async () => {
    const { listing, owner, visitor } = await pair();
    const first = await write(visitor, { realty_id: listing.id }, "Hi");
    const id = first.conversation_id;
    const blocked = await json<Single<ApiConversation>>(as(owner).block(id, true));
    expect(blocked.data).toMatchObject({ id, blocked: { by_me: true } });
    expect((await conversationIn(visitor, id))!.blocked).toEqual({ by_me: false });

    const refusals = [
      await as(visitor).create({ conversation_id: id, text: "Why?" }),
      await as(visitor).create({ realty_id: listing.id, text: "Why?" }),
      await as(visitor).sendMessage(listing.id, "Why?"),
      await as(owner).create({ conversation_id: id, text: "Bye" }),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(409);
      expect((await errorOf(res)).code).toBe("blocked");
    }
    // The blocked side cannot lift it; blocking back changes nothing.
    expect((await as(visitor).block(id, false)).status).toBe(409);
    expect((await json<Single<ApiConversation>>(as(visitor).block(id, true))).data.blocked).toEqual({ by_me: false });
    // The owner blocking again is the same state.
    expect((await json<Single<ApiConversation>>(as(owner).block(id, true))).data.blocked).toEqual({ by_me: true });
    expect((await threadOf(visitor, { conversation_id: id })).items).toHaveLength(1);

    expect((await json<Single<ApiConversation>>(as(owner).block(id, false))).data.blocked).toBeNull();
    expect((await json<Single<ApiConversation>>(as(owner).block(id, false))).data.blocked).toBeNull();
    await write(visitor, { conversation_id: id }, "Thanks");
    await write(owner, { conversation_id: id }, "Welcome");

    // And the visitor may block the owner the same way.
    expect((await json<Single<ApiConversation>>(as(visitor).block(id, true))).data.blocked).toEqual({ by_me: true });
    expect((await as(owner).create({ conversation_id: id, text: "Hello?" })).status).toBe(409);
    expect(await countOf(visitor)).toBe(1);
  });
});

describe("reports", () => {
  it("files a participant's report once while it is open", async () => {
    const { listing, owner, visitor } = await pair();
    const message = await write(visitor, { realty_id: listing.id }, "Send me a deposit first");
    const id = message.conversation_id;
    for (let i = 0; i < 2; i++) {
      expect(await json(as(visitor).report({ conversation_id: id, reason: "fraud", text: "Asks for money" }))).toEqual({
        data: { reported: true },
      });
    }
    expect(await json(as(owner).report({ conversation_id: id, reason: "other", text: "Rude words" }))).toEqual({
      data: { reported: true },
    });
    const { results } = await env.DB.prepare(
      "SELECT reporter_id, reason, text, resolved_at FROM conversation_reports WHERE conversation_id = ? ORDER BY id",
    )
      .bind(id)
      .all();
    expect(results).toEqual([
      { reporter_id: visitor.user.id, reason: "fraud", text: "Asks for money", resolved_at: null },
      { reporter_id: owner.user.id, reason: "other", text: "Rude words", resolved_at: null },
    ]);
    expect(await json(as(owner).report({ conversation_id: id, reason: "spam" }))).toEqual({
      data: { reported: true },
    });
  });
});

describe("junk", () => {
  it("count and contacts of a person without conversations are empty, not errors", async () => {
    const lonely = await signUpByPhone();
    expect(await countOf(lonely)).toBe(0);
    expect(await contactsOf(lonely)).toEqual({ items: [], total: 0, page: 1, per_page: 20 });
    // No body at all is the first page.
    const bare = await call("/api/cabinet/messages/contacts", { jar: lonely.jar, method: "POST" });
    expect(bare.status).toBe(200);
  });
});
