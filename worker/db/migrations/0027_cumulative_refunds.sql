-- Refunds add up (decision 049). A payment may be refunded in parts — Stripe's dashboard,
-- then more of it later — and Stripe tells each time the total refunded so far: the ledger records each
-- part as a `refunded` event of the difference (worker/db/payments.ts), so an intent may have several. Its
-- success and its failure still happen once.
DROP INDEX payment_events_final;
CREATE UNIQUE INDEX payment_events_final ON payment_events (intent_id, status)
  WHERE status IN ('succeeded', 'failed');
