/**
 * Payments and promotion (product §7 Cabinet: Payment, `realties/{id}/promotion`, decision 040).
 * Signed-in only, one's own intents only (anyone else's is 404 as a missing one), `private, no-store`:
 * - `POST /api/cabinet/payment/intent {realty_id, product, idempotency_key?}` → 201 `{data: ApiIntent}` (200
 *   with the same intent for a key used before). A promotion is for one's own active listing (404 for
 *   anyone else's, 409 `listing_not_active`); a phone reveal for someone else's active listing (409
 *   `own_listing`, 409 `already_revealed`), at most PHONE_REVEALS_PER_HOUR new ones an hour (429);
 * - `PUT …/intent {intent_id, product}` → another product of the same kind while nothing was paid (409
 *   `intent_locked` from `pending` on);
 * - `GET …/intent/{id}`;
 * - `POST …/complete {intent_id}` → the provider is asked (the sandbox settles it here) and its word
 *   recorded; `POST …/failure {intent_id, reason}` → it can no longer be paid (Stripe's checkout is closed
 *   first) and failed. 409 `intent_failed` / `intent_succeeded` when it already ended the other way;
 * - `GET …/transactions?page=&per_page=` → the person's intents with their ledgers, newest first;
 * - `GET …/realty-options?realty_id=` and `DELETE /api/cabinet/realties/{id}/promotion?placement=` (stop it
 *   early; refunded pro rata only for a refundable product) → ApiListingOptions; `POST
 *   /api/cabinet/realties/{id}/promotion {product}` → an intent, as `intent` makes it.
 * Amounts come from `product_prices` (decision 061) only, read when the intent is made (or its product changed). Without a provider (production without Stripe) the calls that
 * would pay answer 503 `payments_unavailable`.
 * Limits (decision 049): per account and hour, intent writes, completes, failures and intent reads (429 with
 * Retry-After); an open intent for the same purchase is answered instead of a new one (one checkout); an
 * intent asks its provider at most once per PAYMENT_PROVIDER_CALL_WINDOW_S.
 */
import { type Context, Hono } from "hono";
import * as v from "valibot";
import { IdParam } from "#shared/api/conventions.ts";
import {
  type ApiIntent,
  type ApiListingOptions,
  type ApiTransaction,
  CompleteBody,
  CreateIntentBody,
  FailureBody,
  IntentParams,
  PromoteBody,
  ListingOptionsQuery,
  StopPromotionQuery,
  TransactionsQuery,
  UpdateIntentBody,
} from "#shared/api/payments.ts";
import {
  PAYMENT_COMPLETES_PER_HOUR,
  PAYMENT_FAILURES_PER_HOUR,
  PAYMENT_INTENT_READS_PER_HOUR,
  PAYMENT_INTENT_WRITES_PER_HOUR,
  PAYMENT_PROVIDER_CALL_WINDOW_S,
  PHONE_REVEALS_PER_HOUR,
} from "#shared/constants.ts";
import { localizePath, type Locale } from "#shared/locales.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { PRODUCTS, PROMOTION_PRODUCT_IDS, type Placement, type ProductId } from "#shared/products.ts";
import { INVALID } from "#shared/validation.ts";
import type { AppEnv, Database } from "#worker/app-env.ts";
import { hasRevealed } from "#worker/db/contacts.ts";
import {
  changeIntentProduct,
  insertIntent,
  intentByKey,
  intentRow,
  type IntentRow,
  markPending,
  openIntentFor,
  paymentListing,
  recordFailure,
  setCheckout,
  stopPromotion,
  transactionsPage,
} from "#worker/db/payments.ts";
import { priceOf, PriceMissing, productPrices } from "#worker/db/prices.ts";
import { type OpenPeriod, openPeriods, runningPlacements } from "#worker/db/promotions.ts";
import { apiError } from "#worker/http/api-error.ts";
import { apiLocale } from "#worker/http/api-locale.ts";
import { shownTitle } from "#worker/db/listing-titles.ts";
import { rateLimited } from "#worker/http/rate-limited.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { logServerError, shownErrorText } from "#worker/http/server-error.ts";
import { siteOrigin } from "#worker/http/site-origin.ts";
import { requireAuth } from "#worker/middleware/session.ts";
import { perUser, throttle } from "#worker/middleware/throttle.ts";
import {
  type PaymentProvider,
  PaymentsUnavailable,
  providerNamed,
  requireProvider,
} from "#worker/adapters/payments/index.ts";
import { settleSuccess } from "#worker/workflows/payment-settlement.ts";
import { hit } from "#worker/http/rate-limit.ts";
import { valid } from "./validate.ts";

