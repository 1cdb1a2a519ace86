/**
 * Product §7 "Cabinet Messages" (decision 039; shapes in shared/api/messages.ts):
 * `POST /api/cabinet/messages/create` (into a conversation, or to a listing, starting one), `…/contacts`
 * (the person's conversations, paged in the body), `GET …/list` (a thread's page: `before` or `after` an
 * id), `POST …/delivered` (marks read up to an id; idempotent), `GET …/count` (unread over all), and
 * `POST …/block` and `…/report`. Signed-in only; a conversation the person does not take part in is a 404
 * exactly as one that does not exist. A manager of the listing's agency takes part on the listing's side
 * (decision 104): reads, answers, blocks and reports, but marks nothing delivered or read (the agent's). Every write tells the open pages (worker/live/publish.ts).
 *
 * Marks (decision 039): a message is delivered when the recipient's device got it — the conversation list
 * (`contacts`) or a thread page (`list`) that shows it was loaded — and read by `delivered`.
 *
 * `POST /api/realty/{id}/send-message` (worker/api/realty-contact.ts) writes through `writeMessage` too:
 * one limit (MESSAGES_PER_HOUR per sender, one counter), none to one's own listing (403), none either way
 * while a participant has blocked the other (409 `blocked`), none into a conversation whose listing or
 * other person was deleted (409 `conversation_closed`), none to a person staff blocked (409
 * `recipient_blocked`: they could not read or answer it; decision 062), and a listing that is not public
 * takes no new conversation (404 as a missing one).
 */
import { type Context, Hono } from "hono";
import type { LiveEvent } from "#shared/api/messages.ts";
import {
  BlockBody,
  ContactsBody,
  CreateMessageBody,
  DeliveredBody,
  ListQuery,
  ReportConversationBody,
} from "#shared/api/messages.ts";
import { MESSAGES_PER_HOUR, MESSAGES_PER_PAGE } from "#shared/constants.ts";
import { INVALID } from "#shared/validation.ts";
import type { AppEnv } from "#worker/app-env.ts";
import {
  conversationOf,
  conversationPage,
  type ConversationRow,
  type DeliveredRange,
  insertConversationReport,
  insertMessage,
  isClosed,
  isParticipant,
  listingTarget,
  managersCountingWith,
  markDelivered,
  markRead,
  type MessageRow,
  type MessageTarget,
  readIdOf,
  roleOf,
  setBlock,
  threadPage,
  unreadTotal,
} from "#worker/db/conversations.ts";
import { apiError } from "#worker/http/api-error.ts";
import { apiLocale } from "#worker/http/api-locale.ts";
import { rateLimited } from "#worker/http/rate-limited.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { toMessage } from "#worker/live/message-shape.ts";
import { requireAuth } from "#worker/middleware/session.ts";
import { publishToConversation, publishToUser, publishUnread } from "#worker/live/publish.ts";
import { hit } from "#worker/http/rate-limit.ts";
import { pageAfterAnswer } from "#worker/http/page-after-answer.ts";
import { WriteRefused } from "#worker/db/write-gate.ts";
import { toConversation } from "./shapes/conversation.ts";
import { valid } from "./validate.ts";

const BASE = "/cabinet/messages";
const userId = (c: Context<AppEnv>) => c.get("user")!.id;

/** Tells the open pages; a page that misses it catches up when it reconnects, so a failure fails nothing. */
async function publish(sends: (() => Promise<void>)[]): Promise<void> {
  const results = await Promise.allSettled(sends.map((send) => send()));
  for (const result of results) {
    if (result.status === "rejected") console.error("live publish failed:", result.reason);
  }
}

const unreadEvent = async (c: Context<AppEnv>, personId: number): Promise<LiveEvent> => ({
  type: "unread",
  unread: await unreadTotal(c.env.DB, personId),
});

