/**
 * Recording a provider's word in the ledger, shared by `complete` (the provider asked) and the webhook (the
 * provider telling): the success batch, and making good a payment the ledger cannot keep.
 *
 * Money the provider took that buys nothing goes back to the payer, in full:
 * - a phone reveal paid twice (two intents for the same listing paid side by side): the second one's reveal
 *   exists already, so its success is followed by a refund;
 * - a success reported after the intent failed (decision 040: the ledger never turns a failure into a
 *   success). With Stripe's Checkout this should not happen — the ledger writes `failed` only once the
 *   session can no longer be paid (expired by Stripe or by `failure`, whose expiry Stripe refuses for a
 *   paid session) or Stripe said the payment failed — so it is treated as an anomaly: the money is refunded
 *   (Stripe's idempotency key makes repeats one refund), the intent stays failed, and it is logged.
 */
import { revealOf } from "#worker/db/contacts.ts";
import {
  type EventSource,
  intentRow,
  type IntentRow,
  recordRefund,
  recordSuccess,
  type SuccessOutcome,
} from "#worker/db/payments.ts";
import type { PaymentProvider } from "#worker/adapters/payments/provider.ts";
import type { Database } from "#worker/app-env.ts";

export async function settleSuccess(
  db: Database,
  provider: PaymentProvider,
  intent: IntentRow,
  meta: { source: EventSource; providerEventId?: string | null; providerPaymentRef?: string | null; now: number },
): Promise<SuccessOutcome> {
  const outcome = await recordSuccess(db, intent, meta);
  // Decided from the ledger as it is now (not from this call's outcome), so a retry after a failed refund
  // refunds still.
  const current = await intentRow(db, intent.id);
  if (!current) return outcome;
  const paidFor = { ...current, provider_payment_ref: current.provider_payment_ref ?? meta.providerPaymentRef ?? null };
  if (current.status === "succeeded" && current.product === "phone_reveal" && current.listing_id !== null) {
    const reveal = await revealOf(db, current.user_id, current.listing_id);
    const left = current.amount_cents - current.refunded_cents;
    if (reveal?.intent_id !== current.id && left > 0) {
      await provider.refund(paidFor, left);
      await recordRefund(db, {
        intentId: current.id,
        totalCents: current.amount_cents,
        reason: "already revealed",
        source: meta.source,
        now: meta.now,
      });
    }
  } else if (current.status === "failed") {
    console.error(`payment ${current.id}: ${provider.name} reports it paid after it failed; refunding it`);
    await provider.refund(paidFor, current.amount_cents);
  }
  return outcome;
}
