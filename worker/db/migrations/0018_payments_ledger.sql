-- Payments and promotion (decision 040). Money in integer cents, times in ms.
--
-- A payment intent is what a person is about to pay for: a product of shared/products.ts for a listing, its
-- amount taken from that table, with the provider that takes the money. Its states are a ledger
-- (`payment_events`), never edited in place: created → pending → succeeded | failed, and refunded after
-- succeeded. A unique index lets each final state happen once per intent, so a double click, a retry and a
-- webhook racing the redirect write exactly one success — and the promotion period or phone reveal that
-- comes with it is written in the same batch, only when that success is (worker/db/payments.ts).
CREATE TABLE payment_intents (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  listing_id INTEGER REFERENCES listings(id),
  product TEXT NOT NULL,
  amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
  currency TEXT NOT NULL,
  provider TEXT NOT NULL CHECK (provider IN ('sandbox', 'stripe')),
  -- The provider's own id of this payment's checkout (Stripe's Checkout Session), once it has one.
  provider_ref TEXT,
  -- Where the payer goes to pay (Stripe's hosted checkout); the sandbox's page is the site's own.
  checkout_url TEXT,
  -- The provider's id of the money taken (Stripe's PaymentIntent), known once it succeeded: refunds name it.
  provider_payment_ref TEXT,
  -- The client's key for "this one purchase": the same key again answers the same intent.
  idempotency_key TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  -- The product may change before anything was paid (PUT intent); never after.
  updated_at INTEGER NOT NULL,
  UNIQUE (user_id, idempotency_key)
);
CREATE UNIQUE INDEX payment_intents_provider_ref ON payment_intents (provider, provider_ref)
  WHERE provider_ref IS NOT NULL;
CREATE UNIQUE INDEX payment_intents_provider_payment ON payment_intents (provider, provider_payment_ref)
  WHERE provider_payment_ref IS NOT NULL;
CREATE INDEX payment_intents_user ON payment_intents (user_id, created_at DESC);

CREATE TABLE payment_events (
  id INTEGER PRIMARY KEY,
  intent_id TEXT NOT NULL REFERENCES payment_intents(id),
  status TEXT NOT NULL CHECK (status IN ('created', 'pending', 'succeeded', 'failed', 'refunded')),
  -- What moved: the intent's amount; a refund's own (whole unused days of a promotion stopped early).
  amount_cents INTEGER NOT NULL,
  -- Who wrote it: the API (a person's call), the provider's webhook, the sandbox page, the scheduler.
  source TEXT NOT NULL CHECK (source IN ('api', 'webhook', 'sandbox', 'scheduler', 'migration')),
  -- A webhook's event id: a delivery replayed is recognised and ignored.
  provider_event_id TEXT UNIQUE,
  reason TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX payment_events_intent ON payment_events (intent_id, id);
-- Each final state once per intent.
CREATE UNIQUE INDEX payment_events_final ON payment_events (intent_id, status)
  WHERE status IN ('succeeded', 'failed', 'refunded');

-- What a promotion bought: a placement of a listing for a period. Periods of one placement stack end to
-- end; stopping one early sets stopped_at (and ends_at to then). `closed_at`: when the period was over and
-- the listing's placement end was recomputed — at once when stopped, by the scheduled run after ends_at.
-- Reads never wait for it: they compare the listing's end with now.
CREATE TABLE promotions (
  id INTEGER PRIMARY KEY,
  listing_id INTEGER NOT NULL REFERENCES listings(id),
  placement TEXT NOT NULL CHECK (placement IN ('top', 'highlight', 'home')),
  starts_at INTEGER NOT NULL,
  ends_at INTEGER NOT NULL,
  intent_id TEXT NOT NULL UNIQUE REFERENCES payment_intents(id),
  stopped_at INTEGER,
  closed_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX promotions_listing ON promotions (listing_id, placement, ends_at);
CREATE INDEX promotions_open ON promotions (ends_at) WHERE closed_at IS NULL;

-- Each placement's end on the listing itself, for the reads that rank and mark (search, lists, home):
-- `promoted_until` (migration 0002) is the "Top" placement's.
ALTER TABLE listings ADD COLUMN highlight_until INTEGER;
ALTER TABLE listings ADD COLUMN home_until INTEGER;
CREATE INDEX listings_home ON listings (status, home_until DESC);

-- The phone reveals paid before intents existed (migration 0008, the development sandbox's charges) become
-- intents with their ledger: the same id behind "pi_" (the API's form of an intent id), the old id as the
-- provider's reference. The reveals point at intents from now on, and `payments` is gone: one way to record
-- a payment.
INSERT INTO payment_intents (id, user_id, listing_id, product, amount_cents, currency, provider, provider_ref,
  idempotency_key, created_at, updated_at)
SELECT 'pi_' || id, user_id, listing_id, 'phone_reveal', amount_cents, currency,
  CASE WHEN provider = 'stripe' THEN 'stripe' ELSE 'sandbox' END, id, 'migrated-' || id, created_at, created_at
FROM payments;
INSERT INTO payment_events (intent_id, status, amount_cents, source, created_at)
SELECT 'pi_' || id, 'created', amount_cents, 'migration', created_at FROM payments ORDER BY created_at, id;
INSERT INTO payment_events (intent_id, status, amount_cents, source, created_at)
SELECT 'pi_' || id, status, amount_cents, 'migration', created_at FROM payments ORDER BY created_at, id;

PRAGMA defer_foreign_keys = on;
CREATE TABLE phone_reveals_next (
  user_id INTEGER NOT NULL REFERENCES users(id),
  listing_id INTEGER NOT NULL REFERENCES listings(id),
  -- The intent that paid for it (one's own listing's number is free and never recorded here).
  intent_id TEXT REFERENCES payment_intents(id),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, listing_id)
) WITHOUT ROWID;
INSERT INTO phone_reveals_next (user_id, listing_id, intent_id, created_at)
SELECT user_id, listing_id, CASE WHEN payment_id IS NULL THEN NULL ELSE 'pi_' || payment_id END, created_at
FROM phone_reveals;
DROP TABLE phone_reveals;
ALTER TABLE phone_reveals_next RENAME TO phone_reveals;
DROP TABLE payments;
