import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import type { ApiProductPrice } from "#shared/api/admin-payments.ts";
import { PRODUCT_PRICE_MAX_CENTS } from "#shared/api/admin-payments.ts";
import { privatePaths } from "#shared/private-paths.ts";
import type { ProductId } from "#shared/products.ts";
import { INVALID } from "#shared/validation.ts";
import { formProblem } from "#client/api/form-problem.server.ts";
import { appContext } from "#client/app-context.server.ts";
import { Field } from "#client/components/auth-dialog/form-parts.tsx";
import { centsOf, eurosOf } from "#client/components/admin/euro-amount.ts";
import { PAYMENT_WORDS } from "#client/components/admin/payment-words.server.ts";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { usePaymentText } from "#client/components/payment/payment-text.ts";
import { requireAdmin, requestedPath } from "#client/guards.server.ts";
import { unavailable } from "#client/http-errors.server.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/prices";
import styles from "./payments.module.css";

const MESSAGES = pageTextScopes(["adminPrices"], "adminPayments", "validation", ...PAYMENT_WORDS);

interface PricesResult {
  fields: Partial<Record<ProductId, string>>;
  error?: string;
  values: Record<string, string>;
}

/**
 * Decision 061: what each product costs, changed by an admin — the next payment of it is
 * charged the new price, one already started keeps its own. Admins only (404 for anyone else), not indexed;
 * one plain form post for every price, back here saying what changed.
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  requireAdmin(args);
  const result = await args.context.get(appContext).api.prices();
  if (!result.ok) throw unavailable();
  const done = new URL(args.request.url).searchParams.get("done");
  return { items: result.data.items, done: done === "saved" || done === "unchanged" ? done : null };
});

export const meta: Route.MetaFunction = (args) => pageMeta(args, "adminPrices", {}, { indexable: false });

export async function action(args: Route.ActionArgs) {
  requireAdmin(args);
  const { api } = args.context.get(appContext);
  const form = await args.request.formData();
  const current = await api.prices();
  if (!current.ok) throw unavailable();
  const values: Record<string, string> = {};
  const fields: PricesResult["fields"] = {};
  const prices: Partial<Record<ProductId, number>> = {};
  for (const item of current.data.items) {
    const text = String(form.get(item.product) ?? "");
    values[item.product] = text;
    const cents = centsOf(text);
    if (cents === null) fields[item.product] = text.trim() ? INVALID.format : INVALID.required;
    else if (cents !== item.amount_cents) prices[item.product] = cents;
  }
  if (Object.keys(fields).length) return data<PricesResult>({ fields, values }, { status: 400 });
  const { url, path } = requestedPath(args.request);
  const back = new URL(path, url);
  if (Object.keys(prices).length === 0) {
    back.searchParams.set("done", "unchanged");
    throw redirect(back.pathname + back.search);
  }
  const result = await api.setPrices({ prices });
  if (!result.ok) {
    const problem = formProblem(
      result,
      Object.fromEntries(current.data.items.map((item) => [`prices.${item.product}`, item.product])) as Record<
        string,
        ProductId
      >,
    );
    const error = result.status === 409 ? "adminPayments.prices.conflict" : problem.error;
    return data<PricesResult>({ fields: problem.fields, error, values }, { status: problem.status });
  }
  back.searchParams.set("done", "saved");
  throw redirect(back.pathname + back.search);
}

export default function AdminPrices({ loaderData }: Route.ComponentProps) {
  const { items, done } = loaderData;
  const { t, intl } = useI18n();
  const lp = useLocalePath();
  const text = usePaymentText();
  const posted = useActionData<typeof action>() as PricesResult | undefined;
  const busy = useNavigation().state === "submitting";
  const changedBy = (item: ApiProductPrice) =>
    item.updated_at && item.updated_by
      ? t("adminPayments.prices.changed", {
          name: item.updated_by.name,
          when: intl.formatDate(item.updated_at, { dateStyle: "medium", timeStyle: "short" }),
        })
      : t("adminPayments.prices.reference");

  return (
    <>
      <PageIntro pageKey="adminPrices">
        <p>
          <Link to={lp(privatePaths.admin.payments())}>{t("adminPayments.prices.ledger")}</Link>
        </p>
      </PageIntro>
      <p role="status" className={done ? styles.confirmation : styles.quiet} data-testid="prices-status">
        {done ? t(`adminPayments.prices.done.${done}`) : ""}
      </p>
      {posted?.error ? (
        <p role="alert" className={styles.alert}>
          {t(posted.error)}
        </p>
      ) : null}
      <Form method="post" className={styles.prices} noValidate>
        <p className={styles.note}>
          {t("adminPayments.prices.hint", { max: text.money(PRODUCT_PRICE_MAX_CENTS, "EUR") })}
        </p>
        {items.map((item) => (
          <Field
            key={item.product}
            label={t("adminPayments.prices.label", { product: text.product(item.product), currency: item.currency })}
            hint={`${t("adminPayments.prices.now", { price: text.money(item.amount_cents, item.currency) })} · ${changedBy(item)}`}
            error={posted?.fields[item.product]}
            errorValues={{ max: PRODUCT_PRICE_MAX_CENTS / 100, min: 0.01 }}
          >
            {(props) => (
              <input
                {...props}
                name={item.product}
                inputMode="decimal"
                autoComplete="off"
                defaultValue={posted?.values[item.product] ?? eurosOf(item.amount_cents)}
                className={styles.money}
              />
            )}
          </Field>
        ))}
        <button type="submit" className={styles.primary} disabled={busy}>
          {t("adminPayments.prices.save")}
        </button>
      </Form>
    </>
  );
}
