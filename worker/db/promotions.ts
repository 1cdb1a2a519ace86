/**
 * Promotions (migration 0018, decision 040): a placement of a listing for a period, bought by a payment
 * intent. Periods of one placement stack end to end; the listing carries each placement's end
 * (`promoted_until`, `highlight_until`, `home_until`) for the reads that rank and mark, which compare it with
 * now — so a period that ended is out at once, whether or not the scheduled run closed it yet.
 */
import type { Placement, ProductId } from "#shared/products.ts";
import type { Database } from "#worker/app-env.ts";

/** The listing's column holding each placement's end (ms). */
const PLACEMENT_COLUMN = {
  top: "promoted_until",
  highlight: "highlight_until",
  home: "home_until",
} as const satisfies Record<Placement, string>;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The period a succeeded promotion bought, as statements of its success batch (worker/db/payments.ts):
 * written only when the statement just before (the success event) inserted its row (`changes()`), so a
 * success recorded once gives one period whatever the races. It starts at the end of the placement's
 * running periods (or the listing's end of it, for one placed without a period) or now, whichever is
 * later, and lasts `days`; the listing's end of the placement becomes the period's end.
 */
export function promotionPeriodStatements(
  db: Database,
  period: { intentId: string; listingId: number; placement: Placement; days: number; now: number },
): D1PreparedStatement[] {
  const column = PLACEMENT_COLUMN[period.placement];
  return [
    db
      .prepare(
        `INSERT INTO promotions (listing_id, placement, starts_at, ends_at, intent_id, created_at)
         SELECT ?1, ?2, s.start, s.start + ?3, ?4, ?5
         FROM (SELECT MAX(?5,
           COALESCE((SELECT MAX(ends_at) FROM promotions WHERE listing_id = ?1 AND placement = ?2 AND stopped_at IS NULL), 0),
           COALESCE((SELECT ${column} FROM listings WHERE id = ?1), 0)) AS start) s
         WHERE changes() > 0`,
      )
      .bind(period.listingId, period.placement, period.days * DAY_MS, period.intentId, period.now),
    db
      .prepare(
        `UPDATE listings SET ${column} = (SELECT ends_at FROM promotions WHERE intent_id = ?1)
         WHERE id = ?2 AND changes() > 0`,
      )
      .bind(period.intentId, period.listingId),
  ];
}

export interface RunningPlacement {
  placement: Placement;
  /** The end of the placement's stacked periods (the listing's column). */
  ends_at: number;
  /** The product of the period running now; null for a placement without one (seeded). */
  product: ProductId | null;
}

/** The listing's placements that run now, with their ends. */
export async function runningPlacements(db: Database, listingId: number, now: number): Promise<RunningPlacement[]> {
  const parts = (Object.entries(PLACEMENT_COLUMN) as [Placement, string][]).map(
    ([placement, column]) =>
      `SELECT '${placement}' AS placement, l.${column} AS ends_at,
         (SELECT i.product FROM promotions p JOIN payment_intents i ON i.id = p.intent_id
          WHERE p.listing_id = l.id AND p.placement = '${placement}' AND p.stopped_at IS NULL
            AND p.starts_at <= ?2 AND p.ends_at > ?2
          ORDER BY p.starts_at DESC LIMIT 1) AS product
       FROM listings l WHERE l.id = ?1 AND l.${column} > ?2`,
  );
  const { results } = await db.prepare(parts.join(" UNION ALL ")).bind(listingId, now).all<RunningPlacement>();
  return results;
}

export interface OpenPeriod {
  id: number;
  intent_id: string;
  starts_at: number;
  ends_at: number;
  product: ProductId;
  amount_cents: number;
  currency: string;
  provider: "sandbox" | "stripe";
  provider_payment_ref: string | null;
  /** What was given back of its intent so far. */
  refunded_cents: number;
}

/** The placement's periods that are running or still to come (not stopped), earliest first. */
export async function openPeriods(
  db: Database,
  listingId: number,
  placement: Placement,
  now: number,
): Promise<OpenPeriod[]> {
  const { results } = await db
    .prepare(
      `SELECT p.id, p.intent_id, p.starts_at, p.ends_at, i.product, i.amount_cents, i.currency, i.provider,
         i.provider_payment_ref,
         (SELECT COALESCE(SUM(e.amount_cents), 0) FROM payment_events e
          WHERE e.intent_id = i.id AND e.status = 'refunded') AS refunded_cents
       FROM promotions p JOIN payment_intents i ON i.id = p.intent_id
       WHERE p.listing_id = ? AND p.placement = ? AND p.stopped_at IS NULL AND p.ends_at > ?
       ORDER BY p.starts_at`,
    )
    .bind(listingId, placement, now)
    .all<OpenPeriod>();
  return results;
}

/**
 * Stops a placement of a listing now, as statements of one batch (with the refunds, worker/db/payments.ts):
 * its running period ends now, periods still to come end where they would have started (they never run),
 * and the listing's end of the placement is cleared. Only the periods `openPeriods` found (`ids`) are
 * stopped: one that ended or was stopped meanwhile is left as it is.
 */
export function stopPlacementStatements(
  db: Database,
  stop: { listingId: number; placement: Placement; ids: number[]; now: number },
): D1PreparedStatement[] {
  const column = PLACEMENT_COLUMN[stop.placement];
  return [
    db
      .prepare(
        `UPDATE promotions SET stopped_at = ?1, closed_at = ?1, ends_at = MAX(starts_at, ?1)
         WHERE id IN (SELECT value FROM json_each(?2)) AND stopped_at IS NULL AND ends_at > ?1`,
      )
      .bind(stop.now, JSON.stringify(stop.ids)),
    db.prepare(`UPDATE listings SET ${column} = NULL WHERE id = ?`).bind(stop.listingId),
  ];
}

/**
 * Gives back the time of the period one intent bought in the share of its price refunded (decision 049), as
 * statements of the batch recording the refund (worker/db/payments.ts): the period lasts its product's
 * length × (amount − refunded) / amount from its start — a full refund leaves nothing — but what already
 * ran stays run (never before now) and it never grows. Periods queued after it move up by what it lost, so
 * the placement's end moves too; a period left with nothing is stopped. Computed from the ledger's refunded
 * total, so a replay, an older (smaller) total or a repeat changes nothing. A stopped period is left alone
 * (its refund was decided when it was stopped).
 */
export function refundPeriodStatements(
  db: Database,
  refund: { intentId: string; listingId: number; placement: Placement; days: number; amountCents: number; now: number },
): D1PreparedStatement[] {
  if (refund.amountCents <= 0) return [];
  const column = PLACEMENT_COLUMN[refund.placement];
  // The period's end as its refunded total makes it (?4: its full length, ?5: its price, ?6: now).
  const cut = `WITH refunded AS (
      SELECT MIN(COALESCE(SUM(amount_cents), 0), ?5) AS total FROM payment_events
      WHERE intent_id = ?1 AND status = 'refunded'),
    cut AS (
      SELECT p.ends_at AS old_end, MIN(p.ends_at, MAX(p.starts_at + CAST(?4 AS INTEGER) * (CAST(?5 AS INTEGER) - r.total) / CAST(?5 AS INTEGER), ?6)) AS new_end
      FROM promotions p, refunded r WHERE p.intent_id = ?1 AND p.stopped_at IS NULL)`;
  const lengthMs = refund.days * DAY_MS;
  return [
    db
      .prepare(
        `${cut}
         UPDATE promotions
         SET starts_at = starts_at - (SELECT old_end - new_end FROM cut),
             ends_at = ends_at - (SELECT old_end - new_end FROM cut)
         WHERE listing_id = ?2 AND placement = ?3 AND stopped_at IS NULL AND intent_id <> ?1
           AND starts_at >= (SELECT old_end FROM cut) AND (SELECT old_end - new_end FROM cut) > 0`,
      )
      .bind(refund.intentId, refund.listingId, refund.placement, lengthMs, refund.amountCents, refund.now),
    db
      .prepare(
        `${cut}
         UPDATE promotions
         SET ends_at = (SELECT new_end FROM cut),
             stopped_at = CASE WHEN (SELECT new_end FROM cut) <= MAX(starts_at, ?6) THEN ?6 END,
             closed_at = CASE WHEN (SELECT new_end FROM cut) <= MAX(starts_at, ?6) THEN ?6 END
         WHERE intent_id = ?1 AND stopped_at IS NULL AND (SELECT new_end FROM cut) < ends_at`,
      )
      .bind(refund.intentId, refund.listingId, refund.placement, lengthMs, refund.amountCents, refund.now),
    db
      .prepare(
        `UPDATE listings SET ${column} = (SELECT MAX(ends_at) FROM promotions
           WHERE listing_id = ?1 AND placement = ?2 AND stopped_at IS NULL AND ends_at > ?3)
         WHERE id = ?1 AND EXISTS (SELECT 1 FROM promotions WHERE intent_id = ?4)`,
      )
      .bind(refund.listingId, refund.placement, refund.now, refund.intentId),
  ];
}

/**
 * The scheduled run's close of periods that ended (worker/scheduled.ts): marks them closed and clears a
 * listing's end of a placement that has passed (recomputed from what is still open: nothing, unless a
 * period was written out of order). Correctness never waits for it: reads compare the ends with now.
 * Answers how many periods it closed.
 */
export async function closeEndedPromotions(db: Database, now: number): Promise<number> {
  const [closed] = await db.batch([
    db.prepare("UPDATE promotions SET closed_at = ?1 WHERE closed_at IS NULL AND ends_at <= ?1").bind(now),
    ...(Object.entries(PLACEMENT_COLUMN) as [Placement, string][]).map(([placement, column]) =>
      db
        .prepare(
          `UPDATE listings SET ${column} = (SELECT MAX(ends_at) FROM promotions p
             WHERE p.listing_id = listings.id AND p.placement = ?2 AND p.closed_at IS NULL AND p.ends_at > ?1)
           WHERE ${column} <= ?1
             AND id IN (SELECT listing_id FROM promotions WHERE closed_at = ?1 AND placement = ?2)`,
        )
        .bind(now, placement),
    ),
  ]);
  return closed!.meta.changes ?? 0;
}
