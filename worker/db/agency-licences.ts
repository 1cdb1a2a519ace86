/**
 * Moderators' check of agencies' licence numbers (decision 087; in `agencies` since migration 0051,
 * decision 104): the list by state, one agency, and the confirmation or refusal — each one D1 batch with its
 * audit row (worker/db/audit.ts), written only when the agency still has the number the moderator saw. An
 * agency is known here by its licence account's id (`agencies.account_id`), as the back office's pages are.
 */
import type { LicenceState } from "#shared/api/advertiser.ts";
import { type ActionContext, auditStatement } from "./audit.ts";
import type { Database } from "#worker/app-env.ts";

export interface AgencyRow {
  id: number;
  agency_name: string;
  licence_number: string | null;
  licence_checked_at: number | null;
  licence_refused_at: number | null;
  licence_refused_reason: string | null;
  advertiser_type: "agency";
  licence_submitted_at: number | null;
  created_at: number;
  blocked_at: number | null;
}

const COLUMNS = `u.id, a.name AS agency_name, a.licence_number, a.licence_checked_at, a.licence_refused_at,
  a.licence_refused_reason, u.advertiser_type, a.licence_submitted_at, u.created_at, u.blocked_at`;

/** An agency (`a`) with its licence account (`u`). */
const FROM = "agencies a JOIN users u ON u.id = a.account_id";

/** The live agencies with a name: their licence account advertises as the agency and is not deleted. */
const AGENCY = "u.advertiser_type = 'agency' AND a.name IS NOT NULL AND u.deleted_at IS NULL";

/** Each listed state's condition (the awaiting one matches the index `agencies_licence_awaiting`). */
const STATE_SQL: Record<Exclude<LicenceState, "none">, string> = {
  awaiting: "a.licence_number IS NOT NULL AND a.licence_checked_at IS NULL AND a.licence_refused_at IS NULL",
  licensed: "a.licence_number IS NOT NULL AND a.licence_checked_at IS NOT NULL",
  refused: "a.licence_number IS NOT NULL AND a.licence_refused_at IS NOT NULL",
};

/** A page of agencies in one state: awaiting oldest first (fair turns), the others newest check first. */
export async function agenciesIn(
  db: Database,
  state: Exclude<LicenceState, "none">,
  page: number,
  perPage: number,
): Promise<{ rows: AgencyRow[]; total: number }> {
  const where = `WHERE ${AGENCY} AND ${STATE_SQL[state]}`;
  const order =
    state === "awaiting"
      ? "a.licence_submitted_at, a.id"
      : state === "licensed"
        ? "a.licence_checked_at DESC, a.id DESC"
        : "a.licence_refused_at DESC, a.id DESC";
  const [rows, count] = await db.batch([
    db
      .prepare(`SELECT ${COLUMNS} FROM ${FROM} ${where} ORDER BY ${order} LIMIT ? OFFSET ?`)
      .bind(perPage, (page - 1) * perPage),
    db.prepare(`SELECT count(*) AS n FROM ${FROM} ${where}`),
  ]);
  return { rows: rows!.results as AgencyRow[], total: (count!.results[0] as { n: number }).n };
}

/** One live agency, or null (an owner, a deleted account, no such id). */
export function agencyOf(db: Database, userId: number): Promise<AgencyRow | null> {
  return db
    .prepare(`SELECT ${COLUMNS} FROM ${FROM} WHERE a.account_id = ? AND ${AGENCY}`)
    .bind(userId)
    .first<AgencyRow>();
}

/**
 * The agency (`agencies`, by its licence account ?1) still has this number and name, its account still
 * advertises as it, unchecked either way: the condition of both decisions.
 */
const STILL_AWAITING = `account_id = ?1 AND licence_number = ?2 AND name = ?3
  AND licence_checked_at IS NULL AND licence_refused_at IS NULL
  AND EXISTS (SELECT 1 FROM users u WHERE u.id = ?1 AND u.advertiser_type = 'agency' AND u.deleted_at IS NULL)`;

/**
 * Confirms (the badge) or refuses (with the reason the agency reads) the licence number `seen` of the agency
 * named `name`, with its audit row, in one batch — only if both are still what the moderator saw and it is
 * still awaiting a check; false otherwise (nothing written).
 */
export async function decideLicence(
  db: Database,
  agency: { id: number; name: string; seen: string },
  decision: { confirm: true } | { confirm: false; reason: string },
  context: ActionContext,
): Promise<boolean> {
  const { now } = context;
  const actorId = context.actor.kind === "user" ? context.actor.id : null;
  const bind = [agency.id, agency.seen, agency.name];
  const results = await db.batch([
    auditStatement(
      db,
      {
        ...context,
        action: decision.confirm ? "agency.licence_confirm" : "agency.licence_refuse",
        target: { kind: "user", id: agency.id },
        before: { licence: "awaiting", licence_number: agency.seen, agency_name: agency.name },
        after: { licence: decision.confirm ? "licensed" : "refused" },
        reason: decision.confirm ? null : decision.reason,
      },
      { sql: `EXISTS (SELECT 1 FROM agencies WHERE ${fromEleven(STILL_AWAITING)})`, bind },
    ),
    decision.confirm
      ? db
          .prepare(`UPDATE agencies SET licence_checked_at = ?4, licence_checked_by = ?5 WHERE ${STILL_AWAITING}`)
          .bind(...bind, now, actorId)
      : db
          .prepare(
            `UPDATE agencies SET licence_refused_at = ?4, licence_checked_by = ?5, licence_refused_reason = ?6
             WHERE ${STILL_AWAITING}`,
          )
          .bind(...bind, now, actorId, decision.reason),
  ]);
  return results[1]!.meta.changes > 0;
}

/** The audit row's condition binds from ?11 on: the same condition, renumbered. */
const fromEleven = (sql: string) => sql.replace(/\?(\d)\b/g, (_, n: string) => `?${10 + Number(n)}`);
