/**
 * Availability confirmed, not assumed (decision 084): an owner confirms an active listing is still on
 * offer, or archives it as let or sold; the Cron run asks the owners whose listings' last confirmation is
 * a cycle old (CONFIRM_CYCLE_DAYS by deal) and hides those left unanswered for CONFIRM_HIDE_CYCLES cycles
 * (`unconfirmed_at`: out of search, lists, counts and the map until confirmed). Each change applies only
 * from the state read, so of two racing answers one wins; each Cron call takes a bounded batch.
 */
import { CONFIRM_CYCLE_DAYS, CONFIRM_HIDE_CYCLES } from "#shared/constants.ts";
import type { Deal } from "#shared/listing-types.ts";
import type { Database } from "#worker/app-env.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A listing's cycle in ms, by its deal (numbers from the constants, never from a request). */
const CYCLE_MS = `(CASE l.deal WHEN 'rent' THEN ${CONFIRM_CYCLE_DAYS.rent * DAY_MS} ELSE ${CONFIRM_CYCLE_DAYS.sale * DAY_MS} END)`;
/** The shorter cycle: the range the index on `confirmed_at` serves before the deal's own cycle is checked. */
const SHORTEST_CYCLE_MS = Math.min(CONFIRM_CYCLE_DAYS.rent, CONFIRM_CYCLE_DAYS.sale) * DAY_MS;

/** A listing's cycle in ms. */
export const confirmCycleMs = (deal: Deal) => CONFIRM_CYCLE_DAYS[deal] * DAY_MS;

/**
 * The condition (alias `l`, `?1` = now) of an active listing whose owner is due to confirm it: its last
 * confirmation is a cycle old, or it is hidden for want of one.
 */
export const CONFIRM_DUE = `(l.unconfirmed_at IS NOT NULL OR (l.confirmed_at <= ?1 - ${SHORTEST_CYCLE_MS}
  AND l.confirmed_at <= ?1 - ${CYCLE_MS}))`;

/** The same as CONFIRM_DUE for a row in hand. */
export function confirmDue(
  row: { deal: Deal; confirmed_at: number | null; unconfirmed_at: number | null },
  now: number,
): boolean {
  return (
    row.unconfirmed_at !== null || (row.confirmed_at !== null && row.confirmed_at <= now - confirmCycleMs(row.deal))
  );
}

/** What a signed link names: the question it answers (`confirm_asked_at`); null for the owner's own session. */
type Asked = number | null;

/**
 * The owner confirms an active listing is on offer now: it is shown again and its question is answered (a
 * link sent for it works no more). With `asked` (a signed link), only while that question is the open one.
 * Null when the listing is not active, or the question changed meanwhile.
 */
export async function confirmListing(db: Database, id: number, now: number, asked: Asked): Promise<number | null> {
  const row = await db
    .prepare(
      `UPDATE listings SET confirmed_at = ?1, checked_at = ?1, confirm_asked_at = NULL, unconfirmed_at = NULL
       WHERE id = ?2 AND status = 'active' AND deleted_at IS NULL AND (?3 IS NULL OR confirm_asked_at = ?3)
       RETURNING confirmed_at`,
    )
    .bind(now, id, asked)
    .first<{ confirmed_at: number }>();
  return row?.confirmed_at ?? null;
}

/**
 * The owner says an active listing was let or sold: it goes to the archive with that reason (its history
 * records who and why). False when it is not active any more, or the question changed meanwhile.
 */
export async function archiveAsTaken(
  db: Database,
  id: number,
  reason: "let" | "sold",
  now: number,
  asked: Asked,
  actorId: number | null,
): Promise<boolean> {
  const [result] = await db.batch([
    db
      .prepare(
        `UPDATE listings SET status = 'archived', archive_reason = ?1, updated_at = ?2, confirm_asked_at = NULL,
           unconfirmed_at = NULL
         WHERE id = ?3 AND status = 'active' AND deleted_at IS NULL AND (?4 IS NULL OR confirm_asked_at = ?4)`,
      )
      .bind(reason, now, id, asked),
    db
      .prepare(
        `INSERT INTO listing_events (listing_id, status, actor_id, reason, created_at)
         SELECT ?1, 'archived', ?2, ?3, ?4 WHERE changes() > 0`,
      )
      .bind(id, actorId, reason, now),
  ]);
  return (result!.meta.changes ?? 0) > 0;
}

