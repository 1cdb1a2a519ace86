/**
 * Conversations between a listing's visitor and its owner (decision 039; migration 0016): one per
 * (listing, visitor), its messages, each side's read position and unread count, blocks, reports, and the
 * e-mail notice's claims. The counts are kept by the writes, so the list, the header's count and `count`
 * read no message rows; a thread reads its messages by the index (conversation_id, id).
 *
 * Who takes part: the visitor, and on the listing's side its owner (the agent) and — for a listing of an
 * agency — the agency's managers (decision 104), who read and answer as the listing's side. A manager's
 * reading moves no read position nor unread count: those are the agent's (the recipient of the visitor's
 * messages), so the visitor's "read" marks mean the agent read them. Membership is read at each request, so
 * a manager removed from the agency loses the conversations at once.
 *
 * Who may write: nobody into a conversation whose listing was deleted or whose other participant deleted
 * their account (it stays readable: the history is theirs), nobody either way while a participant has
 * blocked the other. A listing that is not public takes no NEW conversation, but one that exists goes on
 * (the owner and the visitor can still talk about a flat that was sold or archived meanwhile).
 *
 * Plans (EXPLAIN QUERY PLAN at the bench's sizes): `+recipient_id` keeps a thread's reads and writes on
 * messages_conversation (a range of one conversation) rather than messages_recipient (all of a person's
 * messages); the notice's claim starts from the unread messages of its window (messages_unread, forced by
 * CROSS JOIN) rather than from every conversation.
 */
import type { ConversationReportReason } from "#shared/api/messages.ts";
import type { ListingStatus } from "#shared/api/realty.ts";
import type { Deal, ListingKind } from "#shared/listing-types.ts";
import type { Locale } from "#shared/locales.ts";
import { managedBy } from "./agencies.ts";
import { shownTitle } from "./listing-titles.ts";
import type { Database } from "#worker/app-env.ts";

export type Role = "visitor" | "owner";
const other = (role: Role): Role => (role === "visitor" ? "owner" : "visitor");

/**
 * A role's columns by name: `{read_id, unread, notified_at, id}` of one side. Only these fixed names are
 * ever put into SQL text.
 */
const side = (role: Role) => ({
  id: `${role}_id`,
  readId: `${role}_read_id`,
  unread: `${role}_unread`,
  notifiedAt: `${role}_notified_at`,
});

/** A conversation as one participant reads it: its counters, listing, both people and the last message. */
export interface ConversationRow {
  id: number;
  listing_id: number;
  visitor_id: number;
  owner_id: number;
  created_at: number;
  last_message_id: number | null;
  last_message_at: number;
  visitor_read_id: number;
  owner_read_id: number;
  visitor_unread: number;
  owner_unread: number;
  blocked_by: number | null;
  status: ListingStatus;
  listing_deleted_at: number | null;
  deal: Deal;
  property_type: ListingKind;
  title: string | null;
  title_generated: number;
  lang: Locale | null;
  rooms: number | null;
  area: number | null;
  land_area: number | null;
  city_slug: string | null;
  city_name: string | null;
  district_name: string | null;
  image_json: string | null;
  visitor_name: string;
  visitor_deleted_at: number | null;
  owner_name: string;
  owner_deleted_at: number | null;
  last_body: string | null;
  last_sender_id: number | null;
  last_created_at: number | null;
}

/** Names of places are the locale's: one of three known column names, never user text. */
const conversationColumns = (locale: Locale) => `
  c.id, c.listing_id, c.visitor_id, c.owner_id, c.created_at, c.last_message_id, c.last_message_at,
  c.visitor_read_id, c.owner_read_id, c.visitor_unread, c.owner_unread, c.blocked_by,
  l.status, l.deleted_at AS listing_deleted_at, l.deal, l.property_type, l.title, l.title_generated, l.lang,
  l.rooms, l.area, l.land_area, ci.slug AS city_slug, ci.name_${locale} AS city_name,
  d.name_${locale} AS district_name,
  (SELECT json_object('id', i.id, 'width', i.width, 'height', i.height, 'photo_key', i.photo_key)
     FROM listing_images i WHERE i.listing_id = l.id AND i.state = 'public' ORDER BY i.position LIMIT 1) AS image_json,
  v.name AS visitor_name, v.deleted_at AS visitor_deleted_at, o.name AS owner_name, o.deleted_at AS owner_deleted_at,
  m.body AS last_body, m.sender_id AS last_sender_id, m.created_at AS last_created_at`;

