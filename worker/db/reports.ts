/**
 * Visitors' reports of public listings (decisions 038 and 047; table `listing_reports`,
 * migrations 0015 and 0025). A reporter has one open report per listing (a partial unique index); a
 * moderator's decision closes them all, and an approval overrules them.
 */
import type { ReportReason } from "#shared/api/cabinet.ts";
import type { ListingStatus } from "#shared/api/realty.ts";
import { AFTER_A_CHANGE, type AuditEntryInput, auditStatement } from "./audit.ts";
import type { Database } from "#worker/app-env.ts";

/** What a report needs to know of the listing: whether it is public, and whose it is. */
export function reportableListing(db: Database, id: number) {
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
  db: Database,
  report: {
    listingId: number;
    reporter: string;
    userId: number | null;
    reason: ReportReason;
    text: string | null;
    /** The keyed hash of the network it came from (worker/auth/network-key.ts). */
    network: string;
    now: number;
  },
): Promise<boolean> {
  const result = await db
    .prepare(
      `INSERT INTO listing_reports (listing_id, reporter, user_id, reason, text, network, created_at)
       SELECT id, ?2, ?3, ?4, ?5, ?6, ?7 FROM listings WHERE id = ?1 AND status = 'active'
       ON CONFLICT DO NOTHING`,
    )
    .bind(report.listingId, report.reporter, report.userId, report.reason, report.text, report.network, report.now)
    .run();
  return (result.meta.changes ?? 0) > 0;
}

export interface CountedReport {
  reason: ReportReason;
  /** The networks its account signed up and reported from, where known. */
  networks: string[];
}

/**
 * The open reports of a listing that may count towards hiding it (decision 047): giving one of `reasons`,
 * by an account that had a verified phone and was `minAgeMs` old when it reported, that neither the
 * account nor any of its networks was overruled on this listing, and whose earlier reports were not
 * overruled `maxOverruled` times or more, more often than upheld (decision 085). Guests' reports never
 * count. Whether they are independent of each other is for `independentReporters` to say.
 */
export async function countedReports(
  db: Database,
  listingId: number,
  reasons: readonly ReportReason[],
  minAgeMs: number,
  maxOverruled: number,
): Promise<CountedReport[]> {
  const max = `?${reasons.length + 3}`;
  const { results } = await db
    .prepare(
      `SELECT r.reason, r.network, u.signup_network FROM listing_reports r JOIN users u ON u.id = r.user_id
       WHERE r.listing_id = ?1 AND r.resolved_at IS NULL AND r.reason IN (${reasons.map((_, i) => `?${i + 3}`).join(", ")})
         AND u.deleted_at IS NULL AND u.phone_verified_at IS NOT NULL AND u.phone_verified_at <= r.created_at
         AND u.created_at <= r.created_at - ?2
         AND NOT EXISTS (
           SELECT 1 FROM listing_reports o LEFT JOIN users ou ON ou.id = o.user_id
           WHERE o.listing_id = ?1 AND o.overruled = 1
             AND (o.reporter = r.reporter OR o.network IN (r.network, u.signup_network)
               OR ou.signup_network IN (r.network, u.signup_network)))
         AND NOT EXISTS (
           SELECT 1 FROM listing_reports h
           WHERE h.user_id = r.user_id AND h.resolved_at IS NOT NULL AND h.resolved_at <= r.created_at
           GROUP BY h.user_id HAVING SUM(h.overruled) >= ${max} AND SUM(h.overruled) > SUM(1 - h.overruled))`,
    )
    .bind(listingId, minAgeMs, ...reasons, maxOverruled)
    .all<{ reason: ReportReason; network: string | null; signup_network: string | null }>();
  return results.map((row) => ({
    reason: row.reason,
    networks: [row.network, row.signup_network].filter((network) => network !== null),
  }));
}

export interface OpenReport {
  listing_id: number;
  reason: ReportReason;
  text: string | null;
  created_at: number;
  /** 1 for a guest's report (never counted towards hiding), else 0. */
  guest: number;
}

/** The open reports of some listings, newest first. */
export async function openReports(db: Database, listingIds: readonly number[]): Promise<OpenReport[]> {
  if (!listingIds.length) return [];
  const { results } = await db
    .prepare(
      `SELECT listing_id, reason, text, created_at, user_id IS NULL AS guest FROM listing_reports
       WHERE resolved_at IS NULL AND listing_id IN (${listingIds.map(() => "?").join(", ")})
       ORDER BY created_at DESC, id DESC`,
    )
    .bind(...listingIds)
    .all<OpenReport>();
  return results;
}

/**
 * Closes a listing's open reports: a moderator has decided on it. An approval (`overruled`) also says
 * the reports were wrong: their reporters and networks no longer count towards hiding this listing.
 */
export async function resolveReports(
  db: Database,
  listingId: number,
  now: number,
  overruled: boolean,
  /** A moderator's keeping of a reported listing: its audit row, written when reports were open. */
  audit?: AuditEntryInput,
) {
  await db.batch([
    db
      .prepare("UPDATE listing_reports SET resolved_at = ?, overruled = ? WHERE listing_id = ? AND resolved_at IS NULL")
      .bind(now, overruled ? 1 : 0, listingId),
    ...(audit ? [auditStatement(db, audit, AFTER_A_CHANGE)] : []),
  ]);
}
