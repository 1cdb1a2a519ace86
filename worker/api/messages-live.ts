/**
 * The live channel's sockets (shared/api/live.ts, decision 039): `GET /api/cabinet/messages/live`
 * with `Upgrade: websocket` — the signed-in person's channel, or with `conversation_id` (and `after`) a
 * conversation's, participants only (its two people and the managers of its listing's agency; 404 for anyone
 * else, as for a conversation that does not exist). The
 * worker authorises; the channel's Durable Object (worker/live/live-channel.ts) holds the socket.
 */
import { Hono } from "hono";
import { LiveQuery } from "#shared/api/live.ts";
import { originOf } from "#shared/same-origin.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { mayListen } from "#worker/db/live.ts";
import { apiError } from "#worker/http/api-error.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { connectRequest } from "#worker/live/live-channel.ts";
import { requireAuth } from "#worker/middleware/session.ts";
import { conversationChannel, liveChannel, userChannel } from "#worker/live/publish.ts";
import { valid } from "./validate.ts";

export const messagesLive = new Hono<AppEnv>();

messagesLive.get(
  "/cabinet/messages/live",
  requireAuth,
  async (c, next) => {
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
      c.header("Upgrade", "websocket");
      return apiError(c, 426, "upgrade_required", "Open this as a WebSocket (Upgrade: websocket)");
    }
    // Browsers send the page's Origin with every WebSocket handshake and the session cookies whatever
    // the page: a socket on someone's cookies opens only from this site (as csrf.ts does for writes).
    if (c.get("session")!.via === "cookie" && originOf(c.req.raw) !== "same") {
      return apiError(c, 403, "cross_origin", "A live channel opens only from this site's pages");
    }
    await next();
  },
  valid("query", LiveQuery),
  async (c) => {
    const { conversation_id: conversationId, after } = c.req.valid("query");
    const userId = c.get("user")!.id;
    if (conversationId !== undefined) {
      if (!(await mayListen(c.env.DB, conversationId, userId))) {
        return apiError(c, 404, "not_found", "No such conversation");
      }
    }
    const familyId = c.get("session")!.familyId;
    const channel = conversationId === undefined ? userChannel(userId) : conversationChannel(conversationId);
    // Noted before the socket exists: a session ending from now on finds it (decision 048).
    if (conversationId !== undefined) {
      await liveChannel(c.env, userChannel(userId)).noteConversationSocket(familyId, channel);
    }
    const answer = await liveChannel(c.env, channel).fetch(
      connectRequest(channel, { userId, familyId, after, now: nowOf(c) }),
    );
    if (answer.status !== 101 || !answer.webSocket) throw new Error(`live channel ${channel}: ${answer.status}`);
    // A response of our own: the channel's has immutable headers, and the middleware adds some.
    return new Response(null, { status: 101, webSocket: answer.webSocket });
  },
);
