import { type ReactNode, useId } from "react";
import { useI18n } from "#client/i18n/intl.tsx";
import styles from "./auth-dialog.module.css";

/**
 * Form parts shared by the sign-in dialog, the cabinet's personal page and the listing pages. Apart from
 * fields.tsx, which needs the account rules (and so the phone library): a page that only labels fields
 * and shows their errors must not load those.
 */
type Translate = ReturnType<typeof useI18n>["t"];

/** Values a message is formatted with (a limit it names). */
type MessageValues = Record<string, string | number>;

/** A message id from the API or the action; an unknown one reads as the generic error. */
export function messageOf(t: Translate, id: string, values?: MessageValues): string {
  const text = t(id, values);
  return text === id ? t("form.error.generic") : text;
}

export function WarningIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" className={styles.icon}>
      <path d="M12 3l10 18H2L12 3z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      <path d="M12 10v5M12 17.5v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function FieldError({
  id,
  message,
  values,
}: {
  id: string;
  message: string | undefined;
  values?: MessageValues;
}) {
  const { t } = useI18n();
  if (!message) return null;
  return (
    <p id={id} className={styles.fieldError}>
      <WarningIcon />
      {messageOf(t, message, values)}
    </p>
  );
}

export function Field({
  label,
  error,
  errorValues,
  hint,
  children,
}: {
  label: string;
  error?: string;
  /** What the error message is formatted with (a photo's size limit). */
  errorValues?: MessageValues;
  hint?: string;
  children: (props: { id: string; "aria-describedby"?: string; "aria-invalid"?: true }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : "", hint ? hintId : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children({ id, "aria-describedby": describedBy, ...(error ? { "aria-invalid": true as const } : {}) })}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} values={errorValues} />
    </div>
  );
}