/** A listing whose owner is asked, with whom to tell, in which language, and whether it was just hidden. */
export interface ConfirmAskRow {
  id: number;
  owner_id: number;
  deal: Deal;
  confirmed_at: number;
  confirm_asked_at: number;
  unconfirmed_at: number | null;
  email: string | null;
  email_verified_at: number | null;
  locale: string | null;
}

async function withOwners(db: Database, ids: number[]): Promise<ConfirmAskRow[]> {
  if (!ids.length) return [];
  const { results } = await db
    .prepare(
      `SELECT l.id, l.owner_id, l.deal, l.confirmed_at, l.confirm_asked_at, l.unconfirmed_at, u.email,
         u.email_verified_at, u.locale
       FROM listings l JOIN users u ON u.id = l.owner_id
       WHERE l.id IN (SELECT value FROM json_each(?1)) AND u.deleted_at IS NULL ORDER BY l.owner_id, l.confirmed_at`,
    )
    .bind(JSON.stringify(ids))
    .all<ConfirmAskRow>();
  return results;
}

/**
 * Hides up to `limit` active listings left unconfirmed for CONFIRM_HIDE_CYCLES cycles whose owner was asked a
 * cycle ago at least and did not answer: `unconfirmed_at` is set, and the owner is asked once more (now).
 */
export async function hideUnconfirmed(db: Database, now: number, limit: number): Promise<ConfirmAskRow[]> {
  const { results } = await db
    .prepare(
      `UPDATE listings SET unconfirmed_at = ?1, confirm_asked_at = ?1
       WHERE id IN (SELECT l.id FROM listings l
                    WHERE l.status = 'active' AND l.confirmed_at <= ?1 - ${CONFIRM_HIDE_CYCLES * SHORTEST_CYCLE_MS}
                      AND l.confirmed_at <= ?1 - ${CONFIRM_HIDE_CYCLES} * ${CYCLE_MS}
                      AND l.unconfirmed_at IS NULL AND l.deleted_at IS NULL
                      AND l.confirm_asked_at IS NOT NULL AND l.confirm_asked_at <= ?1 - ${CYCLE_MS}
                    ORDER BY l.confirmed_at LIMIT ?2)
       RETURNING id`,
    )
    .bind(now, limit)
    .all<{ id: number }>();
  return withOwners(
    db,
    results.map((row) => row.id),
  );
}

/**
 * Claims up to `limit` shown active listings whose last confirmation is a cycle old and whose owner was not
 * asked in this cycle: they are marked asked now (never twice in a cycle, even by overlapping runs) and
 * returned with their owner's address and language.
 */
export async function claimConfirmAsks(db: Database, now: number, limit: number): Promise<ConfirmAskRow[]> {
  const { results } = await db
    .prepare(
      `UPDATE listings SET confirm_asked_at = ?1
       WHERE id IN (SELECT l.id FROM listings l
                    WHERE l.status = 'active' AND l.confirmed_at <= ?1 - ${SHORTEST_CYCLE_MS}
                      AND l.confirmed_at <= ?1 - ${CYCLE_MS} AND l.unconfirmed_at IS NULL AND l.deleted_at IS NULL
                      AND (l.confirm_asked_at IS NULL OR l.confirm_asked_at <= ?1 - ${CYCLE_MS})
                    ORDER BY l.confirmed_at LIMIT ?2)
       RETURNING id`,
    )
    .bind(now, limit)
    .all<{ id: number }>();
  return withOwners(
    db,
    results.map((row) => row.id),
  );
}

/** What the availability link's page and the endpoint read of a listing: its state and open question. */
export interface AvailabilityRow {
  id: number;
  owner_id: number;
  status: string;
  deal: Deal;
  confirmed_at: number | null;
  confirm_asked_at: number | null;
  unconfirmed_at: number | null;
}

/** A listing that is not deleted, the owner's own (`ownerId`) or anyone's (`null`: a signed link names it). */
export function availabilityRow(db: Database, id: number, ownerId: number | null): Promise<AvailabilityRow | null> {
  return db
    .prepare(
      `SELECT id, owner_id, status, deal, confirmed_at, confirm_asked_at, unconfirmed_at FROM listings
       WHERE id = ?1 AND (?2 IS NULL OR owner_id = ?2) AND deleted_at IS NULL`,
    )
    .bind(id, ownerId)
    .first<AvailabilityRow>();
}
