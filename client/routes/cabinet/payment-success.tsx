import { Link, redirect } from "react-router";
import { localizePath } from "#shared/locales.ts";
import { paths } from "#shared/paths.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { PRODUCTS, isProduct } from "#shared/products.ts";
import { appContext } from "#client/app-context.server.ts";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { intentListing, requestedIntent } from "#client/components/payment/payment-data.server.ts";
import { intentHref, paymentHref } from "#client/components/payment/payment-links.ts";
import { PaymentListingSummary, useListingTitle } from "#client/components/payment/payment-listing.tsx";
import { usePaymentText } from "#client/components/payment/payment-text.ts";
import { Receipt } from "#client/components/payment/receipt.tsx";
import { requireUser } from "#client/guards.server.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { pageMeta } from "#client/seo.ts";
import { OWNER_BLOCK_ID } from "#client/components/listing-facts/owner-contact.tsx";
import type { Route } from "./+types/payment-success";
import styles from "#client/components/payment/payment.module.css";

/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageTextScopes(["cabinetPaymentSuccess", "cabinetPaymentPending"], "payment");

/**
 * Product §6: signed-in users only. `/cabinet/payment/success/?intent=…` (decision 040): what was bought and
 * until when, and the receipt — a paid phone reveal goes straight back to its listing, the number shown. A failed intent
 * goes to the error page; one not settled yet says so; someone else's is the 404 page. Without an intent the
 * page points to the transactions.
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const { api, locale } = args.context.get(appContext);
  if (!args.url.searchParams.has("intent")) return { intent: null, listing: null };
  const intent = await requestedIntent(api, args.url);
  if (intent.status === "failed") throw redirect(localizePath(intentHref("error", intent.id), locale));
  const listing = await intentListing(api, intent, user.id);
  // A paid reveal returns to the listing, whose owner block now shows the number (decision 067: from "Show
  // phone" to the number in three screens — the payment page, the checkout, the listing). The receipt
  // stays in the transactions; a listing no longer public keeps this page.
  if (intent.product === "phone_reveal" && intent.status === "succeeded" && listing?.path && !listing.own) {
    // The reveal itself: counted in the listing's statistics as the button's press was (once a day).
    await api.revealPhone(listing.id);
    throw redirect(`${localizePath(listing.path, locale)}#${OWNER_BLOCK_ID}`);
  }
  return { intent, listing };
});

export const meta: Route.MetaFunction = (args) => {
  const status = args.loaderData?.intent?.status;
  const key = status === "created" || status === "pending" ? "cabinetPaymentPending" : "cabinetPaymentSuccess";
  return pageMeta(args, key, {}, { indexable: false });
};

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  const { intent, listing } = loaderData;
  const { t } = useI18n();
  const lp = useLocalePath();
  const text = usePaymentText();
  const title = useListingTitle();
  const transactions = (
    <Link to={lp(paymentHref())} data-testid="payment-transactions">
      {t("payment.transactions.all")}
    </Link>
  );
  if (!intent) {
    return (
      <>
        <PageIntro pageKey="cabinetPaymentSuccess" />
        <p className={styles.links}>{transactions}</p>
      </>
    );
  }

  if (intent.status === "created" || intent.status === "pending") {
    return (
      <>
        <PageIntro pageKey="cabinetPaymentPending" />
        <p className={styles.notice} data-testid="payment-pending">
          {t("payment.pending.text")}
        </p>
        <p className={styles.links}>
          <Link to={lp(intentHref("success", intent.id))} reloadDocument>
            {t("payment.pending.check")}
          </Link>
          {transactions}
        </p>
        <Receipt intent={intent} listing={listing} />
      </>
    );
  }

  const product = isProduct(intent.product) ? PRODUCTS[intent.product] : null;
  return (
    <>
      <PageIntro pageKey="cabinetPaymentSuccess" />
      <section aria-labelledby="payment-bought" className={styles.section} data-testid="payment-bought">
        <h2 id="payment-bought">{t("payment.success.heading")}</h2>
        <p className={styles.bought}>
          <strong>{text.product(intent.product)}</strong>{" "}
          <span className={styles.muted}>{text.about(intent.product)}</span>
        </p>
        {intent.status === "refunded" ? (
          <p className={styles.notice}>{t("payment.success.refunded")}</p>
        ) : intent.promotion && product?.kind === "promotion" ? (
          <p className={styles.until} data-testid="payment-until">
            {t("payment.success.until", {
              placement: text.placement(intent.promotion.placement),
              date: text.dateTime(intent.promotion.ends_at),
            })}
          </p>
        ) : null}
        {listing ? (
          <PaymentListingSummary listing={listing}>
            <p className={styles.links}>
              {listing.path ? (
                <Link to={lp(listing.path)} data-testid="payment-listing-link">
                  {t("payment.listing.publicPage")}
                </Link>
              ) : null}
              {listing.own ? (
                <Link to={lp(privatePaths.listing.preview(listing.id))}>{t("payment.listing.preview")}</Link>
              ) : null}
            </p>
          </PaymentListingSummary>
        ) : intent.realty_id !== null ? (
          <p>{title({ id: intent.realty_id, title: null })}</p>
        ) : null}
      </section>
      <Receipt intent={intent} listing={listing} />
      <p className={styles.links}>
        {transactions}
        <Link to={lp(paths.cabinet.main())}>{t("payment.back.cabinet")}</Link>
      </p>
    </>
  );
}
