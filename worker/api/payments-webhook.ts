/**
 * `POST /api/payments/stripe/webhook` (decision 040): Stripe tells what happened to a payment.
 * No session and no CSRF headers (worker/middleware/csrf.ts exempts exactly this path): the
 * `Stripe-Signature` decides — HMAC-SHA256 of `{t}.{raw body}` under STRIPE_WEBHOOK_SECRET, t within
 * STRIPE_WEBHOOK_TOLERANCE_S (400 `invalid_signature` / `signature_expired` otherwise). A replayed event id
 * (payment_events.provider_event_id) is acknowledged and changes nothing; every change is recorded as the
 * ledger allows it, in any order relative to `complete` and to other events (a late failure never undoes a
 * success; worker/workflows/payment-settlement.ts for a success after a failure; refunds as totals, decision
 * 049). Events about no intent of
 * ours are acknowledged (200), so Stripe stops sending them.
 */
import { Hono } from "hono";
import type { AppEnv } from "#worker/app-env.ts";
import {
  intentByProviderRef,
  intentRow,
  markPending,
  providerEventSeen,
  recordFailure,
  recordProviderRefund,
} from "#worker/db/payments.ts";
import { apiError } from "#worker/http/api-error.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { settleSuccess } from "#worker/workflows/payment-settlement.ts";
import { stripeConfig, stripeProvider, verifyWebhook, webhookChange } from "#worker/adapters/payments/stripe.ts";

const STRIPE_WEBHOOK_PATH = "/payments/stripe/webhook";

export const paymentsWebhook = new Hono<AppEnv>();

paymentsWebhook.post(STRIPE_WEBHOOK_PATH, async (c) => {
  const config = stripeConfig(c.env);
  if (!config) return apiError(c, 503, "payments_unavailable", "Stripe is not configured");
  const db = c.env.DB;
  const now = nowOf(c);
  const raw = await c.req.text();
  const verdict = await verifyWebhook(config, c.req.header("stripe-signature"), raw, Math.floor(now / 1000));
  if (!verdict.ok) return apiError(c, 400, verdict.code, verdict.message);
  const { event } = verdict;
  const received = (extra: Record<string, unknown> = {}) => c.json({ received: true, ...extra });
  if (await providerEventSeen(db, event.id)) return received({ replayed: true });
  const change = webhookChange(event);
  if (!change) return received({ ignored: true });

  const byId = change.intentId ? await intentRow(db, change.intentId) : null;
  const intent =
    byId?.provider === "stripe"
      ? byId
      : await intentByProviderRef(db, "stripe", { checkout: change.checkoutRef, payment: change.paymentRef });
  if (!intent) {
    console.warn(`stripe event ${event.id} (${event.type}) names no intent of ours`);
    return received({ ignored: true });
  }
  const meta = { source: "webhook" as const, providerEventId: event.id, now };
  switch (change.status) {
    case "pending":
      await markPending(db, intent.id, meta);
      break;
    case "succeeded":
      await settleSuccess(db, stripeProvider(config), intent, { ...meta, providerPaymentRef: change.paymentRef });
      break;
    case "failed":
      await recordFailure(db, intent.id, { ...meta, reason: change.reason });
      break;
    case "refunded":
      // Stripe tells the charge's refunded total so far: the ledger records what it does not hold yet.
      await recordProviderRefund(db, intent, {
        ...meta,
        totalCents: change.amountCents ?? intent.amount_cents,
        reason: change.reason,
      });
      break;
  }
  return received();
});
