/**
 * The live channel (decision 039): a Durable Object per conversation
 * (`conversation:{id}`, the participants' thread pages) and per person (`user:{id}`, every page's unread
 * count) holding the open WebSockets through the Hibernation API — between events the object leaves
 * memory and idle sockets cost nothing. The worker authorises a socket before it gets here
 * (worker/api/messages-live.ts); the API's writes publish their events to it (worker/live/publish.ts),
 * and each socket it holds gets each event once.
 *
 * Whatever a socket needs after a wake-up is in its attachment; memory holds only the sockets still
 * catching up, and only while their connecting request runs (an object cannot hibernate meanwhile).
 */
import { DurableObject } from "cloudflare:workers";
import {
  LIVE_CLOSE_EXPIRED,
  LIVE_CLOSE_REPLACED,
  LIVE_CLOSE_SESSION_ENDED,
  LIVE_PING,
  LIVE_PONG,
} from "#shared/live-protocol.ts";
import type { LiveEvent } from "#shared/api/messages.ts";
import { LIVE_SOCKET_MAX_AGE_MS, LIVE_SOCKETS_PER_CHANNEL } from "#shared/constants.ts";
import { threadPage, unreadTotal } from "#worker/db/conversations.ts";
import { sessionUserOf } from "#worker/db/users.ts";
import { toMessage } from "./message-shape.ts";

/** How many missed messages one query of a reconnecting page's catch-up reads. */
const CATCH_UP_BATCH = 100;

/** What a socket carries through hibernation. */
interface Attachment {
  /** Its own id (WebSocket objects are not the same across a wake-up). */
  id: string;
  userId: number;
  connectedAt: number;
  /** After this (ms) its authorisation has run out: closed at the next event, the page reconnects. */
  expiresAt: number;
}

export interface Connection {
  /** Who the worker authorised. */
  userId: number;
  /** The session (refresh-token family) it was authorised in: its sockets close when it ends. */
  familyId: string;
  /** A conversation channel: every message after this id first (what a reconnecting page missed). */
  after?: number;
  /** The request's clock (ms), from which the socket's authorisation runs. */
  now: number;
}

const INTERNAL_ORIGIN = "https://live-channel.internal";

/** The upgrade request the worker sends a channel for a socket it has authorised. */
export function connectRequest(channel: string, connection: Connection): Request {
  const url = new URL("/connect", INTERNAL_ORIGIN);
  url.searchParams.set("channel", channel);
  url.searchParams.set("user", String(connection.userId));
  url.searchParams.set("family", connection.familyId);
  url.searchParams.set("now", String(connection.now));
  if (connection.after !== undefined) url.searchParams.set("after", String(connection.after));
  return new Request(url, { headers: { Upgrade: "websocket" } });
}

function connectionOf(request: Request): (Connection & { channel: string }) | null {
  const url = new URL(request.url);
  const number = (name: string) => {
    const value = url.searchParams.get(name);
    return value !== null && /^\d{1,16}$/.test(value) ? Number(value) : undefined;
  };
  const channel = url.searchParams.get("channel") ?? "";
  const userId = number("user");
  const now = number("now");
  const familyId = url.searchParams.get("family") ?? "";
  if (!/^(conversation|user):\d+$/.test(channel) || !userId || now === undefined || !familyId) return null;
  return { channel, userId, familyId, now, after: number("after") };
}

const userTag = (userId: number) => `user:${userId}`;
const familyTag = (familyId: string) => `family:${familyId}`;
/** A person's channel notes where their sessions have conversation sockets, to close those too. */
const noteKey = (familyId: string, conversationChannel: string) => `sockets:${familyId}:${conversationChannel}`;

