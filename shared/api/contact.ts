/**
 * Contact with a listing's owner (product §7 "Listings" and "Cabinet"): the phone reveal price
 * (`GET /api/cabinet/realties/promotion`), `POST /api/realty/{id}/reveal-phone-number` and
 * `POST /api/realty/{id}/send-message`. Signed-in only.
 */
import * as v from "valibot";
import { plainText } from "#shared/plain-text.ts";
import { MESSAGE_MAX_LENGTH } from "#shared/constants.ts";
import type { Placement, ProductId } from "#shared/products.ts";
import { INVALID } from "#shared/validation.ts";

export const SendMessageBody = v.object({
  text: v.pipe(
    v.string(INVALID.required),
    plainText(),
    v.trim(),
    v.minLength(1, INVALID.required),
    v.maxLength(MESSAGE_MAX_LENGTH, INVALID.tooLong),
  ),
});
export type SendMessageInput = v.InferInput<typeof SendMessageBody>;

export interface Price {
  /** In the currency's main unit (euros). */
  amount: number;
  currency: string;
}

/** What paid features cost: the phone reveal, and the promotion packages (shared/products.ts). */
export interface PromotionOptionsResponse {
  data: {
    phone_reveal: Price;
    promotions: (Price & { product: ProductId; placement: Placement; days: number; refundable: boolean })[];
  };
}

/**
 * The number, when it is free to see: one's own listing's, or one revealed before (paid through a
 * `phone_reveal` intent, decision 040). Otherwise the call answers 402 `payment_required` naming the product
 * (`{"error": {"code": "payment_required", "product": "phone_reveal", "amount", "currency", …}}`): the
 * visitor pays through `POST /api/cabinet/payment/intent`, and the next call answers the number.
 */
/** `GET /api/realty/{id}/revealed-phone-number`: the number when it is the visitor's to see already, else null. */
export interface RevealedPhoneResponse {
  data: { phone: string; payment_id: string | null } | null;
}

export interface RevealPhoneResponse {
  data: {
    /** E.164, e.g. +381641234567. */
    phone: string;
    /** What this call cost: always nothing now (the reveal is paid through its intent). */
    charged: Price;
    /** The intent that paid for this reveal; null for one's own listing. */
    payment_id: string | null;
  };
}

export interface SendMessageResponse {
  data: { id: number; created_at: string };
}
