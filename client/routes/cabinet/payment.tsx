import type { ReactNode } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { ApiClient, ApiResult } from "#shared/api-client.ts";
import type { ApiIntent, ApiListingOptions } from "#shared/api/payments.ts";
import { paths } from "#shared/paths.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { CURRENCY, isProduct, type Placement, PLACEMENTS, type ProductId } from "#shared/products.ts";
import { pageParam } from "#client/page-param.server.ts";
import { formProblem } from "#client/api/form-problem.server.ts";
import { appContext } from "#client/app-context.server.ts";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { Pagination } from "#client/components/pagination/pagination.tsx";
import { checkoutLocation } from "#client/components/payment/checkout-location.server.ts";
import { ownListing, publicListing } from "#client/components/payment/payment-data.server.ts";
import { INTENT_ID, paymentHref } from "#client/components/payment/payment-links.ts";
import { type PaymentListing, PaymentListingSummary } from "#client/components/payment/payment-listing.tsx";
import { RunningPromotions, type StopAnswer } from "#client/components/payment/running-promotions.tsx";
import { usePaymentText } from "#client/components/payment/payment-text.ts";
import { TransactionsTable } from "#client/components/payment/transactions-table.tsx";
import { requireUser } from "#client/guards.server.ts";
import { notFound, unavailable } from "#client/http-errors.server.ts";
import { parseId } from "#client/id-param.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/payment";
import styles from "#client/components/payment/payment.module.css";

/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageTextScopes(["cabinetPayment", "cabinetPaymentPromote", "cabinetPaymentReveal"], "payment");

const PAGE_KEYS = {
  transactions: "cabinetPayment",
  promote: "cabinetPaymentPromote",
  reveal: "cabinetPaymentReveal",
} as const;

const isOpen = (intent: ApiIntent) => intent.status === "created" || intent.status === "pending";

/** The visitor's unpaid intent for this listing named by `?intent=` (to change it), or null. */
async function openIntent(args: Route.LoaderArgs, listingId: number): Promise<ApiIntent | null> {
  const id = args.url.searchParams.get("intent") ?? "";
  if (!INTENT_ID.test(id)) return null;
  const result = await args.context.get(appContext).api.intent(id);
  const intent = result.ok ? result.data.data : null;
  return intent && intent.realty_id === listingId && isOpen(intent) ? intent : null;
}

/**
 * Product §6: signed-in users only. Decision 040:
 * - `?realty_id=` — promote one's own listing: what runs now, and the packages to choose from;
 * - `?product=phone_reveal&realty_id=` — pay for revealing a listing's phone number;
 * - neither — the person's transactions (`&page=`).
 * `&intent=` names an unpaid intent to change instead of starting another; `&product=` preselects a package;
 * `&stop=<placement>` asks to confirm stopping a running placement (without JavaScript).
 * Someone else's listing (to promote) or one that is not public (to reveal) is the 404 page.
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const { url } = args;
  const { api } = args.context.get(appContext);
  const listingParam = url.searchParams.get("realty_id");
  const product = url.searchParams.get("product");

  if (listingParam === null) {
    const page = pageParam(url.searchParams.get("page"));
    const result = await api.transactions(page);
    if (!result.ok) throw unavailable();
    const { items, total, per_page: perPage } = result.data;
    // Past the last page: the last one.
    if (!items.length && page > 1 && total > 0) throw redirect(`${url.pathname}?page=${Math.ceil(total / perPage)}`);
    return { view: "transactions" as const, page, items, total, perPage };
  }

  const id = parseId(listingParam);
  if (!id) throw notFound(url);
  // A key for "this one purchase", made as the page renders: a form posted twice makes one intent.
  const key = crypto.randomUUID();
  const intent = await openIntent(args, id);

  if (product === "phone_reveal") {
    const listing = await publicListing(api, id, user.id);
    if (!listing) throw notFound(url);
    // An open intent keeps the price it was made at; otherwise the price now (decision 061).
    let amount = intent?.product === "phone_reveal" ? intent.amount_cents : null;
    if (amount === null) {
      const prices = await api.promotionOptions();
      if (!prices.ok) throw unavailable();
      amount = Math.round(prices.data.data.phone_reveal.amount * 100);
    }
    return { view: "reveal" as const, listing, amount, idempotencyKey: key, intentId: intent?.id ?? null };
  }

  const listing = await ownListing(api, id);
  if (!listing) throw notFound(url);
  let options: ApiListingOptions | null = null;
  if (listing.status === "active") {
    const result = await api.listingOptions(id);
    if (result.ok) options = result.data.data;
    else if (result.status === 404) throw notFound(url);
    else if (result.status !== 409) throw unavailable();
  }
  const stop = url.searchParams.get("stop");
  // Only a placement that runs can be stopped: anything else shows the page as it is.
  const stopping = options?.active.find((run) => run.placement === stop)?.placement ?? null;
  const wanted = intent?.product ?? product;
  const selected = options?.products.find((p) => p.product === wanted)?.product ?? options?.products[0]?.product;
  return {
    view: "promote" as const,
    listing,
    options,
    selected: selected ?? null,
    // Not `key`: spread into a component, React would take it for the element's key.
    idempotencyKey: key,
    intentId: intent?.id ?? null,
    stopping,
  };
});

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, PAGE_KEYS[args.loaderData?.view ?? "transactions"], {}, { indexable: false });

/** What the form post answered when it did not go on to paying: a message id, and the key to post again with. */
interface Refusal {
  error: string;
  key: string;
  serverMessage?: string;
}

