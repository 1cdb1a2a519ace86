import { DatabaseSync } from "node:sqlite";
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { PRODUCT_IDS } from "#shared/products.ts";
import { priceTable, REFERENCE_PRICES } from "./prices.ts";
import { planUpsert } from "./upsert.ts";

it("prices every product; init adds a missing price and never changes one there (decision 061)", () => {
  expect(Object.keys(REFERENCE_PRICES).sort()).toEqual([...PRODUCT_IDS].sort());
  const spec = priceTable();
  const held: Record<string, string | number | null>[] = spec.rows.map((row) => ({ ...row }));
  held[0]!.amount_cents = 1; // an admin's price, or an older shipped one: the site's now
  const plan = planUpsert(spec, held.slice(0, -1));
  expect(plan).toMatchObject({ inserted: 1, updated: 0, unchanged: spec.rows.length - 1 });

  // The statements against the table as migration 0035 makes it: a price set between init's read and its
  // write survives too.
  const db = new DatabaseSync(":memory:");
  db.exec("CREATE TABLE users (id INTEGER PRIMARY KEY)");
  db.exec(
    readFileSync("worker/db/migrations/0035_product_prices_and_staff_refunds.sql", "utf8").split(
      "CREATE TABLE payment_refunds",
    )[0]!,
  );
  db.exec("INSERT INTO users (id) VALUES (7)");
  db.exec("UPDATE product_prices SET amount_cents = 2, updated_by = 7, updated_at = 1 WHERE product = 'top_14'");
  db.exec("DELETE FROM product_prices WHERE product = 'phone_reveal'");
  const read = db.prepare(`SELECT ${spec.columns.join(", ")} FROM product_prices`).all();
  const statements = planUpsert(spec, read as Record<string, unknown>[]).statements;
  // Set by an admin meanwhile: the INSERT planned for the missing row leaves it alone.
  db.exec(
    "INSERT INTO product_prices (product, amount_cents, currency, updated_at, updated_by) VALUES ('phone_reveal', 70, 'EUR', 2, 7)",
  );
  for (const statement of statements) db.exec(statement);
  const prices = Object.fromEntries(
    (
      db.prepare("SELECT product, amount_cents FROM product_prices").all() as {
        product: string;
        amount_cents: number;
      }[]
    ).map((row) => [row.product, row.amount_cents]),
  );
  expect(prices).toEqual({ ...REFERENCE_PRICES, top_14: 2, phone_reveal: 70 });
  expect(() => db.exec("UPDATE product_prices SET amount_cents = 100001 WHERE product = 'home_7'")).toThrow(/CHECK/);
  expect(() => db.exec("UPDATE product_prices SET amount_cents = 0 WHERE product = 'home_7'")).toThrow(/CHECK/);
});
