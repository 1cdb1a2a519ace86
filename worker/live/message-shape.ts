/**
 * A message (worker/db/conversations.ts) as its reader gets it: in the API's answers and in the live
 * channel's events, so here, below both (decision 077).
 */
import type { ApiMessage } from "#shared/api/messages.ts";
import { messageWarning } from "#shared/message-warning.ts";
import type { MessageRow } from "#worker/db/conversations.ts";

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

/**
 * Read at every answer, not stored: the patterns of decision 083 apply to old messages as they change.
 * With the conversation's `visitorId`, "mine" is by side: on the listing's side the agent's and its
 * managers' messages are all the reader's own (decision 104).
 */
export function toMessage(row: MessageRow, userId: number, visitorId?: number): ApiMessage {
  const fromMe =
    visitorId === undefined || visitorId === userId ? row.sender_id === userId : row.sender_id !== visitorId;
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    sender_id: row.sender_id,
    from_me: fromMe,
    text: row.body,
    created_at: iso(row.created_at),
    delivered_at: isoOrNull(row.delivered_at),
    read_at: isoOrNull(row.read_at),
    warning: fromMe ? null : messageWarning(row.body),
  };
}
