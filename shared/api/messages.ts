/**
 * Messages between visitors and owners (product §7 Cabinet Messages, decision 039): a conversation
 * per (listing, visitor); the calls' bodies and answers, and what the live channel sends. Signed-in and
 * participants only: anyone else gets 404 as for a conversation that does not exist.
 */
import * as v from "valibot";
import { plainText } from "#shared/plain-text.ts";
import { CONVERSATIONS_PER_PAGE, MESSAGE_MAX_LENGTH, REPORT_TEXT_MAX } from "#shared/constants.ts";
import { INVALID } from "#shared/validation.ts";
import { bodyPaging, exactlyOne, intParamOr } from "./conventions.ts";
import { MAX_PAGE } from "./limits.ts";
import type { MessageWarning } from "#shared/message-warning.ts";
import type { ApiImage, ListingStatus } from "./realty.ts";

const Id = v.pipe(
  v.number(INVALID.number),
  v.integer(INVALID.wholeNumber),
  v.minValue(1, INVALID.range),
  v.maxValue(Number.MAX_SAFE_INTEGER, INVALID.range),
);
/** An id in a query string. */
const IdText = v.pipe(v.string(), v.regex(/^[1-9]\d{0,15}$/, INVALID.format), v.transform(Number));

/** A message as typed: 1–MESSAGE_MAX_LENGTH characters after trimming; stored as typed, shown inert. */
const MessageText = v.pipe(
  v.string(INVALID.required),
  plainText(),
  v.trim(),
  v.minLength(1, INVALID.required),
  v.maxLength(MESSAGE_MAX_LENGTH, INVALID.tooLong),
);

/**
 * `POST /api/cabinet/messages/create`: into a conversation (`conversation_id`), or to a listing's owner
 * (`realty_id`: the visitor's conversation about it, started when there is none).
 */
export const CreateMessageBody = v.pipe(
  v.object({ conversation_id: v.optional(Id), realty_id: v.optional(Id), text: MessageText }),
  exactlyOne(["conversation_id", "realty_id"]),
  v.transform(
    ({
      conversation_id,
      realty_id,
      text,
    }): { conversation_id: number; text: string } | { realty_id: number; text: string } =>
      conversation_id === undefined ? { realty_id: realty_id!, text } : { conversation_id, text },
  ),
);
export type CreateMessageInput = { conversation_id: number; text: string } | { realty_id: number; text: string };

/** `POST /api/cabinet/messages/contacts`: the signed-in person's conversations, paged in the body. */
export const ContactsBody = v.object({
  ...bodyPaging(CONVERSATIONS_PER_PAGE),
});
export type ContactsInput = v.InferInput<typeof ContactsBody>;

/**
 * `GET /api/cabinet/messages/list?conversation_id=&before=&after=`: a page of MESSAGES_PER_PAGE messages,
 * newest first before `before` (an id; the newest without it), or oldest first after `after` (what a
 * reconnecting page missed).
 */
export const ListQuery = v.object({
  conversation_id: IdText,
  before: v.optional(IdText),
  after: v.optional(IdText),
});

/** `POST /api/cabinet/messages/delivered`: the reader has seen the other side's messages up to this id. */
export const DeliveredBody = v.object({ conversation_id: Id, up_to_id: Id });

/** Blocking the other participant (or lifting one's own block): no message either way while it stands. */
export const BlockBody = v.object({ conversation_id: Id, blocked: v.boolean(INVALID.choice) });

export const CONVERSATION_REPORT_REASONS = ["spam", "abuse", "fraud", "other"] as const;
export type ConversationReportReason = (typeof CONVERSATION_REPORT_REASONS)[number];
/** A participant's report of a conversation (the moderation queue reads them); words required for "other". */
export const ReportConversationBody = v.pipe(
  v.object({
    conversation_id: Id,
    reason: v.picklist(CONVERSATION_REPORT_REASONS, INVALID.choice),
    text: v.optional(v.pipe(v.string(), plainText(), v.trim(), v.maxLength(REPORT_TEXT_MAX, INVALID.tooLong)), ""),
  }),
  v.forward(
    v.check((body) => body.reason !== "other" || body.text.length >= 3, INVALID.required),
    ["text"],
  ),
);