function refusal(result: Extract<ApiResult<unknown>, { ok: false }>, key: string) {
  const status = result.status ?? 503;
  const error =
    result.error?.code === "already_revealed"
      ? "payment.error.alreadyRevealed"
      : status === 409
        ? "payment.error.state"
        : status === 404
          ? "payment.error.missing"
          : status === 503
            ? "payment.error.unavailable"
            : (formProblem(result, {}).error ?? "form.error.generic");
  return data<Refusal>({ error, key, serverMessage: formProblem(result, {}).serverMessage }, { status });
}

/**
 * "Continue to payment": makes the intent (or changes the unpaid one the page was opened with, or the one
 * its key already made) and goes on to its checkout. The same key again answers the same intent: one
 * purchase however often the form is posted; a paid one is not paid again (its receipt shows), a failed one
 * is tried again as a new intent.
 */
export async function action(args: Route.ActionArgs) {
  requireUser(args);
  const { api, locale } = args.context.get(appContext);
  const form = await args.request.formData();
  const listingId = parseId(String(form.get("realty_id") ?? ""));
  const stop = form.get("stop");
  if (stop !== null) return stopPlacement(args, api, listingId, stop);
  const product = form.get("product");
  const key = String(form.get("idempotency_key") ?? "");
  if (!listingId || !isProduct(product)) return data<Refusal>({ error: "payment.error.choose", key }, { status: 400 });

  let result: ApiResult<{ data: ApiIntent }> | null = null;
  const intentId = String(form.get("intent_id") ?? "");
  if (INTENT_ID.test(intentId)) {
    const current = await api.intent(intentId);
    const intent = current.ok ? current.data.data : null;
    if (intent && intent.realty_id === listingId && isOpen(intent)) {
      result = intent.product === product ? current : await changeOrStartAgain(api, intent, product);
    }
  }
  if (!result) {
    result = await api.createIntent({ realty_id: listingId, product, idempotency_key: key || undefined });
    const made = result.ok ? result.data.data : null;
    if (made && made.product !== product) {
      // The key's intent was made for another package (the page came back after it was posted).
      result = isOpen(made) ? await changeOrStartAgain(api, made, product) : await createAgain(api, listingId, product);
    } else if (made?.status === "failed") {
      result = await createAgain(api, listingId, product);
    }
  }
  if (!result.ok) return refusal(result, key);
  throw redirect(checkoutLocation(result.data.data, args.request.url, locale));
}

const isPlacement = (value: unknown): value is Placement => PLACEMENTS.some((placement) => placement === value);

