/**
 * The back office's payments and prices (decision 061), admins only — a 404 for everyone else:
 * - `GET /api/admin/payments?person=&realty_id=&from=&to=&status=&page=`: the ledger, newest first, 50 a
 *   page, with the filter's totals (`person`: a user id, an e-mail or a phone number);
 * - `POST /api/admin/payments/{id}/refund {reason, amount_cents?}` (optional header `Idempotency-Key`):
 *   gives back `amount_cents` (default: all that is left) of a succeeded payment through its own provider,
 *   then records it — ledger, what the refund takes back, audit row — in one batch. A key used before
 *   answers what it did (200) and refunds nothing again; a payment with nothing left is 409
 *   `already_refunded`; another refund of it running is 409 `refund_in_progress`; a payment that did not
 *   succeed is 409 `not_refundable`; more than is left is 400 naming `amount_cents`;
 * - `GET /api/admin/prices`, `PUT /api/admin/prices {prices: {product: cents}}`: each change one audit row.
 */
import { type Context, Hono } from "hono";
import * as v from "valibot";
import {
  ADMIN_PAYMENTS_PER_PAGE,
  AdminPaymentsQuery,
  type AdminPaymentsResponse,
  type ApiAdminPayment,
  type ApiProductPrice,
  IdempotencyKey,
  PricesBody,
  RefundBody,
} from "#shared/api/admin-payments.ts";
import { IntentParams } from "#shared/api/payments.ts";
import { CURRENCY, type ProductId } from "#shared/products.ts";
import { INVALID } from "#shared/validation.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { type LedgerFilter, ledgerPage, ledgerRow, type LedgerRow } from "#worker/db/payment-ledger.ts";
import {
  claimRefund,
  completeRefund,
  failRefund,
  type RefundClaim,
  refundClaimByKey,
  retakeRefund,
} from "#worker/db/payment-refunds.ts";
import { intentRow, type IntentRow } from "#worker/db/payments.ts";
import { changePrices, productPrices, type PriceRow } from "#worker/db/prices.ts";
import { apiError } from "#worker/http/api-error.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { staffAction } from "#worker/http/staff-action.ts";
import { logServerError, shownErrorText } from "#worker/http/server-error.ts";
import { requireRole } from "#worker/middleware/staff.ts";
import { perUser, throttle } from "#worker/middleware/throttle.ts";
import { PaymentsUnavailable, providerNamed } from "#worker/adapters/payments/index.ts";
import { ADMIN_WRITES_PER_HOUR } from "./admin-users.ts";
import { valid } from "./validate.ts";

type C = Context<AppEnv>;
const iso = (ms: number) => new Date(ms).toISOString();

function toAdminPayment(row: LedgerRow): ApiAdminPayment {
  return {
    id: row.id,
    created_at: iso(row.created_at),
    person: { id: row.user_id, name: row.user_name, email: row.user_email, phone: row.user_phone },
    realty_id: row.listing_id,
    product: row.product,
    placement: row.placement,
    amount_cents: row.amount_cents,
    currency: row.currency,
    provider: row.provider,
    status: row.status,
    refunded_cents: row.refunded_cents,
    refundable_cents: leftOf(row),
  };
}

/** What may still be given back of a payment: nothing unless it succeeded. */
const leftOf = (row: Pick<LedgerRow, "status" | "amount_cents" | "refunded_cents">) =>
  row.status === "succeeded" || row.status === "refunded" ? Math.max(0, row.amount_cents - row.refunded_cents) : 0;

function toApiPrice(row: PriceRow): ApiProductPrice {
  return {
    product: row.product,
    amount_cents: row.amount_cents,
    currency: row.currency,
    updated_at: row.updated_at === null ? null : iso(row.updated_at),
    updated_by: row.updated_by === null ? null : { id: row.updated_by, name: row.updated_by_name ?? "" },
  };
}

/** `person` as the ledger's filter: digits alone are an id (up to 9) or a phone, `@` an e-mail. */
function personFilter(person: string): LedgerFilter["person"] {
  if (person.includes("@")) return { email: person.toLowerCase() };
  const digits = person.replace(/[\s().+-]/g, "");
  if (/^\d{1,9}$/.test(digits) && !person.startsWith("+")) return { id: Number(digits) };
  // Serbian numbers as people write them: 060…, 00381… — stored as +381….
  return { phoneDigits: digits.startsWith("00") ? digits.slice(2) : digits.replace(/^0/, "381") };
}

const answerPayment = async (c: C, id: string) => c.json({ data: toAdminPayment((await ledgerRow(c.env.DB, id))!) });

const inProgress = (c: C) =>
  apiError(c, 409, "refund_in_progress", "Another refund of this payment is running; try again in a moment");

function unavailable(c: C, error: unknown) {
  logServerError(c, error);
  return apiError(
    c,
    503,
    "payments_unavailable",
    shownErrorText(c.env, error, "The payment provider is not available"),
  );
}

/** The claim's refund at the provider, then recorded; a provider failure releases the claim (503). */
async function runRefund(c: C, intent: IntentRow, claim: RefundClaim): Promise<Response> {
  const db = c.env.DB;
  const provider = providerNamed(c.env, intent.provider);
  try {
    if (!provider) throw new PaymentsUnavailable(`No ${intent.provider} provider to refund ${intent.id}`);
    await provider.refund(intent, claim.amount_cents, `${intent.id}-refund-${claim.id}`);
  } catch (error) {
    await failRefund(db, claim, nowOf(c));
    if (error instanceof PaymentsUnavailable) return unavailable(c, error);
    throw error;
  }
  await completeRefund(db, claim, intent, staffAction(c));
  return answerPayment(c, intent.id);
}

