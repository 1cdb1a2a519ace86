import { Form } from "react-router";
import { FlagField, NumberField, type StepProps } from "./wizard-fields.tsx";
import { StepButtons } from "./step-buttons.tsx";
import { stepFields } from "./wizard-steps.ts";
import { listingField } from "#shared/listing-fields.ts";
import styles from "./wizard.module.css";

/** Price in euros and, for rentals, deposit and pets; furnished where the type has it. */
export function ConditionsStep({ step, back }: { step: StepProps; back: string }) {
  return (
    <Form method="post" className={styles.form} noValidate>
      <div className={styles.group}>
        {stepFields("conditions", step.listing.fields).map((name) =>
          listingField(name).kind === "flag" ? (
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
