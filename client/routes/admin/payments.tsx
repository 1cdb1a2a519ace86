import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import {
  type AdminPaymentsInput,
  type ApiAdminPayment,
  PAYMENT_STATUSES,
  PERSON_QUERY_MAX,
  REFUND_REASON_MAX,
} from "#shared/api/admin-payments.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { INVALID } from "#shared/validation.ts";
import { formProblem } from "#client/api/form-problem.server.ts";
import { appContext } from "#client/app-context.server.ts";
import { Field } from "#client/components/auth-dialog/form-parts.tsx";
import { centsOf, eurosOf } from "#client/components/admin/euro-amount.ts";
import { PAYMENT_WORDS } from "#client/components/admin/payment-words.server.ts";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { Pagination } from "#client/components/pagination/pagination.tsx";
import { usePaymentText } from "#client/components/payment/payment-text.ts";
import { requireAdmin, requestedPath } from "#client/guards.server.ts";
import { notFound, unavailable } from "#client/http-errors.server.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/payments";
import styles from "./payments.module.css";

const MESSAGES = pageTextScopes(["adminPayments"], "adminPayments", "validation", ...PAYMENT_WORDS);

/** The ledger's filter as the page's query names it (the API's names). */
const FILTERS = ["person", "realty_id", "from", "to", "status"] as const;
type FilterName = (typeof FILTERS)[number];
type RefundField = "amount" | "reason";

interface RefundResult {
  id: string;
  fields: Partial<Record<RefundField, string>>;
  error?: string;
  values: { amount: string; reason: string };
}

/** The filter's query of a page URL, without the page and the refund form's. */
function filterQuery(url: URL): URLSearchParams {
  const query = new URLSearchParams();
  for (const name of FILTERS) {
    const value = url.searchParams.get(name);
    if (value) query.set(name, value);
  }
  return query;
}

/**
 * Decision 061: every payment, newest first, filtered by person (id, e-mail or phone),
 * listing, period and state, with the filter's totals; a succeeded payment can be refunded through its own
 * provider — `?refund={id}` opens its form (the amount left by default, a part allowed, a reason), posted
 * plainly, back here saying what was given back. Admins only (404 for anyone else), not indexed.
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  requireAdmin(args);
  const url = new URL(args.request.url);
  const { api } = args.context.get(appContext);
  const filter = Object.fromEntries(filterQuery(url)) as Partial<Record<FilterName, string>>;
  const pageText = url.searchParams.get("page");
  const page = pageText === null ? 1 : Number(pageText);
  if (!Number.isSafeInteger(page) || page < 1 || page > 1000) throw notFound(url);
  const result = await api.adminPayments({ ...(filter as AdminPaymentsInput), page: String(page) });
  let ledger = result.ok ? result.data : null;
  let filterErrors: Partial<Record<FilterName, string>> = {};
  if (!result.ok) {
    if (result.status !== 400) throw unavailable();
    // A filter the API refuses: said next to its field, and nothing listed.
    filterErrors = formProblem(result, Object.fromEntries(FILTERS.map((name) => [name, name]))).fields;
    ledger = null;
  }
  const refundId = url.searchParams.get("refund");
  const refunding = refundId ? (ledger?.items.find((item) => item.id === refundId) ?? null) : null;
  const done = url.searchParams.get("refunded");
  return {
    ledger,
    filter,
    filterErrors,
    page,
    refunding: refunding && refunding.refundable_cents > 0 ? refunding : null,
    // A key for "this one refund", made as the form renders: the form posted twice refunds once.
    refundKey: crypto.randomUUID(),
    refunded: done ? (ledger?.items.find((item) => item.id === done) ?? null) : null,
  };
});

export const meta: Route.MetaFunction = (args) => pageMeta(args, "adminPayments", {}, { indexable: false });

/** `id`, `amount` (euros), `reason`, `key`: the refund through the API, then back to the list saying so. */
export async function action(args: Route.ActionArgs) {
  requireAdmin(args);
  const form = await args.request.formData();
  const id = String(form.get("id") ?? "");
  const values = { amount: String(form.get("amount") ?? ""), reason: String(form.get("reason") ?? "") };
  const key = String(form.get("key") ?? "") || undefined;
  const cents = values.amount.trim() ? centsOf(values.amount) : undefined;
  if (cents === null) {
    return data<RefundResult>({ id, fields: { amount: INVALID.format }, values }, { status: 400 });
  }
  const result = await args.context
    .get(appContext)
    .api.refundPayment(id, { reason: values.reason, amount_cents: cents }, key);
  const { url, path } = requestedPath(args.request);
  const back = new URL(path, url);
  if (result.ok) {
    back.searchParams.delete("refund");
    back.searchParams.set("refunded", id);
    throw redirect(back.pathname + back.search);
  }
  if (result.status === 404) throw notFound(back);
  const problem = formProblem(result, { amount_cents: "amount", reason: "reason" } as const);
  const code = result.error?.code;
  const error =
    code === "already_refunded" || code === "refund_in_progress" || code === "not_refundable"
      ? `adminPayments.refund.error.${code}`
      : problem.error;
  return data<RefundResult>({ id, fields: problem.fields, error, values }, { status: problem.status });
}

