/**
 * The live channel's socket (decision 039): `GET /api/cabinet/messages/live` with
 * `Upgrade: websocket` (its query: ./api/live.ts) opens the signed-in person's channel (their unread count,
 * sent first and then as it changes); with `conversation_id` that conversation's (a participant's thread
 * page), which with `after` first sends every message after that id — what a reconnecting page missed —
 * and then the live events. Every frame is one `LiveEvent` (./api/messages.ts) as JSON; the page may send
 * `ping`, answered `pong`. Kept apart from the query's schema: pages load this, not valibot.
 */
export const LIVE_PATH = "/api/cabinet/messages/live";

/** What a page sends to learn its socket still works, and the answer (given without waking the channel). */
export const LIVE_PING = "ping";
export const LIVE_PONG = "pong";

/**
 * Why the channel closed a socket: its authorisation ran out (reconnect, through the session check), the
 * person opened more pages than a channel holds (this page polls instead of taking another's place), or
 * the session it was opened in ended (logout, a password change, the account deleted: decision 048).
 */
export const LIVE_CLOSE_EXPIRED = 4001;
export const LIVE_CLOSE_REPLACED = 4002;
export const LIVE_CLOSE_SESSION_ENDED = 4003;

/** A page without its socket asks the API instead this often (the unread count, a conversation's messages). */
export const LIVE_POLL_INTERVAL_MS = 30 * 1000;
