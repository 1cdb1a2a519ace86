import { useEffect, useState } from "react";
import { USER_OPTIONS } from "#shared/api/auth.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useHydrated } from "#client/use-hydrated.ts";
import { Field } from "./form-parts.tsx";

export { Field, FieldError, messageOf, WarningIcon } from "./form-parts.tsx";

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
