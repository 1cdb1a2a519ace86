import { Form } from "react-router";
import type { Deal } from "#shared/listing-types.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { errorText } from "./wizard-fields.tsx";
import { StepButtons } from "./step-buttons.tsx";
import { TypeIcon } from "./type-icons.tsx";
import type { WizardOptions, WizardResult } from "./wizard-types.ts";
import styles from "./wizard.module.css";

/** Deal × property type; on an existing listing a change drops the facts the new type does not have. */
export function TypeStep({
  options,
  typeId,
  result,
  changing,
}: {
  options: WizardOptions;
  typeId?: number;
  result?: WizardResult;
  /** The listing exists: say what a change of type does. */
  changing: boolean;
}) {
  const { t } = useI18n();
  const error = result?.fields?.type_id ?? result?.error;
  const chosen = result?.values?.type_id ?? (typeId ? String(typeId) : "");
  return (
    <Form method="post" className={styles.form} noValidate>
      {changing ? <p className={styles.hint}>{t("wizard.type.changeHint")}</p> : null}
      {(["sale", "rent"] as const satisfies Deal[]).map((deal) => (
        <fieldset key={deal} className={styles.choices} aria-describedby={error ? "wizard-type-error" : undefined}>
          <legend>{t(`wizard.deal.${deal}`)}</legend>
          <div className={styles.cards}>
            {options.types
              .filter((type) => type.deal === deal)
              .map((type) => (
                <label key={type.id} className={styles.card}>
                  <input
                    type="radio"
                    name="type_id"
                    value={type.id}
                    defaultChecked={chosen === String(type.id)}
                    required
                    {...(error ? { "aria-invalid": true as const } : {})}
                  />
                  <TypeIcon type={type.type} />
                  <span>{t(`form.type.${type.type}`)}</span>
                </label>
              ))}
          </div>
        </fieldset>
      ))}
      {error ? (
        <p id="wizard-type-error" className={styles.fieldError}>
          {errorText(t, error)}
        </p>
      ) : null}
      <StepButtons intent="type" />
    </Form>
  );
}