const PAYMENT = "/cabinet/payment";
const PROMOTION = "/cabinet/realties/:id/promotion";
const IdParams = v.object({ id: IdParam });
const DAY_MS = 24 * 60 * 60 * 1000;
/** The sandbox provider's page (the "ui" slice's route): it plays the provider. */
const SANDBOX_PAGE = "/cabinet/payment/sandbox/";
const FINAL = new Set(["succeeded", "failed", "refunded"]);

type C = Context<AppEnv>;
const userId = (c: C) => c.get("user")!.id;
const iso = (ms: number) => new Date(ms).toISOString();

const notFound = (c: C, what = "listing") => apiError(c, 404, "not_found", `No such ${what}`);

/** The 503 of payments that cannot be taken now: logged in full, said generically (unless ERROR_LOGGING). */
function unavailable(c: C, error: unknown) {
  logServerError(c, error);
  return apiError(c, 503, "payments_unavailable", shownErrorText(c.env, error, "Payments are not available"));
}

/**
 * Runs `work`; a provider that is missing or failed, or a product without a price (a database not
 * initialised), answers 503; anything else is the API's 500.
 */
async function withProvider(c: C, work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PaymentsUnavailable || error instanceof PriceMissing) return unavailable(c, error);
    throw error;
  }
}

function sandboxUrl(id: string, locale: Locale) {
  return `${localizePath(SANDBOX_PAGE, locale)}?intent=${encodeURIComponent(id)}`;
}

function toApiIntent(row: IntentRow, locale: Locale): ApiIntent {
  const open = !FINAL.has(row.status);
  return {
    id: row.id,
    product: row.product,
    realty_id: row.listing_id,
    amount: row.amount_cents / 100,
    amount_cents: row.amount_cents,
    currency: row.currency,
    status: row.status,
    provider: row.provider,
    checkout_url: !open ? null : row.provider === "sandbox" ? sandboxUrl(row.id, locale) : row.checkout_url,
    created_at: iso(row.created_at),
    promotion:
      row.placement && row.starts_at !== null && row.ends_at !== null
        ? { placement: row.placement, starts_at: iso(row.starts_at), ends_at: iso(row.ends_at) }
        : null,
    failure_reason: row.status === "failed" ? row.failure_reason : null,
    refunded: row.refunded_cents / 100,
    refunded_cents: row.refunded_cents,
  };
}

const answerIntent = (c: C, row: IntentRow, status: 200 | 201 = 200) =>
  c.json({ data: toApiIntent(row, apiLocale(c)) }, status);

/**
 * Whether this request may ask the provider about the intent now (`what`: confirm or cancel): one request
 * per PAYMENT_PROVIDER_CALL_WINDOW_S and intent, counted atomically, so a burst of calls on one intent
 * makes one or two provider calls. The verdict, for the Retry-After of a refused one.
 */
const providerTurn = (c: C, what: "check" | "cancel", intentId: string) =>
  hit(
    c.env.RATE_LIMITS,
    { key: `payment-${what}:intent:${intentId}`, limit: 1, windowS: PAYMENT_PROVIDER_CALL_WINDOW_S },
    nowOf(c),
  );

/** An intent that can still be paid but has no checkout at its provider yet (the sandbox's is our page). */
const lacksCheckout = (row: IntentRow) => row.status === "created" && !row.provider_ref && row.provider !== "sandbox";

/** A fresh intent id in the API's form (`pi_` and 32 hex digits). */
const newIntentId = () => `pi_${crypto.randomUUID().replaceAll("-", "")}`;

