import { Form, Link, useActionData, useNavigation } from "react-router";
import type { Price } from "#shared/api/contact.ts";
import type { Limits } from "#shared/validation.ts";
import { messagesHref } from "#client/components/messages/messages-href.ts";
import { limitValues } from "#client/i18n/limit-values.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import styles from "./listing-facts.module.css";

/** What the detail route's action answers to the owner block's forms. */
export type ContactResult =
  | { intent: "reveal"; phone: string }
  /** The message went into the visitor's conversation about the listing, which the confirmation links to. */
  | { intent: "message"; sent: true; conversation: number }
  | {
      intent: "reveal" | "message";
      /** Message ids (client/api/form-problem.server.ts): the whole form's, and the message field's. */
      error?: string;
      fields: { text?: string };
      serverMessage?: string;
    };

/** A number the visitor may see; `paid`: because they paid for it (not their own listing's). */
export interface ShownPhone {
  number: string;
  paid: boolean;
}

/** A signed-in visitor's ways to the owner: reveal the phone number (paid), write a message. */
export default function ContactForms({
  revealPrice,
  phone: shown = null,
  messageLimits,
}: {
  revealPrice: Price | null;
  phone?: ShownPhone | null;
  messageLimits: Limits;
}) {
  const { t, intl } = useI18n();
  const lp = useLocalePath();
  const result = useActionData() as ContactResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const formatted = (price: Price) =>
    intl.formatNumber(price.amount, { style: "currency", currency: price.currency, minimumFractionDigits: 2 });
  const failed = result && "fields" in result ? result : null;
  const failure = (intent: "reveal" | "message") => {
    if (failed?.intent !== intent) return null;
    const field = failed.fields.text;
    return field ? t(field, limitValues(messageLimits)) : failed.error ? t(failed.error) : null;
  };
  const phone = result && "phone" in result ? result.phone : (shown?.number ?? null);
  const sent = result && "sent" in result ? result : null;

  const money = revealPrice ? formatted(revealPrice) : null;
  return (
    <>
      {/*
        The phone's contact bar, fixed at the foot of the screen: "Show phone" posts the same
        reveal, "Call" once the number is shown; "Message" leads to the field below (a fragment link opens its
        <details> without JavaScript too), or to the confirmation once sent.
      */}
      <div className={styles.contactBar} role="group" aria-label={t("phone.bar.label")} data-testid="contact-bar">
        {phone ? (
          <a className={styles.button} href={`tel:${phone}`}>
            {t("phone.bar.call")}
          </a>
        ) : (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="reveal" />
            <button type="submit" className={styles.button} disabled={busy === "reveal"}>
              {t("phone.bar.showPhone")}
              {money ? <span className={styles.barPrice}>{money}</span> : null}
            </button>
          </Form>
        )}
        <a
          className={styles.secondary}
          href={sent ? "#detail-owner" : "#owner-message"}
          onClick={(event) => {
            const field = document.getElementById("owner-message");
            if (!field) return;
            event.preventDefault();
            field.closest("details")?.setAttribute("open", "");
            field.focus();
          }}
        >
          {t("phone.bar.message")}
        </a>
      </div>
      {phone ? (
        <>
          <p className={styles.phone}>
            {t("detail.owner.phone")}{" "}
            <a href={`tel:${phone}`} data-testid="owner-phone">
              {phone}
            </a>
          </p>
          {shown?.paid ? <p className={styles.note}>{t("detail.owner.paidNote")}</p> : null}
        </>
      ) : (
        <Form method="post" preventScrollReset className={styles.contactActions}>
          <input type="hidden" name="intent" value="reveal" />
          <button type="submit" className={styles.button} disabled={busy === "reveal"}>
            {revealPrice
              ? t("detail.owner.showPhonePrice", { price: formatted(revealPrice) })
              : t("detail.owner.showPhone")}
          </button>
        </Form>
      )}
      {revealPrice && !phone ? (
        <p className={styles.note}>{t("detail.owner.revealNote", { price: formatted(revealPrice) })}</p>
      ) : null}
      {failure("reveal") ? (
        <p className={styles.error} role="alert">
          {failure("reveal")}
        </p>
      ) : null}
      {sent ? (
        <p className={styles.note} role="status">
          {t("detail.owner.sent")}{" "}
          <Link to={lp(messagesHref({ c: sent.conversation }))} data-testid="open-conversation">
            {t("detail.owner.openConversation")}
          </Link>
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
  );
}
