import { Form, useActionData, useLocation, useNavigation, useRouteLoaderData } from "react-router";
import { AUTH_DIALOG_PARAM, NEXT_PARAM, safeNextPath } from "#shared/auth-links.ts";
import { paths } from "#shared/paths.ts";
import type { ApiListingDetail } from "#shared/api/realty.ts";
import type { Price } from "#shared/api/contact.ts";
import type { Limits } from "#shared/validation.ts";
import { limitValues } from "#client/i18n/limit-values.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import type { RootData } from "#client/root-data.ts";
import styles from "./listing-facts.module.css";

/** The locale home with the sign-in dialog open and `next` = this page, as the guards send people. */
export function signInHref(homePath: string, next: string): string {
  const query = new URLSearchParams({ [AUTH_DIALOG_PARAM]: "signin" });
  const safe = safeNextPath(next);
  if (safe) query.set(NEXT_PARAM, safe);
  return `${homePath}?${query}`;
}

/** What the detail route's action answers to the owner block's forms. */
export type ContactResult =
  | { intent: "reveal"; phone: string }
  | { intent: "message"; sent: true }
  | {
      intent: "reveal" | "message";
      /** Message ids (client/api/form-problem.ts): the whole form's, and the message field's. */
      error?: string;
      fields: { text?: string };
      serverMessage?: string;
    };

/**
 * Who offers the listing and how to reach them. The phone number is not part of the page: signed-out
 * visitors are asked to sign in; signed-in visitors reveal it with a paid call (its price on the
 * button) and write a message — both plain form posts to the page, so they work without JavaScript.
 */
export function OwnerContact({
  owner,
  revealPrice,
  messageLimits,
}: {
  owner: ApiListingDetail["owner"];
  revealPrice: Price | null;
  /** The message field's limits as the API checks them (read from its schema by the loader). */
  messageLimits: Limits;
}) {
  const { t, intl } = useI18n();
  const lp = useLocalePath();
  const { pathname } = useLocation();
  const root = useRouteLoaderData<RootData>("root");
  const result = useActionData() as ContactResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const signedIn = Boolean(root?.user);
  const year = new Date(owner.member_since).getUTCFullYear();
  const href = signInHref(lp(paths.home()), pathname);
  const money = (price: Price) =>
    intl.formatNumber(price.amount, { style: "currency", currency: price.currency, minimumFractionDigits: 2 });
  const failed = result && "fields" in result ? result : null;
  const failure = (intent: "reveal" | "message") => {
    if (failed?.intent !== intent) return null;
    const field = failed.fields.text;
    return field ? t(field, limitValues(messageLimits)) : failed.error ? t(failed.error) : null;
  };
  const phone = result && "phone" in result ? result.phone : null;
  const sent = result && "sent" in result;

  return (
    <section className={styles.owner} aria-labelledby="detail-owner" data-testid="detail-owner">
      <h2 id="detail-owner">{t("detail.owner.heading")}</h2>
      <div>
        <p className={styles.ownerName}>{owner.name}</p>
        <p className={styles.since}>{t("detail.owner.since", { year: String(year) })}</p>
      </div>
      {signedIn ? (
        <>
          {phone ? (
            <p className={styles.phone}>
              {t("detail.owner.phone")}{" "}
              <a href={`tel:${phone}`} data-testid="owner-phone">
                {phone}
              </a>
            </p>
          ) : (
            <Form method="post" preventScrollReset className={styles.contactActions}>
              <input type="hidden" name="intent" value="reveal" />
              <button type="submit" className={styles.button} disabled={busy === "reveal"}>
                {revealPrice
                  ? t("detail.owner.showPhonePrice", { price: money(revealPrice) })
                  : t("detail.owner.showPhone")}
              </button>
            </Form>
          )}
          {revealPrice && !phone ? (
            <p className={styles.note}>{t("detail.owner.revealNote", { price: money(revealPrice) })}</p>
          ) : null}
          {failure("reveal") ? (
            <p className={styles.error} role="alert">
              {failure("reveal")}
            </p>
          ) : null}
          {sent ? (
            <p className={styles.note} role="status">
              {t("detail.owner.sent")}
            </p>
          ) : (
            <details className={styles.message} open={Boolean(failure("message"))}>
              <summary className={styles.secondary}>{t("detail.owner.write")}</summary>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="message" />
                <label htmlFor="owner-message">{t("detail.owner.messageLabel")}</label>
                <textarea
                  id="owner-message"
                  name="text"
                  required
                  maxLength={messageLimits.maxLength}
                  rows={4}
                  aria-invalid={failure("message") ? true : undefined}
                  aria-describedby={failure("message") ? "owner-message-error" : undefined}
                />
                {failure("message") ? (
                  <p id="owner-message-error" className={styles.error} role="alert">
                    {failure("message")}
                  </p>
                ) : null}
                <button type="submit" className={styles.button} disabled={busy === "message"}>
                  {t("detail.owner.send")}
                </button>
              </Form>
            </details>
          )}
        </>
      ) : (
        <>
          <div className={styles.contactActions}>
            <a className={styles.button} href={href} rel="nofollow">
              {t("detail.owner.showPhone")}
            </a>
            <a className={styles.secondary} href={href} rel="nofollow">
              {t("detail.owner.write")}
            </a>
          </div>
          <p className={styles.note}>{t("detail.owner.signIn")}</p>
        </>
      )}
    </section>
  );
}