/** What the payer reads at the provider's checkout. */
function describe(product: ProductId, listingId: number | null): string {
  const spec = PRODUCTS[product];
  const what = spec.kind === "promotion" ? `${spec.placement} promotion, ${spec.days} days` : "phone number reveal";
  return `Kvadrat: ${what}${listingId === null ? "" : ` (listing ${listingId})`}`;
}

/**
 * The provider's checkout of an intent that can still be paid and has none yet (Stripe: a Checkout
 * Session, one per intent and product by its idempotency key). The sandbox needs none: its page is ours.
 */
async function ensureCheckout(c: C, provider: PaymentProvider, row: IntentRow): Promise<IntentRow> {
  if (row.status !== "created" || row.provider_ref) return row;
  const locale = apiLocale(c);
  const origin = siteOrigin(c.env) ?? new URL(c.req.url).origin;
  const back = (path: string) => `${origin}${localizePath(path, locale)}?intent=${encodeURIComponent(row.id)}`;
  const made = await provider.checkout({
    intentId: row.id,
    product: row.product,
    amountCents: row.amount_cents,
    currency: row.currency,
    description: describe(row.product, row.listing_id),
    successUrl: back(privatePaths.cabinet.paymentSuccess()),
    cancelUrl: back(privatePaths.cabinet.paymentError()),
    // A product changed (PUT) makes another checkout: the key names the intent's version.
    idempotencyKey: row.updated_at === row.created_at ? row.id : `${row.id}-${row.updated_at}`,
  });
  if (!made) return row;
  await setCheckout(c.env.DB, row.id, made.ref, made.url);
  return { ...row, provider_ref: made.ref, checkout_url: made.url };
}

/**
 * A new intent for `product` of listing `listingId` (or, for an idempotency key used before, that intent):
 * the checks of who may buy what, then the intent with its `created` event, then the provider's checkout.
 */
async function createIntent(c: C, input: { listingId: number; product: ProductId; idempotencyKey?: string }) {
  const db = c.env.DB;
  const user = userId(c);
  const now = nowOf(c);
  const spec = PRODUCTS[input.product];
  const listing = await paymentListing(db, input.listingId);
  if (spec.kind === "promotion") {
    if (!listing || listing.deleted || listing.owner_id !== user) return notFound(c);
    if (listing.status !== "active") {
      return apiError(c, 409, "listing_not_active", "Only an active listing can be promoted");
    }
  } else {
    if (!listing || listing.deleted || listing.status !== "active") return notFound(c);
    if (listing.owner_id === user) return apiError(c, 409, "own_listing", "One's own number is free to see");
  }
  if (input.idempotencyKey) {
    const existing = await intentByKey(db, user, input.idempotencyKey);
    if (existing) {
      // A retry after the provider failed to make the checkout: it is made now (once per window).
      const provider = lacksCheckout(existing) ? providerNamed(c.env, existing.provider) : null;
      if (!provider || !(await providerTurn(c, "check", existing.id)).allowed) return answerIntent(c, existing);
      return withProvider(c, async () => answerIntent(c, await ensureCheckout(c, provider, existing)));
    }
  }
  if (spec.kind === "phone_reveal" && (await hasRevealed(db, user, input.listingId))) {
    return apiError(c, 409, "already_revealed", "This number was revealed to you before");
  }
  return withProvider(c, async () => {
    const provider = requireProvider(c.env, `${input.product} of listing ${input.listingId}`);
    // One open intent per purchase: a second tab or another "Continue" pays the same one through its
    // checkout, never twice, and makes no other checkout at the provider.
    const purchase = { userId: user, listingId: input.listingId, product: input.product, provider: provider.name };
    const open = await openIntentFor(db, purchase);
    if (open) return answerIntent(c, await ensureCheckout(c, provider, open));
    if (spec.kind === "phone_reveal") {
      const rule = { key: `reveal:user:${user}`, limit: PHONE_REVEALS_PER_HOUR, windowS: 3600 };
      const verdict = await hit(c.env.RATE_LIMITS, rule, now);
      if (!verdict.allowed) return rateLimited(c, verdict);
    }
    // The price now: the intent keeps it, whatever the price becomes later.
    const price = await priceOf(db, input.product);
    const id = newIntentId();
    const key = input.idempotencyKey ?? id;
    const inserted = await insertIntent(db, {
      id,
      userId: user,
      listingId: input.listingId,
      product: input.product,
      amountCents: price.amount_cents,
      currency: price.currency,
      provider: provider.name,
      idempotencyKey: key,
      now,
    });
    // Two calls with one key, or for one purchase, at once: the one that lost answers the intent the other made.
    const row = inserted
      ? await intentRow(db, id)
      : ((await intentByKey(db, user, key)) ?? (await openIntentFor(db, purchase)));
    if (!row) throw new Error(`intent ${id} (key ${key}) not found after inserting it`);
    return answerIntent(c, await ensureCheckout(c, provider, row), inserted ? 201 : 200);
  });
}

