/**
 * Addresses of the payment pages (locale-free; a page localizes them): the payment page of a listing with a
 * package chosen or an intent to change, and the pages about one intent.
 */
import { privatePaths } from "#shared/private-paths.ts";

/**
 * `/cabinet/payment/?realty_id=…[&product=…][&intent=…][&stop=…]`: buying for a listing (`stop`: confirming
 * that a running placement stops), or the transactions (no id).
 */
export function paymentHref(
  query: { listingId?: number; product?: string; intent?: string; page?: number; stop?: string } = {},
) {
  const search = new URLSearchParams();
  if (query.product === "phone_reveal") search.set("product", query.product);
  if (query.listingId !== undefined) search.set("realty_id", String(query.listingId));
  if (query.product && query.product !== "phone_reveal") search.set("product", query.product);
  if (query.intent) search.set("intent", query.intent);
  if (query.page && query.page > 1) search.set("page", String(query.page));
  if (query.stop) search.set("stop", query.stop);
  const qs = search.toString();
  return privatePaths.cabinet.payment() + (qs ? `?${qs}` : "");
}

/** The success, error or sandbox page of an intent. */
export function intentHref(page: "success" | "error" | "sandbox", intentId: string) {
  const path =
    page === "success"
      ? privatePaths.cabinet.paymentSuccess()
      : page === "error"
        ? privatePaths.cabinet.paymentError()
        : privatePaths.cabinet.paymentSandbox();
  return `${path}?${new URLSearchParams({ intent: intentId })}`;
}

/** The shape of an intent's id (shared/api/payments.ts): anything else is no intent at all. */
export const INTENT_ID = /^pi_[\w-]{8,64}$/;
