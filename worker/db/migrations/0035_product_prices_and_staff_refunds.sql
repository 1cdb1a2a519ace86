-- Prices are reference data an admin may change (decision 061). What a product is and
-- does (its code, placement, days) stays in shared/products.ts; what it costs lives here, read by every
-- new payment intent (the intent keeps the amount it was made with, so a change never touches one made).
-- `updated_at` / `updated_by`: the admin's last change — NULL while the price is still the reference's,
-- which `npm run ops -- init` keeps up to date; a price an admin set is never overwritten by init.
CREATE TABLE product_prices (
  product TEXT PRIMARY KEY,
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0 AND amount_cents <= 100000),
  currency TEXT NOT NULL,
  updated_at INTEGER,
  updated_by INTEGER REFERENCES users(id),
  CHECK ((updated_at IS NULL) = (updated_by IS NULL))
) WITHOUT ROWID;
-- The catalogue's prices when prices moved here (worker/db/reference/prices.ts holds them from now on), so
-- a database migrated before its next `ops init` keeps selling at the same prices.
INSERT INTO product_prices (product, amount_cents, currency) VALUES
  ('top_7', 990, 'EUR'), ('top_14', 1690, 'EUR'), ('top_30', 2990, 'EUR'), ('highlight_7', 390, 'EUR'),
  ('highlight_30', 1190, 'EUR'), ('home_7', 1490, 'EUR'), ('phone_reveal', 50, 'EUR');

-- Refunds staff make from the back office (POST /api/admin/payments/{id}/refund): each request claims its
-- refund here before the provider is called, so a retried request (the same Idempotency-Key) answers what
-- the first did, and two refunds of one payment at once cannot both reach the provider — one runs (a
-- `started` claim newer than the stale time blocks others), the rest are told it is in progress.
-- `total_cents`: what is given back of the payment in all once this refund is done (decision 049's way to
-- record a refund, so the provider's echo of it adds nothing).
CREATE TABLE payment_refunds (
  id INTEGER PRIMARY KEY,
  intent_id TEXT NOT NULL REFERENCES payment_intents(id),
  idempotency_key TEXT NOT NULL,
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  total_cents INTEGER NOT NULL,
  reason TEXT NOT NULL,
  actor_id INTEGER NOT NULL REFERENCES users(id),
  state TEXT NOT NULL CHECK (state IN ('started', 'done', 'failed')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (intent_id, idempotency_key)
);
CREATE INDEX payment_refunds_started ON payment_refunds (intent_id, updated_at) WHERE state = 'started';

-- The back office's ledger (GET /api/admin/payments): newest first, by listing and by period.
CREATE INDEX payment_intents_created ON payment_intents (created_at DESC, id DESC);
CREATE INDEX payment_intents_listing ON payment_intents (listing_id, created_at DESC);