const conversationJoins = `
  JOIN listings l ON l.id = c.listing_id
  LEFT JOIN cities ci ON ci.id = l.city_id LEFT JOIN districts d ON d.id = l.district_id
  JOIN users v ON v.id = c.visitor_id JOIN users o ON o.id = c.owner_id
  LEFT JOIN messages m ON m.id = c.last_message_id`;

/**
 * SQL: user `param` takes part in conversation `c` about listing `l`: its visitor, its owner, or a manager
 * of the listing's agency.
 */
export const takesPart = (param: string) => `(c.visitor_id = ${param} OR c.owner_id = ${param} OR ${managedBy(param)})`;

/** The person is one of the conversation's two people (not a manager reading on the listing's side). */
export const isParticipant = (row: Pick<ConversationRow, "visitor_id" | "owner_id">, userId: number) =>
  row.visitor_id === userId || row.owner_id === userId;

/** The person's side of a conversation they take part in (a manager's is the owner's). */
export const roleOf = (row: Pick<ConversationRow, "visitor_id">, userId: number): Role =>
  row.visitor_id === userId ? "visitor" : "owner";

/** How far the person has read: the newest message id of the other side they have seen. */
export const readIdOf = (
  row: Pick<ConversationRow, "visitor_id" | "visitor_read_id" | "owner_read_id">,
  userId: number,
) => (roleOf(row, userId) === "visitor" ? row.visitor_read_id : row.owner_read_id);

/** Nobody writes into it any more: its listing was deleted, or the other person's account. */
export function isClosed(row: ConversationRow, userId: number): boolean {
  const otherDeleted = roleOf(row, userId) === "visitor" ? row.owner_deleted_at : row.visitor_deleted_at;
  return row.listing_deleted_at !== null || otherDeleted !== null;
}

/** A conversation the person takes part in; null for any other id (the API's 404 either way). */
export function conversationOf(
  db: Database,
  id: number,
  userId: number,
  locale: Locale,
): Promise<ConversationRow | null> {
  return db
    .prepare(
      `SELECT ${conversationColumns(locale)} FROM conversations c ${conversationJoins}
       WHERE c.id = ?1 AND ${takesPart("?2")}`,
    )
    .bind(id, userId)
    .first<ConversationRow>();
}

/**
 * One page of the person's conversations, newest activity first, and how many they have. They are the
 * visitor in some, the owner in others, and a manager reading those about their agency's other listings:
 * each source's index (conversations_visitor, conversations_owner, listings_agency) gives its newest
 * `offset + limit` in order, and only those are merged and cut.
 */
export async function conversationPage(
  db: Database,
  userId: number,
  page: number,
  perPage: number,
  locale: Locale,
): Promise<{ items: ConversationRow[]; total: number }> {
  const offset = (page - 1) * perPage;
  const [rows, count] = await db.batch([
    db
      .prepare(
        `WITH mine AS (
           SELECT * FROM (SELECT id, last_message_at FROM conversations WHERE visitor_id = ?1
                          ORDER BY last_message_at DESC LIMIT ?2 + ?3)
           UNION ALL
           SELECT * FROM (SELECT id, last_message_at FROM conversations WHERE owner_id = ?1
                          ORDER BY last_message_at DESC LIMIT ?2 + ?3)
           UNION ALL
           SELECT * FROM (SELECT c.id, c.last_message_at FROM conversations c JOIN listings l ON l.id = c.listing_id
                          WHERE ${MANAGED_NOT_OWN} ORDER BY c.last_message_at DESC LIMIT ?2 + ?3)
           ORDER BY last_message_at DESC, id DESC LIMIT ?2 OFFSET ?3)
         SELECT ${conversationColumns(locale)} FROM mine JOIN conversations c ON c.id = mine.id ${conversationJoins}
         ORDER BY c.last_message_at DESC, c.id DESC`,
      )
      .bind(userId, perPage, offset),
    db
      .prepare(
        `SELECT (SELECT COUNT(*) FROM conversations WHERE visitor_id = ?1)
              + (SELECT COUNT(*) FROM conversations WHERE owner_id = ?1)
              + (SELECT COUNT(*) FROM conversations c JOIN listings l ON l.id = c.listing_id
                 WHERE ${MANAGED_NOT_OWN}) AS n`,
      )
      .bind(userId),
  ]);
  return { items: rows!.results as ConversationRow[], total: (count!.results[0] as { n: number }).n };
}

