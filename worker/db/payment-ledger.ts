/**
 * The back office's ledger (decision 061): every payment intent with its payer, its state (the
 * newest event) and what was given back of it, filtered by person, listing, period and state, newest first,
 * with the filter's totals over every page.
 */
import type { PaymentStatus } from "#shared/api/payments.ts";
import type { Placement, ProductId } from "#shared/products.ts";
import type { ProviderName } from "./payments.ts";
import type { Database } from "#worker/app-env.ts";

export interface LedgerFilter {
  /** A person's id, e-mail (any case) or phone number (its digits, as stored or without the leading +). */
  person?: { id: number } | { email: string } | { phoneDigits: string };
  listingId?: number;
  /** ms, inclusive. */
  from?: number;
  to?: number;
  status?: PaymentStatus;
}

export interface LedgerRow {
  id: string;
  created_at: number;
  user_id: number;
  user_name: string;
  user_email: string | null;
  user_phone: string | null;
  listing_id: number | null;
  product: ProductId;
  placement: Placement | null;
  amount_cents: number;
  currency: string;
  provider: ProviderName;
  status: PaymentStatus;
  refunded_cents: number;
}

const STATUS = `(SELECT e.status FROM payment_events e WHERE e.intent_id = i.id ORDER BY e.id DESC LIMIT 1)`;
const REFUNDED = `(SELECT COALESCE(SUM(e.amount_cents), 0) FROM payment_events e
  WHERE e.intent_id = i.id AND e.status = 'refunded')`;
const SUCCEEDED = `EXISTS (SELECT 1 FROM payment_events e WHERE e.intent_id = i.id AND e.status = 'succeeded')`;

const LEDGER_SELECT = `SELECT i.id, i.created_at, i.user_id, u.name AS user_name, u.email AS user_email,
    u.phone AS user_phone, i.listing_id, i.product, p.placement, i.amount_cents, i.currency, i.provider,
    ${STATUS} AS status, ${REFUNDED} AS refunded_cents
  FROM payment_intents i JOIN users u ON u.id = i.user_id LEFT JOIN promotions p ON p.intent_id = i.id`;

/** One payment as the ledger shows it. */
export function ledgerRow(db: Database, id: string): Promise<LedgerRow | null> {
  return db.prepare(`${LEDGER_SELECT} WHERE i.id = ?`).bind(id).first<LedgerRow>();
}

export async function ledgerPage(
  db: Database,
  filter: LedgerFilter,
  page: number,
  perPage: number,
): Promise<{ rows: LedgerRow[]; total: number; succeededCents: number; refundedCents: number }> {
  const where: string[] = [];
  const bind: unknown[] = [];
  const add = (sql: string, value: unknown) => where.push(sql.replaceAll("?", `?${bind.push(value)}`));
  const person = filter.person;
  if (person && "id" in person) add("i.user_id = ?", person.id);
  else if (person && "email" in person) add("i.user_id IN (SELECT id FROM users WHERE lower(email) = ?)", person.email);
  else if (person) add("i.user_id IN (SELECT id FROM users WHERE ltrim(phone, '+') = ?)", person.phoneDigits);
  if (filter.listingId !== undefined) add("i.listing_id = ?", filter.listingId);
  if (filter.from !== undefined) add("i.created_at >= ?", filter.from);
  if (filter.to !== undefined) add("i.created_at <= ?", filter.to);
  if (filter.status) add(`${STATUS} = ?`, filter.status);
  const clause = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const limit = bind.length + 1;
  const [rows, sums] = await db.batch([
    db
      .prepare(
        `${LEDGER_SELECT} ${clause}
         ORDER BY i.created_at DESC, i.id DESC LIMIT ?${limit} OFFSET ?${limit + 1}`,
      )
      .bind(...bind, perPage, (page - 1) * perPage),
    db
      .prepare(
        `SELECT count(*) AS n,
           COALESCE(SUM(CASE WHEN ${SUCCEEDED} THEN i.amount_cents ELSE 0 END), 0) AS succeeded,
           COALESCE(SUM(${REFUNDED}), 0) AS refunded
         FROM payment_intents i ${clause}`,
      )
      .bind(...bind),
  ]);
  const totals = sums!.results[0] as { n: number; succeeded: number; refunded: number };
  return {
    rows: rows!.results as LedgerRow[],
    total: totals.n,
    succeededCents: totals.succeeded,
    refundedCents: totals.refunded,
  };
}