/** Marks the ranges delivered to the signed-in person and tells each conversation's open pages. */
async function tellDelivered(c: Context<AppEnv>, ranges: DeliveredRange[], now: number) {
  const marked = await markDelivered(c.env.DB, userId(c), ranges, now);
  await publish(
    [...marked].map(
      ([conversationId, ids]) =>
        () =>
          publishToConversation(c.env, conversationId, {
            type: "delivered",
            conversation_id: conversationId,
            up_to_id: Math.max(...ids),
            delivered_at: new Date(now).toISOString(),
          }),
    ),
  );
  return marked;
}

/**
 * Marks what a list or thread page showed as delivered. Called in-process for a page (decision 110), after
 * the page's answer: its first byte then waits for no write — a write waits for the session's verdict
 * (decision 105), a second round trip. A failed mark is logged; the marks are idempotent, so the person's
 * next list or thread page (or reading the conversation) sets them. A write refused because the session was
 * not confirmed is no fault: the page is served again, session first, and marks then if the session is alive.
 * Any other caller is answered once the marks are in.
 */
async function deliverNowOrAfterPage(c: Context<AppEnv>, ranges: DeliveredRange[], now: number): Promise<void> {
  const afterAnswer = pageAfterAnswer(c);
  if (!afterAnswer) {
    await tellDelivered(c, ranges, now);
    return;
  }
  if (!ranges.some((range) => range.upToId > range.afterId)) return;
  afterAnswer(() =>
    tellDelivered(c, ranges, now).catch((error: unknown) => {
      if (error instanceof WriteRefused) return;
      console.error("marking messages delivered after the page failed; the next list or thread marks them", {
        user: userId(c),
        conversations: ranges.map((range) => range.conversationId),
        error: String(error),
      });
    }),
  );
}

/**
 * Work a page's answer need not wait for: after it, when the call is made for a page (decision 110), else
 * before the answer. A failure is logged, as publishing's are.
 */
async function afterPageOrNow(c: Context<AppEnv>, work: () => Promise<void>): Promise<void> {
  const logged = () => work().catch((error: unknown) => console.error("live publish failed:", error));
  const afterAnswer = pageAfterAnswer(c);
  if (afterAnswer) afterAnswer(logged);
  else await logged();
}

const blocked = (c: Context) =>
  apiError(c, 409, "blocked", "A participant has blocked this conversation: no messages either way");
const closed = (c: Context) =>
  apiError(c, 409, "conversation_closed", "The listing or the other person's account was deleted");
const recipientBlocked = (c: Context) =>
  apiError(c, 409, "recipient_blocked", "This person's account is blocked: they cannot receive messages");
/** Whether the other side of a conversation is a person staff blocked. */
const blockedRecipient = (c: Context<AppEnv>, conversation: ConversationRow, me: number) =>
  c.env.DB.prepare("SELECT 1 FROM users WHERE id = ? AND blocked_at IS NOT NULL")
    .bind(roleOf(conversation, me) === "visitor" ? conversation.owner_id : conversation.visitor_id)
    .first()
    .then((row) => row !== null);
const noListing = (c: Context) => apiError(c, 404, "not_found", "No such listing");
const noConversation = (c: Context) => apiError(c, 404, "not_found", "No such conversation");

/**
 * Writes a message from the signed-in person: into a conversation they take part in, or to a listing
 * (their conversation about it, started when there is none). The stored message, or the refusal to answer.
 */
