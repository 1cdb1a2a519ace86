/**
 * Reported conversations (decision 039): `GET /api/admin/messages/reports?page=` lists the
 * open reports, oldest first, each with the conversation's newest messages; `POST
 * /api/admin/messages/reports/{id}/resolve {"action": "dismiss"|"block"}` closes the conversation's open
 * reports, and with `block` stops it on the reporter's behalf. Moderators and admins only: everyone else gets 404.
 */
import { Hono } from "hono";
import * as v from "valibot";
import { IdParam } from "#shared/api/conventions.ts";
import {
  type ApiConversationReport,
  ConversationReportsQuery,
  ResolveConversationReportBody,
} from "#shared/api/messages.ts";
import { CONVERSATION_REPORT_MESSAGES, CONVERSATION_REPORTS_PER_PAGE } from "#shared/constants.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { requireRole } from "#worker/middleware/staff.ts";
import {
  newestMessages,
  openConversationReports,
  openReport,
  resolveConversationReports,
} from "#worker/db/conversation-reports.ts";
import { shownTitle } from "#worker/db/listing-titles.ts";
import { apiError } from "#worker/http/api-error.ts";
import { staffAction } from "#worker/http/staff-action.ts";
import { apiLocale } from "#worker/http/api-locale.ts";
import { valid } from "./validate.ts";

const iso = (ms: number) => new Date(ms).toISOString();

export const adminMessages = new Hono<AppEnv>();

// Conversation reports are the moderators' (and admins'); a 404 for anyone else (decision 057).
adminMessages.use("/admin/messages/*", requireRole("moderator"));

adminMessages
  .get("/admin/messages/reports", valid("query", ConversationReportsQuery), async (c) => {
    const { page } = c.req.valid("query");
    const locale = apiLocale(c);
    const { rows, total } = await openConversationReports(c.env.DB, locale, page, CONVERSATION_REPORTS_PER_PAGE);
    const items: ApiConversationReport[] = await Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        conversation_id: row.conversation_id,
        reason: row.reason,
        text: row.text,
        created_at: iso(row.created_at),
        reporter: { id: row.reporter_id, name: row.reporter_name },
        reported: { id: row.reported_id, name: row.reported_name },
        listing: { id: row.listing_id, ...shownTitle(row, locale) },
        messages: (await newestMessages(c.env.DB, row.conversation_id, CONVERSATION_REPORT_MESSAGES)).map((m) => ({
          id: m.id,
          sender_id: m.sender_id,
          text: m.body,
          created_at: iso(m.created_at),
        })),
        blocked: row.blocked_by !== null,
      })),
    );
    return c.json({ items, total, page, per_page: CONVERSATION_REPORTS_PER_PAGE });
  })
  .post(
    "/admin/messages/reports/:id/resolve",
    valid("param", v.object({ id: IdParam })),
    valid("json", ResolveConversationReportBody),
    async (c) => {
      const report = await openReport(c.env.DB, c.req.valid("param").id);
      if (!report) return apiError(c, 404, "not_found", "No such open report");
      await resolveConversationReports(c.env.DB, report, c.req.valid("json").action === "block", staffAction(c));
      return c.json({ data: { resolved: true as const } });
    },
  );
