/**
 * What the live channel's handshake reads (decision 039): who may listen to a conversation. (The
 * messages a reconnecting page missed and a person's unread count are worker/db/conversations.ts's.)
 */
import type { Database } from "#worker/app-env.ts";
import { takesPart } from "./conversations.ts";

/**
 * Whether the person takes part in the conversation: one of its two people, or a manager of its listing's
 * agency (decision 104) — read now, so someone removed from the agency is refused from then on.
 */
export async function mayListen(db: Database, conversationId: number, userId: number): Promise<boolean> {
  const row = await db
    .prepare(
      `SELECT 1 FROM conversations c JOIN listings l ON l.id = c.listing_id
       WHERE c.id = ?1 AND ${takesPart("?2")}`,
    )
    .bind(conversationId, userId)
    .first();
  return row !== null;
}

/** Of these conversations, those the person no longer takes part in (or that do not exist). */
export async function conversationsLeft(db: Database, conversationIds: number[], userId: number): Promise<number[]> {
  if (!conversationIds.length) return [];
  const { results } = await db
    .prepare(
      `SELECT value AS id FROM json_each(?1) WHERE value NOT IN (
         SELECT c.id FROM conversations c JOIN listings l ON l.id = c.listing_id
         WHERE c.id IN (SELECT value FROM json_each(?1)) AND ${takesPart("?2")})`,
    )
    .bind(JSON.stringify(conversationIds), userId)
    .all<{ id: number }>();
  return results.map((row) => row.id);
}
