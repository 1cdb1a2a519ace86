import { Form } from "react-router";
import { FlagField, NumberField, type StepProps } from "./wizard-fields.tsx";
import { StepButtons } from "./step-buttons.tsx";
import { FIELD_KINDS, stepFields } from "./wizard-steps.ts";
import styles from "./wizard.module.css";

/** Price in euros and, for rentals, deposit and pets; furnished where the type has it. */
export function ConditionsStep({ step, back }: { step: StepProps; back: string }) {
  return (
    <Form method="post" className={styles.form} noValidate>
      <div className={styles.group}>
        {stepFields("conditions", step.listing.fields).map((name) =>
          FIELD_KINDS[name] === "flag" ? (
            <FlagField key={name} step={step} name={name} />
          ) : (
            <NumberField key={name} step={step} name={name} />
          ),
        )}
      </div>
      <StepButtons intent="conditions" back={back} />
    </Form>
  );
}