/**
 * "Stop now": stops a running placement of one's own listing early (refunded only as its product says).
 * Someone else's listing is the 404 page; one that no longer runs (a second tab stopped it, it ended)
 * says so.
 */
async function stopPlacement(args: Route.ActionArgs, api: ApiClient, listingId: number | null, stop: unknown) {
  if (!listingId || !isPlacement(stop)) {
    return data<StopAnswer>({ stop: { placement: null, done: false, error: "payment.stop.failed" } }, { status: 400 });
  }
  const result = await api.stopPromotion(listingId, stop);
  if (result.ok) return { stop: { placement: stop, done: true } } satisfies StopAnswer;
  if (result.status === 404) throw notFound(args.url);
  const error = result.error?.code === "not_promoted" ? "payment.stop.notPromoted" : "payment.stop.failed";
  return data<StopAnswer>({ stop: { placement: stop, done: false, error } }, { status: result.status ?? 503 });
}

/** A new purchase: a failed one tried again, or another package after a paid one. */
function createAgain(api: ApiClient, listingId: number, product: ProductId) {
  return api.createIntent({ realty_id: listingId, product, idempotency_key: crypto.randomUUID() });
}

/**
 * Another package for an unpaid intent; once its payment has started at the provider (409 `intent_locked`)
 * it cannot change, and the new choice is a purchase of its own.
 */
async function changeOrStartAgain(api: ApiClient, intent: ApiIntent, product: ProductId) {
  const changed = await api.updateIntent(intent.id, product);
  if (changed.ok || changed.error?.code !== "intent_locked" || intent.realty_id === null) return changed;
  return createAgain(api, intent.realty_id, product);
}

export default function CabinetPayment({ loaderData, actionData }: Route.ComponentProps) {
  const refused = actionData && "error" in actionData ? actionData : null;
  switch (loaderData.view) {
    case "transactions":
      return <Transactions {...loaderData} />;
    case "reveal":
      return <Reveal {...loaderData} refused={refused} />;
    case "promote":
      return (
        <Promote
          {...loaderData}
          refused={refused}
          stopped={actionData && "stop" in actionData ? actionData.stop : null}
        />
      );
  }
}

type LoaderData = Route.ComponentProps["loaderData"];

function Transactions({ page, items, total, perPage }: Extract<LoaderData, { view: "transactions" }>) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  return (
    <>
      <PageIntro pageKey="cabinetPayment" />
      <p className={styles.hint}>
        {t("payment.transactions.promoteHint")} <Link to={lp(paths.cabinet.main())}>{t("payment.back.cabinet")}</Link>
      </p>
      <section aria-labelledby="payment-transactions" className={styles.section}>
        <h2 id="payment-transactions">{t("payment.transactions.heading")}</h2>
        {items.length ? (
          <TransactionsTable
            items={items}
            caption={t("payment.transactions.caption", { page, pages: lastPage, count: total })}
          />
        ) : (
          <p data-testid="transactions-none">{t("payment.transactions.none")}</p>
        )}
        <Pagination
          page={page}
          lastPage={lastPage}
          hasNext={page < lastPage}
          hrefFor={(n) => lp(paymentHref({ page: n }))}
        />
      </section>
    </>
  );
}

/** The form's hidden fields and its failure, shared by both ways of buying. */
function CheckoutForm({
  listingId,
  keyValue,
  intentId,
  refused,
  children,
}: {
  listingId: number;
  keyValue: string;
  intentId: string | null;
  refused: Refusal | null;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" className={styles.checkout} data-testid="payment-form">
      <input type="hidden" name="realty_id" value={listingId} />
      <input type="hidden" name="idempotency_key" value={refused?.key || keyValue} />
      {intentId ? <input type="hidden" name="intent_id" value={intentId} /> : null}
      {children}
      {refused ? (
        <p className={styles.error} role="alert" data-testid="payment-refused">
          {t(refused.error)}
        </p>
      ) : null}
      <p className={styles.note}>{t("payment.choose.note")}</p>
      <div className={styles.actions}>
        <button type="submit" className={styles.button} disabled={busy}>
          {t("payment.choose.continue")}
        </button>
      </div>
    </Form>
  );
}

