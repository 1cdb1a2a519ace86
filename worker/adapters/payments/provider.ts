/**
 * What every payment provider does for the ledger (worker/db/payments.ts): start a checkout, tell the
 * truth about a payment, cancel one not yet paid, give money back. The ledger never trusts a client's word
 * that something was paid: only the provider's (its API, or its signed webhook).
 */
import type { ProductId } from "#shared/products.ts";
import type { IntentRow, ProviderName } from "#worker/db/payments.ts";

export type Fetch = typeof fetch;

/** No provider takes payments here (production without Stripe configured), or the provider failed us. */
export class PaymentsUnavailable extends Error {}

export interface CheckoutRequest {
  intentId: string;
  product: ProductId;
  amountCents: number;
  currency: string;
  /** What the payer sees they pay for. */
  description: string;
  /** Where the provider sends the payer back (absolute). */
  successUrl: string;
  cancelUrl: string;
  /** The provider's idempotency key: one checkout per intent and product. */
  idempotencyKey: string;
}

/** The provider's word on a payment. */
export type Confirmation =
  | { state: "succeeded"; paymentRef: string | null }
  | { state: "failed"; reason: string }
  /** Not decided yet: still at the checkout, or a payment method that settles later. */
  | { state: "open" };

export type ProviderIntent = Pick<IntentRow, "id" | "provider_ref" | "provider_payment_ref" | "currency">;

export interface PaymentProvider {
  readonly name: ProviderName;
  /**
   * A checkout for the intent: the provider's reference and its page. Null for the sandbox, whose page is
   * the site's own (`/cabinet/payment/sandbox/?intent=`).
   */
  checkout(request: CheckoutRequest): Promise<{ ref: string; url: string } | null>;
  /** Asks the provider how the intent's payment stands. */
  confirm(intent: ProviderIntent): Promise<Confirmation>;
  /** Closes the intent's checkout so it can never be paid; false when it was paid meanwhile. */
  cancel(intent: ProviderIntent): Promise<boolean>;
  /**
   * Gives `amountCents` of the intent's payment back, once per key: by default the intent's (the site's own
   * refunds happen once per intent); staff refunds name their own (`{intent}-refund-{claim}`), as an intent
   * may be refunded in several parts from the back office.
   */
  refund(intent: ProviderIntent, amountCents: number, key?: string): Promise<void>;
}