/** SQL: conversations (`c`, listing `l`) the manager ?1 reads for their agency, not as one of its two people. */
const MANAGED_NOT_OWN = `${managedBy("?1")} AND c.visitor_id <> ?1 AND c.owner_id <> ?1`;

/**
 * The person's unread messages over all their conversations, as visitor, as owner, and as a manager of the
 * listing's agency — counted as the list shows them to a manager: the agent's unread count (decision 104),
 * which only the agent's reading moves. Membership is read here too, so a removed manager stops counting.
 */
export async function unreadTotal(db: Database, userId: number): Promise<number> {
  const row = await unreadTotalStatement(db, userId).first<{ n: number }>();
  return row?.n ?? 0;
}

/** `unreadTotal`'s statement (one row, `n`), to read in a batch with others. */
export const unreadTotalStatement = (db: Database, userId: number) =>
  db
    .prepare(
      `SELECT (SELECT ifnull(SUM(visitor_unread), 0) FROM conversations WHERE visitor_id = ?1)
            + (SELECT ifnull(SUM(owner_unread), 0) FROM conversations WHERE owner_id = ?1)
            + (SELECT ifnull(SUM(c.owner_unread), 0) FROM conversations c JOIN listings l ON l.id = c.listing_id
               WHERE ${MANAGED_NOT_OWN}) AS n`,
    )
    .bind(userId);

/**
 * The managers whose count moves with the agent's in this conversation: those of its listing's agency who
 * are neither of its two people, when `ownerId` is its owner (none otherwise, e.g. for the visitor's count).
 */
export async function managersCountingWith(db: Database, conversationId: number, ownerId: number): Promise<number[]> {
  const { results } = await db
    .prepare(
      `SELECT m.user_id FROM conversations c JOIN listings l ON l.id = c.listing_id
       JOIN agency_members m ON m.agency_id = l.agency_id AND m.role = 'manager'
       WHERE c.id = ?1 AND c.owner_id = ?2 AND m.user_id <> c.visitor_id AND m.user_id <> c.owner_id`,
    )
    .bind(conversationId, ownerId)
    .all<{ user_id: number }>();
  return results.map((row) => row.user_id);
}

/** What writing to a listing needs to know: the listing (not deleted) and the writer's conversation about it. */
export interface ListingTarget {
  owner_id: number;
  status: ListingStatus;
  conversation_id: number | null;
}

export function listingTarget(db: Database, listingId: number, visitorId: number): Promise<ListingTarget | null> {
  return db
    .prepare(
      `SELECT l.owner_id, l.status, c.id AS conversation_id
       FROM listings l LEFT JOIN conversations c ON c.listing_id = l.id AND c.visitor_id = ?2
       WHERE l.id = ?1 AND l.deleted_at IS NULL`,
    )
    .bind(listingId, visitorId)
    .first<ListingTarget>();
}

/** A message as stored. */
export interface MessageRow {
  id: number;
  conversation_id: number;
  sender_id: number;
  recipient_id: number;
  body: string;
  created_at: number;
  delivered_at: number | null;
  read_at: number | null;
}

const MESSAGE_COLUMNS = "id, conversation_id, sender_id, recipient_id, body, created_at, delivered_at, read_at";

/** Into this conversation, or into the sender's conversation about this listing (started when there is none). */
export type MessageTarget = { conversationId: number } | { listingId: number };

/**
 * Stores a message in ONE batch: the conversation is started when the target is a listing the sender has
 * none about (only a public listing, never the sender's own); the message goes in only when the sender
 * takes part (a manager of the listing's agency writes as its side), nobody blocked the other, the listing
 * is not deleted and the recipient's account exists; and the conversation's last message and the recipient
 * side's unread count move with it. Null when it did not go in (the caller read the state before: only a
 * race lands here).
 */
