import { Suspense } from "react";
import { PHONE_WIDGET_DEFAULTS } from "#shared/phone/constants.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { lazyComponent } from "#client/lazy-component.tsx";
import type { PhoneInputProps } from "./phone-input.tsx";
import styles from "./phone-input.module.css";

const PhoneInput = lazyComponent(() => import("./index.ts"));

/**
 * The phone widget as its own chunk (libphonenumber-js and its metadata included). While the chunk loads
 * after a client-side navigation, a plain labelled `type=tel` field stands in; it needs no phone code.
 */
export function LazyPhoneInput(props: PhoneInputProps) {
  return (
    <Suspense fallback={<PhoneInputFallback {...props} />}>
      <PhoneInput {...props} />
    </Suspense>
  );
}

function PhoneInputFallback(props: PhoneInputProps) {
  const { t } = useI18n();
  const id = props.id ?? `${props.name ?? PHONE_WIDGET_DEFAULTS.name}-fallback`;
  return (
    <div className={[styles.root, props.className].filter(Boolean).join(" ")}>
      <label htmlFor={id} className={styles.label}>
        {props.label ?? t("phone.label")}
      </label>
      <div className={styles.field}>
        <input
          id={id}
          className={styles.input}
          type={props.inputType ?? PHONE_WIDGET_DEFAULTS.inputType}
          name={props.name ?? PHONE_WIDGET_DEFAULTS.name}
          autoComplete={(props.autocomplete ?? PHONE_WIDGET_DEFAULTS.autocomplete) ? "tel" : "off"}
          placeholder={props.placeholder ?? t("phone.placeholder")}
          maxLength={props.maxLength ?? PHONE_WIDGET_DEFAULTS.maxLength}
          defaultValue={props.value?.text ?? props.defaultValue?.text}
          required={props.required}
          disabled
        />
      </div>
    </div>
  );
}
