import {
  type ChangeEvent,
  type KeyboardEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { PHONE_WIDGET_DEFAULTS } from "#shared/phone/constants.ts";
import {
  type PhoneInputMode,
  applyMask,
  formatAsYouType,
  formatWithCaret,
  resolveEdit,
} from "#shared/phone/as-you-type.ts";
import {
  type CountryCode,
  type CountryFilter,
  countryList,
  dialCodeOf,
  flagEmoji,
  isCountryAllowed,
  normalizeCountry,
  resolveDefaultCountry,
} from "#shared/phone/countries.ts";
import { phoneCountryFieldName } from "#shared/phone/schema.ts";
import {
  PHONE_ERROR_MESSAGE_IDS,
  type PhoneFormat,
  type PhoneValidation,
  hasOnlyValidCharacters,
  validatePhone,
} from "#shared/phone/validate.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useHydrated } from "#client/use-hydrated.ts";
import { CountryDropdown } from "./country-dropdown.tsx";
import styles from "./phone-input.module.css";

/** Product §3 "Phone input value": the text of the field and the active country (ISO-2). */
export interface PhoneInputValue {
  text: string;
  country: string | undefined;
}

export interface PhoneInputProps extends CountryFilter {
  /** Controlled value; leave unset (and use `defaultValue`) for an uncontrolled field. */
  value?: PhoneInputValue;
  defaultValue?: Partial<PhoneInputValue>;
  /** Every change of text or country, with its validation output (product §3). */
  onChange?: (value: PhoneInputValue, validation: PhoneValidation) => void;
  /** The edge's country (`request.cf.country`, architecture §7) used when `autoDefaultCountry` is on. */
  defaultCountry?: string | undefined;
  autoDefaultCountry?: boolean;
  autoFormat?: boolean;
  /** How the text is written while typing: auto, national or international. */
  mode?: PhoneInputMode;
  /** Format of the validation output's `formatted` (default auto). */
  format?: PhoneFormat;
  inputType?: "tel" | "text";
  name?: string;
  autocomplete?: boolean;
  placeholder?: string;
  maxLength?: number;
  showDialCode?: boolean;
  showFlags?: boolean;
  searchBox?: boolean;
  /** Only digits, spaces, parentheses, hyphen and plus may be typed. */
  validCharactersOnly?: boolean;
  /** Pattern the whole text must match to be valid (a string is anchored like HTML `pattern`). */
  pattern?: string | RegExp;
  /** Input mask: `#` digit, `@` letter, `*` alphanumeric; other characters are literals. Replaces auto-format. */
  mask?: string;
  /** Message set with `setCustomValidity` when the value is invalid; default: the localized reason. */
  invalidMessage?: string;
  /** Visible label; default the localized "Phone number". */
  label?: string;
  id?: string;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  autoFocus?: boolean;
  "aria-describedby"?: string;
  className?: string;
}

const D = PHONE_WIDGET_DEFAULTS;

/**
 * Phone number field with a country selector (product §2, §5, §9, decision 005).
 *
 * Server-rendered (and before hydration) it is a native `<select name="telephone_country">` beside a plain
 * `<input type="tel" name="telephone">`, so forms work without JavaScript and the server validates both
 * with `phoneFormSchema` (shared/phone/schema.ts). After hydration the select becomes the searchable,
 * keyboard-driven listbox with flags and dial codes, and the text is formatted as it is typed.
 */
export function PhoneInput(props: PhoneInputProps) {
  const {
    onChange,
    defaultCountry,
    autoDefaultCountry = D.autoDefaultCountry,
    autoFormat = D.autoFormat,
    mode = D.mode,
    format = "auto",
    inputType = D.inputType,
    name = D.name,
    autocomplete = D.autocomplete,
    maxLength = D.maxLength,
    showDialCode = D.showDialCode,
    showFlags = D.showFlags,
    searchBox = D.searchBox,
    validCharactersOnly = false,
    pattern,
    mask,
    invalidMessage,
    required,
    disabled,
    readOnly,
    autoFocus,
    className,
  } = props;
  const { t, locale } = useI18n();
  const reactId = useId();
  const inputId = props.id ?? `${reactId}-phone`;
  const errorId = `${reactId}-error`;
  const noteId = `${reactId}-note`;
  const inputRef = useRef<HTMLInputElement>(null);
  const fieldRef = useRef<HTMLDivElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const deleteDirection = useRef<"backward" | "forward" | undefined>(undefined);

  const { onlyCountries, ignoredCountries, preferredCountries } = props;
  const filter = { onlyCountries, ignoredCountries, preferredCountries };
  const list = useMemo(
    () => countryList(locale, { onlyCountries, ignoredCountries, preferredCountries }),
    [locale, onlyCountries, ignoredCountries, preferredCountries],
  );
  const initialCountry = resolveDefaultCountry({
    list,
    valueCountry: props.value?.country ?? props.defaultValue?.country,
    lookupCountry: defaultCountry,
    autoDefaultCountry,
  }).country;

  const [inner, setInner] = useState<PhoneInputValue>(() => ({
    text: props.defaultValue?.text ?? "",
    country: initialCountry,
  }));
  const value: PhoneInputValue = props.value
    ? { text: props.value.text, country: normalizeCountry(props.value.country) ?? initialCountry }
    : inner;
  const country = normalizeCountry(value.country);
  const rules = { ...filter, validCharactersOnly, pattern, format };
  const validation = useMemo(
    () =>
      validatePhone(value.text, country, {
        onlyCountries,
        ignoredCountries,
        preferredCountries,
        validCharactersOnly,
        pattern,
        format,
      }),
    [value.text, country, validCharactersOnly, pattern, format, onlyCountries, ignoredCountries, preferredCountries],
  );
  const enhanced = useHydrated();
  const [touched, setTouched] = useState(false);

  const invalid = value.text.trim() !== "" && !validation.valid;
  const message = invalid ? (invalidMessage ?? t(PHONE_ERROR_MESSAGE_IDS[validation.error ?? "INVALID"])) : "";

  // Constraint validation: the form will not submit an invalid number and shows the message.
  useEffect(() => {
    inputRef.current?.setCustomValidity(message);
  }, [message]);

  // Put the caret back where formatting should leave it (after React wrote the new text).
  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    const input = inputRef.current;
    if (caret === null || !input) return;
    pendingCaret.current = null;
    input.setSelectionRange(caret, caret);
  });

  function commit(next: PhoneInputValue) {
    if (!props.value) setInner(next);
    onChange?.(next, validatePhone(next.text, normalizeCountry(next.country), rules));
  }

  function onInput(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const previous = value.text;
    const typed = input.value;
    const typedCaret = input.selectionStart ?? typed.length;
    const nativeType = (event.nativeEvent as InputEvent | undefined)?.inputType;
    const direction =
      nativeType === "deleteContentBackward"
        ? "backward"
        : nativeType === "deleteContentForward"
          ? "forward"
          : deleteDirection.current;
    deleteDirection.current = undefined;

    if (validCharactersOnly && !hasOnlyValidCharacters(typed)) {
      // Refuse the keystroke: the text stays, the caret stays where it was.
      pendingCaret.current = Math.max(0, typedCaret - (typed.length - previous.length));
      input.value = previous;
      input.setSelectionRange(pendingCaret.current, pendingCaret.current);
      return;
    }

    let { text, caret } = resolveEdit(previous, typed, typedCaret, direction);
    let nextCountry: string | undefined = country;
    if (mask) {
      ({ text, caret } = applyMask(text, caret, mask));
    } else if (autoFormat) {
      const formatted = formatWithCaret(text, caret, country, mode);
      text = formatted.text;
      caret = formatted.caret;
      if (formatted.country && isCountryAllowed(formatted.country, filter)) nextCountry = formatted.country;
    } else if (text.trimStart().startsWith("+")) {
      const detected = validatePhone(text, country).country;
      if (detected && isCountryAllowed(detected, filter)) nextCountry = detected;
    }
    pendingCaret.current = caret;
    commit({ text, country: nextCountry });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    deleteDirection.current = event.key === "Backspace" ? "backward" : event.key === "Delete" ? "forward" : undefined;
  }

  /** A new country rewrites an international number's calling code and reformats a national one. */
  function selectCountry(iso2: CountryCode) {
    const dial = dialCodeOf(iso2) ?? "";
    let text = value.text;
    if (text.trimStart().startsWith("+")) {
      const national =
        validation.nationalNumber || text.replace(/\D/g, "").slice((validation.countryCode ?? "").length);
      text = `+${dial}${national}`;
    } else if (mode === "international" && text.trim() === "") {
      text = `+${dial}`;
    }
    if (autoFormat && !mask) text = formatAsYouType(text, iso2, mode).text;
    pendingCaret.current = text.length;
    commit({ text, country: iso2 });
    inputRef.current?.focus();
  }

  const current = list.entries.find((e) => e.iso2 === country);
  const countryField = phoneCountryFieldName(name);
  const describedBy = [props["aria-describedby"], touched && invalid ? errorId : "", !current ? noteId : ""]
    .filter(Boolean)
    .join(" ");

  return (
    <div className={[styles.root, className].filter(Boolean).join(" ")}>
      <label htmlFor={inputId} className={styles.label}>
        {props.label ?? t("phone.label")}
      </label>
      <div className={styles.field} ref={fieldRef} data-invalid={(touched && invalid) || undefined}>
        {enhanced ? (
          <>
            <CountryDropdown
              entries={list.entries}
              preferredCount={list.preferredCount}
              country={country}
              onSelect={selectCountry}
              anchorRef={fieldRef}
              showDialCode={showDialCode}
              showFlags={showFlags}
              searchBox={searchBox}
              disabled={disabled || readOnly}
              locale={locale}
              onTabForward={() => inputRef.current?.focus()}
            />
            <input type="hidden" name={countryField} value={country ?? ""} />
          </>
        ) : (
          <select
            name={countryField}
            className={styles.nativeSelect}
            aria-label={t("phone.country.label")}
            value={country ?? ""}
            disabled={disabled}
            onChange={(event) => commit({ text: value.text, country: event.currentTarget.value || undefined })}
          >
            {current ? null : <option value="">{t("phone.country.short")}</option>}
            {list.entries.map((entry) => (
              <option key={entry.iso2} value={entry.iso2}>
                {`${showFlags ? `${flagEmoji(entry.iso2)} ` : ""}${entry.name}${showDialCode ? ` +${entry.dialCode}` : ""}`}
              </option>
            ))}
          </select>
        )}
        <input
          ref={inputRef}
          id={inputId}
          className={styles.input}
          type={inputType}
          name={name}
          inputMode="tel"
          autoComplete={autocomplete ? "tel" : "off"}
          placeholder={props.placeholder ?? t("phone.placeholder")}
          maxLength={maxLength}
          pattern={typeof pattern === "string" ? pattern : undefined}
          value={value.text}
          required={required}
          disabled={disabled}
          readOnly={readOnly}
          autoFocus={autoFocus}
          aria-invalid={(touched && invalid) || undefined}
          aria-describedby={describedBy || undefined}
          onChange={onInput}
          onKeyDown={onKeyDown}
          onBlur={() => setTouched(true)}
        />
      </div>
      {!current ? (
        <p id={noteId} className={styles.note} role="status">
          {t("phone.country.lookupFailed")}
        </p>
      ) : null}
      {touched && invalid ? (
        <p id={errorId} className={styles.error}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
