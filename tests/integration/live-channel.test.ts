/**
 * The live channel (decision 039): sockets through `GET /api/cabinet/messages/live`, held by the
 * `LiveChannel` Durable Object with WebSocket hibernation, events published by worker/live/publish.ts.
 */
import { env, evictDurableObject, runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import {
  LIVE_CLOSE_EXPIRED,
  LIVE_CLOSE_REPLACED,
  LIVE_CLOSE_SESSION_ENDED,
  LIVE_PING,
  LIVE_PONG,
} from "#shared/live-protocol.ts";
import type { LiveEvent } from "#shared/api/messages.ts";
import { ACCESS_TOKEN_TTL_S, LIVE_SOCKET_MAX_AGE_MS, LIVE_SOCKETS_PER_CHANNEL } from "#shared/constants.ts";
import {
  conversationChannel,
  liveChannel,
  publishToConversation,
  publishToUser,
  userChannel,
} from "#worker/live/publish.ts";
import { connectRequest, type LiveChannel } from "#worker/live/live-channel.ts";
import { ACCESS, call, errorOf, Jar, lastCode, signUpByPhone, type SignedIn, uniqueIp } from "./auth-fixtures.ts";
import { as, pair, write } from "./messages-helpers.ts";
import {
  insertConversation,
  insertMessage,
  messageEvent,
  mustOpen,
  openLive,
  type TestConversation,
} from "./live-fixtures.ts";

let visitor: SignedIn;
let owner: SignedIn;
let stranger: SignedIn;
const cookieOf = (person: SignedIn) => person.jar.header();

beforeAll(async () => {
  [visitor, owner, stranger] = await Promise.all([signUpByPhone(), signUpByPhone(), signUpByPhone()]);
});

/** A fresh conversation of the visitor and the owner: each test its own channel. */
const conversation = () => insertConversation(visitor.user.id, owner.user.id);

/** A live session (refresh-token family) of the person. */
async function liveFamilyOf(userId: number): Promise<string> {
  const row = await env.DB.prepare(
    "SELECT family_id FROM refresh_tokens WHERE user_id = ? AND revoked_at IS NULL ORDER BY id DESC LIMIT 1",
  )
    .bind(userId)
    .first<{ family_id: string }>();
  return row!.family_id;
}

const idsOf = (events: LiveEvent[]) =>
  events.map((event) => (event.type === "message" ? event.message.id : event.type));

describe("who may open a socket", () => {
  let talk: TestConversation;
  beforeAll(async () => {
    talk = await conversation();
  });

  it("a guest gets 401", async () => {
    const { res, live } = await openLive({ conversationId: talk.id });
    expect(res.status).toBe(401);
    expect(live).toBeUndefined();
    expect((await errorOf(res)).code).toBe("unauthorized");
    expect((await openLive()).res.status).toBe(401);
  });

  it("someone outside the conversation gets 404, as for one that does not exist", async () => {
    const { res, live } = await openLive({ cookie: cookieOf(stranger), conversationId: talk.id });
    expect(res.status).toBe(404);
    expect(live).toBeUndefined();
    expect((await errorOf(res)).code).toBe("not_found");
    const missing = await openLive({ cookie: cookieOf(visitor), conversationId: 999_999_999 });
    expect(missing.res.status).toBe(404);
  });

  it("both participants are let in", async () => {
    for (const person of [visitor, owner]) {
      const live = await mustOpen({ cookie: cookieOf(person), conversationId: talk.id });
      live.close();
    }
  });

  it("renews a session near its end on the handshake, as any request does, and opens the socket", async () => {
    const person = await signUpByPhone();
    const { res, live } = await openLive({
      cookie: cookieOf(person),
      now: Date.now() + ACCESS_TOKEN_TTL_S * 1000 - 10_000,
    });
    expect(res.status).toBe(101);
    expect(res.headers.getSetCookie().some((line) => line.startsWith(`${ACCESS}=`))).toBe(true);
    expect(await live!.received(1)).toEqual([{ type: "unread", unread: 0 }]);
    live!.close();
  });

  it("a plain GET is told to upgrade (426)", async () => {
    const { res } = await openLive({ cookie: cookieOf(visitor), conversationId: talk.id, upgrade: false });
    expect(res.status).toBe(426);
    expect(res.headers.get("upgrade")).toBe("websocket");
    expect((await errorOf(res)).code).toBe("upgrade_required");
  });

  it("another site's page cannot open someone's socket (403), nor can a page that names no origin", async () => {
    for (const origin of ["https://evil.example", "null", null]) {
      const { res, live } = await openLive({ cookie: cookieOf(visitor), conversationId: talk.id, origin });
      expect(res.status, String(origin)).toBe(403);
      expect(live).toBeUndefined();
      expect((await errorOf(res)).code).toBe("cross_origin");
    }
  });

  it("bad query values are 400 naming the field; `after` belongs to a conversation", async () => {
    for (const [query, field] of [
      [{ conversationId: 0 }, "conversation_id"],
      [{ conversationId: talk.id, after: -1 }, "after"],
      [{ after: 5 }, "after"],
    ] as const) {
      const { res } = await openLive({ cookie: cookieOf(visitor), ...query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(Object.keys((await errorOf(res)).fields ?? {})).toEqual([field]);
    }
    const junk = await openLive({ cookie: cookieOf(visitor), conversationId: "x1" as unknown as number });
    expect(junk.res.status).toBe(400);
  });
});

describe("a conversation's channel", () => {
  it("delivers a published message to both participants' pages, once each, and the next one too", async () => {
    const talk = await conversation();
    const a = await mustOpen({ cookie: cookieOf(visitor), conversationId: talk.id });
    const b = await mustOpen({ cookie: cookieOf(owner), conversationId: talk.id });
    const first = messageEvent(talk, 101, visitor.user.id, "Is it still available?");
    await publishToConversation(env, talk.id, first);
    // A second event behind it: once it is in, a duplicate of the first would have arrived before it.
    const second = messageEvent(talk, 102, owner.user.id, "Yes, it is.");
    await publishToConversation(env, talk.id, second);
    for (const live of [a, b]) {
      expect(await live.received(2)).toEqual([first, second]);
    }
    const read: LiveEvent = {
      type: "read",
      conversation_id: talk.id,
      reader_id: owner.user.id,
      up_to_id: 101,
      read_at: new Date().toISOString(),
    };
    await publishToConversation(env, talk.id, read);
    for (const live of [a, b]) {
      expect(await live.received(3)).toEqual([first, second, read]);
      live.close();
    }
    expect(a.events).toHaveLength(3);
  });

  it("keeps its sockets through hibernation: after the object leaves memory, events still reach both", async () => {
    const talk = await conversation();
    const a = await mustOpen({ cookie: cookieOf(visitor), conversationId: talk.id });
    const b = await mustOpen({ cookie: cookieOf(owner), conversationId: talk.id });
    const first = messageEvent(talk, 201, visitor.user.id, "Hello");
    await publishToConversation(env, talk.id, first);
    await Promise.all([a.received(1), b.received(1)]);

    await evictDurableObject(liveChannel(env, conversationChannel(talk.id)), { webSockets: "hibernate" });

    const second = messageEvent(talk, 202, owner.user.id, "Hi, after a nap");
    const got = await liveChannel(env, conversationChannel(talk.id)).publish(second);
    expect(got).toBe(2);
    for (const live of [a, b]) {
      expect(await live.received(2)).toEqual([first, second]);
      live.close();
    }
  });

  it("sends a reconnecting page every message after `after`, oldest first, then the live events", async () => {
    const talk = await conversation();
    const ids: number[] = [];
    for (let i = 1; i <= 5; i += 1) {
      ids.push(await insertMessage(talk, i % 2 ? visitor.user.id : owner.user.id, `message ${i}`));
    }
    const live = await mustOpen({ cookie: cookieOf(visitor), conversationId: talk.id, after: ids[1] });
    const missed = await live.received(3);
    expect(idsOf(missed)).toEqual(ids.slice(2));
    expect(missed[0]).toMatchObject({
      type: "message",
      message: { id: ids[2], conversation_id: talk.id, sender_id: visitor.user.id, text: "message 3", read_at: null },
    });
    const next = messageEvent(talk, ids[4]! + 1000, owner.user.id, "live again");
    await publishToConversation(env, talk.id, next);
    expect(idsOf(await live.received(4))).toEqual([...ids.slice(2), ids[4]! + 1000]);
    live.close();
  });

  it("holds back what is published while it catches up, and sends no message twice", async () => {
    const talk = await conversation();
    const ids = [await insertMessage(talk, visitor.user.id, "one"), await insertMessage(talk, owner.user.id, "two")];
    const stub = liveChannel(env, conversationChannel(talk.id));
    const familyId = await liveFamilyOf(visitor.user.id);
    // Sockets are I/O of the object that made them: the page's end is read inside it too.
    const texts = await runInDurableObject(stub, async (channel: LiveChannel) => {
      const request = connectRequest(conversationChannel(talk.id), {
        userId: visitor.user.id,
        familyId,
        after: ids[0],
        now: Date.now(),
      });
      // Published while the catch-up reads D1: the stored "two" again, and a newer message.
      const connecting = channel.fetch(request);
      await channel.publish(messageEvent(talk, ids[1]!, owner.user.id, "two"));
      await channel.publish(messageEvent(talk, ids[1]! + 1, visitor.user.id, "three"));
      const socket = (await connecting).webSocket!;
      const got: string[] = [];
      socket.addEventListener("message", (event) => {
        const parsed = JSON.parse(event.data as string) as LiveEvent;
        if (parsed.type === "message") got.push(parsed.message.text);
      });
      socket.accept();
      await channel.publish(messageEvent(talk, ids[1]! + 2, owner.user.id, "four"));
      const deadline = Date.now() + 5_000;
      while (got.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      socket.close(1000, "done");
      return got;
    });
    expect(texts).toEqual(["two", "three", "four"]);
  });

  it("a reconnect that missed nothing, or opened without `after`, gets only the live events", async () => {
    const talk = await conversation();
    const last = await insertMessage(talk, visitor.user.id, "only one");
    const upToDate = await mustOpen({ cookie: cookieOf(owner), conversationId: talk.id, after: last });
    const fresh = await mustOpen({ cookie: cookieOf(visitor), conversationId: talk.id });
    const event = messageEvent(talk, last + 1, owner.user.id, "next");
    await publishToConversation(env, talk.id, event);
    expect(await upToDate.received(1)).toEqual([event]);
    expect(await fresh.received(1)).toEqual([event]);
    upToDate.close();
    fresh.close();
  });

  it("reads a long gap in batches, all of it in order", async () => {
    const talk = await conversation();
    const first = await insertMessage(talk, visitor.user.id, "start");
    const statements = [];
    for (let i = 0; i < 230; i += 1) {
      statements.push(
        env.DB.prepare(
          `INSERT INTO messages (listing_id, sender_id, recipient_id, body, created_at, conversation_id)
           VALUES (?, ?, ?, ?, ?, ?)`,
        ).bind(talk.listingId, owner.user.id, visitor.user.id, `reply ${i}`, Date.now(), talk.id),
      );
    }
    await env.DB.batch(statements);
    const live = await mustOpen({ cookie: cookieOf(visitor), conversationId: talk.id, after: first });
    const events = await live.received(230);
    const ids = idsOf(events) as number[];
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(new Set(ids).size).toBe(230);
    expect(events.at(-1)).toMatchObject({ message: { text: "reply 229" } });
    live.close();
  });

  it("answers the page's keep-alive without an event", async () => {
    const talk = await conversation();
    const live = await mustOpen({ cookie: cookieOf(visitor), conversationId: talk.id });
    live.socket.send(LIVE_PING);
    const deadline = Date.now() + 5_000;
    while (!live.other.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(live.other).toEqual([LIVE_PONG]);
    expect(live.events).toEqual([]);
    live.close();
  });

  it("closes a socket whose authorisation ran out at its next event, and only that one", async () => {
    const talk = await conversation();
    const stale = await mustOpen({
      cookie: cookieOf(visitor),
      conversationId: talk.id,
      now: Date.now() - LIVE_SOCKET_MAX_AGE_MS - 60_000,
    });
    const current = await mustOpen({ cookie: cookieOf(owner), conversationId: talk.id });
    const event = messageEvent(talk, 1, owner.user.id, "anyone there?");
    await publishToConversation(env, talk.id, event);
    expect((await stale.closed).code).toBe(LIVE_CLOSE_EXPIRED);
    expect(stale.events).toEqual([]);
    expect(await current.received(1)).toEqual([event]);
    current.close();
  });
});

describe("a person's channel", () => {
  it("first sends the unread count, then every count published to the person", async () => {
    const person = await signUpByPhone();
    const talk = await insertConversation(visitor.user.id, person.user.id);
    await insertMessage(talk, visitor.user.id, "one");
    await insertMessage(talk, visitor.user.id, "two");
    // As the visitor of another conversation: both sides count.
    const other = await insertConversation(person.user.id, owner.user.id);
    await insertMessage(other, owner.user.id, "three");

    const first = await mustOpen({ cookie: cookieOf(person) });
    const second = await mustOpen({ cookie: cookieOf(person) });
    expect(await first.received(1)).toEqual([{ type: "unread", unread: 3 }]);
    expect(await second.received(1)).toEqual([{ type: "unread", unread: 3 }]);

    await publishToUser(env, person.user.id, { type: "unread", unread: 0 });
    for (const live of [first, second]) {
      expect(await live.received(2)).toEqual([
        { type: "unread", unread: 3 },
        { type: "unread", unread: 0 },
      ]);
    }
    // Another person's count never reaches these pages.
    await publishToUser(env, visitor.user.id, { type: "unread", unread: 7 });
    await publishToUser(env, person.user.id, { type: "unread", unread: 1 });
    expect(await first.received(3)).toEqual([
      { type: "unread", unread: 3 },
      { type: "unread", unread: 0 },
      { type: "unread", unread: 1 },
    ]);
    first.close();
    second.close();
  });

  it("someone without conversations hears 0", async () => {
    const live = await mustOpen({ cookie: cookieOf(stranger) });
    expect(await live.received(1)).toEqual([{ type: "unread", unread: 0 }]);
    live.close();
  });

  it(`holds at most ${LIVE_SOCKETS_PER_CHANNEL} pages of a person: the oldest gives way`, async () => {
    const person = await signUpByPhone();
    const pages = [];
    for (let i = 0; i <= LIVE_SOCKETS_PER_CHANNEL; i += 1) pages.push(await mustOpen({ cookie: cookieOf(person) }));
    expect((await pages[0]!.closed).code).toBe(LIVE_CLOSE_REPLACED);
    const got = await liveChannel(env, userChannel(person.user.id)).publish({ type: "unread", unread: 4 });
    expect(got).toBe(LIVE_SOCKETS_PER_CHANNEL);
    for (const page of pages.slice(1)) {
      expect((await page.received(2))[1]).toEqual({ type: "unread", unread: 4 });
      page.close();
    }
  });
});

describe("through the messages API", () => {
  it("a message written reaches both open thread pages once, and the recipient's every page its unread count", async () => {
    const { listing, owner: seller, visitor: buyer } = await pair();
    const first = await write(buyer, { realty_id: listing.id }, "Hello, is it free?");
    const buyerThread = await mustOpen({
      cookie: cookieOf(buyer),
      conversationId: first.conversation_id,
      after: first.id,
    });
    const sellerThread = await mustOpen({
      cookie: cookieOf(seller),
      conversationId: first.conversation_id,
      after: first.id,
    });
    const sellerPage = await mustOpen({ cookie: cookieOf(seller) });
    expect(await sellerPage.received(1)).toEqual([{ type: "unread", unread: 1 }]);

    const second = await write(buyer, { conversation_id: first.conversation_id }, "And the price?");
    const { from_me: _, ...wire } = second;
    for (const live of [buyerThread, sellerThread])
      expect(await live.received(1)).toEqual([{ type: "message", message: wire }]);
    expect(await sellerPage.received(2)).toEqual([
      { type: "unread", unread: 1 },
      { type: "unread", unread: 2 },
    ]);

    // The seller reads both: the thread pages hear the read mark, the seller's pages the count.
    expect((await as(seller).delivered(first.conversation_id, second.id)).status).toBe(200);
    for (const live of [buyerThread, sellerThread]) {
      const [, read] = await live.received(2);
      expect(read).toMatchObject({
        type: "read",
        conversation_id: first.conversation_id,
        reader_id: seller.user.id,
        up_to_id: second.id,
      });
    }
    expect((await sellerPage.received(3))[2]).toEqual({ type: "unread", unread: 0 });
    // Exactly once each: nothing else arrived meanwhile.
    expect(buyerThread.events).toHaveLength(2);
    expect(sellerThread.events).toHaveLength(2);
    for (const live of [buyerThread, sellerThread, sellerPage]) live.close();
  });

  it("a page that reconnects after missing messages gets them from `after`, then the live ones", async () => {
    const { listing, owner: seller, visitor: buyer } = await pair();
    const first = await write(buyer, { realty_id: listing.id }, "one");
    const missed = [
      await write(seller, { conversation_id: first.conversation_id }, "two"),
      await write(buyer, { conversation_id: first.conversation_id }, "three"),
    ];
    const live = await mustOpen({ cookie: cookieOf(seller), conversationId: first.conversation_id, after: first.id });
    const fourth = await write(buyer, { conversation_id: first.conversation_id }, "four");
    const events = await live.received(3);
    expect(events.map((event) => (event.type === "message" ? event.message.text : event.type))).toEqual([
      "two",
      "three",
      "four",
    ]);
    expect(idsOf(events)).toEqual([...missed.map((m) => m.id), fourth.id]);
    live.close();
  });
});

describe("publishing", () => {
  it("never fails the request that publishes: a channel that cannot be reached is only logged", async () => {
    const broken = {
      LIVE: {
        idFromName: () => {
          throw new Error("no channel");
        },
      },
    } as unknown as Env;
    await expect(publishToConversation(broken, 1, { type: "unread", unread: 1 })).resolves.toBeUndefined();
    await expect(publishToUser(broken, 1, { type: "unread", unread: 1 })).resolves.toBeUndefined();
  });

  it("to a channel nobody listens to is fine", async () => {
    await expect(publishToConversation(env, 987_654_321, { type: "unread", unread: 1 })).resolves.toBeUndefined();
  });
});

describe("a session's sockets end with it", () => {
  /** A second session of the person (another device), signed in by an SMS code. */
  async function secondDevice(person: SignedIn): Promise<Jar> {
    const jar = new Jar();
    const ip = uniqueIp();
    expect((await call("/api/user/login/phone", { body: { phone: person.phone }, ip })).status).toBe(202);
    const code = await lastCode(person.phone);
    expect((await call("/api/user/login/phone/verify", { body: { phone: person.phone, code }, ip, jar })).status).toBe(
      200,
    );
    return jar;
  }

  it("logout closes the session's thread and header sockets; they receive nothing after, another device goes on", async () => {
    const [person, other] = await Promise.all([signUpByPhone(), signUpByPhone()]);
    const talk = await insertConversation(person.user.id, other.user.id);
    const elsewhere = await secondDevice(person);
    const thread = await mustOpen({ cookie: cookieOf(person), conversationId: talk.id });
    const header = await mustOpen({ cookie: cookieOf(person) });
    const otherDevice = await mustOpen({ cookie: elsewhere.header(), conversationId: talk.id });
    expect(await header.received(1)).toEqual([{ type: "unread", unread: 0 }]);

    expect((await call("/api/auth/logout", { body: {}, jar: person.jar })).status).toBe(200);
    expect(await thread.closed).toMatchObject({ code: LIVE_CLOSE_SESSION_ENDED });
    expect(await header.closed).toMatchObject({ code: LIVE_CLOSE_SESSION_ENDED });

    const id = await insertMessage(talk, other.user.id, "after logout");
    await publishToConversation(env, talk.id, messageEvent(talk, id, other.user.id, "after logout"));
    await publishToUser(env, person.user.id, { type: "unread", unread: 1 });
    expect(idsOf(await otherDevice.received(1))).toEqual([id]);
    expect(thread.events).toEqual([]);
    expect(header.events).toEqual([{ type: "unread", unread: 0 }]);
    otherDevice.close();
  });

  it("deleting the account closes the sockets of every session", async () => {
    const [person, other] = await Promise.all([signUpByPhone(), signUpByPhone()]);
    const talk = await insertConversation(person.user.id, other.user.id);
    const elsewhere = await secondDevice(person);
    const sockets = [
      await mustOpen({ cookie: cookieOf(person), conversationId: talk.id }),
      await mustOpen({ cookie: elsewhere.header(), conversationId: talk.id }),
      await mustOpen({ cookie: elsewhere.header() }),
    ];
    const res = await call("/api/cabinet/delete-account", { method: "DELETE", jar: person.jar });
    expect(res.status).toBe(200);
    for (const socket of sockets) expect(await socket.closed).toMatchObject({ code: LIVE_CLOSE_SESSION_ENDED });
  });

  it("a socket whose session ended before the channel took it is closed at once", async () => {
    const person = await signUpByPhone();
    const familyId = await liveFamilyOf(person.user.id);
    await env.DB.prepare("UPDATE refresh_tokens SET revoked_at = 1 WHERE family_id = ?").bind(familyId).run();
    const stub = liveChannel(env, userChannel(person.user.id));
    const code = await runInDurableObject(stub, async (channel: LiveChannel) => {
      const answer = await channel.fetch(
        connectRequest(userChannel(person.user.id), { userId: person.user.id, familyId, now: Date.now() }),
      );
      const socket = answer.webSocket!;
      const closed = new Promise<number>((resolve) => socket.addEventListener("close", (event) => resolve(event.code)));
      socket.accept();
      return closed;
    });
    expect(code).toBe(LIVE_CLOSE_SESSION_ENDED);
  });
});