export async function insertMessage(
  db: Database,
  target: MessageTarget,
  senderId: number,
  body: string,
  now: number,
): Promise<MessageRow | null> {
  // Which conversation, in each statement: by id, or by (listing, visitor = the sender).
  const which =
    "conversationId" in target
      ? { sql: "c.id = ?1", arg: target.conversationId }
      : { sql: "c.listing_id = ?1 AND c.visitor_id = ?2", arg: target.listingId };
  const start =
    "listingId" in target
      ? [
          db
            .prepare(
              `INSERT INTO conversations (listing_id, visitor_id, owner_id, created_at, last_message_at)
               SELECT id, ?2, owner_id, ?3, ?3 FROM listings
               WHERE id = ?1 AND status = 'active' AND deleted_at IS NULL AND owner_id <> ?2
               ON CONFLICT (listing_id, visitor_id) DO NOTHING`,
            )
            .bind(target.listingId, senderId, now),
        ]
      : [];
  const results = await db.batch([
    ...start,
    db
      .prepare(
        `INSERT INTO messages (listing_id, conversation_id, sender_id, recipient_id, body, created_at)
         SELECT c.listing_id, c.id, ?2, CASE WHEN c.visitor_id = ?2 THEN c.owner_id ELSE c.visitor_id END, ?3, ?4
         FROM conversations c JOIN listings l ON l.id = c.listing_id
           JOIN users r ON r.id = CASE WHEN c.visitor_id = ?2 THEN c.owner_id ELSE c.visitor_id END
         WHERE ${which.sql} AND ${takesPart("?2")} AND c.blocked_by IS NULL
           AND l.deleted_at IS NULL AND r.deleted_at IS NULL AND r.blocked_at IS NULL
         RETURNING ${MESSAGE_COLUMNS}`,
      )
      .bind(which.arg, senderId, body, now),
    // Only when a message newer than the conversation's last one went in (this batch's), so a refused
    // message moves nothing; batches run one at a time, so the count grows by exactly one.
    db
      .prepare(
        `UPDATE conversations AS c SET
           last_message_id = (SELECT MAX(id) FROM messages WHERE conversation_id = c.id),
           last_message_at = ?3,
           owner_unread = owner_unread + (visitor_id = ?2),
           visitor_unread = visitor_unread + (visitor_id <> ?2)
         WHERE ${which.sql}
           AND (SELECT MAX(id) FROM messages WHERE conversation_id = c.id) > ifnull(c.last_message_id, 0)`,
      )
      .bind(which.arg, senderId, now),
  ]);
  return (results[start.length]!.results[0] as MessageRow | undefined) ?? null;
}

/**
 * A page of a thread: MESSAGES_PER_PAGE (`limit`) newest first before `before` (the newest without it), or
 * oldest first after `after` (what a reconnecting page missed); whether older and newer ones exist.
 */
