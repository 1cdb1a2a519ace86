/**
 * The wizard's field kinds: each with a label (required ones marked), a hint stating its limits, the
 * API's error next to it (aria-invalid + aria-describedby), and the value posted or stored.
 */
import { type InputHTMLAttributes, type ReactNode, useId, useState } from "react";
import type { ApiListingEdit, EditField } from "#shared/api/listing-edit.ts";
import type { Limits } from "#shared/validation.ts";
import { WarningIcon } from "#client/components/auth-dialog/form-parts.tsx";
import { useI18n } from "#client/i18n/intl.tsx";
import { useHydrated } from "#client/use-hydrated.ts";
import type { WizardOptions, WizardResult } from "./wizard-types.ts";
import { FLAG_VALUES } from "./wizard-steps.ts";
import { listingField } from "#shared/listing-fields.ts";
import styles from "./wizard.module.css";

/** What every step's form is drawn from. */
export interface StepProps {
  listing: ApiListingEdit;
  options: WizardOptions;
  result?: WizardResult;
}

type Translate = ReturnType<typeof useI18n>["t"];

/** The unit shown after a number and in its hint. */
const unitOf = (t: Translate, name: EditField) => {
  const { unit } = listingField(name);
  return unit?.startsWith("wizard.") ? t(unit) : unit;
};

/**
 * A field's error message, with its limits as the message's values (a year's as written, "1800"); an
 * unknown id reads as generic.
 */
export function errorText(t: Translate, id: string, limits: Limits = {}, name?: EditField): string {
  const min = limits.minValue ?? limits.minLength ?? 0;
  const max = limits.maxValue ?? limits.maxLength ?? 0;
  const year = name !== undefined && listingField(name).year === true;
  // validation.range formats its numbers as amounts; a year's range has its own words.
  const text =
    year && id === "validation.range"
      ? t("wizard.error.yearRange", { min: String(min), max: String(max) })
      : t(id, { min, max });
  return text === id ? t("form.error.generic") : text;
}

/** "1–1 000 000 m²", "at most 120 characters": the limit as the hint states it. */
function limitText(t: Translate, name: EditField, limits: Limits): string | null {
  const unit = listingField(name).unit ? ` ${unitOf(t, name)}` : "";
  if (limits.minValue !== undefined && limits.maxValue !== undefined) {
    // Years are no amounts: "1800", never "1,800".
    if (listingField(name).year)
      return t("wizard.limit.years", { min: String(limits.minValue), max: String(limits.maxValue) });
    return t("wizard.limit.range", { min: limits.minValue, max: limits.maxValue, unit });
  }
  if (limits.maxLength !== undefined) {
    return t("wizard.limit.length", { min: limits.minLength ?? 0, max: limits.maxLength });
  }
  return null;
}

/** The stored value of a field as its input shows it. */
function storedText(listing: ApiListingEdit, name: EditField): string {
  const value = listing[name];
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? FLAG_VALUES.yes : FLAG_VALUES.no;
  // The generated title is not the owner's: its field stays empty.
  if (name === "title" && listing.title_generated) return "";
  return String(value);
}

/** A field's label, hint, error and value for this step's form. */
export function useFieldState(props: StepProps, name: EditField) {
  const { t } = useI18n();
  const limits = props.options.listing.limits[name] ?? {};
  const type = props.options.listing.types.find((x) => x.id === props.listing.type_id);
  const posted = props.result?.values;
  const error = props.result?.fields?.[name];
  // A choice's limits (a slug's length) are nothing the owner types: only typed fields state theirs.
  const { kind } = listingField(name);
  const typed = kind !== "choice" && kind !== "flag";
  const hintParts = [t(`wizard.field.${name}.hint`), typed ? limitText(t, name, limits) : null].filter(Boolean);
  return {
    label: t(`wizard.field.${name}.label`),
    required: type?.required.includes(name) ?? false,
    hint: hintParts.join(" "),
    error: error ? errorText(t, error, limits, name) : undefined,
    value: posted ? (posted[name] ?? "") : storedText(props.listing, name),
    limits,
    unit: unitOf(t, name),
  };
}

type ControlProps = { id: string; "aria-describedby"?: string; "aria-invalid"?: true; "aria-required"?: true };

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className={styles.fieldError}>
      <WarningIcon />
      {message}
    </p>
  );
}

function RequiredMark({ required }: { required: boolean }) {
  const { t } = useI18n();
  return required ? <span className={styles.required}> ({t("wizard.required")})</span> : null;
}

/** One labelled control with its hint, an optional live part (a counter) and its error. */
function WizardField({
  state,
  children,
  live,
}: {
  state: ReturnType<typeof useFieldState>;
  children: (props: ControlProps) => ReactNode;
  live?: ReactNode;
}) {
  const id = useId();
  const describedBy = [state.error ? `${id}-error` : "", `${id}-hint`].filter(Boolean).join(" ");
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {state.label}
        <RequiredMark required={state.required} />
      </label>
      {children({
        id,
        "aria-describedby": describedBy,
        ...(state.error ? { "aria-invalid": true as const } : {}),
        ...(state.required ? { "aria-required": true as const } : {}),
      })}
      <p id={`${id}-hint`} className={styles.hint}>
        {state.hint}
      </p>
      {live}
      <FieldError id={`${id}-error`} message={state.error} />
    </div>
  );
}