/** A message as one participant sees it. */
export interface ApiMessage {
  id: number;
  conversation_id: number;
  sender_id: number;
  /** Written by the person asking. */
  from_me: boolean;
  /** As typed (never HTML: pages render it as text, links inert or `rel="nofollow ugc noopener"`). */
  text: string;
  created_at: string;
  /** When the recipient's device received it, and when they read it (null: not yet). */
  delivered_at: string | null;
  read_at: string | null;
  /**
   * What the recipient is warned of beside it (decision 083): it asks for money ahead, or moves the
   * conversation to another messenger. Always null for its sender.
   */
  warning: MessageWarning | null;
}

/** A conversation in its participant's list. */
export interface ApiConversation {
  id: number;
  /** Whether the person asking is the visitor who wrote first or the listing's owner. */
  role: "visitor" | "owner";
  listing: {
    id: number;
    title: string | null;
    title_lang: "en" | "ru" | "sr";
    /** The public page (active listings only). */
    path: string | null;
    status: ListingStatus;
    image: ApiImage | null;
  };
  /** The other participant as they show themselves. */
  other: { id: number; name: string };
  last_message: Pick<ApiMessage, "id" | "text" | "from_me" | "created_at"> | null;
  last_message_at: string;
  /** The other side's messages the person has not read. */
  unread: number;
  /** Who blocked whom, if anyone: no message goes either way while it stands. */
  blocked: { by_me: boolean } | null;
  /**
   * Nobody can write into it any more: its listing was deleted, or the other person's account (whose name
   * is then ""). It stays readable.
   */
  closed: boolean;
}

/** `GET /api/cabinet/messages/count`. */
export interface UnreadCount {
  unread: number;
}

/**
 * What the live channel sends (worker/live/publish.ts): to a conversation's open pages, a new message (as
 * its recipient reads it: the sender's page drops its warning) and how far the other side has read; to a
 * person's every page, their unread count.
 */
export type LiveEvent =
  | { type: "message"; message: Omit<ApiMessage, "from_me"> }
  | { type: "read"; conversation_id: number; reader_id: number; up_to_id: number; read_at: string }
  | { type: "delivered"; conversation_id: number; up_to_id: number; delivered_at: string }
  | { type: "unread"; unread: number };

/** An open report of a conversation as moderators read it (`GET /api/admin/messages/reports`). */
export interface ApiConversationReport {
  id: number;
  conversation_id: number;
  reason: ConversationReportReason;
  text: string | null;
  created_at: string;
  reporter: { id: number; name: string };
  /** The other participant: the one reported. */
  reported: { id: number; name: string };
  listing: { id: number; title: string | null; title_lang: "en" | "ru" | "sr" };
  /** The conversation's newest messages, oldest first (CONVERSATION_REPORT_MESSAGES of them). */
  messages: { id: number; sender_id: number; text: string; created_at: string }[];
  /** Whether the conversation is blocked already (by either side). */
  blocked: boolean;
}

/**
 * `POST /api/admin/messages/reports/{id}/resolve`: close the conversation's open reports — nothing more
 * (`dismiss`), or also stop the conversation (`block`: blocked on the reporter's behalf, so no message goes
 * either way).
 */
export const ResolveConversationReportBody = v.object({ action: v.picklist(["dismiss", "block"], INVALID.choice) });
export type ResolveConversationReportInput = v.InferInput<typeof ResolveConversationReportBody>;

/** `GET /api/admin/messages/reports?page=`. */
export const ConversationReportsQuery = v.object({ page: intParamOr(1, MAX_PAGE, 1) });