function Promote({
  listing,
  options,
  selected,
  idempotencyKey,
  intentId,
  stopping,
  refused,
  stopped,
}: Extract<LoaderData, { view: "promote" }> & { refused: Refusal | null; stopped: StopAnswer["stop"] | null }) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const text = usePaymentText();
  return (
    <>
      <PageIntro pageKey="cabinetPaymentPromote" />
      <PaymentListingSummary listing={listing}>
        <ListingLinks listing={listing} />
      </PaymentListingSummary>
      {!options ? (
        <>
          {/* A post that raced the listing leaving publication: why nothing was bought. */}
          {refused ? (
            <p className={styles.error} role="alert" data-testid="payment-refused">
              {t(refused.error)}
            </p>
          ) : null}
          <p className={styles.notice} data-testid="payment-not-active">
            {t("payment.notActive")} <Link to={lp(paths.cabinet.main())}>{t("payment.back.cabinet")}</Link>
          </p>
        </>
      ) : (
        <>
          <RunningPromotions
            listingId={listing.id}
            active={options.active}
            currency={options.products[0]?.currency ?? CURRENCY}
            stopping={stopping}
            answer={stopped}
          />
          <CheckoutForm listingId={listing.id} keyValue={idempotencyKey} intentId={intentId} refused={refused}>
            <fieldset className={styles.packages}>
              <legend>{t("payment.choose.legend")}</legend>
              {options.products.map((item) => (
                <label key={item.product} className={styles.package} data-product={item.product}>
                  <input type="radio" name="product" value={item.product} defaultChecked={item.product === selected} />
                  <span className={styles.packageText}>
                    <span className={styles.packageName}>{text.product(item.product)}</span>
                    <span className={styles.packageAbout}>{text.about(item.product)}</span>
                  </span>
                  <span className={styles.packagePrice}>
                    {text.money(Math.round(item.amount * 100), item.currency)}
                  </span>
                </label>
              ))}
            </fieldset>
          </CheckoutForm>
        </>
      )}
      <p className={styles.links}>
        <Link to={lp(paths.cabinet.main())}>{t("payment.back.cabinet")}</Link>
        <Link to={lp(paymentHref())}>{t("payment.transactions.heading")}</Link>
      </p>
    </>
  );
}

function Reveal({
  listing,
  amount,
  idempotencyKey,
  intentId,
  refused,
}: Extract<LoaderData, { view: "reveal" }> & { refused: Refusal | null }) {
  const { t } = useI18n();
  const lp = useLocalePath();
  const text = usePaymentText();
  return (
    <>
      <PageIntro pageKey="cabinetPaymentReveal" />
      <PaymentListingSummary listing={listing} />
      {listing.own ? (
        <p className={styles.notice} data-testid="payment-own">
          {t("payment.reveal.own")}
        </p>
      ) : (
        <CheckoutForm listingId={listing.id} keyValue={idempotencyKey} intentId={intentId} refused={refused}>
          <input type="hidden" name="product" value="phone_reveal" />
          <p className={styles.price} data-testid="payment-price">
            {t("payment.reveal.price", { price: text.money(amount, CURRENCY) })}
          </p>
          <p>{t("payment.reveal.about")}</p>
        </CheckoutForm>
      )}
      {listing.path ? (
        <p className={styles.links}>
          <Link to={lp(listing.path)}>{t("payment.reveal.back")}</Link>
        </p>
      ) : null}
    </>
  );
}

/** The ways to the listing a promotion is for: its preview and, while it is public, its page. */
function ListingLinks({ listing }: { listing: PaymentListing }) {
  const { t } = useI18n();
  const lp = useLocalePath();
  return (
    <p className={styles.links}>
      <Link to={lp(privatePaths.listing.preview(listing.id))}>{t("payment.listing.preview")}</Link>
      {listing.path ? <Link to={lp(listing.path)}>{t("payment.listing.publicPage")}</Link> : null}
    </p>
  );
}
