/**
 * The live channel's socket (issue 20 item 3, decision 039): `GET /api/cabinet/messages/live` with
 * `Upgrade: websocket` opens the signed-in person's channel (their unread count, sent first and then as it
 * changes); with `conversation_id` that conversation's (a participant's thread page), which with `after`
 * first sends every message after that id — what a reconnecting page missed — and then the live events.
 * Every frame is one `LiveEvent` (./messages.ts) as JSON; the page may send `ping`, answered `pong`.
 */
import * as v from "valibot";
import { INVALID } from "#shared/validation.ts";
import { IdParam } from "./conventions.ts";

export const LIVE_PATH = "/api/cabinet/messages/live";

/** What a page sends to learn its socket still works, and the answer (given without waking the channel). */
export const LIVE_PING = "ping";
export const LIVE_PONG = "pong";

/**
 * Why the channel closed a socket: its authorisation ran out (reconnect, through the session check), or
 * the person opened more pages than a channel holds (this page polls instead of taking another's place).
 */
export const LIVE_CLOSE_EXPIRED = 4001;
export const LIVE_CLOSE_REPLACED = 4002;

export const LiveQuery = v.pipe(
  v.object({ conversation_id: v.optional(IdParam), after: v.optional(IdParam) }),
  // What a page missed is a conversation's messages: a person's channel has no `after`.
  v.forward(
    v.check((query) => query.after === undefined || query.conversation_id !== undefined, INVALID.notApplicable),
    ["after"],
  ),
);