/** A request whose key was used before: what it did, or that claim run again when it did not finish. */
async function answerClaimed(c: C, intent: IntentRow, claim: RefundClaim, amountCents: number | undefined) {
  if (amountCents !== undefined && amountCents !== claim.amount_cents) {
    return apiError(c, 409, "idempotency_key_reused", "This Idempotency-Key was used for another amount");
  }
  if (claim.state === "done") return answerPayment(c, intent.id);
  const retaken = await retakeRefund(c.env.DB, claim, nowOf(c));
  return retaken ? runRefund(c, intent, retaken) : inProgress(c);
}

export const adminPayments = new Hono<AppEnv>();

for (const path of ["/admin/payments", "/admin/payments/*", "/admin/prices"]) {
  adminPayments.use(path, requireRole("admin"));
}
const writes = throttle((c) => [perUser(c, "admin-write", ADMIN_WRITES_PER_HOUR, 3600)]);

adminPayments
  .get("/admin/payments", valid("query", AdminPaymentsQuery), async (c) => {
    const query = c.req.valid("query");
    const { rows, total, succeededCents, refundedCents } = await ledgerPage(
      c.env.DB,
      {
        person: query.person ? personFilter(query.person) : undefined,
        listingId: query.realty_id,
        from: query.from,
        to: query.to,
        status: query.status,
      },
      query.page,
      ADMIN_PAYMENTS_PER_PAGE,
    );
    const body: AdminPaymentsResponse = {
      items: rows.map(toAdminPayment),
      total,
      page: query.page,
      per_page: ADMIN_PAYMENTS_PER_PAGE,
      totals: { succeeded_cents: succeededCents, refunded_cents: refundedCents, currency: CURRENCY },
    };
    return c.json(body);
  })
  .get("/admin/payments/:id", valid("param", IntentParams), async (c) => {
    const row = await ledgerRow(c.env.DB, c.req.valid("param").id);
    if (!row) return apiError(c, 404, "not_found", "No such payment");
    return c.json({ data: toAdminPayment(row) });
  })
  .post("/admin/payments/:id/refund", writes, valid("param", IntentParams), valid("json", RefundBody), async (c) => {
    const db = c.env.DB;
    const { reason, amount_cents: amountCents } = c.req.valid("json");
    const header = c.req.header("Idempotency-Key");
    if (header !== undefined && !v.is(IdempotencyKey, header)) {
      return apiError(c, 400, "invalid_input", "Invalid Idempotency-Key", { "Idempotency-Key": INVALID.format });
    }
    const intent = await intentRow(db, c.req.valid("param").id);
    if (!intent) return apiError(c, 404, "not_found", "No such payment");
    if (header !== undefined) {
      const claim = await refundClaimByKey(db, intent.id, header);
      if (claim) return answerClaimed(c, intent, claim, amountCents);
    }
    if (intent.status !== "succeeded" && intent.status !== "refunded") {
      return apiError(c, 409, "not_refundable", "Only a succeeded payment can be refunded");
    }
    const left = leftOf(intent);
    if (left <= 0) return apiError(c, 409, "already_refunded", "This payment has been refunded in full");
    const amount = amountCents ?? left;
    if (amount > left) {
      return apiError(c, 400, "invalid_input", `Invalid amount_cents: at most ${left} is left to refund`, {
        amount_cents: INVALID.tooLarge,
      });
    }
    const key = header ?? crypto.randomUUID();
    const user = c.get("user")!.id;
    const claim = await claimRefund(db, {
      intentId: intent.id,
      key,
      amountCents: amount,
      reason,
      actorId: user,
      now: nowOf(c),
    });
    if (claim) return runRefund(c, intent, claim);
    // Lost to another request: the same key's (what it did), or another refund running or just done.
    const same = await refundClaimByKey(db, intent.id, key);
    if (same) return same.state === "done" ? answerPayment(c, intent.id) : inProgress(c);
    const now = (await intentRow(db, intent.id))!;
    if (leftOf(now) <= 0) return apiError(c, 409, "already_refunded", "This payment has been refunded in full");
    if (amount > leftOf(now)) {
      return apiError(c, 400, "invalid_input", `Invalid amount_cents: at most ${leftOf(now)} is left to refund`, {
        amount_cents: INVALID.tooLarge,
      });
    }
    return inProgress(c);
  })
  .get("/admin/prices", async (c) => c.json({ items: (await productPrices(c.env.DB)).map(toApiPrice) }))
  .put("/admin/prices", writes, valid("json", PricesBody), async (c) => {
    const db = c.env.DB;
    const held = new Map((await productPrices(db)).map((row) => [row.product, row.amount_cents]));
    const changes = Object.entries(c.req.valid("json").prices)
      .map(([product, after]) => ({ product: product as ProductId, before: held.get(product as ProductId)!, after }))
      .filter((change) => change.before !== change.after);
    const changed = await changePrices(db, changes, staffAction(c));
    const lost = changes.filter((change) => !changed.includes(change.product)).map((change) => change.product);
    if (lost.length) {
      return apiError(c, 409, "price_changed", `Changed by someone else meanwhile: ${lost.join(", ")}`);
    }
    return c.json({ items: (await productPrices(db)).map(toApiPrice) });
  });
