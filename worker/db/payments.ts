/**
 * Payment intents and their ledger (migration 0018, decision 040). An intent's state is its newest event;
 * events are only ever added, each by one statement that checks the ledger as it inserts (D1 runs
 * statements one at a time), and the unique index `payment_events_final` lets a success and a failure happen
 * once; refunds add up to the total given back (migration 0027, decision 049).
 * The success of a payment and what it bought (a promotion period, a phone reveal) are one batch, the
 * consequence conditioned on the success row being new — so however many calls and webhooks race, there is
 * one success and one consequence.
 */
import type { Locale } from "#shared/locales.ts";
import { PRODUCTS, type Placement, type ProductId } from "#shared/products.ts";
import type { PaymentStatus } from "#shared/api/payments.ts";
import { revealStatement } from "./contacts.ts";
import type { TitleRow } from "./listing-titles.ts";
import {
  type OpenPeriod,
  promotionPeriodStatements,
  refundPeriodStatements,
  stopPlacementStatements,
} from "./promotions.ts";
import type { Database } from "#worker/app-env.ts";

export type ProviderName = "sandbox" | "stripe";
export type EventSource = "api" | "webhook" | "sandbox" | "scheduler" | "migration";

export interface IntentRow {
  id: string;
  user_id: number;
  listing_id: number | null;
  product: ProductId;
  amount_cents: number;
  currency: string;
  provider: ProviderName;
  provider_ref: string | null;
  checkout_url: string | null;
  provider_payment_ref: string | null;
  idempotency_key: string;
  created_at: number;
  updated_at: number;
  /** The newest event's. */
  status: PaymentStatus;
  failure_reason: string | null;
  /** What was given back of it so far, in all (the sum of its `refunded` events). */
  refunded_cents: number;
  /** What it bought, when it bought a promotion. */
  placement: Placement | null;
  starts_at: number | null;
  ends_at: number | null;
}

const INTENT_SELECT = `
  SELECT i.id, i.user_id, i.listing_id, i.product, i.amount_cents, i.currency, i.provider, i.provider_ref,
    i.checkout_url, i.provider_payment_ref, i.idempotency_key, i.created_at, i.updated_at,
    (SELECT e.status FROM payment_events e WHERE e.intent_id = i.id ORDER BY e.id DESC LIMIT 1) AS status,
    (SELECT e.reason FROM payment_events e WHERE e.intent_id = i.id AND e.status = 'failed') AS failure_reason,
    (SELECT COALESCE(SUM(e.amount_cents), 0) FROM payment_events e
     WHERE e.intent_id = i.id AND e.status = 'refunded') AS refunded_cents,
    p.placement, p.starts_at, p.ends_at
  FROM payment_intents i LEFT JOIN promotions p ON p.intent_id = i.id`;

/** An intent with its state; with `userId`, only that person's (anyone else's is null, as a missing one). */
export function intentRow(db: Database, id: string, userId: number | null = null): Promise<IntentRow | null> {
  return db
    .prepare(`${INTENT_SELECT} WHERE i.id = ?1 AND (?2 IS NULL OR i.user_id = ?2)`)
    .bind(id, userId)
    .first<IntentRow>();
}

export function intentByKey(db: Database, userId: number, idempotencyKey: string): Promise<IntentRow | null> {
  return db
    .prepare(`${INTENT_SELECT} WHERE i.user_id = ? AND i.idempotency_key = ?`)
    .bind(userId, idempotencyKey)
    .first<IntentRow>();
}

/** The intent whose checkout (`provider_ref`) or money taken (`provider_payment_ref`) the provider names. */
export function intentByProviderRef(
  db: Database,
  provider: ProviderName,
  ref: { checkout?: string | null; payment?: string | null },
): Promise<IntentRow | null> {
  return db
    .prepare(
      `${INTENT_SELECT} WHERE i.provider = ?1
         AND ((?2 IS NOT NULL AND i.provider_ref = ?2) OR (?3 IS NOT NULL AND i.provider_payment_ref = ?3))
       LIMIT 1`,
    )
    .bind(provider, ref.checkout ?? null, ref.payment ?? null)
    .first<IntentRow>();
}

