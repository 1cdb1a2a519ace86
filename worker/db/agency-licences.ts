/**
 * Moderators' check of agencies' licence numbers (migration 0041, decision 087): the list by state, one
 * agency, and the confirmation or refusal — each one D1 batch with its audit row (worker/db/audit.ts),
 * written only when the agency still has the number the moderator saw.
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

const COLUMNS = `id, agency_name, licence_number, licence_checked_at, licence_refused_at, licence_refused_reason,
  advertiser_type, licence_submitted_at, created_at, blocked_at`;

/** The live agencies with a name (deleted accounts have none). */
const AGENCY = "advertiser_type = 'agency' AND agency_name IS NOT NULL AND deleted_at IS NULL";

/** Each listed state's condition (the awaiting one matches the index `users_licence_awaiting`). */
const STATE_SQL: Record<Exclude<LicenceState, "none">, string> = {
  awaiting: "licence_number IS NOT NULL AND licence_checked_at IS NULL AND licence_refused_at IS NULL",
  licensed: "licence_number IS NOT NULL AND licence_checked_at IS NOT NULL",
  refused: "licence_number IS NOT NULL AND licence_refused_at IS NOT NULL",
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
      ? "licence_submitted_at, id"
      : state === "licensed"
        ? "licence_checked_at DESC, id DESC"
        : "licence_refused_at DESC, id DESC";
  const [rows, count] = await db.batch([
    db
      .prepare(`SELECT ${COLUMNS} FROM users ${where} ORDER BY ${order} LIMIT ? OFFSET ?`)
      .bind(perPage, (page - 1) * perPage),
    db.prepare(`SELECT count(*) AS n FROM users ${where}`),
  ]);
  return { rows: rows!.results as AgencyRow[], total: (count!.results[0] as { n: number }).n };
}

/** One live agency, or null (an owner, a deleted account, no such id). */
export function agencyOf(db: Database, userId: number): Promise<AgencyRow | null> {
  return db.prepare(`SELECT ${COLUMNS} FROM users WHERE id = ? AND ${AGENCY}`).bind(userId).first<AgencyRow>();
}

/** The agency still has this number, name and type, unchecked either way: the condition of both decisions. */
const STILL_AWAITING = `id = ?1 AND ${AGENCY} AND licence_number = ?2 AND agency_name = ?3
  AND licence_checked_at IS NULL AND licence_refused_at IS NULL`;

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
      { sql: `EXISTS (SELECT 1 FROM users WHERE ${fromEleven(STILL_AWAITING)})`, bind },
    ),
    decision.confirm
      ? db
          .prepare(`UPDATE users SET licence_checked_at = ?4, licence_checked_by = ?5 WHERE ${STILL_AWAITING}`)
          .bind(...bind, now, actorId)
      : db
          .prepare(
            `UPDATE users SET licence_refused_at = ?4, licence_checked_by = ?5, licence_refused_reason = ?6
             WHERE ${STILL_AWAITING}`,
          )
          .bind(...bind, now, actorId, decision.reason),
  ]);
  return results[1]!.meta.changes > 0;
}

/** The audit row's condition binds from ?11 on: the same condition, renumbered. */
const fromEleven = (sql: string) => sql.replace(/\?(\d)\b/g, (_, n: string) => `?${10 + Number(n)}`);
