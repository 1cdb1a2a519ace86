/**
 * Refunds staff make from the back office (migration 0035, decision 061). A refund is claimed here before
 * the provider is asked: the claim's statement checks, as it inserts, that the payment succeeded, that this
 * much is left of it, and that no other refund of it is running — so two refunds at once cannot both reach
 * the provider. The provider's refund is keyed by the claim (`{intent}-refund-{claim}`), so running a claim
 * again (a retry after a failure, a claim left by a crash) is the same refund there. Done, the claim, the
 * ledger's `refunded` event, what the refund takes back and the audit row are one batch.
 */
import { type ActionContext, auditStatement } from "./audit.ts";
import { type IntentRow, refundConsequenceStatements, refundTotalStatement } from "./payments.ts";
import type { Database } from "#worker/app-env.ts";

/** A claim still `started` after this long is taken as abandoned (its request died): it may be run again. */
const REFUND_CLAIM_STALE_MS = 2 * 60 * 1000;

export interface RefundClaim {
  id: number;
  intent_id: string;
  idempotency_key: string;
  amount_cents: number;
  total_cents: number;
  reason: string;
  actor_id: number;
  state: "started" | "done" | "failed";
  created_at: number;
  updated_at: number;
}

const REFUNDED_TOTAL = `(SELECT COALESCE(SUM(amount_cents), 0) FROM payment_events
  WHERE intent_id = ?1 AND status = 'refunded')`;
const SUCCEEDED = `EXISTS (SELECT 1 FROM payment_events WHERE intent_id = ?1 AND status = 'succeeded')`;
const NONE_RUNNING = (now: string, except = "") => `NOT EXISTS (SELECT 1 FROM payment_refunds o
  WHERE o.intent_id = ?1 AND o.state = 'started' AND o.updated_at > ${now} - ${REFUND_CLAIM_STALE_MS}${except})`;

export function refundClaimByKey(db: Database, intentId: string, key: string): Promise<RefundClaim | null> {
  return db
    .prepare("SELECT * FROM payment_refunds WHERE intent_id = ? AND idempotency_key = ?")
    .bind(intentId, key)
    .first<RefundClaim>();
}

/** A new claim, or null when one of its conditions does not hold (or the key was used meanwhile). */
export function claimRefund(
  db: Database,
  claim: { intentId: string; key: string; amountCents: number; reason: string; actorId: number; now: number },
): Promise<RefundClaim | null> {
  return db
    .prepare(
      `INSERT INTO payment_refunds (intent_id, idempotency_key, amount_cents, total_cents, reason, actor_id, state,
         created_at, updated_at)
       SELECT i.id, ?2, ?3, ${REFUNDED_TOTAL} + ?3, ?4, ?5, 'started', ?6, ?6 FROM payment_intents i
       WHERE i.id = ?1 AND ${REFUNDED_TOTAL} + ?3 <= i.amount_cents AND ${SUCCEEDED} AND ${NONE_RUNNING("?6")}
       ON CONFLICT (intent_id, idempotency_key) DO NOTHING
       RETURNING *`,
    )
    .bind(claim.intentId, claim.key, claim.amountCents, claim.reason, claim.actorId, claim.now)
    .first<RefundClaim>();
}

/**
 * A claim run again (its request retried after the provider failed, or it was abandoned): only while no
 * other refund of the payment runs and the ledger has not moved since it was claimed (else its total would
 * be wrong). Null when it may not.
 */
export function retakeRefund(db: Database, claim: RefundClaim, now: number): Promise<RefundClaim | null> {
  return db
    .prepare(
      `UPDATE payment_refunds SET state = 'started', updated_at = ?3
       WHERE id = ?2 AND (state = 'failed' OR (state = 'started' AND updated_at <= ?3 - ${REFUND_CLAIM_STALE_MS}))
         AND ${REFUNDED_TOTAL} = total_cents - amount_cents AND ${NONE_RUNNING("?3", " AND o.id <> ?2")}
       RETURNING *`,
    )
    .bind(claim.intent_id, claim.id, now)
    .first<RefundClaim>();
}

/** The provider refused or failed: the claim is released (the same key may try again). */
export async function failRefund(db: Database, claim: RefundClaim, now: number): Promise<void> {
  await db
    .prepare("UPDATE payment_refunds SET state = 'failed', updated_at = ? WHERE id = ? AND state = 'started'")
    .bind(now, claim.id)
    .run();
}

/**
 * The provider gave the money back: the claim done, the ledger's refunded total (decision 049: what the
 * provider's echo of it already recorded is not recorded twice), what the refund takes back, and the audit
 * row (`payment.refund`, the refunded total before and after) — one batch, the audit row only with the
 * claim's change.
 */
export async function completeRefund(
  db: Database,
  claim: RefundClaim,
  intent: Pick<IntentRow, "id" | "user_id" | "listing_id" | "product" | "amount_cents" | "provider">,
  context: ActionContext,
): Promise<void> {
  await db.batch([
    db
      .prepare("UPDATE payment_refunds SET state = 'done', updated_at = ? WHERE id = ? AND state = 'started'")
      .bind(context.now, claim.id),
    auditStatement(
      db,
      {
        actor: context.actor,
        action: "payment.refund",
        target: { kind: "payment", id: intent.id },
        before: { refunded_cents: claim.total_cents - claim.amount_cents },
        after: { refunded_cents: claim.total_cents, amount_cents: claim.amount_cents, provider: intent.provider },
        reason: claim.reason,
        now: context.now,
        requestId: context.requestId,
      },
      { sql: "changes() > 0", bind: [] },
    ),
    refundTotalStatement(db, {
      intentId: intent.id,
      totalCents: claim.total_cents,
      reason: claim.reason,
      source: "api",
      now: context.now,
    }),
    ...refundConsequenceStatements(db, intent, context.now),
  ]);
}
