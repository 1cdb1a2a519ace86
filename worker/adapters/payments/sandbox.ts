/**
 * The local sandbox provider (development and tests, architecture §4): it moves no money. Its checkout is a page
 * of the site that plays the provider (`/cabinet/payment/sandbox/?intent=`: pay, decline, abandon), which
 * settles through `POST /api/cabinet/payment/complete` or `…/failure` — so scripts can pay without a
 * browser too. Asked how a payment stands, it says paid: `complete` is the sandbox's "pay" button.
 */
import type { PaymentProvider } from "./provider.ts";

export const sandboxProvider: PaymentProvider = {
  name: "sandbox",
  checkout: async () => null,
  confirm: async () => ({ state: "succeeded", paymentRef: null }),
  cancel: async () => true,
  refund: async () => {},
};