export async function writeMessage(
  c: Context<AppEnv>,
  target: MessageTarget,
  text: string,
): Promise<MessageRow | Response> {
  const db = c.env.DB;
  const me = userId(c);
  const now = nowOf(c);
  let conversation: ConversationRow | null = null;
  if ("listingId" in target) {
    const listing = await listingTarget(db, target.listingId, me);
    if (!listing) return noListing(c);
    if (listing.owner_id === me)
      return apiError(c, 403, "forbidden", "This is your own listing", { id: "detail.owner.error.own" });
    if (listing.conversation_id !== null) {
      conversation = await conversationOf(db, listing.conversation_id, me, apiLocale(c));
    } else if (listing.status !== "active") {
      return noListing(c);
    }
  } else {
    conversation = await conversationOf(db, target.conversationId, me, apiLocale(c));
    if (!conversation) return noConversation(c);
  }
  if (conversation) {
    if (isClosed(conversation, me)) return closed(c);
    if (conversation.blocked_by !== null) return blocked(c);
    if (await blockedRecipient(c, conversation, me)) return recipientBlocked(c);
  }
  // Counted only for a message that may go: one counter for send-message and create alike.
  const verdict = await hit(
    c.env.RATE_LIMITS,
    { key: `message:user:${me}`, limit: MESSAGES_PER_HOUR, windowS: 3600 },
    now,
  );
  if (!verdict.allowed) return rateLimited(c, verdict);
  const message = await insertMessage(db, conversation ? { conversationId: conversation.id } : target, me, text, now);
  if (!message) {
    // The state changed between the read and the write (a block, a deletion, the listing left the site).
    const current = await conversationOfTarget(c, conversation ? { conversationId: conversation.id } : target);
    if (current?.blocked_by) return blocked(c);
    if (current && isClosed(current, me)) return closed(c);
    if (current && (await blockedRecipient(c, current, me))) return recipientBlocked(c);
    return "listingId" in target ? noListing(c) : noConversation(c);
  }
  // As the recipient reads it, warning included; the sender's page drops the warning (thread-state.ts).
  const { from_me: _, ...event } = toMessage(message, message.recipient_id);
  await publish([
    () => publishToConversation(c.env, message.conversation_id, { type: "message", message: event }),
    async () => publishToUser(c.env, message.recipient_id, await unreadEvent(c, message.recipient_id)),
    // To the agent, so the agency's managers count it too.
    async () =>
      publishUnread(c.env, await managersCountingWith(c.env.DB, message.conversation_id, message.recipient_id)),
  ]);
  return message;
}

async function conversationOfTarget(c: Context<AppEnv>, target: MessageTarget) {
  const me = userId(c);
  const id =
    "conversationId" in target
      ? target.conversationId
      : (await listingTarget(c.env.DB, target.listingId, me))?.conversation_id;
  return id ? conversationOf(c.env.DB, id, me, apiLocale(c)) : null;
}

export const cabinetMessages = new Hono<AppEnv>();
cabinetMessages.use(`${BASE}/*`, requireAuth);
cabinetMessages.use(`${BASE}/*`, async (c, next) => {
  await next();
  c.header("Cache-Control", "private, no-store");
});