/**
 * This person's open (created or pending) intent for the same purchase — the product of this listing with
 * this provider: paying it is the purchase, so a second tab or a repeated "Continue" pays that one, through
 * its checkout, instead of starting another.
 */
export function openIntentFor(
  db: Database,
  purchase: { userId: number; listingId: number; product: ProductId; provider: ProviderName },
): Promise<IntentRow | null> {
  return db
    .prepare(
      `${INTENT_SELECT} WHERE i.user_id = ?1 AND i.listing_id = ?2 AND i.product = ?3 AND i.provider = ?4
         AND NOT EXISTS (SELECT 1 FROM payment_events e WHERE e.intent_id = i.id
                         AND e.status IN ('succeeded', 'failed', 'refunded'))
       ORDER BY i.created_at DESC LIMIT 1`,
    )
    .bind(purchase.userId, purchase.listingId, purchase.product, purchase.provider)
    .first<IntentRow>();
}

/**
 * A new intent and its `created` event, or nothing when this person used the idempotency key before or has
 * an open intent for the same purchase (`openIntentFor`; checked in the same statement, so calls at once
 * make one): the caller then reads that intent. Answers whether it was made.
 */
export async function insertIntent(
  db: Database,
  intent: {
    id: string;
    userId: number;
    listingId: number;
    product: ProductId;
    amountCents: number;
    currency: string;
    provider: ProviderName;
    idempotencyKey: string;
    now: number;
  },
): Promise<boolean> {
  const [inserted] = await db.batch([
    db
      .prepare(
        `INSERT INTO payment_intents (id, user_id, listing_id, product, amount_cents, currency, provider,
           idempotency_key, created_at, updated_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9
         WHERE NOT EXISTS (SELECT 1 FROM payment_intents o
           WHERE o.user_id = ?2 AND o.listing_id = ?3 AND o.product = ?4 AND o.provider = ?7
             AND NOT EXISTS (SELECT 1 FROM payment_events e WHERE e.intent_id = o.id
                             AND e.status IN ('succeeded', 'failed', 'refunded')))
         ON CONFLICT (user_id, idempotency_key) DO NOTHING`,
      )
      .bind(
        intent.id,
        intent.userId,
        intent.listingId,
        intent.product,
        intent.amountCents,
        intent.currency,
        intent.provider,
        intent.idempotencyKey,
        intent.now,
      ),
    db
      .prepare(
        `INSERT INTO payment_events (intent_id, status, amount_cents, source, created_at)
         SELECT ?1, 'created', ?2, 'api', ?3 WHERE changes() > 0`,
      )
      .bind(intent.id, intent.amountCents, intent.now),
  ]);
  return (inserted!.meta.changes ?? 0) > 0;
}

/** Where the provider's checkout of the intent is (Stripe's Checkout Session), once it made one. */
export async function setCheckout(db: Database, id: string, providerRef: string, checkoutUrl: string) {
  await db
    .prepare("UPDATE payment_intents SET provider_ref = ?, checkout_url = ? WHERE id = ?")
    .bind(providerRef, checkoutUrl, id)
    .run();
}

/**
 * Another product for an intent nothing was paid of yet: only while its newest state is `created` (checked
 * in the same statement). The provider's checkout of the old product is forgotten (a new one is made).
 * Answers whether it changed.
 */
export async function changeIntentProduct(
  db: Database,
  change: { id: string; userId: number; product: ProductId; amountCents: number; now: number },
): Promise<boolean> {
  const result = await db
    .prepare(
      `UPDATE payment_intents
       SET product = ?3, amount_cents = ?4, updated_at = ?5, provider_ref = NULL, checkout_url = NULL
       WHERE id = ?1 AND user_id = ?2
         AND NOT EXISTS (SELECT 1 FROM payment_events WHERE intent_id = ?1 AND status <> 'created')`,
    )
    .bind(change.id, change.userId, change.product, change.amountCents, change.now)
    .run();
  return (result.meta.changes ?? 0) > 0;
}

