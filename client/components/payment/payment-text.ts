import type { PaymentStatus } from "#shared/api/payments.ts";
import { HOME_PROMOTED_COUNT, PROMOTED_PER_PAGE } from "#shared/constants.ts";
import { PRODUCTS, isProduct } from "#shared/products.ts";
import { useI18n } from "#client/i18n/intl.tsx";

/**
 * The payment pages' words for products, amounts, states and dates in the page's language: one place, so
 * the package list, the sandbox, the receipts and the transactions name a thing the same way.
 */
export function usePaymentText() {
  const { t, intl } = useI18n();
  const placement = (name: string) => t(`payment.placement.${name}`);
  return {
    /** "Top · 7 days", "Phone number of a listing"; a product this build does not know by its id. */
    product: (id: string) => {
      if (!isProduct(id)) return id;
      const product = PRODUCTS[id];
      return product.kind === "promotion"
        ? t("payment.productName", { placement: placement(product.placement), days: product.days })
        : t("payment.reveal.name");
    },
    /**
     * Exactly what a product does: for how long, where it shows and how many places it shares,
     * and what stopping it early gives back — the package cards, the checkout and the receipt say the same.
     */
    about: (id: string) => {
      if (!isProduct(id)) return "";
      const product = PRODUCTS[id];
      if (product.kind !== "promotion") return t("payment.reveal.about");
      const does = t(`payment.placementAbout.${product.placement}`, {
        days: product.days,
        slots: PROMOTED_PER_PAGE,
        count: HOME_PROMOTED_COUNT,
      });
      return `${does} ${t(product.refundable ? "payment.refund.stopRefunds" : "payment.refund.stopNoRefund")}`;
    },
    placement,
    /** Integer cents as money of the page's language: "€9.90", "9,90 €". */
    money: (cents: number, currency: string) =>
      intl.formatNumber(cents / 100, { style: "currency", currency, minimumFractionDigits: 2 }),
    status: (status: PaymentStatus) => t("payment.status", { status }),
    provider: (provider: string) => t("payment.provider", { provider }),
    /** A day and time of the site's time zone (the same text on the server and in the browser). */
    dateTime: (iso: string) => intl.formatDate(iso, { dateStyle: "long", timeStyle: "short" }),
    date: (iso: string) => intl.formatDate(iso, { dateStyle: "medium" }),
  };
}