/**
 * The promotion packages on sale (shared/products.ts) at their prices now (`product_prices`), as the API
 * names them: here and in the price list.
 */
export async function promotionPackages(db: Database): Promise<ApiListingOptions["products"]> {
  const prices = new Map((await productPrices(db)).map((row) => [row.product, row]));
  return PROMOTION_PRODUCT_IDS.map((product) => {
    const spec = PRODUCTS[product];
    if (spec.kind !== "promotion") throw new Error(`${product} is not a promotion`);
    const price = prices.get(product)!;
    return {
      product,
      placement: spec.placement,
      days: spec.days,
      amount: price.amount_cents / 100,
      currency: price.currency,
      refundable: spec.refundable,
    };
  });
}

/** The listing's products and what runs now. */
async function listingOptions(db: Database, listingId: number, now: number): Promise<ApiListingOptions> {
  const running = await runningPlacements(db, listingId, now);
  // What stopping each running placement now would give back (the page says so before it is stopped).
  const refunds = await Promise.all(
    running.map(async (run) =>
      (await openPeriods(db, listingId, run.placement, now)).reduce((sum, period) => sum + refundCents(period, now), 0),
    ),
  );
  return {
    realty_id: listingId,
    products: await promotionPackages(db),
    active: running.map((run, index) => ({
      placement: run.placement,
      ends_at: iso(run.ends_at),
      product: run.product,
      refund: refunds[index]! / 100,
    })),
  };
}

/** One's own listing, not deleted (any state): the listing's payment pages' subject. */
async function ownListing(c: C, id: number) {
  const listing = await paymentListing(c.env.DB, id);
  return listing && !listing.deleted && listing.owner_id === userId(c) ? listing : null;
}

/**
 * What stopping a period now gives back: a refundable product's whole unused days pro rata, else nothing;
 * never more than is left of its payment after earlier refunds.
 */
function refundCents(period: OpenPeriod, now: number): number {
  const spec = PRODUCTS[period.product];
  if (spec.kind !== "promotion" || !spec.refundable) return 0;
  const unusedDays = Math.floor((period.ends_at - Math.max(now, period.starts_at)) / DAY_MS);
  const proRata = Math.floor((period.amount_cents * Math.min(unusedDays, spec.days)) / spec.days);
  return Math.max(0, Math.min(proRata, period.amount_cents - period.refunded_cents));
}

/**
 * Stops the listing's running (and queued) periods of a placement. A refundable product gives back its
 * whole unused days pro rata (a queued period all of them), through its provider first: when that fails,
 * nothing is stopped.
 */
async function stop(c: C, listingId: number, placement: Placement) {
  const db = c.env.DB;
  const now = nowOf(c);
  const periods = await openPeriods(db, listingId, placement, now);
  const running = await runningPlacements(db, listingId, now);
  if (periods.length === 0 && !running.some((run) => run.placement === placement)) {
    return apiError(c, 409, "not_promoted", `No ${placement} promotion runs for this listing`);
  }
  return withProvider(c, async () => {
    const refunds: { intentId: string; totalCents: number }[] = [];
    for (const period of periods) {
      const amountCents = refundCents(period, now);
      if (amountCents <= 0) continue;
      const provider = providerNamed(c.env, period.provider);
      if (!provider) throw new PaymentsUnavailable(`No ${period.provider} provider to refund ${period.intent_id}`);
      await provider.refund({ ...period, id: period.intent_id, provider_ref: null }, amountCents);
      refunds.push({ intentId: period.intent_id, totalCents: period.refunded_cents + amountCents });
    }
    await stopPromotion(db, { listingId, placement, periods, refunds, now });
    return c.json({ data: await listingOptions(db, listingId, now) });
  });
}

