import { useEffect, useRef } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { useI18n } from "#client/i18n/intl.tsx";
import { limitValues } from "#client/i18n/limit-values.ts";
import {
  FEEDBACK_FIELDS,
  type FeedbackActionData,
  type FeedbackField,
  type FeedbackLimits,
} from "./feedback-fields.ts";
import styles from "./feedback-form.module.css";

/**
 * "Ask us a question": a plain form post to the page's own action (`feedbackAction`), so it works
 * without JavaScript. The browser checks the same limits as the API first; errors the API still
 * finds come back next to their fields, and focus moves to the first of them.
 */
export function FeedbackForm({ action, limits }: { action: string; limits: FeedbackLimits }) {
  const { t } = useI18n();
  const result = useActionData<FeedbackActionData>();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formAction === action;
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!result) return;
    const first = FEEDBACK_FIELDS.find((field) => result.errors[field]);
    const target = first
      ? formRef.current?.elements.namedItem(first)
      : formRef.current?.querySelector("[data-form-error]");
    if (target instanceof HTMLElement) target.focus();
  }, [result]);

  const field = (name: FeedbackField) => {
    const error = result?.errors[name];
    const id = `feedback-${name}`;
    const common = {
      id,
      name,
      defaultValue: result?.values[name],
      required: true,
      maxLength: limits[name].maxLength,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `${id}-error` : undefined,
      className: styles.input,
    };
    return (
      <div className={styles.field}>
        <label htmlFor={id}>{t(`feedback.${name}`)}</label>
        {name === "question" ? (
          <textarea {...common} rows={5} minLength={limits.question.minLength} />
        ) : name === "email" ? (
          <input {...common} type="email" autoComplete="email" inputMode="email" />
        ) : (
          <input {...common} type="text" autoComplete="name" />
        )}
        {name === "question" ? (
          <p className={styles.hint}>{t("feedback.questionHint", { min: limits.question.minLength ?? 0 })}</p>
        ) : null}
        {error ? (
          <p id={`${id}-error`} className={styles.error}>
            {t(error, limitValues(limits[name]))}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <section className={styles.box} aria-labelledby="feedback-heading" id="feedback">
      <h2 id="feedback-heading">{t("feedback.heading")}</h2>
      <p className={styles.intro}>{t("feedback.intro")}</p>
      <Form method="post" action={action} ref={formRef} className={styles.form}>
        {result?.failed ? (
          <p className={styles.formError} role="alert" tabIndex={-1} data-form-error="">
            {t("feedback.error.failed")}
          </p>
        ) : null}
        {field("name")}
        {field("email")}
        {field("question")}
        <button type="submit" className={styles.submit} disabled={sending}>
          {sending ? t("feedback.sending") : t("feedback.submit")}
        </button>
      </Form>
    </section>
  );
}
