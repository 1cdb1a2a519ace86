/** A conversation (worker/db/conversations.ts) as one participant reads it, in the API's shape. */
import type { ApiConversation } from "#shared/api/messages.ts";
import type { Locale } from "#shared/locales.ts";
import { paths } from "#shared/paths.ts";
import { type ConversationRow, isClosed, roleOf } from "#worker/db/conversations.ts";
import { shownTitle } from "#worker/db/listing-titles.ts";
import { firstImage } from "./image.ts";

const iso = (ms: number) => new Date(ms).toISOString();

export function toConversation(row: ConversationRow, userId: number, locale: Locale): ApiConversation {
  const role = roleOf(row, userId);
  const isPublic = row.status === "active" && row.listing_deleted_at === null && row.city_slug !== null;
  return {
    id: row.id,
    role,
    listing: {
      id: row.listing_id,
      ...shownTitle(row, locale),
      path: isPublic ? paths.detail(row.deal, row.property_type, row.city_slug!, row.listing_id) : null,
      status: row.status,
      image: firstImage(row.image_json),
    },
    other:
      role === "visitor" ? { id: row.owner_id, name: row.owner_name } : { id: row.visitor_id, name: row.visitor_name },
    last_message:
      row.last_message_id === null || row.last_body === null
        ? null
        : {
            id: row.last_message_id,
            text: row.last_body,
            from_me: row.last_sender_id === userId,
            created_at: iso(row.last_created_at!),
          },
    last_message_at: iso(row.last_message_at),
    unread: role === "visitor" ? row.visitor_unread : row.owner_unread,
    blocked: row.blocked_by === null ? null : { by_me: row.blocked_by === userId },
    closed: isClosed(row, userId),
  };
}