/** A number typed as people write it ("145 000"); the action parses it (wizard-steps.ts). */
export function NumberField({ step, name }: { step: StepProps; name: EditField }) {
  const state = useFieldState(step, name);
  const whole = state.limits.maxValue !== undefined && listingField(name).kind === "number" && name !== "rooms";
  return (
    <WizardField state={state}>
      {(props) => (
        <span className={styles.unit}>
          <input
            {...props}
            className={styles.input}
            type="text"
            name={name}
            inputMode={whole && !["area", "land_area"].includes(name) ? "numeric" : "decimal"}
            autoComplete="off"
            defaultValue={state.value}
          />
          {state.unit ? <span aria-hidden="true">{state.unit}</span> : null}
        </span>
      )}
    </WizardField>
  );
}

/** "123 / 4 000" as the owner types; without JavaScript the hint states the limit. */
function Counter({ count, max }: { count: number; max: number }) {
  const { t } = useI18n();
  if (!useHydrated()) return null;
  return (
    <p className={styles.counter} aria-hidden="true">
      {t("wizard.counter", { count, max })}
    </p>
  );
}

/** Text with a live length counter; `multiline` a textarea. */
export function TextField({
  step,
  name,
  multiline = false,
  onText,
  after,
  list,
  inputProps,
  popup,
}: {
  step: StepProps;
  name: EditField;
  multiline?: boolean;
  onText?: (text: string) => void;
  after?: ReactNode;
  /** A `<datalist>` of suggestions. */
  list?: string;
  /** More attributes of the one-line input (a combobox's). */
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  /** Drawn right under the input (a combobox's list); given, the input sits in an anchor for it. */
  popup?: ReactNode;
}) {
  const state = useFieldState(step, name);
  const [count, setCount] = useState(state.value.length);
  const max = state.limits.maxLength;
  const onInput = (event: { currentTarget: { value: string } }) => {
    setCount(event.currentTarget.value.length);
    onText?.(event.currentTarget.value);
  };
  const common = { name, maxLength: max, defaultValue: state.value, onInput, className: styles.input };
  return (
    <WizardField
      state={state}
      live={
        <>
          {max ? <Counter count={count} max={max} /> : null}
          {after}
        </>
      }
    >
      {(props) =>
        multiline ? (
          <textarea {...props} {...common} rows={10} />
        ) : popup === undefined ? (
          <input {...props} {...common} type="text" list={list} autoComplete={list ? "off" : undefined} />
        ) : (
          <div className={styles.popupAnchor}>
            <input {...props} {...common} {...inputProps} type="text" />
            {popup}
          </div>
        )
      }
    </WizardField>
  );
}

/** Yes / no / not stated: a fact nobody gave stays unknown. */
export function FlagField({ step, name }: { step: StepProps; name: EditField }) {
  const { t } = useI18n();
  const state = useFieldState(step, name);
  const id = useId();
  const describedBy = [state.error ? `${id}-error` : "", `${id}-hint`].filter(Boolean).join(" ");
  const choices = [
    [FLAG_VALUES.yes, t("wizard.flag.yes")],
    [FLAG_VALUES.no, t("wizard.flag.no")],
    ["", t("wizard.flag.unknown")],
  ] as const;
  return (
    <fieldset className={styles.choices} aria-describedby={describedBy}>
      <legend>
        {state.label}
        <RequiredMark required={state.required} />
      </legend>
      <div className={styles.options}>
        {choices.map(([value, label]) => (
          <label key={value}>
            <input
              type="radio"
              name={name}
              value={value}
              defaultChecked={state.value === value}
              {...(state.error ? { "aria-invalid": true as const } : {})}
            />
            {label}
          </label>
        ))}
      </div>
      <p id={`${id}-hint`} className={styles.hint}>
        {state.hint}
      </p>
      <FieldError id={`${id}-error`} message={state.error} />
    </fieldset>
  );
}

/** A select of `choices` ([value, label]) with an empty "not stated" first. */
export function SelectField({
  step,
  name,
  choices,
  empty,
  value,
  onChange,
  children,
  fallback = "",
}: {
  step: StepProps;
  name: EditField;
  choices?: readonly (readonly [string, string])[];
  empty?: string;
  /** Controlled value (with JavaScript, a choice that drives another field). */
  value?: string;
  onChange?: (value: string) => void;
  /** Options of its own (grouped). */
  children?: ReactNode;
  /** The choice made when nothing is stored. */
  fallback?: string;
}) {
  const { t } = useI18n();
  const state = useFieldState(step, name);
  const controlled =
    value !== undefined
      ? { value, onChange: (e: { target: { value: string } }) => onChange?.(e.target.value) }
      : { defaultValue: state.value || fallback };
  return (
    <WizardField state={state}>
      {(props) => (
        <select {...props} {...controlled} name={name} className={styles.input}>
          {empty !== undefined ? <option value="">{empty || t("wizard.notStated")}</option> : null}
          {choices?.map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
          {children}
        </select>
      )}
    </WizardField>
  );
}
