/**
 * What the live channel's handshake reads (decision 039): who may listen to a conversation. (The
 * messages a reconnecting page missed and a person's unread count are worker/db/conversations.ts's.)
 */
import type { Database } from "#worker/app-env.ts";

export interface Participants {
  visitor_id: number;
  owner_id: number;
}

/** The two people of a conversation (one primary-key read, nothing joined); null when there is no such conversation. */
export function conversationParticipants(db: Database, conversationId: number): Promise<Participants | null> {
  return db
    .prepare("SELECT visitor_id, owner_id FROM conversations WHERE id = ?")
    .bind(conversationId)
    .first<Participants>();
}