export default function AdminPayments({ loaderData }: Route.ComponentProps) {
  const { ledger, filter, filterErrors, page, refunding, refundKey, refunded } = loaderData;
  const { t } = useI18n();
  const lp = useLocalePath();
  const text = usePaymentText();
  const posted = useActionData<typeof action>() as RefundResult | undefined;
  const busy = useNavigation().state === "submitting";
  const base = lp(privatePaths.admin.payments());
  const hrefWith = (extra: Record<string, string>) => {
    const query = new URLSearchParams(filter as Record<string, string>);
    if (page > 1) query.set("page", String(page));
    for (const [name, value] of Object.entries(extra)) query.set(name, value);
    const search = query.toString();
    return search ? `${base}?${search}` : base;
  };
  const money = (cents: number, currency = ledger?.totals.currency ?? "EUR") => text.money(cents, currency);
  const lastPage = ledger ? Math.max(1, Math.ceil(ledger.total / ledger.per_page)) : 1;

  return (
    <>
      <PageIntro pageKey="adminPayments">
        <p>
          <Link to={lp(privatePaths.admin.prices())}>{t("adminPayments.pricesLink")}</Link>
        </p>
      </PageIntro>
      <p role="status" className={refunded ? styles.confirmation : styles.quiet} data-testid="payments-status">
        {refunded ? t("adminPayments.refund.done", { id: refunded.id, amount: money(refunded.refunded_cents) }) : ""}
      </p>

      <Form method="get" className={styles.filters} aria-label={t("adminPayments.filter.label")}>
        <Field
          label={t("adminPayments.filter.person")}
          hint={t("adminPayments.filter.personHint")}
          error={filterErrors.person}
        >
          {(props) => (
            <input
              {...props}
              name="person"
              defaultValue={filter.person}
              maxLength={PERSON_QUERY_MAX}
              autoComplete="off"
              className={styles.control}
            />
          )}
        </Field>
        <Field label={t("adminPayments.filter.listing")} error={filterErrors.realty_id}>
          {(props) => (
            <input
              {...props}
              name="realty_id"
              inputMode="numeric"
              defaultValue={filter.realty_id}
              autoComplete="off"
              className={styles.control}
            />
          )}
        </Field>
        <Field label={t("adminPayments.filter.from")} error={filterErrors.from}>
          {(props) => (
            <input {...props} type="date" name="from" defaultValue={filter.from} className={styles.control} />
          )}
        </Field>
        <Field label={t("adminPayments.filter.to")} error={filterErrors.to}>
          {(props) => <input {...props} type="date" name="to" defaultValue={filter.to} className={styles.control} />}
        </Field>
        <Field label={t("adminPayments.filter.status")} error={filterErrors.status}>
          {(props) => (
            <select {...props} name="status" defaultValue={filter.status ?? ""} className={styles.control}>
              <option value="">{t("adminPayments.filter.anyStatus")}</option>
              {PAYMENT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {text.status(status)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className={styles.filterActions}>
          <button type="submit" className={styles.primary}>
            {t("adminPayments.filter.submit")}
          </button>
          <Link to={base}>{t("adminPayments.filter.reset")}</Link>
        </div>
      </Form>

      {refunding ? (
        <RefundForm
          payment={refunding}
          idempotencyKey={refundKey}
          posted={posted?.id === refunding.id ? posted : undefined}
          busy={busy}
          cancelHref={hrefWith({})}
        />
      ) : null}

      {ledger ? (
        <>
          <p className={styles.totals} data-testid="payments-totals">
            {t("adminPayments.totals", {
              count: ledger.total,
              succeeded: money(ledger.totals.succeeded_cents),
              refunded: money(ledger.totals.refunded_cents),
            })}
          </p>
          {ledger.items.length === 0 ? (
            <p className={styles.empty}>{t("adminPayments.empty")}</p>
          ) : (
            <div className={styles.scroll} role="region" aria-label={t("adminPayments.table")} tabIndex={0}>
              <table className={styles.table}>
                <caption className="visually-hidden">{t("adminPayments.table")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("adminPayments.column.payment")}</th>
                    <th scope="col">{t("adminPayments.column.person")}</th>
                    <th scope="col">{t("adminPayments.column.product")}</th>
                    <th scope="col">{t("adminPayments.column.amount")}</th>
                    <th scope="col">{t("adminPayments.column.status")}</th>
                    <th scope="col">{t("adminPayments.column.refunded")}</th>
                    <th scope="col">{t("adminPayments.column.action")}</th>
                  </tr>
                </thead>
                <tbody>
                  {ledger.items.map((item) => (
                    <tr key={item.id} data-id={item.id}>
                      <td>
                        <code className={styles.id}>{item.id}</code>
                        <br />
                        <time dateTime={item.created_at}>{text.dateTime(item.created_at)}</time>
                      </td>
                      <td>
                        <Link to={lp(privatePaths.admin.user(item.person.id))}>
                          {item.person.name || `#${item.person.id}`}
                        </Link>
                        <br />
                        <span className={styles.muted}>{item.person.email ?? item.person.phone ?? ""}</span>
                      </td>
                      <td>
                        {text.product(item.product)}
                        {item.realty_id !== null ? (
                          <>
                            <br />
                            <Link to={lp(privatePaths.admin.listingPreview(item.realty_id))}>
                              {t("adminPayments.listing", { id: item.realty_id })}
                            </Link>
                          </>
                        ) : null}
                      </td>
                      <td className={styles.amount}>
                        {money(item.amount_cents, item.currency)}
                        <br />
                        <span className={styles.muted}>{text.provider(item.provider)}</span>
                      </td>
                      <td>{text.status(item.status)}</td>
                      <td className={styles.amount}>
                        {item.refunded_cents > 0 ? money(item.refunded_cents, item.currency) : "—"}
                      </td>
                      <td>
                        {item.refundable_cents > 0 ? (
                          <Link
                            to={hrefWith({ refund: item.id })}
                            aria-label={t("adminPayments.refund.open", { id: item.id })}
                          >
                            {t("adminPayments.refund.action")}
                          </Link>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pagination
            page={page}
            lastPage={lastPage}
            hasNext={page < lastPage}
            hrefFor={(p) => {
              const query = new URLSearchParams(filter as Record<string, string>);
              if (p > 1) query.set("page", String(p));
              const search = query.toString();
              return search ? `${base}?${search}` : base;
            }}
          />
        </>
      ) : null}
    </>
  );
}

function RefundForm({
  payment,
  idempotencyKey,
  posted,
  busy,
  cancelHref,
}: {
  payment: ApiAdminPayment;
  idempotencyKey: string;
  posted: RefundResult | undefined;
  busy: boolean;
  cancelHref: string;
}) {
  const { t } = useI18n();
  const text = usePaymentText();
  const left = text.money(payment.refundable_cents, payment.currency);
  return (
    <section className={styles.refund} aria-labelledby="refund-heading">
      <h2 id="refund-heading" className={styles.heading}>
        {t("adminPayments.refund.heading", { id: payment.id })}
      </h2>
      <p>
        {t("adminPayments.refund.summary", {
          person: payment.person.name,
          product: text.product(payment.product),
          amount: text.money(payment.amount_cents, payment.currency),
          left,
          provider: text.provider(payment.provider),
        })}
      </p>
      {posted?.error ? (
        <p role="alert" className={styles.alert}>
          {t(posted.error)}
        </p>
      ) : null}
      <Form method="post" className={styles.refundForm} noValidate>
        <input type="hidden" name="id" value={payment.id} />
        <input type="hidden" name="key" value={idempotencyKey} />
        <Field
          label={t("adminPayments.refund.amount", { currency: payment.currency })}
          hint={t("adminPayments.refund.amountHint", { left })}
          error={posted?.fields.amount}
          errorValues={{ max: payment.refundable_cents, min: 1 }}
        >
          {(props) => (
            <input
              {...props}
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={posted?.values.amount ?? eurosOf(payment.refundable_cents)}
              className={styles.money}
            />
          )}
        </Field>
        <Field
          label={t("adminPayments.refund.reason")}
          hint={t("adminPayments.refund.reasonHint", { max: REFUND_REASON_MAX })}
          error={posted?.fields.reason}
          errorValues={{ min: 3, max: REFUND_REASON_MAX }}
        >
          {(props) => (
            <textarea
              {...props}
              name="reason"
              rows={3}
              required
              maxLength={REFUND_REASON_MAX}
              defaultValue={posted?.values.reason}
              className={styles.control}
            />
          )}
        </Field>
        <div className={styles.filterActions}>
          <button type="submit" className={styles.danger} disabled={busy}>
            {t("adminPayments.refund.submit")}
          </button>
          <Link to={cancelHref}>{t("adminPayments.refund.cancel")}</Link>
        </div>
      </Form>
    </section>
  );
}
