/**
 * Contact with a listing's owner (SPEC §7 "Listings" and "Cabinet"): the phone reveal price
 * (`GET /api/cabinet/realties/promotion`), `POST /api/realty/{id}/reveal-phone-number` and
 * `POST /api/realty/{id}/send-message`. Signed-in only.
 */
import * as v from "valibot";
import { MESSAGE_MAX_LENGTH } from "#shared/constants.ts";
import { INVALID } from "#shared/validation.ts";

export const SendMessageBody = v.object({
  text: v.pipe(
    v.string(INVALID.required),
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

/** What paid features cost; the phone reveal for now. */
export interface PromotionOptionsResponse {
  data: { phone_reveal: Price };
}

export interface RevealPhoneResponse {
  data: {
    /** E.164, e.g. +381641234567. */
    phone: string;
    /** What this reveal cost: zero for one's own listing or a number revealed before. */
    charged: Price;
    payment_id: string | null;
  };
}

export interface SendMessageResponse {
  data: { id: number; created_at: string };
}