export class LiveChannel extends DurableObject<Env> {
  /** Live events for sockets still receiving their first frames, by socket id: sent after those. */
  #catchingUp = new Map<string, LiveEvent[]>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // A page's keep-alive is answered by the runtime: it neither wakes the object nor costs a request.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(LIVE_PING, LIVE_PONG));
  }

  /** Accepts a socket the worker has authorised (connectRequest), sends its first frames, then its live events. */
  override async fetch(request: Request): Promise<Response> {
    const connection = connectionOf(request);
    if (!connection || request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
      return new Response("Bad connect request", { status: 400 });
    }
    const { 0: client, 1: server } = new WebSocketPair();
    const attachment: Attachment = {
      id: crypto.randomUUID(),
      userId: connection.userId,
      connectedAt: Date.now(),
      expiresAt: connection.now + LIVE_SOCKET_MAX_AGE_MS,
    };
    // Accepted first, so no event published from now on passes it by; held back until the first frames are out.
    this.ctx.acceptWebSocket(server, [userTag(connection.userId), familyTag(connection.familyId)]);
    server.serializeAttachment(attachment);
    this.#catchingUp.set(attachment.id, []);
    this.#closeOldest(connection.userId);
    try {
      // A session that ended between the worker's check and this accept gets nothing.
      const session = await sessionUserOf(this.env.DB, connection);
      if (!session?.family_alive) {
        closeQuietly(server, LIVE_CLOSE_SESSION_ENDED, "Session ended");
        return new Response(null, { status: 101, webSocket: client });
      }
      let newest = 0;
      if (connection.channel.startsWith("user:")) {
        send(server, { type: "unread", unread: await unreadTotal(this.env.DB, connection.userId) });
      } else if (connection.after !== undefined) {
        const conversationId = Number(connection.channel.slice("conversation:".length));
        newest = connection.after;
        for (let more = true; more;) {
          const page = await threadPage(this.env.DB, conversationId, { after: newest }, CATCH_UP_BATCH);
          for (const row of page.items) {
            const { from_me: _, ...message } = toMessage(row, connection.userId);
            send(server, { type: "message", message });
          }
          newest = page.items.at(-1)?.id ?? newest;
          more = page.hasLater;
        }
      }
      // What was published meanwhile, less the messages the catch-up already sent.
      for (const event of this.#catchingUp.get(attachment.id) ?? []) {
        if (event.type !== "message" || event.message.id > newest) send(server, event);
      }
    } catch (error) {
      // The page reconnects and asks again; it must not believe it has everything.
      console.error(`live channel ${connection.channel}: first frames not sent`, error);
      server.close(1011, "Catch-up failed");
    } finally {
      this.#catchingUp.delete(attachment.id);
    }
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Sends an event to every socket of the channel, once each; returns how many got it. */
  async publish(event: LiveEvent): Promise<number> {
    const frame = JSON.stringify(event);
    const now = Date.now();
    let sent = 0;
    for (const socket of this.ctx.getWebSockets()) {
      const attachment = socket.deserializeAttachment() as Attachment | null;
      if (!attachment) continue;
      const waiting = this.#catchingUp.get(attachment.id);
      if (waiting) {
        waiting.push(event);
        sent += 1;
      } else if (attachment.expiresAt <= now) {
        closeQuietly(socket, LIVE_CLOSE_EXPIRED, "Authorisation expired");
      } else if (sendFrame(socket, frame)) {
        sent += 1;
      }
    }
    return sent;
  }

  /** Closes the sockets opened in these sessions (refresh-token families); returns how many. */
  async endSessions(familyIds: string[]): Promise<number> {
    let closed = 0;
    for (const familyId of familyIds) {
      for (const socket of this.ctx.getWebSockets(familyTag(familyId))) {
        closeQuietly(socket, LIVE_CLOSE_SESSION_ENDED, "Session ended");
        closed += 1;
      }
      // A person's channel also ends the sessions' sockets in the conversations they had open.
      const notes = await this.ctx.storage.list<string>({ prefix: `sockets:${familyId}:` });
      for (const [key, conversation] of notes) {
        closed += await this.env.LIVE.get(this.env.LIVE.idFromName(conversation)).endSessions([familyId]);
        await this.ctx.storage.delete(key);
      }
    }
    return closed;
  }

  /** On a person's channel: a session of theirs has a socket in this conversation's channel. */
  async noteConversationSocket(familyId: string, conversationChannel: string): Promise<void> {
    await this.ctx.storage.put(noteKey(familyId, conversationChannel), conversationChannel);
  }

  /** On a person's channel: the conversation channels where their sessions have (or had) sockets. */
  async conversationSockets(): Promise<string[]> {
    const notes = await this.ctx.storage.list<string>({ prefix: "sockets:" });
    return [...new Set(notes.values())];
  }

  /**
   * On a conversation's channel: closes the person's sockets (they no longer take part: a manager removed
   * from the listing's agency); returns how many. Their page's reconnect is refused by the worker.
   */
  async closeUser(userId: number): Promise<number> {
    const sockets = this.ctx.getWebSockets(userTag(userId));
    for (const socket of sockets) closeQuietly(socket, LIVE_CLOSE_SESSION_ENDED, "No longer a participant");
    return sockets.length;
  }

  /** Pages only ever send the keep-alive, which the runtime answers; anything else is ignored. */
  override webSocketMessage(): void {}

  override webSocketClose(socket: WebSocket, code: number, reason: string): void {
    // The Hibernation API leaves the answering Close frame to us; codes that cannot be sent become 1000.
    closeQuietly(socket, code === 1005 || code === 1006 || code === 1015 ? 1000 : code, reason);
  }

  /** A person's sockets beyond LIVE_SOCKETS_PER_CHANNEL: the oldest go (their pages poll instead). */
  #closeOldest(userId: number): void {
    const sockets = this.ctx.getWebSockets(userTag(userId));
    if (sockets.length <= LIVE_SOCKETS_PER_CHANNEL) return;
    const byAge = sockets
      .map((socket) => ({ socket, at: (socket.deserializeAttachment() as Attachment | null)?.connectedAt ?? 0 }))
      .sort((a, b) => a.at - b.at);
    for (const { socket } of byAge.slice(0, sockets.length - LIVE_SOCKETS_PER_CHANNEL)) {
      closeQuietly(socket, LIVE_CLOSE_REPLACED, "Too many pages");
    }
  }
}

function send(socket: WebSocket, event: LiveEvent): void {
  sendFrame(socket, JSON.stringify(event));
}

/** False when the socket is already closing (its page went away between events). */
function sendFrame(socket: WebSocket, frame: string): boolean {
  try {
    socket.send(frame);
    return true;
  } catch {
    return false;
  }
}

function closeQuietly(socket: WebSocket, code: number, reason: string): void {
  try {
    socket.close(code, reason);
  } catch {
    // Already closed.
  }
}
