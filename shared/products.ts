/**
 * What can be bought (issue 21 item 1, decision 040), in one place: promotion packages of a listing and
 * the phone reveal. Prices are integer euro cents; the server always takes the amount from here, never from
 * a client.
 * - "Top": first in the search and lists of its city and type (at most PROMOTED_PER_PAGE on a page), marked
 *   "Promoted".
 * - "Highlight": its card is marked out wherever it shows.
 * - "Home": shown on the home page.
 */
import { PAYMENT_CURRENCY, PHONE_REVEAL_PRICE_CENTS } from "./constants.ts";

export const PLACEMENTS = ["top", "highlight", "home"] as const;
export type Placement = (typeof PLACEMENTS)[number];

export interface PromotionProduct {
  kind: "promotion";
  placement: Placement;
  days: number;
  amount_cents: number;
  /**
   * Whether stopping it early gives back the whole unused days (pro rata, to the card it was paid with);
   * otherwise a stopped promotion is not refunded.
   */
  refundable: boolean;
}

export interface RevealProduct {
  kind: "phone_reveal";
  amount_cents: number;
}

export const PRODUCTS = {
  top_7: { kind: "promotion", placement: "top", days: 7, amount_cents: 990, refundable: false },
  top_14: { kind: "promotion", placement: "top", days: 14, amount_cents: 1690, refundable: false },
  top_30: { kind: "promotion", placement: "top", days: 30, amount_cents: 2990, refundable: true },
  highlight_7: { kind: "promotion", placement: "highlight", days: 7, amount_cents: 390, refundable: false },
  highlight_30: { kind: "promotion", placement: "highlight", days: 30, amount_cents: 1190, refundable: false },
  home_7: { kind: "promotion", placement: "home", days: 7, amount_cents: 1490, refundable: false },
  phone_reveal: { kind: "phone_reveal", amount_cents: PHONE_REVEAL_PRICE_CENTS },
} as const satisfies Record<string, PromotionProduct | RevealProduct>;

export type ProductId = keyof typeof PRODUCTS;
export const PRODUCT_IDS = Object.keys(PRODUCTS) as ProductId[];
export const PROMOTION_PRODUCT_IDS = PRODUCT_IDS.filter((id) => PRODUCTS[id].kind === "promotion");
export const CURRENCY = PAYMENT_CURRENCY;

export function isProduct(value: unknown): value is ProductId {
  return typeof value === "string" && Object.hasOwn(PRODUCTS, value);
}