export interface EventMeta {
  source: EventSource;
  /** The provider's event id (a webhook's): a replay of it is ignored. */
  providerEventId?: string | null;
  now: number;
}

/** `pending`: the payment is being settled with the provider; from then on its product is fixed. Once. */
export async function markPending(db: Database, id: string, meta: EventMeta): Promise<boolean> {
  const result = await db
    .prepare(
      `INSERT INTO payment_events (intent_id, status, amount_cents, source, provider_event_id, created_at)
       SELECT i.id, 'pending', i.amount_cents, ?2, ?3, ?4 FROM payment_intents i
       WHERE i.id = ?1 AND NOT EXISTS (SELECT 1 FROM payment_events WHERE intent_id = ?1 AND status <> 'created')
       ON CONFLICT DO NOTHING`,
    )
    .bind(id, meta.source, meta.providerEventId ?? null, meta.now)
    .run();
  return (result.meta.changes ?? 0) > 0;
}

export interface SuccessOutcome {
  /** This call wrote the success (false: it was there already, or the intent had failed). */
  recorded: boolean;
  /** …and what it bought with it (false for a reveal paid before through another intent). */
  delivered: boolean;
}

/**
 * The success batch: the `succeeded` event — unless the intent failed or succeeded already (the unique
 * index and the check in the statement) — and, only when that row is new, what it bought: the promotion
 * period (stacked, the listing's end moved) or the phone reveal. The provider's id of the money taken is
 * kept for refunds.
 */
export async function recordSuccess(
  db: Database,
  intent: Pick<IntentRow, "id" | "user_id" | "listing_id" | "product">,
  meta: EventMeta & { providerPaymentRef?: string | null },
): Promise<SuccessOutcome> {
  const product = PRODUCTS[intent.product];
  const consequence: D1PreparedStatement[] =
    intent.listing_id === null
      ? []
      : product.kind === "promotion"
        ? promotionPeriodStatements(db, {
            intentId: intent.id,
            listingId: intent.listing_id,
            placement: product.placement,
            days: product.days,
            now: meta.now,
          })
        : [
            revealStatement(db, {
              userId: intent.user_id,
              listingId: intent.listing_id,
              intentId: intent.id,
              now: meta.now,
            }),
          ];
  const results = await db.batch([
    db
      .prepare(
        `INSERT INTO payment_events (intent_id, status, amount_cents, source, provider_event_id, created_at)
         SELECT i.id, 'succeeded', i.amount_cents, ?2, ?3, ?4 FROM payment_intents i
         WHERE i.id = ?1
           AND NOT EXISTS (SELECT 1 FROM payment_events WHERE intent_id = ?1 AND status IN ('failed', 'refunded'))
         ON CONFLICT DO NOTHING`,
      )
      .bind(intent.id, meta.source, meta.providerEventId ?? null, meta.now),
    ...consequence,
    // Last: `changes()` above reads the statement before it.
    db
      .prepare("UPDATE payment_intents SET provider_payment_ref = COALESCE(provider_payment_ref, ?) WHERE id = ?")
      .bind(meta.providerPaymentRef ?? null, intent.id),
  ]);
  const recorded = (results[0]!.meta.changes ?? 0) > 0;
  return { recorded, delivered: recorded && (consequence.length === 0 || (results[1]!.meta.changes ?? 0) > 0) };
}

/** `failed`, with why — unless the intent succeeded (a success is never undone by a late failure). Once. */
export async function recordFailure(
  db: Database,
  id: string,
  meta: EventMeta & { reason: string | null },
): Promise<boolean> {
  const result = await db
    .prepare(
      `INSERT INTO payment_events (intent_id, status, amount_cents, source, provider_event_id, reason, created_at)
       SELECT i.id, 'failed', i.amount_cents, ?2, ?3, ?4, ?5 FROM payment_intents i
       WHERE i.id = ?1 AND NOT EXISTS (SELECT 1 FROM payment_events WHERE intent_id = ?1 AND status = 'succeeded')
       ON CONFLICT DO NOTHING`,
    )
    .bind(id, meta.source, meta.providerEventId ?? null, meta.reason, meta.now)
    .run();
  return (result.meta.changes ?? 0) > 0;
}

