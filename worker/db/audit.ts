/**
 * The audit log (migration 0032, decision 058): one row per staff action, written in the same D1 batch as
 * the change it records — a statement to add to that batch, never a write of its own — and read back
 * filtered. The table refuses UPDATE and DELETE (triggers).
 */
import type { AuditAction } from "#shared/audit-actions.ts";
import type { Database } from "#worker/app-env.ts";

export type AuditActor = { kind: "user"; id: number } | { kind: "ops" };

/** Who acts, when, and the request's log id (`requestIdOf`): what a staff change and its audit row are written with. */
export interface ActionContext<Actor extends AuditActor = AuditActor> {
  actor: Actor;
  now: number;
  requestId?: string | null;
}

export interface AuditEntryInput {
  actor: AuditActor;
  action: AuditAction;
  target: { kind: string; id: string | number };
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  now: number;
  requestId?: string | null;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/** `onlyIf` for a row that follows its change in the batch: written when that statement changed a row. */
export const AFTER_A_CHANGE = { sql: "changes() > 0", bind: [] };

/**
 * The INSERT of one audit row. With `onlyIf` (SQL over the statement's own bindings, written as `?N` from
 * ?11), the row is written only when that holds — the same condition as the change's own UPDATE, checked in
 * the same transaction, so a change that does not happen leaves no row and one that does always has it.
 */
export function auditStatement(
  db: Database,
  entry: AuditEntryInput,
  onlyIf?: { sql: string; bind: unknown[] },
): D1PreparedStatement {
  const values = [
    entry.actor.kind,
    entry.actor.kind === "user" ? entry.actor.id : null,
    entry.action,
    entry.target.kind,
    String(entry.target.id),
    json(entry.before),
    json(entry.after),
    entry.reason ?? null,
    entry.now,
    entry.requestId ?? null,
  ];
  const columns = "actor_kind, actor_id, action, target_kind, target_id, before, after, reason, created_at, request_id";
  const params = "?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10";
  if (!onlyIf) {
    return db.prepare(`INSERT INTO audit_log (${columns}) VALUES (${params})`).bind(...values);
  }
  return db
    .prepare(`INSERT INTO audit_log (${columns}) SELECT ${params} WHERE ${onlyIf.sql}`)
    .bind(...values, ...onlyIf.bind);
}

export interface AuditRow {
  id: number;
  actor_kind: "user" | "ops";
  actor_id: number | null;
  actor_name: string | null;
  action: string;
  target_kind: string;
  target_id: string;
  before: string | null;
  after: string | null;
  reason: string | null;
  created_at: number;
  request_id: string | null;
}

export interface AuditFilter {
  actor?: "ops" | number;
  action?: string;
  target?: { kind: string; id?: string };
  /** ms, inclusive. */
  from?: number;
  /** ms, inclusive. */
  to?: number;
}

/** A page of the log, newest first, with the total the filter matches. */
export async function auditEntries(
  db: Database,
  filter: AuditFilter,
  page: number,
  perPage: number,
): Promise<{ rows: AuditRow[]; total: number }> {
  const where: string[] = [];
  const bind: unknown[] = [];
  // Each condition has at most one value, numbered as it is bound.
  const add = (sql: string, value?: unknown) => {
    if (value !== undefined) sql = sql.replace("?", `?${bind.push(value)}`);
    where.push(sql);
  };
  if (filter.actor === "ops") add("a.actor_kind = 'ops'");
  else if (filter.actor !== undefined) add("a.actor_id = ?", filter.actor);
  if (filter.action) add("a.action = ?", filter.action);
  if (filter.target) {
    add("a.target_kind = ?", filter.target.kind);
    if (filter.target.id !== undefined) add("a.target_id = ?", filter.target.id);
  }
  if (filter.from !== undefined) add("a.created_at >= ?", filter.from);
  if (filter.to !== undefined) add("a.created_at <= ?", filter.to);
  const clause = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const limit = bind.length + 1;
  const [rows, count] = await db.batch([
    db
      .prepare(
        `SELECT a.*, u.name AS actor_name FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id ${clause}
         ORDER BY a.created_at DESC, a.id DESC LIMIT ?${limit} OFFSET ?${limit + 1}`,
      )
      .bind(...bind, perPage, (page - 1) * perPage),
    db.prepare(`SELECT count(*) AS n FROM audit_log a ${clause}`).bind(...bind),
  ]);
  return { rows: (rows!.results as AuditRow[]) ?? [], total: (count!.results[0] as { n: number }).n };
}
