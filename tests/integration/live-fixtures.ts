/** Helpers of the live channel's tests: conversations written into D1, sockets opened as a page opens them. */
import { env, SELF } from "cloudflare:test";
import { expect } from "vitest";
import { LIVE_PATH } from "#shared/live-protocol.ts";
import type { LiveEvent } from "#shared/api/messages.ts";
import { ORIGIN } from "#tests/fixtures/requests.ts";

export interface TestConversation {
  id: number;
  listingId: number;
  visitorId: number;
  ownerId: number;
}

/** A conversation of two people about a seeded listing (whoever owns it), without messages. */
export async function insertConversation(
  visitorId: number,
  ownerId: number,
  now = Date.now(),
): Promise<TestConversation> {
  // One conversation per listing and visitor: the first listing this visitor has none about.
  const listing = await env.DB.prepare(
    `SELECT id FROM listings WHERE status = 'active'
       AND id NOT IN (SELECT listing_id FROM conversations WHERE visitor_id = ?) ORDER BY id LIMIT 1`,
  )
    .bind(visitorId)
    .first<{ id: number }>();
  const row = await env.DB.prepare(
    `INSERT INTO conversations (listing_id, visitor_id, owner_id, created_at, last_message_at)
     VALUES (?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(listing!.id, visitorId, ownerId, now, now)
    .first<{ id: number }>();
  return { id: row!.id, listingId: listing!.id, visitorId, ownerId };
}

/** A message written into a conversation as the API would store it (the unread count of its recipient too). */
export async function insertMessage(
  conversation: TestConversation,
  senderId: number,
  text: string,
  now = Date.now(),
): Promise<number> {
  const toOwner = senderId === conversation.visitorId;
  const recipientId = toOwner ? conversation.ownerId : conversation.visitorId;
  const row = await env.DB.prepare(
    `INSERT INTO messages (listing_id, sender_id, recipient_id, body, created_at, conversation_id)
     VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(conversation.listingId, senderId, recipientId, text, now, conversation.id)
    .first<{ id: number }>();
  await env.DB.prepare(
    `UPDATE conversations SET last_message_id = ?1, last_message_at = ?2,
       ${toOwner ? "owner_unread = owner_unread + 1" : "visitor_unread = visitor_unread + 1"} WHERE id = ?3`,
  )
    .bind(row!.id, now, conversation.id)
    .run();
  return row!.id;
}

/** A message event as the API publishes it. */
export function messageEvent(conversation: TestConversation, id: number, senderId: number, text: string): LiveEvent {
  return {
    type: "message",
    message: {
      id,
      conversation_id: conversation.id,
      sender_id: senderId,
      text,
      created_at: new Date().toISOString(),
      delivered_at: null,
      read_at: null,
      warning: null,
    },
  };
}

/** An open socket and everything it has received. */
export interface TestSocket {
  socket: WebSocket;
  events: LiveEvent[];
  /** Raw frames that were not events (the keep-alive's answer). */
  other: string[];
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves once `count` events have arrived (fails the test after a while). */
  received(count: number): Promise<LiveEvent[]>;
  close(): void;
}

export interface OpenOptions {
  /** A `Cookie` header's value (a signed-in page); none: a guest. */
  cookie?: string;
  conversationId?: number;
  after?: number;
  origin?: string | null;
  /** The request's clock (development knob, loopback only). */
  now?: number;
  upgrade?: boolean;
}

/** The handshake a page's `new WebSocket(…)` makes: the answer, and the socket when it was accepted. */
export async function openLive(options: OpenOptions = {}): Promise<{ res: Response; live?: TestSocket }> {
  const params = new URLSearchParams();
  if (options.conversationId !== undefined) params.set("conversation_id", String(options.conversationId));
  if (options.after !== undefined) params.set("after", String(options.after));
  const headers: Record<string, string> = { "cf-connecting-ip": "127.0.0.1" };
  if (options.upgrade ?? true) headers.upgrade = "websocket";
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin !== null) headers.origin = options.origin ?? ORIGIN;
  if (options.now !== undefined) headers["x-debug-now"] = String(options.now);
  const query = params.size ? `?${params}` : "";
  const res = await SELF.fetch(`${ORIGIN}${LIVE_PATH}${query}`, { headers });
  const socket = res.webSocket;
  if (!socket) return { res };
  return { res, live: listen(socket) };
}

/** Opens a socket that must be accepted. */
export async function mustOpen(options: OpenOptions): Promise<TestSocket> {
  const { res, live } = await openLive(options);
  expect(res.status, await (live ? "" : res.text())).toBe(101);
  return live!;
}

function listen(socket: WebSocket): TestSocket {
  const events: LiveEvent[] = [];
  const other: string[] = [];
  let wake = () => {};
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.addEventListener("close", (event) => {
      resolve({ code: event.code, reason: event.reason });
      wake();
    });
  });
  socket.addEventListener("message", (event) => {
    const text = typeof event.data === "string" ? event.data : "";
    if (text.startsWith("{")) events.push(JSON.parse(text) as LiveEvent);
    else other.push(text);
    wake();
  });
  socket.accept();
  return {
    socket,
    events,
    other,
    closed,
    async received(count) {
      const deadline = Date.now() + 5_000;
      while (events.length < count) {
        if (Date.now() > deadline) throw new Error(`${events.length} of ${count} events: ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 50);
        });
      }
      return events.slice(0, count);
    },
    close() {
      try {
        socket.close(1000, "done");
      } catch {
        // Already closed.
      }
    },
  };
}
