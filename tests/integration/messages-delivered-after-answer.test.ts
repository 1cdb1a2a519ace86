/**
 * The messages page answers after one round trip and marks what it showed delivered after its answer
 * (decision 110): the conversation list's marks no longer stand before the first byte, and still reach the
 * stored messages and the sender's open thread page. A session the read does not confirm marks nothing.
 */
import { env, SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import type { LiveEvent } from "#shared/api/messages.ts";
import { BROWSER_UA, ORIGIN } from "#tests/fixtures/requests.ts";
import { call, signUpByPhone, type SignedIn } from "./auth-fixtures.ts";
import { insertConversation, insertMessage, mustOpen, type TestConversation } from "./live-fixtures.ts";

const SERVED_AGAIN = "x-debug-session-served-again";

const page = (path: string, person: SignedIn) =>
  SELF.fetch(`${ORIGIN}${path}`, {
    redirect: "manual",
    headers: { "user-agent": BROWSER_UA, accept: "text/html", cookie: person.jar.header() },
  });

const beforeFirstByte = (res: Response) => Number(res.headers.get("x-debug-d1-before-first-byte"));

const deliveredAt = async (id: number) =>
  (await env.DB.prepare("SELECT delivered_at FROM messages WHERE id = ?")
    .bind(id)
    .first<{ delivered_at: number | null }>())!.delivered_at;

/** The message's `delivered_at` once set (the marks follow the answer), or null after a while. */
async function deliveredSoon(id: number): Promise<number | null> {
  for (let i = 0; i < 50; i++) {
    const at = await deliveredAt(id);
    if (at !== null) return at;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return null;
}

let sender: SignedIn;
let recipient: SignedIn;
let conversation: TestConversation;
let first: number;
let second: number;

beforeEach(async () => {
  [sender, recipient] = await Promise.all([signUpByPhone({ name: "Pošiljalac" }), signUpByPhone({ name: "Primalac" })]);
  // Each read once by this isolate: their pages start beside the session read (decision 105).
  for (const person of [sender, recipient])
    expect((await call("/api/cabinet/user", { jar: person.jar })).status).toBe(200);
  conversation = await insertConversation(sender.user.id, recipient.user.id);
  first = await insertMessage(conversation, sender.user.id, "Is it free?");
  second = await insertMessage(conversation, sender.user.id, "And the price?");
});

describe("the messages page of a person with messages waiting", () => {
  it("sends its first byte after one round trip, then marks what it showed delivered and tells the sender's page", async () => {
    const senderThread = await mustOpen({ cookie: sender.jar.header(), conversationId: conversation.id });
    const res = await page("/cabinet/messages/", recipient);
    expect(res.status).toBe(200);
    expect(res.headers.get(SERVED_AGAIN)).toBeNull();
    expect(beforeFirstByte(res)).toBe(1);
    const html = await res.text();
    expect(html).toContain("Pošiljalac");
    expect(html).toContain("And the price?");

    const at = await deliveredSoon(second);
    expect(at).not.toBeNull();
    expect(await deliveredAt(first)).toBe(at);
    const [event] = await senderThread.received(1);
    expect(event).toEqual<LiveEvent>({
      type: "delivered",
      conversation_id: conversation.id,
      up_to_id: second,
      delivered_at: new Date(at!).toISOString(),
    });
    // Delivered is not read: the recipient's unread count stays.
    const unread = await call("/api/cabinet/messages/count", { jar: recipient.jar });
    expect((await unread.json<{ data: { unread: number } }>()).data.unread).toBe(2);
    senderThread.close();
  });

  it("a message written after the list was read is not marked by it", async () => {
    const res = await page("/cabinet/messages/", recipient);
    await res.arrayBuffer();
    expect(await deliveredSoon(second)).not.toBeNull();
    const third = await insertMessage(conversation, sender.user.id, "Hello?");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await deliveredAt(third)).toBeNull();
  });

  it("the API asked from outside still answers once the marks are in", async () => {
    const res = await call("/api/cabinet/messages/contacts", { body: {}, jar: recipient.jar });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expect(await deliveredAt(second)).not.toBeNull();
    expect(await deliveredAt(first)).not.toBeNull();
  });

  it("opening the conversation: its messages shown delivered and read, as before", async () => {
    const res = await page(`/cabinet/messages/?c=${conversation.id}`, recipient);
    expect(res.status).toBe(200);
    // The session read beside the list and the thread (asked as the page's visitor: one session read in all),
    // then the read mark — the page shows the unread total after it.
    expect(beforeFirstByte(res)).toBe(5);
    expect(await res.text()).toContain("And the price?");
    const meter = await call(`/api/dev/d1/${res.headers.get("x-debug-d1-id")}`);
    expect((await meter.json<{ sessionReads: number }>()).sessionReads).toBe(1);
    const row = await env.DB.prepare("SELECT delivered_at, read_at FROM messages WHERE id = ?")
      .bind(second)
      .first<{ delivered_at: number | null; read_at: number | null }>();
    expect(row!.read_at).not.toBeNull();
    expect(row!.delivered_at).not.toBeNull();
  });

  it("a session that ended elsewhere marks nothing: the page is served again, a guest's", async () => {
    await env.DB.prepare("UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL")
      .bind(Date.now(), recipient.user.id)
      .run();
    const res = await page("/cabinet/messages/", recipient);
    expect(res.headers.get(SERVED_AGAIN)).toBe("1");
    expect(res.status).toBe(302);
    expect(await res.text()).not.toContain("And the price?");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await deliveredAt(second)).toBeNull();
  });
});
