/**
 * A conversation's messages as its page holds them (decision 039): the loader's newest page, earlier pages
 * loaded in place, messages sent from this page and those the live channel brought, as one list oldest
 * first; the marks of one's own messages (sent, delivered, read) as the newest news about them says.
 */
import type { ApiMessage, LiveEvent } from "#shared/api/messages.ts";
import { SITE_TIME_ZONE } from "#shared/constants.ts";

/** What an own message's mark says; "sending" while it is on its way from this page. */
export type MessageMark = "sending" | "sent" | "delivered" | "read";

export const markOf = (message: Pick<ApiMessage, "delivered_at" | "read_at">): MessageMark =>
  message.read_at ? "read" : message.delivered_at ? "delivered" : "sent";

/** The same message known twice: what either knows of its delivery and reading. */
function combined(older: ApiMessage, newer: ApiMessage): ApiMessage {
  return {
    ...newer,
    delivered_at: newer.delivered_at ?? older.delivered_at ?? newer.read_at ?? older.read_at,
    read_at: newer.read_at ?? older.read_at,
  };
}

/** Both lists as one, oldest first, each message once (ids only grow). */
export function mergeMessages(known: readonly ApiMessage[], more: readonly ApiMessage[]): ApiMessage[] {
  const byId = new Map<number, ApiMessage>();
  for (const message of [...known, ...more]) {
    const before = byId.get(message.id);
    byId.set(message.id, before ? combined(before, message) : message);
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** How far the other side has received or read one's messages, as the live channel said. */
interface Reach {
  upToId: number;
  at: string;
}

/** What the page learnt of a conversation beyond its loader's page. */
export interface ThreadNews {
  /** Earlier pages loaded in place, messages sent from the page and those the live channel brought. */
  messages: readonly ApiMessage[];
  delivered: Reach | null;
  read: Reach | null;
}

export const NO_NEWS: ThreadNews = { messages: [], delivered: null, read: null };

/** What changes a page's news: the live channel's events, an earlier page, a message the page sent. */
export type ThreadUpdate =
  LiveEvent | { type: "earlier"; messages: readonly ApiMessage[] } | { type: "sent"; message: ApiMessage };

const listingSide = (me: number, visitorId: number | undefined) => visitorId !== undefined && visitorId !== me;

/**
 * A live message as person `me` reads it: the warning is for its recipient only. On the listing's side
 * (`visitorId` given and not `me`) the agent's and its managers' messages are all one's own.
 */
function ownView(message: Omit<ApiMessage, "from_me">, me: number, visitorId?: number): ApiMessage {
  const mine = listingSide(me, visitorId) ? message.sender_id !== visitorId : message.sender_id === me;
  return { ...message, from_me: mine, warning: mine ? null : message.warning };
}

/**
 * The news of conversation `conversationId`, seen by person `me` (on the listing's side when `visitorId`,
 * the conversation's visitor, is someone else), after an update: a new message joins them; the other
 * side's delivery and read marks reach one's own messages. What is not about this
 * conversation, or only repeats what is known, leaves them as they are (the same object).
 */
export function withUpdate(
  news: ThreadNews,
  update: ThreadUpdate,
  conversationId: number,
  me: number,
  visitorId?: number,
): ThreadNews {
  switch (update.type) {
    case "earlier":
      return { ...news, messages: mergeMessages(news.messages, update.messages) };
    case "sent":
      return { ...news, messages: mergeMessages(news.messages, [update.message]) };
    case "message":
      if (update.message.conversation_id !== conversationId) return news;
      return {
        ...news,
        messages: mergeMessages(news.messages, [ownView(update.message, me, visitorId)]),
      };
    case "read":
      if (update.conversation_id !== conversationId || update.reader_id === me) return news;
      // On the listing's side only the visitor's reading marks one's messages read (not a colleague's).
      if (listingSide(me, visitorId) && update.reader_id !== visitorId) return news;
      if (news.read && news.read.upToId >= update.up_to_id) return news;
      return { ...news, read: { upToId: update.up_to_id, at: update.read_at } };
    case "delivered":
      if (update.conversation_id !== conversationId) return news;
      if (news.delivered && news.delivered.upToId >= update.up_to_id) return news;
      return { ...news, delivered: { upToId: update.up_to_id, at: update.delivered_at } };
    default:
      return news;
  }
}

/** The thread as shown: the loader's page and the news, oldest first, one's own marked as far as known. */
export function shownMessages(loaded: readonly ApiMessage[], news: ThreadNews): ApiMessage[] {
  const { delivered, read } = news;
  return mergeMessages(news.messages, loaded).map((message) => {
    if (!message.from_me) return message;
    const readAt = message.read_at ?? (read && message.id <= read.upToId ? read.at : null);
    const deliveredAt =
      message.delivered_at ?? (delivered && message.id <= delivered.upToId ? delivered.at : null) ?? readAt;
    return readAt === message.read_at && deliveredAt === message.delivered_at
      ? message
      : { ...message, read_at: readAt, delivered_at: deliveredAt };
  });
}

let dayKey: Intl.DateTimeFormat | undefined;

/** Calendar days (`YYYY-MM-DD` in Serbia) the server worked out for a page's moments, by moment. */
export type KnownDays = Readonly<Record<string, string>>;

/**
 * The calendar day in Serbia (`YYYY-MM-DD`) of a moment: the days the thread's separators name. Looked
 * up in `known` first: the first date formatter a page builds costs the browser 25–190 ms at 4× CPU
 * (Intl's date data) — the cost the formatted texts spare the pages (decision 018), which the messages
 * page's load paid until its days came with its data. Moments that come later (a live or a sent
 * message, earlier ones loaded) build the formatter then.
 */
export function dayOf(at: string | number, known?: KnownDays): string {
  const day = known?.[String(at)];
  if (day !== undefined) return day;
  dayKey ??= new Intl.DateTimeFormat("en-CA", {
    timeZone: SITE_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  return dayKey.format(new Date(at));
}

/** The days of `moments` for a page's data (`dayOf`'s `known`), worked out by the server. */
export function knownDays(moments: readonly (string | number)[]): KnownDays {
  return Object.fromEntries(moments.map((at) => [String(at), dayOf(at)]));
}

/** Messages in runs of one calendar day, oldest first. */
export function byDay<T extends { created_at: string }>(
  messages: readonly T[],
  known?: KnownDays,
): { day: string; items: T[] }[] {
  const days: { day: string; items: T[] }[] = [];
  for (const message of messages) {
    const day = dayOf(message.created_at, known);
    const last = days.at(-1);
    if (last?.day === day) last.items.push(message);
    else days.push({ day, items: [message] });
  }
  return days;
}

/** The calendar day before `day` (`YYYY-MM-DD`). */
export function dayBefore(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** A message's first line, for the conversation list. */
export const firstLine = (text: string): string => text.trim().split(/\r?\n/, 1)[0] ?? "";
