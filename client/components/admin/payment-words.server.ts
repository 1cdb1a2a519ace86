/** The payment pages' words (client/components/payment/payment-text.ts) the back office's payment pages use. */
export const PAYMENT_WORDS = [
  "payment.placement",
  "payment.productName",
  "payment.provider",
  "payment.reveal.name",
  "payment.status",
];
