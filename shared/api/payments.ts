/**
 * Payments and promotion (product §7 Cabinet: `realties/{id}/promotion`, `realties/promotion`, Payment: intent,
 * complete, failure, transactions, realty-options; decision 040): the calls' bodies and answers.
 * Signed-in only; a person's own intents only (anyone else's is 404 as a missing one).
 */
import * as v from "valibot";
import { plainText } from "#shared/plain-text.ts";
import { INVALID } from "#shared/validation.ts";
import { intParamOr } from "./conventions.ts";
import { MAX_PAGE } from "./limits.ts";
import { PLACEMENTS, PRODUCT_IDS, PROMOTION_PRODUCT_IDS, type Placement, type ProductId } from "#shared/products.ts";

const Id = v.pipe(
  v.number(INVALID.number),
  v.integer(INVALID.wholeNumber),
  v.minValue(1, INVALID.range),
  v.maxValue(Number.MAX_SAFE_INTEGER, INVALID.range),
);
const IntentId = v.pipe(v.string(), v.regex(/^pi_[\w-]{8,64}$/, INVALID.format));
const Product = v.picklist(PRODUCT_IDS, INVALID.choice);

/**
 * `POST /api/cabinet/payment/intent`: what is bought, for which listing; `idempotency_key` names "this one
 * purchase" (a repeat with it answers the same intent). A promotion is for one's own active listing; a phone
 * reveal for someone else's.
 */
export const CreateIntentBody = v.object({
  realty_id: Id,
  product: Product,
  idempotency_key: v.optional(v.pipe(v.string(), v.regex(/^[\w-]{8,64}$/, INVALID.format))),
});
export type CreateIntentInput = v.InferInput<typeof CreateIntentBody>;

/** `PUT /api/cabinet/payment/intent`: another product before anything is paid (409 after). */
export const UpdateIntentBody = v.object({ intent_id: IntentId, product: Product });

/** `GET /api/cabinet/payment/intent/{id}`. */
export const IntentParams = v.object({ id: IntentId });

/** `POST /api/cabinet/payment/complete`: the provider says it is paid (the sandbox settles it here). */
export const CompleteBody = v.object({ intent_id: IntentId });

/** `POST /api/cabinet/payment/failure`: it was not paid, and why. */
export const FailureBody = v.object({
  intent_id: IntentId,
  reason: v.optional(v.pipe(v.string(), plainText(), v.trim(), v.maxLength(500, INVALID.tooLong)), ""),
});

/** `GET /api/cabinet/payment/realty-options?realty_id=`. */
export const ListingOptionsQuery = v.object({
  realty_id: v.pipe(v.string(), v.regex(/^[1-9]\d{0,15}$/, INVALID.format), v.transform(Number)),
});

/** `POST /api/cabinet/realties/{id}/promotion`: the promotion package to pay for (an intent, as `intent` makes). */
export const PromoteBody = v.object({
  product: v.picklist(PROMOTION_PRODUCT_IDS, INVALID.choice),
  idempotency_key: v.optional(v.pipe(v.string(), v.regex(/^[\w-]{8,64}$/, INVALID.format))),
});

/** `DELETE /api/cabinet/realties/{id}/promotion?placement=`: which running placement to stop. */
export const StopPromotionQuery = v.object({ placement: v.picklist(PLACEMENTS, INVALID.choice) });

/** `GET /api/cabinet/payment/transactions?page=&per_page=`. */
export const TransactionsQuery = v.object({
  page: intParamOr(1, MAX_PAGE, 1),
  per_page: intParamOr(1, 50, 20),
});

export type PaymentStatus = "created" | "pending" | "succeeded" | "failed" | "refunded";

/** A payment intent as its payer sees it. */
export interface ApiIntent {
  id: string;
  product: ProductId;
  realty_id: number | null;
  amount: number;
  amount_cents: number;
  currency: string;
  /** The newest state of its ledger. */
  status: PaymentStatus;
  provider: "sandbox" | "stripe";
  /** Where the payer goes to pay: the sandbox page, or the provider's checkout. Null once it is final. */
  checkout_url: string | null;
  created_at: string;
  /** What it bought, once it succeeded: a promotion's period, or the revealed phone's listing. */
  promotion: { placement: Placement; starts_at: string; ends_at: string } | null;
  /** Why it failed (the provider's or the payer's words), when it did. */
  failure_reason: string | null;
  /**
   * What was given back of it in all (0: nothing); `status` is `refunded` from the first refund on, and this
   * tells a partial refund (less than `amount`) from a full one.
   */
  refunded: number;
  refunded_cents: number;
}

/** A row of the person's transactions: an intent with its listing's title and its ledger. */
export interface ApiTransaction extends ApiIntent {
  listing: { id: number; title: string | null; title_lang: "en" | "ru" | "sr" } | null;
  events: { status: PaymentStatus; at: string }[];
}

/** `GET /api/cabinet/payment/realty-options`: what can be bought for a listing, and what runs now. */
export interface ApiListingOptions {
  realty_id: number;
  products: {
    product: ProductId;
    placement: Placement;
    days: number;
    amount: number;
    currency: string;
    /** Stopping it early gives back its whole unused days. */
    refundable: boolean;
  }[];
  active: {
    placement: Placement;
    ends_at: string;
    /** The running period's product; null for a placement set without a purchase (the seed). */
    product: ProductId | null;
    /** What stopping it now gives back, in `currency` units (0: no refund). */
    refund: number;
  }[];
}
