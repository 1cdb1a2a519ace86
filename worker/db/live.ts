/**
 * What the live channel reads (issue 20 item 3): who may listen to a conversation, the messages a
 * reconnecting page missed, and a person's unread count for their channel's first frame.
 */
import type { ApiMessage } from "#shared/api/messages.ts";

export interface Participants {
  visitor_id: number;
  owner_id: number;
}

/** The two people of a conversation; null when there is no such conversation. */
export function conversationParticipants(db: D1Database, conversationId: number): Promise<Participants | null> {
  return db
    .prepare("SELECT visitor_id, owner_id FROM conversations WHERE id = ?")
    .bind(conversationId)
    .first<Participants>();
}

interface MessageRow {
  id: number;
  conversation_id: number;
  sender_id: number;
  body: string;
  created_at: number;
  delivered_at: number | null;
  read_at: number | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A conversation's messages after `afterId`, oldest first, at most `limit` (the index on (conversation_id, id)). */
export async function messagesAfter(
  db: D1Database,
  conversationId: number,
  afterId: number,
  limit: number,
): Promise<Omit<ApiMessage, "from_me">[]> {
  const { results } = await db
    .prepare(
      `SELECT id, conversation_id, sender_id, body, created_at, delivered_at, read_at FROM messages
       WHERE conversation_id = ? AND id > ? ORDER BY id LIMIT ?`,
    )
    .bind(conversationId, afterId, limit)
    .all<MessageRow>();
  return results.map((row) => ({
    id: row.id,
    conversation_id: row.conversation_id,
    sender_id: row.sender_id,
    text: row.body,
    created_at: iso(row.created_at)!,
    delivered_at: iso(row.delivered_at),
    read_at: iso(row.read_at),
  }));
}

/** The other side's messages a person has not read, over all their conversations (each side's own index). */
export async function unreadTotal(db: D1Database, userId: number): Promise<number> {
  const row = await db
    .prepare(
      `SELECT (SELECT COALESCE(SUM(visitor_unread), 0) FROM conversations WHERE visitor_id = ?1)
            + (SELECT COALESCE(SUM(owner_unread), 0) FROM conversations WHERE owner_id = ?1) AS unread`,
    )
    .bind(userId)
    .first<{ unread: number }>();
  return row?.unread ?? 0;
}