export const cabinetPayment = new Hono<AppEnv>();
for (const path of [`${PAYMENT}/*`, PROMOTION]) {
  cabinetPayment.use(path, requireAuth, async (c, next) => {
    await next();
    c.header("Cache-Control", "private, no-store");
  });
}

/** Per-account limits of the calls that can reach the provider, counted before anything else is done. */
const intentWrites = throttle((c) => [perUser(c, "payment-intents", PAYMENT_INTENT_WRITES_PER_HOUR, 3600)]);
const completes = throttle((c) => [perUser(c, "payment-completes", PAYMENT_COMPLETES_PER_HOUR, 3600)]);
const failures = throttle((c) => [perUser(c, "payment-failures", PAYMENT_FAILURES_PER_HOUR, 3600)]);
const intentReads = throttle((c) => [perUser(c, "payment-reads", PAYMENT_INTENT_READS_PER_HOUR, 3600)]);

cabinetPayment
  .post(`${PAYMENT}/intent`, intentWrites, valid("json", CreateIntentBody), (c) => {
    const body = c.req.valid("json");
    return createIntent(c, { listingId: body.realty_id, product: body.product, idempotencyKey: body.idempotency_key });
  })
  .put(`${PAYMENT}/intent`, intentWrites, valid("json", UpdateIntentBody), async (c) => {
    const { intent_id, product } = c.req.valid("json");
    const db = c.env.DB;
    const row = await intentRow(db, intent_id, userId(c));
    if (!row) return notFound(c, "payment");
    const locked = () => apiError(c, 409, "intent_locked", "Its payment has started: the product cannot change");
    if (row.status !== "created") return locked();
    if (PRODUCTS[product].kind !== PRODUCTS[row.product].kind) {
      return apiError(c, 400, "invalid_input", "Invalid product: not of the intent's kind", {
        product: INVALID.choice,
      });
    }
    if (product === row.product) return answerIntent(c, row);
    return withProvider(c, async () => {
      const provider = providerNamed(c.env, row.provider);
      if (!provider) throw new PaymentsUnavailable(`No ${row.provider} provider for ${row.id}`);
      // The checkout of the old product must never be paid any more: closed first (false: it was paid).
      if (!(await provider.cancel(row))) return locked();
      const price = await priceOf(db, product);
      const changed = await changeIntentProduct(db, {
        id: row.id,
        userId: userId(c),
        product,
        amountCents: price.amount_cents,
        now: Math.max(nowOf(c), row.updated_at + 1),
      });
      if (!changed) return locked();
      return answerIntent(c, await ensureCheckout(c, provider, (await intentRow(db, row.id))!));
    });
  })
  .get(`${PAYMENT}/intent/:id`, intentReads, valid("param", IntentParams), async (c) => {
    const row = await intentRow(c.env.DB, c.req.valid("param").id, userId(c));
    if (!row) return notFound(c, "payment");
    // A checkout that could not be made when the intent was (the provider was down) is made now.
    const provider = lacksCheckout(row) ? providerNamed(c.env, row.provider) : null;
    if (provider && (await providerTurn(c, "check", row.id)).allowed) {
      try {
        return answerIntent(c, await ensureCheckout(c, provider, row));
      } catch (error) {
        if (!(error instanceof PaymentsUnavailable)) throw error;
        logServerError(c, error);
      }
    }
    return answerIntent(c, row);
  })
  .post(`${PAYMENT}/complete`, completes, valid("json", CompleteBody), async (c) => {
    const db = c.env.DB;
    const now = nowOf(c);
    const row = await intentRow(db, c.req.valid("json").intent_id, userId(c));
    if (!row) return notFound(c, "payment");
    const failed = () => apiError(c, 409, "intent_failed", "This payment failed; start another one");
    if (row.status === "succeeded" || row.status === "refunded") return answerIntent(c, row);
    if (row.status === "failed") return failed();
    // Another call asked the provider a moment ago: the intent as it stands (the webhook settles it).
    if (!(await providerTurn(c, "check", row.id)).allowed) return answerIntent(c, row);
    return withProvider(c, async () => {
      const provider = providerNamed(c.env, row.provider);
      if (!provider) throw new PaymentsUnavailable(`No ${row.provider} provider to complete ${row.id}`);
      await markPending(db, row.id, { source: "api", now });
      const confirmation = await provider.confirm(row);
      const source = provider.name === "sandbox" ? "sandbox" : "api";
      if (confirmation.state === "succeeded") {
        await settleSuccess(db, provider, row, { source, providerPaymentRef: confirmation.paymentRef, now });
      } else if (confirmation.state === "failed") {
        await recordFailure(db, row.id, { source, reason: confirmation.reason, now });
      }
      const after = (await intentRow(db, row.id))!;
      return after.status === "failed" ? failed() : answerIntent(c, after);
    });
  })
  .post(`${PAYMENT}/failure`, failures, valid("json", FailureBody), async (c) => {
    const db = c.env.DB;
    const now = nowOf(c);
    const { intent_id, reason } = c.req.valid("json");
    const row = await intentRow(db, intent_id, userId(c));
    if (!row) return notFound(c, "payment");
    const paid = () => apiError(c, 409, "intent_succeeded", "This payment succeeded");
    if (row.status === "succeeded" || row.status === "refunded") return paid();
    if (row.status === "failed") return answerIntent(c, row);
    // Another call is closing it at the provider: this one waits its turn.
    const turn = await providerTurn(c, "cancel", row.id);
    if (!turn.allowed) return rateLimited(c, turn);
    return withProvider(c, async () => {
      const provider = providerNamed(c.env, row.provider);
      if (!provider) throw new PaymentsUnavailable(`No ${row.provider} provider to fail ${row.id}`);
      const source = provider.name === "sandbox" ? "sandbox" : "api";
      if (await provider.cancel(row)) {
        await recordFailure(db, row.id, { source, reason: reason || null, now });
      } else {
        // Paid meanwhile at the provider: its word, not the client's, is recorded.
        const confirmation = await provider.confirm(row);
        if (confirmation.state === "succeeded") {
          await settleSuccess(db, provider, row, { source, providerPaymentRef: confirmation.paymentRef, now });
        }
      }
      const after = (await intentRow(db, row.id))!;
      return after.status === "succeeded" || after.status === "refunded" ? paid() : answerIntent(c, after);
    });
  })
  .get(`${PAYMENT}/transactions`, valid("query", TransactionsQuery), async (c) => {
    const { page, per_page } = c.req.valid("query");
    const locale = apiLocale(c);
    const { items, total } = await transactionsPage(c.env.DB, userId(c), page, per_page, locale);
    const transactions: ApiTransaction[] = items.map((row) => ({
      ...toApiIntent(row, locale),
      listing: row.listing_id === null ? null : { id: row.listing_id, ...shownTitle(row, locale) },
      events: row.events.map((event) => ({ status: event.status, at: iso(event.created_at) })),
    }));
    return c.json({ items: transactions, total, page, per_page });
  })
  .get(`${PAYMENT}/realty-options`, valid("query", ListingOptionsQuery), async (c) => {
    const id = c.req.valid("query").realty_id;
    if (!(await ownListing(c, id))) return notFound(c);
    return c.json({ data: await listingOptions(c.env.DB, id, nowOf(c)) });
  })
  .post(PROMOTION, intentWrites, valid("param", IdParams), valid("json", PromoteBody), (c) => {
    const body = c.req.valid("json");
    return createIntent(c, {
      listingId: c.req.valid("param").id,
      product: body.product,
      idempotencyKey: body.idempotency_key,
    });
  })
  .delete(PROMOTION, valid("param", IdParams), valid("query", StopPromotionQuery), async (c) => {
    const id = c.req.valid("param").id;
    if (!(await ownListing(c, id))) return notFound(c);
    return stop(c, id, c.req.valid("query").placement);
  });