cabinetMessages
  .post(`${BASE}/create`, valid("json", CreateMessageBody), async (c) => {
    const body = c.req.valid("json");
    const target = "conversation_id" in body ? { conversationId: body.conversation_id } : { listingId: body.realty_id };
    const written = await writeMessage(c, target, body.text);
    if (written instanceof Response) return written;
    return c.json({ data: toMessage(written, userId(c)) }, 201);
  })
  .post(`${BASE}/contacts`, valid("json", ContactsBody), async (c) => {
    const { page, per_page } = c.req.valid("json");
    const locale = apiLocale(c);
    const me = userId(c);
    const { items, total } = await conversationPage(c.env.DB, me, page, per_page, locale);
    // The list reached the person's device: what waits for them in these conversations is delivered.
    const waiting = items.filter(
      (row) => isParticipant(row, me) && (roleOf(row, me) === "visitor" ? row.visitor_unread : row.owner_unread) > 0,
    );
    await deliverNowOrAfterPage(
      c,
      waiting.map((row) => ({ conversationId: row.id, afterId: readIdOf(row, me), upToId: row.last_message_id ?? 0 })),
      nowOf(c),
    );
    return c.json({ items: items.map((row) => toConversation(row, me, locale)), total, page, per_page });
  })
  .get(`${BASE}/list`, valid("query", ListQuery), async (c) => {
    const query = c.req.valid("query");
    if (query.before !== undefined && query.after !== undefined) {
      return apiError(c, 400, "invalid_input", "Give `before` or `after`, not both", { after: INVALID.format });
    }
    const me = userId(c);
    const locale = apiLocale(c);
    const conversation = await conversationOf(c.env.DB, query.conversation_id, me, locale);
    if (!conversation) return noConversation(c);
    const page = await threadPage(c.env.DB, conversation.id, query, MESSAGES_PER_PAGE);
    // The page reached the person's device: the other side's messages in it are delivered.
    const now = nowOf(c);
    const range = {
      conversationId: conversation.id,
      afterId: readIdOf(conversation, me),
      upToId: Math.max(0, ...page.items.map((m) => m.id)),
    };
    const ranges = isParticipant(conversation, me) ? [range] : [];
    await deliverNowOrAfterPage(c, ranges, now);
    // What the mark sets (or a concurrent one did, a moment apart): the page's own messages to me in the range.
    const items = page.items.map((m) =>
      toMessage(
        ranges.length &&
          m.recipient_id === me &&
          m.delivered_at === null &&
          m.id > range.afterId &&
          m.id <= range.upToId
          ? { ...m, delivered_at: now }
          : m,
        me,
        conversation.visitor_id,
      ),
    );
    return c.json({
      items,
      conversation: toConversation(conversation, me, locale),
      has_earlier: page.hasEarlier,
      has_later: page.hasLater,
    });
  })
  .post(`${BASE}/delivered`, valid("json", DeliveredBody), async (c) => {
    const { conversation_id, up_to_id } = c.req.valid("json");
    const me = userId(c);
    const conversation = await conversationOf(c.env.DB, conversation_id, me, apiLocale(c));
    if (!conversation) return noConversation(c);
    // A manager's reading is not the agent's: the read position and the counts stay theirs.
    if (!isParticipant(conversation, me)) return c.json({ data: { unread: await unreadTotal(c.env.DB, me) } });
    const role = roleOf(conversation, me);
    const before = readIdOf(conversation, me);
    const now = nowOf(c);
    const read = await markRead(c.env.DB, conversation.id, { id: me, role }, up_to_id, now);
    const unread = await unreadTotal(c.env.DB, me);
    if (read.readId > before) {
      await publish([
        () =>
          publishToConversation(c.env, conversation.id, {
            type: "read",
            conversation_id: conversation.id,
            reader_id: me,
            up_to_id: read.readId,
            read_at: new Date(now).toISOString(),
          }),
        () => publishToUser(c.env, me, { type: "unread", unread }),
      ]);
      // The agent read it: so did the counts of the agency's managers, which are the agent's. Two reads in a
      // row that the reader's page need not wait for.
      await afterPageOrNow(c, () =>
        managersCountingWith(c.env.DB, conversation.id, me).then((managers) => publishUnread(c.env, managers)),
      );
    }
    return c.json({ data: { unread } });
  })
  .get(`${BASE}/count`, async (c) => c.json({ data: { unread: await unreadTotal(c.env.DB, userId(c)) } }))
  .post(`${BASE}/block`, valid("json", BlockBody), async (c) => {
    const { conversation_id, blocked: block } = c.req.valid("json");
    const me = userId(c);
    const locale = apiLocale(c);
    const conversation = await conversationOf(c.env.DB, conversation_id, me, locale);
    if (!conversation) return noConversation(c);
    // Lifting a block is for the one who set it.
    if (!block && conversation.blocked_by !== null && conversation.blocked_by !== me) return blocked(c);
    await setBlock(c.env.DB, conversation.id, me, block, nowOf(c));
    const current = await conversationOf(c.env.DB, conversation.id, me, locale);
    return c.json({ data: toConversation(current!, me, locale) });
  })
  .post(`${BASE}/report`, valid("json", ReportConversationBody), async (c) => {
    const { conversation_id, reason, text } = c.req.valid("json");
    const me = userId(c);
    const conversation = await conversationOf(c.env.DB, conversation_id, me, apiLocale(c));
    if (!conversation) return noConversation(c);
    // A repeat of an open report is answered alike and not filed twice.
    await insertConversationReport(c.env.DB, {
      conversationId: conversation.id,
      reporterId: me,
      reason,
      text,
      now: nowOf(c),
    });
    return c.json({ data: { reported: true as const } });
  });
