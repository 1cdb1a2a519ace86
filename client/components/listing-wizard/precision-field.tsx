import { useId } from "react";
import { LOCATION_AREA_RADIUS_M, LOCATION_PRECISIONS, type LocationPrecision } from "#shared/map.ts";
import { WarningIcon } from "#client/components/auth-dialog/form-parts.tsx";
import { useI18n } from "#client/i18n/intl.tsx";
import { errorText, type StepProps } from "./wizard-fields.tsx";
import styles from "./wizard.module.css";

const isPrecision = (value: unknown): value is LocationPrecision =>
  (LOCATION_PRECISIONS as readonly unknown[]).includes(value);

/** The precision posted (a refused step) or stored; `exact` for a listing that never chose. */
export function storedPrecision({ listing, result }: StepProps): LocationPrecision {
  const posted = result?.values?.location_precision;
  if (isPrecision(posted)) return posted;
  return listing.location_precision ?? "exact";
}

type I18n = ReturnType<typeof useI18n>;

/** "Only the district (an area of about 1.5 km)": a choice with the radius the public map draws. */
export function precisionText(t: I18n["t"], intl: I18n["intl"], precision: LocationPrecision): string {
  if (precision === "exact") return t("wizard.precision.exact");
  const m = LOCATION_AREA_RADIUS_M[precision];
  const distance =
    m < 1000
      ? intl.formatNumber(m, { style: "unit", unit: "meter" })
      : intl.formatNumber(m / 1000, { style: "unit", unit: "kilometer", maximumFractionDigits: 1 });
  return t(`wizard.precision.${precision}`, { distance });
}

/**
 * "Show on the public map": the exact point, or only an area around it (decision 044) — the owner
 * hides the house. Radios posted with the step's form, so it works without JavaScript; with it the
 * map draws the area the public will see.
 */
export function PrecisionField({
  step,
  value,
  onChange,
}: {
  step: StepProps;
  value: LocationPrecision;
  onChange: (value: LocationPrecision) => void;
}) {
  const { t, intl } = useI18n();
  const id = useId();
  const error = step.result?.fields?.location_precision;
  const describedBy = [error ? `${id}-error` : "", `${id}-hint`].filter(Boolean).join(" ");
  return (
    <fieldset className={styles.choices} aria-describedby={describedBy}>
      <legend>{t("wizard.field.location_precision.label")}</legend>
      <div className={styles.options}>
        {LOCATION_PRECISIONS.map((precision) => (
          <label key={precision}>
            <input
              type="radio"
              name="location_precision"
              value={precision}
              checked={value === precision}
              onChange={() => onChange(precision)}
              {...(error ? { "aria-invalid": true as const } : {})}
            />
            {precisionText(t, intl, precision)}
          </label>
        ))}
      </div>
      <p id={`${id}-hint`} className={styles.hint}>
        {t("wizard.field.location_precision.hint")}
      </p>
      {error ? (
        <p id={`${id}-error`} className={styles.fieldError}>
          <WarningIcon />
          {errorText(t, error)}
        </p>
      ) : null}
    </fieldset>
  );
}