export async function threadPage(
  db: Database,
  conversationId: number,
  cursor: { before?: number; after?: number },
  limit: number,
): Promise<{ items: MessageRow[]; hasEarlier: boolean; hasLater: boolean }> {
  const exists = (condition: string, arg: number) =>
    db
      .prepare(`SELECT EXISTS (SELECT 1 FROM messages WHERE conversation_id = ?1 AND ${condition}) AS yes`)
      .bind(conversationId, arg);
  if (cursor.after !== undefined) {
    const [rows, earlier] = await db.batch([
      db
        .prepare(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE conversation_id = ?1 AND id > ?2 ORDER BY id LIMIT ?3`)
        .bind(conversationId, cursor.after, limit + 1),
      exists("id <= ?2", cursor.after),
    ]);
    const items = rows!.results as MessageRow[];
    return {
      items: items.slice(0, limit),
      hasEarlier: (earlier!.results[0] as { yes: number }).yes === 1,
      hasLater: items.length > limit,
    };
  }
  const before = cursor.before;
  const page = db
    .prepare(
      `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE conversation_id = ?1 ${before === undefined ? "" : "AND id < ?3"}
       ORDER BY id DESC LIMIT ?2`,
    )
    .bind(conversationId, limit + 1, ...(before === undefined ? [] : [before]));
  const [rows, later] = await db.batch([page, ...(before === undefined ? [] : [exists("id >= ?2", before)])]);
  const items = rows!.results as MessageRow[];
  return {
    items: items.slice(0, limit),
    hasEarlier: items.length > limit,
    hasLater: later ? (later.results[0] as { yes: number }).yes === 1 : false,
  };
}

/** Where a recipient's device received a conversation's messages: after their read position, up to an id. */
export interface DeliveredRange {
  conversationId: number;
  /** The recipient's read position: what is read was delivered when it was read, so only later ids count. */
  afterId: number;
  upToId: number;
}

/**
 * The recipient's device received the other side's messages of these ranges: their `delivered_at` is set
 * where it is not yet, in one batch. The ids newly marked, by conversation (none: not there).
 */
export async function markDelivered(
  db: Database,
  recipientId: number,
  ranges: readonly DeliveredRange[],
  now: number,
): Promise<Map<number, number[]>> {
  const marked = new Map<number, number[]>();
  const open = ranges.filter((range) => range.upToId > range.afterId);
  if (!open.length) return marked;
  const results = await db.batch(
    open.map((range) =>
      db
        .prepare(
          `UPDATE messages SET delivered_at = ?5
           WHERE conversation_id = ?1 AND id > ?3 AND id <= ?4 AND +recipient_id = ?2 AND delivered_at IS NULL
           RETURNING id`,
        )
        .bind(range.conversationId, recipientId, range.afterId, range.upToId, now),
    ),
  );
  open.forEach((range, i) => {
    const ids = (results[i]!.results as { id: number }[]).map((row) => row.id);
    if (ids.length) marked.set(range.conversationId, ids);
  });
  return marked;
}

/**
 * The reader has seen the other side's messages up to `upToId`: their read position becomes the larger of
 * where it was and that id (never past the conversation's last message: one not written yet stays unread),
 * their unread count is counted again from the messages after it, and those messages get `read_at` (and
 * `delivered_at` where it was missing). Idempotent: a second call changes nothing.
 */
export async function markRead(
  db: Database,
  conversationId: number,
  reader: { id: number; role: Role },
  upToId: number,
  now: number,
): Promise<{ readId: number; unread: number }> {
  const { readId, unread } = side(reader.role);
  const newReadId = `max(c.${readId}, min(?3, ifnull(c.last_message_id, 0)))`;
  const [, updated] = await db.batch([
    db
      .prepare(
        `UPDATE messages SET read_at = ?4, delivered_at = ifnull(delivered_at, ?4)
         WHERE conversation_id = ?1 AND +recipient_id = ?2 AND read_at IS NULL AND id <= ?3
           AND id > (SELECT ${readId} FROM conversations WHERE id = ?1)`,
      )
      .bind(conversationId, reader.id, upToId, now),
    db
      .prepare(
        `UPDATE conversations AS c SET ${readId} = ${newReadId},
           ${unread} = (SELECT COUNT(*) FROM messages m
                        WHERE m.conversation_id = c.id AND m.id > ${newReadId} AND +m.recipient_id = ?2)
         WHERE c.id = ?1
         RETURNING ${readId} AS read_id, ${unread} AS unread`,
      )
      .bind(conversationId, reader.id, upToId),
  ]);
  const row = updated!.results[0] as { read_id: number; unread: number };
  return { readId: row.read_id, unread: row.unread };
}

/**
 * Blocks the other participant (when nobody has yet) or lifts the person's own block; a block by the other
 * side stays. Whether anything changed.
 */
export async function setBlock(
  db: Database,
  conversationId: number,
  userId: number,
  blocked: boolean,
  now: number,
): Promise<boolean> {
  const statement = blocked
    ? db
        .prepare("UPDATE conversations SET blocked_by = ?2, blocked_at = ?3 WHERE id = ?1 AND blocked_by IS NULL")
        .bind(conversationId, userId, now)
    : db
        .prepare("UPDATE conversations SET blocked_by = NULL, blocked_at = NULL WHERE id = ?1 AND blocked_by = ?2")
        .bind(conversationId, userId);
  const result = await statement.run();
  return (result.meta.changes ?? 0) > 0;
}

/** A participant's report of a conversation; false when their open report of it already exists. */
export async function insertConversationReport(
  db: Database,
  report: { conversationId: number; reporterId: number; reason: ConversationReportReason; text: string; now: number },
): Promise<boolean> {
  const result = await db
    .prepare(
      `INSERT INTO conversation_reports (conversation_id, reporter_id, reason, text, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT DO NOTHING`,
    )
    .bind(report.conversationId, report.reporterId, report.reason, report.text || null, report.now)
    .run();
  return (result.meta.changes ?? 0) > 0;
}

/** A conversation claimed for an e-mail notice: whom to tell, in which language, about what. */
export interface NoticeRow {
  id: number;
  listing_id: number;
  /** Whom the notice goes to (their unsubscribe token names them). */
  recipient_id: number;
  email: string | null;
  email_verified_at: number | null;
  locale: string | null;
  sender_name: string;
  /** The newest message the recipient has not read. */
  body: string | null;
  deal: Deal;
  property_type: ListingKind;
  title: string | null;
  title_generated: number;
  lang: Locale | null;
  rooms: number | null;
  area: number | null;
  land_area: number | null;
  city_name_en: string | null;
  city_name_ru: string | null;
  city_name_sr: string | null;
  district_name_en: string | null;
  district_name_ru: string | null;
  district_name_sr: string | null;
}

/** The listing's title as a notice in `locale` names it (see `shownTitle`). */
export function noticeTitle(row: NoticeRow, locale: Locale): string | null {
  const names = {
    en: [row.city_name_en, row.district_name_en],
    ru: [row.city_name_ru, row.district_name_ru],
    sr: [row.city_name_sr, row.district_name_sr],
  }[locale];
  return shownTitle({ ...row, city_name: names[0] ?? null, district_name: names[1] ?? null }, locale).title;
}

/**
 * Claims up to `limit` conversations whose `role` side should be e-mailed: a message to them nobody has
 * read was written by `unreadBefore` (and after `since`: a message left unread for longer than that is not
 * e-mailed late), after their last notice, and that notice was sent by `notifiedBefore` (at most one an
 * interval); a blocked conversation never. They are marked notified at `now` in the same statement, so two
 * overlapping runs never claim one twice, and returned with what the e-mail says (those whose recipient's
 * account still exists) and how many were claimed.
 */
export async function claimNotices(
  db: Database,
  role: Role,
  window: { now: number; since: number; unreadBefore: number; notifiedBefore: number },
  limit: number,
): Promise<{ claimed: number; rows: NoticeRow[] }> {
  const recipient = side(role);
  const sender = side(other(role));
  const { results: claimed } = await db
    .prepare(
      `UPDATE conversations SET ${recipient.notifiedAt} = ?1
       WHERE id IN (
         SELECT DISTINCT c.id FROM messages m CROSS JOIN conversations c ON c.id = m.conversation_id
         WHERE m.read_at IS NULL AND m.created_at > ?2 AND m.created_at <= ?3
           AND m.recipient_id = c.${recipient.id} AND c.blocked_by IS NULL
           AND (c.${recipient.notifiedAt} IS NULL
                OR (c.${recipient.notifiedAt} <= ?4 AND m.created_at > c.${recipient.notifiedAt}))
         LIMIT ?5)
       RETURNING id`,
    )
    .bind(window.now, window.since, window.unreadBefore, window.notifiedBefore, limit)
    .all<{ id: number }>();
  if (!claimed.length) return { claimed: 0, rows: [] };
  const { results } = await db
    .prepare(
      `SELECT c.id, c.listing_id, r.id AS recipient_id, r.email, r.email_verified_at, r.locale, s.name AS sender_name,
         (SELECT body FROM messages m WHERE m.conversation_id = c.id AND +m.recipient_id = r.id AND m.read_at IS NULL
          ORDER BY m.id DESC LIMIT 1) AS body,
         l.deal, l.property_type, l.title, l.title_generated, l.lang, l.rooms, l.area, l.land_area,
         ci.name_en AS city_name_en, ci.name_ru AS city_name_ru, ci.name_sr AS city_name_sr,
         d.name_en AS district_name_en, d.name_ru AS district_name_ru, d.name_sr AS district_name_sr
       FROM conversations c JOIN users r ON r.id = c.${recipient.id} JOIN users s ON s.id = c.${sender.id}
         JOIN listings l ON l.id = c.listing_id
         LEFT JOIN cities ci ON ci.id = l.city_id LEFT JOIN districts d ON d.id = l.district_id
       WHERE c.id IN (SELECT value FROM json_each(?1)) AND r.deleted_at IS NULL
       ORDER BY c.id`,
    )
    .bind(JSON.stringify(claimed.map((row) => row.id)))
    .all<NoticeRow>();
  return { claimed: claimed.length, rows: results };
}
