import { type ReactNode, useEffect, useId, useState } from "react";
import { USER_OPTIONS } from "#shared/api/auth.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useHydrated } from "#client/use-hydrated.ts";
import styles from "./auth-dialog.module.css";

/** Form parts shared by the sign-in dialog and the cabinet's personal page. */
type Translate = ReturnType<typeof useI18n>["t"];

/** A message id from the API or the action; an unknown one reads as the generic error. */
export function messageOf(t: Translate, id: string): string {
  const text = t(id);
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

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  const { t } = useI18n();
  if (!message) return null;
  return (
    <p id={id} className={styles.fieldError}>
      <WarningIcon />
      {messageOf(t, message)}
    </p>
  );
}

export function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string;
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
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/**
 * Seconds left of a wait of `seconds` that started at `key` (ms, when the code was sent; else now);
 * null until the browser counts, so the server's HTML and the no-JavaScript page keep buttons usable.
 */
export function useCountdown(seconds: number | undefined, key: unknown): number | null {
  const [left, setLeft] = useState<number | null>(null);
  const counting = useHydrated();
  const waits = Boolean(seconds && seconds > 0);
  useEffect(() => {
    if (!seconds || seconds <= 0) return;
    // From when the code was sent (the server's clock), never longer than the whole wait.
    const now = Date.now();
    const deadline =
      typeof key === "number" && key > 0 ? Math.min(key + seconds * 1000, now + seconds * 1000) : now + seconds * 1000;
    const tick = () => {
      const remaining = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) window.clearInterval(timer);
    };
    const timer = window.setInterval(tick, 1000);
    tick();
    return () => window.clearInterval(timer);
  }, [seconds, key]);
  return !counting ? null : waits ? left : 0;
}

/** The one-time code field of every verify step: digits only, the code's length, filled by the OS. */
export function CodeField({ error, className }: { error: string | undefined; className: string }) {
  const { t } = useI18n();
  const length = USER_OPTIONS.code_length;
  return (
    <Field label={t("auth.code.label")} error={error}>
      {(props) => (
        <input
          {...props}
          className={className}
          type="text"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern={`\\d{${length}}`}
          minLength={length}
          maxLength={length}
          required
          title={t("auth.code.format", { length })}
        />
      )}
    </Field>
  );
}