/**
 * A refund of a succeeded intent as the total given back of it so far (decision 049): a `refunded` event of
 * the difference between that total (at most the intent's amount) and what the ledger holds, and nothing
 * when it holds as much already — so the same total told twice, or an older smaller one after a larger one,
 * records nothing, and a later larger one records the rest.
 */
export function refundTotalStatement(
  db: Database,
  refund: EventMeta & { intentId: string; totalCents: number; reason: string | null },
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO payment_events (intent_id, status, amount_cents, source, provider_event_id, reason, created_at)
       SELECT i.id, 'refunded', MIN(?2, i.amount_cents) - r.total, ?3, ?4, ?5, ?6
       FROM payment_intents i,
         (SELECT COALESCE(SUM(amount_cents), 0) AS total FROM payment_events
          WHERE intent_id = ?1 AND status = 'refunded') r
       WHERE i.id = ?1 AND MIN(?2, i.amount_cents) > r.total
         AND EXISTS (SELECT 1 FROM payment_events WHERE intent_id = ?1 AND status = 'succeeded')
       ON CONFLICT DO NOTHING`,
    )
    .bind(refund.intentId, refund.totalCents, refund.source, refund.providerEventId ?? null, refund.reason, refund.now);
}

/** Records that `totalCents` of the intent has been given back in all; whether that added to the ledger. */
export async function recordRefund(
  db: Database,
  refund: EventMeta & { intentId: string; totalCents: number; reason: string | null },
): Promise<boolean> {
  const result = await refundTotalStatement(db, refund).run();
  return (result.meta.changes ?? 0) > 0;
}

/**
 * What a refund takes back (decision 049), computed from the ledger's refunded total when the batch runs —
 * to follow the refund's own event in that batch: a promotion loses the same share of its period's time
 * (all of it for a full refund), a phone reveal is withdrawn by a full refund only (a number cannot be
 * shown in part). Repeating them changes nothing.
 */
export function refundConsequenceStatements(
  db: Database,
  intent: Pick<IntentRow, "id" | "user_id" | "listing_id" | "product" | "amount_cents">,
  now: number,
): D1PreparedStatement[] {
  const product = PRODUCTS[intent.product];
  if (intent.listing_id === null) return [];
  if (product.kind === "promotion") {
    return refundPeriodStatements(db, {
      intentId: intent.id,
      listingId: intent.listing_id,
      placement: product.placement,
      days: product.days,
      amountCents: intent.amount_cents,
      now,
    });
  }
  return [
    db
      .prepare(
        `DELETE FROM phone_reveals WHERE user_id = ?1 AND listing_id = ?2 AND intent_id = ?3
           AND (SELECT COALESCE(SUM(amount_cents), 0) FROM payment_events
                WHERE intent_id = ?3 AND status = 'refunded') >= ?4`,
      )
      .bind(intent.user_id, intent.listing_id, intent.id, intent.amount_cents),
  ];
}

/**
 * A refund the provider reports (Stripe's `charge.refunded`: made in its dashboard, or the echo of one made
 * here), as the total refunded of the payment so far, with what it takes back
 * (`refundConsequenceStatements`). Answers whether the ledger grew.
 */
export async function recordProviderRefund(
  db: Database,
  intent: Pick<IntentRow, "id" | "user_id" | "listing_id" | "product" | "amount_cents">,
  refund: EventMeta & { totalCents: number; reason: string | null },
): Promise<boolean> {
  const [result] = await db.batch([
    refundTotalStatement(db, { ...refund, intentId: intent.id }),
    ...refundConsequenceStatements(db, intent, refund.now),
  ]);
  return (result!.meta.changes ?? 0) > 0;
}

/**
 * Stops a placement of a listing now (worker/db/promotions.ts) and records the refunds of its stopped
 * periods that give money back, in one batch.
 */
export async function stopPromotion(
  db: Database,
  stop: {
    listingId: number;
    placement: Placement;
    periods: Pick<OpenPeriod, "id">[];
    /** Each refunded intent's total given back, this refund included. */
    refunds: { intentId: string; totalCents: number }[];
    now: number;
  },
): Promise<void> {
  await db.batch([
    ...stopPlacementStatements(db, {
      listingId: stop.listingId,
      placement: stop.placement,
      ids: stop.periods.map((period) => period.id),
      now: stop.now,
    }),
    ...stop.refunds.map((refund) =>
      refundTotalStatement(db, { ...refund, source: "api", reason: "stopped early", now: stop.now }),
    ),
  ]);
}

/** A provider's event id seen before: its delivery is a replay. */
export async function providerEventSeen(db: Database, providerEventId: string): Promise<boolean> {
  const row = await db
    .prepare("SELECT 1 AS seen FROM payment_events WHERE provider_event_id = ?")
    .bind(providerEventId)
    .first();
  return row !== null;
}

/** What the payment pages need of a listing: whose it is, its state and title. */
export interface PaymentListing {
  id: number;
  owner_id: number;
  status: string;
  deleted: number;
  title: string | null;
  lang: "en" | "ru" | "sr" | null;
}

export function paymentListing(db: Database, id: number): Promise<PaymentListing | null> {
  return db
    .prepare("SELECT id, owner_id, status, deleted_at IS NOT NULL AS deleted, title, lang FROM listings WHERE id = ?")
    .bind(id)
    .first<PaymentListing>();
}

/** An intent with its listing's title facts (worker/db/listing-titles.ts), place names in the reader's language. */
export interface TransactionRow extends IntentRow, TitleRow {
  events: { status: PaymentStatus; created_at: number }[];
}

/** A person's intents, newest first, each with its listing's title and its ledger (oldest event first). */
export async function transactionsPage(
  db: Database,
  userId: number,
  page: number,
  perPage: number,
  locale: Locale,
): Promise<{ items: TransactionRow[]; total: number }> {
  const [rows, count] = await db.batch([
    db
      .prepare(
        `SELECT t.*, l.title, l.title_generated, l.lang, l.deal, l.property_type, l.rooms, l.area, l.land_area,
           ci.name_${locale} AS city_name, d.name_${locale} AS district_name
         FROM (${INTENT_SELECT} WHERE i.user_id = ?1 ORDER BY i.created_at DESC, i.id DESC LIMIT ?2 OFFSET ?3) t
         LEFT JOIN listings l ON l.id = t.listing_id
         LEFT JOIN cities ci ON ci.id = l.city_id
         LEFT JOIN districts d ON d.id = l.district_id
         ORDER BY t.created_at DESC, t.id DESC`,
      )
      .bind(userId, perPage, (page - 1) * perPage),
    db.prepare("SELECT COUNT(*) AS n FROM payment_intents WHERE user_id = ?").bind(userId),
  ]);
  const intents = rows!.results as Omit<TransactionRow, "events">[];
  const total = (count!.results[0] as { n: number }).n;
  if (intents.length === 0) return { items: [], total };
  const { results: events } = await db
    .prepare(
      `SELECT intent_id, status, created_at FROM payment_events
       WHERE intent_id IN (SELECT value FROM json_each(?)) ORDER BY id`,
    )
    .bind(JSON.stringify(intents.map((intent) => intent.id)))
    .all<{ intent_id: string; status: PaymentStatus; created_at: number }>();
  return {
    items: intents.map((intent) => ({
      ...intent,
      events: events
        .filter((event) => event.intent_id === intent.id)
        .map(({ status, created_at }) => ({ status, created_at })),
    })),
    total,
  };
}
