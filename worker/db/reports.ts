/**
 * Visitors' reports of public listings (issue 19 item 5, decision 038; table `listing_reports`, migration
 * 0015). A reporter has one open report per listing (a partial unique index), so counting open reports
 * counts independent people; a moderator's decision closes them all.
 */
import type { ReportReason } from "#shared/api/cabinet.ts";
import type { ListingStatus } from "#shared/api/realty.ts";

/** What a report needs to know of the listing: whether it is public, and whose it is. */
export function reportableListing(db: D1Database, id: number) {
  return db
    .prepare("SELECT id, owner_id, status FROM listings WHERE id = ? AND status = 'active'")
    .bind(id)
    .first<{ id: number; owner_id: number; status: ListingStatus }>();
}

/**
 * Files a report of a public listing; false when the reporter's open report of it already exists (or the
 * listing stopped being public meanwhile): a repeat is not counted again.
 */
export async function insertReport(
  db: D1Database,
  report: {
    listingId: number;
    reporter: string;
    userId: number | null;
    reason: ReportReason;
    text: string | null;
    now: number;
  },
): Promise<boolean> {
  const result = await db
    .prepare(
      `INSERT INTO listing_reports (listing_id, reporter, user_id, reason, text, created_at)
       SELECT id, ?2, ?3, ?4, ?5, ?6 FROM listings WHERE id = ?1 AND status = 'active'
       ON CONFLICT DO NOTHING`,
    )
    .bind(report.listingId, report.reporter, report.userId, report.reason, report.text, report.now)
    .run();
  return (result.meta.changes ?? 0) > 0;
}

/** Independent open reports of a listing giving one of `reasons`. */
export async function openReportCount(db: D1Database, listingId: number, reasons: readonly ReportReason[]) {
  const row = await db
    .prepare(
      `SELECT COUNT(DISTINCT reporter) AS n FROM listing_reports
       WHERE listing_id = ? AND resolved_at IS NULL AND reason IN (${reasons.map(() => "?").join(", ")})`,
    )
    .bind(listingId, ...reasons)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

export interface OpenReport {
  listing_id: number;
  reason: ReportReason;
  text: string | null;
  created_at: number;
}

/** The open reports of some listings, newest first. */
export async function openReports(db: D1Database, listingIds: readonly number[]): Promise<OpenReport[]> {
  if (!listingIds.length) return [];
  const { results } = await db
    .prepare(
      `SELECT listing_id, reason, text, created_at FROM listing_reports
       WHERE resolved_at IS NULL AND listing_id IN (${listingIds.map(() => "?").join(", ")})
       ORDER BY created_at DESC, id DESC`,
    )
    .bind(...listingIds)
    .all<OpenReport>();
  return results;
}

/** Closes a listing's open reports: a moderator has decided on it. */
export async function resolveReports(db: D1Database, listingId: number, now: number): Promise<void> {
  await db
    .prepare("UPDATE listing_reports SET resolved_at = ? WHERE listing_id = ? AND resolved_at IS NULL")
    .bind(now, listingId)
    .run();
}
