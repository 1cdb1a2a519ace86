import { Form, Link, redirect } from "react-router";
import { localizePath } from "#shared/locales.ts";
import { paths } from "#shared/paths.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { PRODUCTS, isProduct } from "#shared/products.ts";
import { appContext } from "#client/app-context.ts";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { intentListing, requestedIntent } from "#client/components/payment/payment-data.server.ts";
import { intentHref, paymentHref } from "#client/components/payment/payment-links.ts";
import { PaymentListingSummary, useListingTitle } from "#client/components/payment/payment-listing.tsx";
import { usePaymentText } from "#client/components/payment/payment-text.ts";
import { Receipt } from "#client/components/payment/receipt.tsx";
import { requireUser } from "#client/guards.server.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { pageScopes } from "#client/i18n/message-scopes.ts";
import { withMessages } from "#client/i18n/page-messages.server.ts";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/payment-success";
import styles from "#client/components/payment/payment.module.css";

/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageScopes(["cabinetPaymentSuccess", "cabinetPaymentPending"], "payment");

/**
 * SPEC §6: signed-in users only. `/cabinet/payment/success/?intent=…` (issue 21 item 2): what was bought and
 * until when — or, for a phone reveal, the listing whose number now shows — and the receipt. A failed intent
 * goes to the error page; one not settled yet says so; someone else's is the 404 page. Without an intent the
 * page points to the transactions.
 */
export const loader = withMessages(MESSAGES, async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const { api, locale } = args.context.get(appContext);
  if (!args.url.searchParams.has("intent")) return { intent: null, listing: null };
  const intent = await requestedIntent(api, args.url);
  if (intent.status === "failed") throw redirect(localizePath(intentHref("error", intent.id), locale));
  return { intent, listing: await intentListing(api, intent, user.id) };
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
  const reveal = intent.product === "phone_reveal";
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
            {reveal && listing.path && intent.status === "succeeded" ? (
              <>
                <p>{t("payment.success.revealText")}</p>
                <Form
                  method="post"
                  action={lp(listing.path)}
                  className={styles.actions}
                  data-testid="payment-show-phone"
                >
                  <input type="hidden" name="intent" value="reveal" />
                  <button type="submit" className={styles.button}>
                    {t("payment.success.showPhone")}
                  </button>
                  <Link to={lp(listing.path)} className={styles.secondary}>
                    {t("payment.reveal.back")}
                  </Link>
                </Form>
              </>
            ) : (
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
            )}
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
