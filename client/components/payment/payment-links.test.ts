import { describe, expect, it } from "vitest";
import type { ApiIntent } from "#shared/api/payments.ts";
import { checkoutLocation } from "./checkout-location.server.ts";
import { INTENT_ID, intentHref, paymentHref } from "./payment-links.ts";

const intent = (over: Partial<ApiIntent>): ApiIntent => ({
  id: "pi_0123456789abcdef",
  product: "top_7",
  realty_id: 7,
  amount: 9.9,
  amount_cents: 990,
  currency: "EUR",
  status: "created",
  provider: "sandbox",
  checkout_url: "/cabinet/payment/sandbox/?intent=pi_0123456789abcdef",
  created_at: "2026-11-25T10:00:00.000Z",
  promotion: null,
  failure_reason: null,
  refunded: 0,
  refunded_cents: 0,
  ...over,
});

describe("payment addresses", () => {
  it("name the payment page of a listing, a reveal, an intent to change and the transactions' pages", () => {
    expect(paymentHref()).toBe("/cabinet/payment/");
    expect(paymentHref({ listingId: 7 })).toBe("/cabinet/payment/?realty_id=7");
    expect(paymentHref({ listingId: 7, stop: "top" })).toBe("/cabinet/payment/?realty_id=7&stop=top");
    expect(paymentHref({ listingId: 7, product: "phone_reveal" })).toBe(
      "/cabinet/payment/?product=phone_reveal&realty_id=7",
    );
    expect(paymentHref({ listingId: 7, product: "top_14", intent: "pi_x" })).toBe(
      "/cabinet/payment/?realty_id=7&product=top_14&intent=pi_x",
    );
    expect(paymentHref({ page: 1 })).toBe("/cabinet/payment/");
    expect(paymentHref({ page: 3 })).toBe("/cabinet/payment/?page=3");
    expect(intentHref("error", "pi_x")).toBe("/cabinet/payment/error/?intent=pi_x");
  });

  it("recognise an intent's id by its shape only", () => {
    expect(INTENT_ID.test("pi_0123456789abcdef")).toBe(true);
    for (const id of ["", "pi_", "pi_short", "px_0123456789abcdef", "pi_0123456789abcdef/../x"])
      expect(INTENT_ID.test(id), id).toBe(false);
  });
});

describe("the way on from the payment page", () => {
  const here = "https://kvadrat.test/ru/cabinet/payment/?realty_id=7";

  it("is the sandbox of this site in the visitor's language", () => {
    expect(checkoutLocation(intent({}), here, "ru")).toBe("/ru/cabinet/payment/sandbox/?intent=pi_0123456789abcdef");
    expect(checkoutLocation(intent({}), here, "en")).toBe("/cabinet/payment/sandbox/?intent=pi_0123456789abcdef");
  });

  it("is the provider's own page when it is elsewhere", () => {
    const stripe = intent({ provider: "stripe", checkout_url: "https://checkout.stripe.com/c/pay/cs_test_1" });
    expect(checkoutLocation(stripe, here, "sr")).toBe("https://checkout.stripe.com/c/pay/cs_test_1");
  });

  it("is the success or error page of an intent already decided", () => {
    expect(checkoutLocation(intent({ status: "succeeded", checkout_url: null }), here, "sr")).toBe(
      "/sr/cabinet/payment/success/?intent=pi_0123456789abcdef",
    );
    expect(checkoutLocation(intent({ status: "failed", checkout_url: null }), here, "en")).toBe(
      "/cabinet/payment/error/?intent=pi_0123456789abcdef",
    );
  });
});
