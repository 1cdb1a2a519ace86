import { Link, redirect } from "react-router";
import type { ApiIntent } from "#shared/api/payments.ts";
import { localizePath } from "#shared/locales.ts";
import { paths } from "#shared/paths.ts";
import { appContext } from "#client/app-context.server.ts";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { intentListing, requestedIntent } from "#client/components/payment/payment-data.server.ts";
import { intentHref, paymentHref } from "#client/components/payment/payment-links.ts";
import { PaymentListingSummary } from "#client/components/payment/payment-listing.tsx";
import { usePaymentText } from "#client/components/payment/payment-text.ts";
import { Receipt } from "#client/components/payment/receipt.tsx";
import { requireUser } from "#client/guards.server.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/payment-error";
import styles from "#client/components/payment/payment.module.css";

/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageTextScopes(["cabinetPaymentError"], "payment");

/**
 * Product §6: signed-in users only. `/cabinet/payment/error/?intent=…` (decision 040): why the payment did
 * not go through, that nothing was charged, and the way to try again (the payment page with the same
 * listing and product). A paid intent goes to the success page; someone else's is the 404 page.
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const { api, locale } = args.context.get(appContext);
  if (!args.url.searchParams.has("intent")) return { intent: null, listing: null };
  const intent = await requestedIntent(api, args.url);
  if (intent.status === "succeeded" || intent.status === "refunded")
    throw redirect(localizePath(intentHref("success", intent.id), locale));
  return { intent, listing: await intentListing(api, intent, user.id) };
});

export const meta: Route.MetaFunction = (args) => pageMeta(args, "cabinetPaymentError", {}, { indexable: false });

/** Why it failed, in the visitor's language where the reason is one the site gives itself. */
function useFailureText() {
  const { t } = useI18n();
  return (intent: ApiIntent) => {
    if (intent.status !== "failed") return t("payment.failed.notCompleted");
    if (!intent.failure_reason) return t("payment.failed.unknown");
    return intent.failure_reason === "declined"
      ? t("payment.failed.declined")
      : t("payment.failed.reason", { reason: intent.failure_reason });
  };
}

export default function PaymentError({ loaderData }: Route.ComponentProps) {
  const { intent, listing } = loaderData;
  const { t } = useI18n();
  const lp = useLocalePath();
  const text = usePaymentText();
  const failure = useFailureText();
  const transactions = <Link to={lp(paymentHref())}>{t("payment.transactions.all")}</Link>;
  if (!intent) {
    return (
      <>
        <PageIntro pageKey="cabinetPaymentError" />
        <p className={styles.links}>{transactions}</p>
      </>
    );
  }
  // Trying again is a new purchase of the same thing; an unpaid intent is paid on (or changed) instead.
  const retry =
    intent.realty_id === null
      ? null
      : paymentHref({
          listingId: intent.realty_id,
          product: intent.product,
          intent: intent.status === "failed" ? undefined : intent.id,
        });
  return (
    <>
      <PageIntro pageKey="cabinetPaymentError" />
      <section aria-labelledby="payment-failed" className={styles.section} data-testid="payment-failed">
        <h2 id="payment-failed">{t("payment.failed.heading")}</h2>
        <p className={styles.failure} data-testid="payment-failure-reason">
          {failure(intent)}
        </p>
        <p data-testid="payment-nothing-charged">
          <strong>{t("payment.failed.nothingCharged")}</strong>
        </p>
        <p className={styles.bought}>
          <strong>{text.product(intent.product)}</strong>{" "}
          <span className={styles.muted}>{text.about(intent.product)}</span>
        </p>
        {listing ? <PaymentListingSummary listing={listing} /> : null}
        <div className={styles.actions}>
          {retry ? (
            <Link to={lp(retry)} className={styles.button} data-testid="payment-retry">
              {t("payment.failed.retry")}
            </Link>
          ) : null}
          <Link to={lp(paths.cabinet.main())} className={styles.secondary}>
            {t("payment.back.cabinet")}
          </Link>
        </div>
      </section>
      <Receipt intent={intent} listing={listing} heading={t("payment.receipt.details")} />
      <p className={styles.links}>{transactions}</p>
    </>
  );
}
