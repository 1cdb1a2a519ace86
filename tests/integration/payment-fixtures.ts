/** Paying through the sandbox provider in tests (decision 040): an intent, then `complete`, as the sandbox page does. */
import { env } from "cloudflare:test";
import { expect } from "vitest";
import type { Single } from "#shared/api/conventions.ts";
import type { ApiIntent } from "#shared/api/payments.ts";
import type { ProductId } from "#shared/products.ts";
import { call, type Jar } from "./auth-fixtures.ts";

export const intentOf = async (res: Response) => (await res.json<Single<ApiIntent>>()).data;

export function createIntent(
  jar: Jar,
  listingId: number,
  product: ProductId,
  extra: { idempotency_key?: string; now?: number; headers?: Record<string, string> } = {},
): Promise<Response> {
  const { now, headers, ...body } = extra;
  return call("/api/cabinet/payment/intent", { jar, now, headers, body: { realty_id: listingId, product, ...body } });
}

export const complete = (jar: Jar, intentId: string, now?: number) =>
  call("/api/cabinet/payment/complete", { jar, now, body: { intent_id: intentId } });

export const fail = (jar: Jar, intentId: string, reason = "declined", now?: number) =>
  call("/api/cabinet/payment/failure", { jar, now, body: { intent_id: intentId, reason } });

/** Buys `product` for the listing through the sandbox: the intent made (201), then settled (succeeded). */
export async function payFor(
  jar: Jar,
  listingId: number,
  product: ProductId,
  options: { now?: number; headers?: Record<string, string> } = {},
): Promise<ApiIntent> {
  const created = await createIntent(jar, listingId, product, options);
  expect(created.status, await created.clone().text()).toBe(201);
  const intent = await intentOf(created);
  const paid = await complete(jar, intent.id, options.now);
  expect(paid.status, await paid.clone().text()).toBe(200);
  const settled = await intentOf(paid);
  expect(settled.status).toBe("succeeded");
  return settled;
}

/** The intent's ledger, oldest first. */
export async function ledgerOf(intentId: string): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT status FROM payment_events WHERE intent_id = ? ORDER BY id")
    .bind(intentId)
    .all<{ status: string }>();
  return results.map((row) => row.status);
}
