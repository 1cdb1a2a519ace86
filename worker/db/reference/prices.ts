/**
 * The product catalogue's prices as shipped (decision 061), EUR cents: `npm run ops -- init`
 * inserts the missing ones into `product_prices` and never changes a price there: prices are the back
 * office's to set. Every price the site charges is read from D1 (worker/db/prices.ts), never from here.
 */
import type { ReferenceTable } from "./upsert.ts";
import { CURRENCY, type ProductId } from "#shared/products.ts";

export const REFERENCE_PRICES = {
  top_7: 990,
  top_14: 1690,
  top_30: 2990,
  highlight_7: 390,
  highlight_30: 1190,
  home_7: 1490,
  // Product §1: "a price exists for phone reveal".
  phone_reveal: 50,
} as const satisfies Record<ProductId, number>;

export function priceTable(): ReferenceTable {
  return {
    table: "product_prices",
    key: ["product"],
    columns: ["product", "amount_cents", "currency"],
    rows: Object.entries(REFERENCE_PRICES).map(([product, cents]) => ({
      product,
      amount_cents: cents,
      currency: CURRENCY,
    })),
    // The back office's once written (decision 061): a shipped change of price reaches new sites only.
    edited: "rows",
  };
}
