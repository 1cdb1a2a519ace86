import { useId } from "react";
import { Link } from "react-router";
import type { ApiTransaction } from "#shared/api/payments.ts";
import { paths } from "#shared/paths.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { intentHref, paymentHref } from "./payment-links.ts";
import { usePaymentText } from "./payment-text.ts";
import styles from "./payment.module.css";

/** Where a row leads: its receipt once paid (or refunded), why it failed, or on to paying it. */
function rowLink(item: ApiTransaction): { href: string; label: string } | null {
  if (item.status === "succeeded" || item.status === "refunded")
    return { href: intentHref("success", item.id), label: "payment.transactions.receipt" };
  if (item.status === "failed") return { href: intentHref("error", item.id), label: "payment.transactions.details" };
  if (item.realty_id === null) return null;
  return {
    href: paymentHref({ listingId: item.realty_id, product: item.product, intent: item.id }),
    label: "payment.transactions.continue",
  };
}

/**
 * The person's payments, newest first: date, listing, product, amount and state, each row with the way on
 * (receipt, why it failed, or paying it). A table with a caption and header cells; on a phone each payment
 * is a card of labelled lines, on wider screens that still lack room it scrolls sideways on its
 * own, not the page.
 */
export function TransactionsTable({ items, caption }: { items: ApiTransaction[]; caption: string }) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const text = usePaymentText();
  const captionId = useId();
  return (
    <div className={styles.scroll} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table} data-testid="transactions">
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("payment.transactions.date")}</th>
            <th scope="col">{t("payment.transactions.listing")}</th>
            <th scope="col">{t("payment.transactions.product")}</th>
            <th scope="col">{t("payment.transactions.amount")}</th>
            <th scope="col">{t("payment.transactions.status")}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const link = rowLink(item);
            const product = text.product(item.product);
            const date = text.date(item.created_at);
            // A reveal is of someone else's listing (its public page); a promotion of one's own (its preview).
            const listingHref = item.listing
              ? item.product === "phone_reveal"
                ? paths.realty(item.listing.id)
                : privatePaths.listing.preview(item.listing.id)
              : null;
            return (
              <tr key={item.id} data-intent={item.id} data-status={item.status}>
                <th scope="row">
                  <time dateTime={item.created_at}>{date}</time>
                </th>
                <td data-label={t("payment.transactions.listing")}>
                  {item.listing && listingHref ? (
                    <Link to={lp(listingHref)} lang={item.listing.title ? item.listing.title_lang : undefined}>
                      {item.listing.title ?? t("payment.untitled", { id: item.listing.id })}
                    </Link>
                  ) : (
                    t("payment.transactions.noListing")
                  )}
                </td>
                <td data-label={t("payment.transactions.product")}>{product}</td>
                <td className={styles.amount} data-label={t("payment.transactions.amount")}>
                  {text.money(item.amount_cents, item.currency)}
                </td>
                <td data-label={t("payment.transactions.status")}>
                  <span className={`${styles.state} ${styles[item.status] ?? ""}`}>{text.status(item.status)}</span>
                  {link ? (
                    <>
                      {" "}
                      <Link to={lp(link.href)} aria-label={`${t(link.label)}: ${product}, ${date}`}>
                        {t(link.label)}
                      </Link>
                    </>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
