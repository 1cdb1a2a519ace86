/**
 * What each product costs (migration 0035, decision 061): `product_prices`, the reference's prices as
 * `ops init` writes them or an admin's change. A new payment intent copies the price it is made at onto its
 * row, so a change applies to the next intent and never to one that exists.
 */
import { PRODUCT_IDS, type ProductId } from "#shared/products.ts";
import { type ActionContext, type AuditActor, auditStatement } from "./audit.ts";
import type { Database } from "#worker/app-env.ts";

export interface PriceRow {
  product: ProductId;
  amount_cents: number;
  currency: string;
  /** The admin's last change (ms); null while it is the reference's price. */
  updated_at: number | null;
  updated_by: number | null;
  updated_by_name: string | null;
}

/** Thrown when a product on sale has no price in D1 (a database neither migrated nor initialised). */
export class PriceMissing extends Error {}

/** Every product's price, in the catalogue's order. */
export async function productPrices(db: Database): Promise<PriceRow[]> {
  const { results } = await db
    .prepare(
      `SELECT p.product, p.amount_cents, p.currency, p.updated_at, p.updated_by, u.name AS updated_by_name
       FROM product_prices p LEFT JOIN users u ON u.id = p.updated_by`,
    )
    .all<PriceRow>();
  const byProduct = new Map(results.map((row) => [row.product, row]));
  return PRODUCT_IDS.map((product) => {
    const row = byProduct.get(product);
    if (!row) throw new PriceMissing(`No price for ${product}: run \`npm run ops -- init\``);
    return row;
  });
}

/** The price of one product now. */
export async function priceOf(db: Database, product: ProductId): Promise<PriceRow> {
  const row = await db
    .prepare("SELECT product, amount_cents, currency, updated_at, updated_by FROM product_prices WHERE product = ?")
    .bind(product)
    .first<Omit<PriceRow, "updated_by_name">>();
  if (!row) throw new PriceMissing(`No price for ${product}: run \`npm run ops -- init\``);
  return { ...row, updated_by_name: null };
}

/**
 * New prices for some products, one batch: each changed price with its audit row (`price.change`, the
 * amounts before and after), each conditioned on the price still being what the admin saw — two admins
 * saving at once change a price once, and the second is told (the caller compares). Answers the products
 * changed.
 */
export async function changePrices(
  db: Database,
  changes: { product: ProductId; before: number; after: number }[],
  context: ActionContext<AuditActor & { kind: "user" }>,
): Promise<ProductId[]> {
  if (changes.length === 0) return [];
  const statements = changes.flatMap((change) => [
    db
      .prepare(
        `UPDATE product_prices SET amount_cents = ?1, updated_at = ?2, updated_by = ?3
         WHERE product = ?4 AND amount_cents = ?5`,
      )
      .bind(change.after, context.now, context.actor.id, change.product, change.before),
    auditStatement(
      db,
      {
        actor: context.actor,
        action: "price.change",
        target: { kind: "product", id: change.product },
        before: { amount_cents: change.before },
        after: { amount_cents: change.after },
        now: context.now,
        requestId: context.requestId,
      },
      { sql: "changes() > 0", bind: [] },
    ),
  ]);
  const results = await db.batch(statements);
  return changes.filter((_, i) => (results[i * 2]!.meta.changes ?? 0) > 0).map((change) => change.product);
}
