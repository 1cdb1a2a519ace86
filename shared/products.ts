/**
 * What can be bought (decision 040), in one place: promotion packages of a listing and
 * the phone reveal — what each is and does. What each costs is reference data an admin may change
 * (decision 061): `product_prices` in D1 (worker/db/prices.ts), filled from worker/db/reference/prices.ts;
 * the server takes the amount from there, never from a client.
 * - "Top": in the promoted block above the results of every search and list it matches (PROMOTED_PER_PAGE
 *   places a page, taken in turn: decision 067), its card labelled "Top".
 * - "Highlight": its card is tinted and labelled "Highlighted" wherever it shows, its place unchanged.
 * - "Home": shown on the home page.
 */
import { PAYMENT_CURRENCY } from "./constants.ts";

export const PLACEMENTS = ["top", "highlight", "home"] as const;
export type Placement = (typeof PLACEMENTS)[number];

export interface PromotionProduct {
  kind: "promotion";
  placement: Placement;
  days: number;
  /**
   * Whether stopping it early gives back the whole unused days (pro rata, to the card it was paid with);
   * otherwise a stopped promotion is not refunded.
   */
  refundable: boolean;
}

export interface RevealProduct {
  kind: "phone_reveal";
}

export const PRODUCTS = {
  top_7: { kind: "promotion", placement: "top", days: 7, refundable: false },
  top_14: { kind: "promotion", placement: "top", days: 14, refundable: false },
  top_30: { kind: "promotion", placement: "top", days: 30, refundable: true },
  highlight_7: { kind: "promotion", placement: "highlight", days: 7, refundable: false },
  highlight_30: { kind: "promotion", placement: "highlight", days: 30, refundable: false },
  home_7: { kind: "promotion", placement: "home", days: 7, refundable: false },
  phone_reveal: { kind: "phone_reveal" },
} as const satisfies Record<string, PromotionProduct | RevealProduct>;

export type ProductId = keyof typeof PRODUCTS;
export const PRODUCT_IDS = Object.keys(PRODUCTS) as ProductId[];
export const PROMOTION_PRODUCT_IDS = PRODUCT_IDS.filter((id) => PRODUCTS[id].kind === "promotion");
export const CURRENCY = PAYMENT_CURRENCY;

export function isProduct(value: unknown): value is ProductId {
  return typeof value === "string" && Object.hasOwn(PRODUCTS, value);
}
