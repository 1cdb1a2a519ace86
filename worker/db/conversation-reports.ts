/**
 * Reported conversations for moderators (decision 039): the open reports, oldest first,
 * each with the conversation's newest messages; closing a conversation's open reports, and on request
 * blocking it on the reporter's behalf.
 */
import type { Deal, ListingKind } from "#shared/listing-types.ts";
import type { Locale } from "#shared/locales.ts";
import type { ConversationReportReason } from "#shared/api/messages.ts";
import { type ActionContext, AFTER_A_CHANGE, auditStatement } from "./audit.ts";
import type { Database } from "#worker/app-env.ts";

export interface ConversationReportRow {
  id: number;
  conversation_id: number;
  reason: ConversationReportReason;
  text: string | null;
  created_at: number;
  reporter_id: number;
  reporter_name: string;
  reported_id: number;
  reported_name: string;
  listing_id: number;
  blocked_by: number | null;
  deal: Deal;
  property_type: ListingKind;
  title: string | null;
  title_generated: number;
  lang: Locale | null;
  rooms: number | null;
  area: number | null;
  land_area: number | null;
  city_name: string | null;
  district_name: string | null;
}

/** A page of open reports, oldest first, with the total; place names in `locale` (a fixed column name). */
export async function openConversationReports(
  db: Database,
  locale: Locale,
  page: number,
  perPage: number,
): Promise<{ rows: ConversationReportRow[]; total: number }> {
  const [rows, total] = await db.batch([
    db
      .prepare(
        `SELECT r.id, r.conversation_id, r.reason, r.text, r.created_at, r.reporter_id, rep.name AS reporter_name,
           CASE WHEN c.visitor_id = r.reporter_id THEN c.owner_id ELSE c.visitor_id END AS reported_id,
           other.name AS reported_name, c.listing_id, c.blocked_by, l.deal, l.property_type, l.title,
           l.title_generated, l.lang, l.rooms, l.area, l.land_area, ci.name_${locale} AS city_name,
           d.name_${locale} AS district_name
         FROM conversation_reports r
         JOIN conversations c ON c.id = r.conversation_id
         JOIN users rep ON rep.id = r.reporter_id
         JOIN users other ON other.id = CASE WHEN c.visitor_id = r.reporter_id THEN c.owner_id ELSE c.visitor_id END
         JOIN listings l ON l.id = c.listing_id
         LEFT JOIN cities ci ON ci.id = l.city_id LEFT JOIN districts d ON d.id = l.district_id
         WHERE r.resolved_at IS NULL ORDER BY r.created_at, r.id LIMIT ?1 OFFSET ?2`,
      )
      .bind(perPage, (page - 1) * perPage),
    db.prepare("SELECT COUNT(*) AS n FROM conversation_reports WHERE resolved_at IS NULL"),
  ]);
  return {
    rows: rows!.results as ConversationReportRow[],
    total: (total!.results[0] as { n: number }).n,
  };
}

/** A conversation's newest `count` messages, oldest first. */
export async function newestMessages(db: Database, conversationId: number, count: number) {
  const { results } = await db
    .prepare(
      `SELECT id, sender_id, body, created_at FROM
         (SELECT id, sender_id, body, created_at FROM messages WHERE conversation_id = ?1 ORDER BY id DESC LIMIT ?2)
       ORDER BY id`,
    )
    .bind(conversationId, count)
    .all<{ id: number; sender_id: number; body: string; created_at: number }>();
  return results;
}

/** The open report `id`: its conversation and reporter; null when there is none open. */
export function openReport(db: Database, id: number) {
  return db
    .prepare("SELECT conversation_id, reporter_id FROM conversation_reports WHERE id = ? AND resolved_at IS NULL")
    .bind(id)
    .first<{ conversation_id: number; reporter_id: number }>();
}

/**
 * Closes every open report of the conversation, and with `block` blocks it on the reporter's behalf (when
 * nobody has yet), with the moderator's audit row: one batch.
 */
export async function resolveConversationReports(
  db: Database,
  report: { conversation_id: number; reporter_id: number },
  block: boolean,
  context: ActionContext,
): Promise<void> {
  const { now } = context;
  await db.batch([
    db
      .prepare("UPDATE conversation_reports SET resolved_at = ?2 WHERE conversation_id = ?1 AND resolved_at IS NULL")
      .bind(report.conversation_id, now),
    auditStatement(
      db,
      {
        ...context,
        action: block ? "conversation.block" : "conversation.reports_dismiss",
        target: { kind: "conversation", id: report.conversation_id },
        ...(block ? { after: { blocked_for: report.reporter_id } } : {}),
      },
      AFTER_A_CHANGE,
    ),
    ...(block
      ? [
          db
            .prepare("UPDATE conversations SET blocked_by = ?2, blocked_at = ?3 WHERE id = ?1 AND blocked_by IS NULL")
            .bind(report.conversation_id, report.reporter_id, now),
        ]
      : []),
  ]);
}
