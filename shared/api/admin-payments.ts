/**
 * The back office's payments (decision 061), admins only:
 * - `GET /api/admin/payments?person=&realty_id=&from=&to=&status=&page=` → the ledger, newest first, with
 *   the filter's totals;
 * - `POST /api/admin/payments/{id}/refund {reason, amount_cents?}` (header `Idempotency-Key` optional) →
 *   `{data: ApiAdminPayment}`;
 * - `GET /api/admin/prices` → `{items: ApiProductPrice[]}`; `PUT /api/admin/prices {prices: {product:
 *   amount_cents}}` → the same, changed.
 */
import * as v from "valibot";
import { plainLine, plainText } from "#shared/plain-text.ts";
import { type Placement, PRODUCT_IDS, type ProductId } from "#shared/products.ts";
import { INVALID } from "#shared/validation.ts";
import { intParamOr, type Paged } from "./conventions.ts";
import type { PaymentStatus } from "./payments.ts";
import { dateOrTime } from "./staff.ts";

/**
 * The highest price a product may be given (EUR cents, decision 061): €1 000 — far above any package, so a
 * slip of the keyboard (a price typed in euros with its cents twice) is refused, not charged. The database
 * checks the same. Here, not in constants.ts: only the back office and its API use it.
 */
export const PRODUCT_PRICE_MAX_CENTS = 100_000;

export const PAYMENT_STATUSES = ["created", "pending", "succeeded", "failed", "refunded"] as const;
export const ADMIN_PAYMENTS_PER_PAGE = 50;
export const REFUND_REASON_MAX = 500;
/** A person as the ledger's filter takes them: an id, an e-mail or a phone number. */
export const PERSON_QUERY_MAX = 100;
const IDEMPOTENCY_KEY_MAX = 100;

export const AdminPaymentsQuery = v.pipe(
  v.object({
    person: v.optional(v.pipe(v.string(), plainLine(), v.trim(), v.maxLength(PERSON_QUERY_MAX, INVALID.tooLong))),
    realty_id: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,14}$/, INVALID.format), v.transform(Number))),
    from: v.optional(dateOrTime(false)),
    to: v.optional(dateOrTime(true)),
    status: v.optional(v.picklist(PAYMENT_STATUSES, INVALID.choice)),
    page: intParamOr(1, 1000, 1),
  }),
  v.forward(
    v.check((query) => query.from === undefined || query.to === undefined || query.from <= query.to, INVALID.order),
    ["to"],
  ),
);
export type AdminPaymentsInput = v.InferInput<typeof AdminPaymentsQuery>;

/** A payment as the back office sees it. */
export interface ApiAdminPayment {
  id: string;
  created_at: string;
  person: { id: number; name: string; email: string | null; phone: string | null };
  realty_id: number | null;
  product: ProductId;
  placement: Placement | null;
  amount_cents: number;
  currency: string;
  provider: "sandbox" | "stripe";
  /** The newest state of its ledger. */
  status: PaymentStatus;
  refunded_cents: number;
  /** What may still be given back (0 unless it succeeded). */
  refundable_cents: number;
}

export interface AdminPaymentsResponse extends Paged<ApiAdminPayment> {
  /** Over everything the filter matches, every page: cents paid (succeeded, refunds not deducted) and given back. */
  totals: { succeeded_cents: number; refunded_cents: number; currency: string };
}

export const RefundBody = v.object({
  reason: v.pipe(
    v.string(INVALID.required),
    plainText(),
    v.trim(),
    v.minLength(3, INVALID.tooShort),
    v.maxLength(REFUND_REASON_MAX, INVALID.tooLong),
  ),
  amount_cents: v.optional(
    v.pipe(
      v.number(INVALID.number),
      v.integer(INVALID.wholeNumber),
      v.minValue(1, INVALID.range),
      v.maxValue(PRODUCT_PRICE_MAX_CENTS, INVALID.range),
    ),
  ),
});
export type RefundInput = v.InferInput<typeof RefundBody>;

export const IdempotencyKey = v.pipe(
  v.string(),
  v.regex(/^[\w.:-]{1,100}$/, INVALID.format),
  v.maxLength(IDEMPOTENCY_KEY_MAX, INVALID.tooLong),
);

/** A positive whole number of cents, up to the ceiling (decision 061). */
const PriceCents = v.pipe(
  v.number(INVALID.number),
  v.integer(INVALID.wholeNumber),
  v.minValue(1, INVALID.range),
  v.maxValue(PRODUCT_PRICE_MAX_CENTS, INVALID.range),
);

export const PricesBody = v.object({
  prices: v.pipe(
    v.record(v.picklist(PRODUCT_IDS, INVALID.choice), PriceCents),
    v.check((prices) => Object.keys(prices).length > 0, INVALID.required),
  ),
});
export type PricesInput = v.InferInput<typeof PricesBody>;

export interface ApiProductPrice {
  product: ProductId;
  amount_cents: number;
  currency: string;
  /** The last change by an admin; null while it is the shipped reference price. */
  updated_at: string | null;
  updated_by: { id: number; name: string } | null;
}
