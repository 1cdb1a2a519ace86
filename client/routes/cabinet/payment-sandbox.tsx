import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { ApiIntent } from "#shared/api/payments.ts";
import { localizePath } from "#shared/locales.ts";
import { paths } from "#shared/paths.ts";
import { formProblem } from "#client/api/form-problem.server.ts";
import { appContext } from "#client/app-context.server.ts";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { intentListing, requestedIntent } from "#client/components/payment/payment-data.server.ts";
import { intentHref, paymentHref } from "#client/components/payment/payment-links.ts";
import { PaymentListingSummary } from "#client/components/payment/payment-listing.tsx";
import { usePaymentText } from "#client/components/payment/payment-text.ts";
import { requireUser } from "#client/guards.server.ts";
import { notFound } from "#client/http-errors.server.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/payment-sandbox";
import styles from "#client/components/payment/payment.module.css";

/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageTextScopes(["cabinetPaymentSandbox"], "payment");

const CHOICES = ["pay", "decline", "abandon"] as const;
type Choice = (typeof CHOICES)[number];
const isChoice = (value: unknown): value is Choice => CHOICES.includes(value as Choice);

/**
 * The visitor's own sandbox intent of this request, in development only: anywhere else — and for an intent
 * of another provider, someone else's or none — the page does not exist.
 */
async function sandboxIntent(args: Route.LoaderArgs | Route.ActionArgs): Promise<ApiIntent> {
  const url = new URL(args.request.url);
  const app = args.context.get(appContext);
  if (!app.development) throw notFound(url);
  requireUser(args);
  const intent = await requestedIntent(app.api, url);
  if (intent.provider !== "sandbox") throw notFound(url);
  return intent;
}

/** Where "Abandon" leaves to, deciding nothing: the listing of a phone reveal, the cabinet's listings otherwise. */
function abandonPath(intent: ApiIntent, listingPath: string | null) {
  return intent.product === "phone_reveal" && listingPath ? listingPath : paths.cabinet.main();
}

/**
 * `/cabinet/payment/sandbox/?intent=…` (decision 040): the development sandbox playing the payment
 * provider — the amount and what is bought, and Pay, Decline or Abandon as plain form posts. An intent
 * already paid or failed goes to its success or error page.
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  const intent = await sandboxIntent(args);
  const { api, locale, user } = args.context.get(appContext);
  if (intent.status === "succeeded" || intent.status === "refunded")
    throw redirect(localizePath(intentHref("success", intent.id), locale));
  if (intent.status === "failed") throw redirect(localizePath(intentHref("error", intent.id), locale));
  const listing = await intentListing(api, intent, user!.id);
  return { intent, listing };
});

export const meta: Route.MetaFunction = (args) => pageMeta(args, "cabinetPaymentSandbox", {}, { indexable: false });

/** Pay → `complete` → the success page; Decline → `failure` ("declined") → the error page; Abandon → away. */
export async function action(args: Route.ActionArgs) {
  const intent = await sandboxIntent(args);
  const { api, locale, user } = args.context.get(appContext);
  const choice = (await args.request.formData()).get("choice");
  if (!isChoice(choice)) return data({ error: "form.error.generic" }, { status: 400 });
  if (choice === "abandon") {
    const listing = intent.product === "phone_reveal" ? await intentListing(api, intent, user!.id) : null;
    throw redirect(localizePath(abandonPath(intent, listing?.path ?? null), locale));
  }
  const result = choice === "pay" ? await api.completeIntent(intent.id) : await api.failIntent(intent.id, "declined");
  if (!result.ok) {
    const problem = formProblem(result, {});
    const error = result.status === 409 ? "payment.sandbox.settled" : (problem.error ?? "form.error.generic");
    return data({ error }, { status: problem.status });
  }
  const settled = result.data.data;
  throw redirect(localizePath(intentHref(settled.status === "failed" ? "error" : "success", settled.id), locale));
}

export default function PaymentSandbox({ loaderData, actionData }: Route.ComponentProps) {
  const { intent, listing } = loaderData;
  const { t } = useI18n();
  const lp = useLocalePath();
  const text = usePaymentText();
  const busy = useNavigation().state !== "idle";
  const amount = text.money(intent.amount_cents, intent.currency);
  return (
    <>
      <p className={styles.sandboxBanner} data-testid="sandbox-banner">
        <strong>{t("payment.sandbox.banner")}</strong>
      </p>
      <PageIntro pageKey="cabinetPaymentSandbox" />
      <section aria-labelledby="sandbox-what" className={styles.section}>
        <h2 id="sandbox-what">{t("payment.sandbox.what")}</h2>
        <p className={styles.bought}>
          <strong>{text.product(intent.product)}</strong>{" "}
          <span className={styles.muted}>{text.about(intent.product)}</span>
        </p>
        {listing ? <PaymentListingSummary listing={listing} /> : null}
        <p className={styles.price} data-testid="sandbox-amount">
          {t("payment.sandbox.amount", { amount })}
        </p>
      </section>
      <Form method="post" className={styles.checkout} data-testid="sandbox-form">
        {actionData && "error" in actionData ? (
          <p className={styles.error} role="alert">
            {t(actionData.error)}
          </p>
        ) : null}
        <div className={styles.actions}>
          <button type="submit" name="choice" value="pay" className={styles.button} disabled={busy}>
            {t("payment.sandbox.pay", { amount })}
          </button>
          <button type="submit" name="choice" value="decline" className={styles.secondary} disabled={busy}>
            {t("payment.sandbox.decline")}
          </button>
          <button type="submit" name="choice" value="abandon" className={styles.plain} disabled={busy}>
            {t("payment.sandbox.abandon")}
          </button>
        </div>
        <p className={styles.note}>{t("payment.sandbox.abandonNote")}</p>
      </Form>
      {intent.product !== "phone_reveal" && intent.realty_id !== null ? (
        <p className={styles.links}>
          <Link to={lp(paymentHref({ listingId: intent.realty_id, product: intent.product, intent: intent.id }))}>
            {t("payment.sandbox.change")}
          </Link>
        </p>
      ) : null}
    </>
  );
}
