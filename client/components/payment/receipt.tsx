import type { ReactNode } from "react";
import type { ApiIntent } from "#shared/api/payments.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { type PaymentListing, useListingTitle } from "./payment-listing.tsx";
import { usePaymentText } from "./payment-text.ts";
import styles from "./payment.module.css";

/**
 * An intent's receipt: its number, what it bought for which listing, the amount, the date, the provider and
 * its state (under another heading where it is not a receipt: a payment that failed).
 */
export function Receipt({
  intent,
  listing,
  heading,
}: {
  intent: ApiIntent;
  listing: PaymentListing | null;
  heading?: string;
}) {
  const { t } = useI18n();
  const text = usePaymentText();
  const title = useListingTitle();
  const rows: [string, ReactNode][] = [
    [t("payment.receipt.id"), <code key="id">{intent.id}</code>],
    [t("payment.receipt.product"), text.product(intent.product)],
    [t("payment.receipt.does"), text.about(intent.product)],
    ...(listing
      ? [
          [
            t("payment.receipt.listing"),
            <span key="listing" lang={listing.title ? listing.title_lang : undefined}>
              {title(listing)}
            </span>,
          ] as [string, ReactNode],
        ]
      : []),
    [t("payment.receipt.amount"), text.money(intent.amount_cents, intent.currency)],
    [
      t("payment.receipt.date"),
      <time key="date" dateTime={intent.created_at}>
        {text.dateTime(intent.created_at)}
      </time>,
    ],
    [t("payment.receipt.provider"), text.provider(intent.provider)],
    [t("payment.receipt.status"), text.status(intent.status)],
  ];
  return (
    <section aria-labelledby="payment-receipt" className={styles.section} data-testid="receipt">
      <h2 id="payment-receipt">{heading ?? t("payment.receipt.heading")}</h2>
      <dl className={styles.receipt}>
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
