import { useState } from "react";
import { Form } from "react-router";
import { generatedListingTitle } from "#shared/listing-title.ts";
import { LOCALES } from "#shared/locales.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { SelectField, type StepProps, TextField, useFieldState } from "./wizard-fields.tsx";
import { StepButtons } from "./step-buttons.tsx";
import styles from "./wizard.module.css";

/** The title made from the facts, as the site will show it in the visitor's language. */
function useGeneratedTitle(step: StepProps): string | null {
  const { intl } = useI18n();
  const { listing, options } = step;
  const type = options.types.find((x) => x.id === listing.type_id);
  const city = options.cities.find((c) => c.slug === listing.city);
  if (!type || !city) return null;
  const district = city.districts.find((d) => d.slug === listing.district)?.name ?? null;
  const { rooms, area, land_area } = listing;
  return generatedListingTitle(
    { deal: type.deal, type: type.type, rooms, area, land_area, city: city.name, district },
    intl,
  );
}

/** The description in the owner's language, and a title of their own or one made from the facts. */
export function DescriptionStep({ step, back }: { step: StepProps; back: string }) {
  const { t, locale } = useI18n();
  const title = useFieldState(step, "title");
  const [ownTitle, setOwnTitle] = useState(title.value.trim() !== "");
  const generated = useGeneratedTitle(step);
  return (
    <Form method="post" className={styles.form} noValidate>
      <SelectField
        step={step}
        name="lang"
        choices={LOCALES.map((l) => [l.code, l.nativeName] as const)}
        fallback={locale}
      />
      <TextField step={step} name="description" multiline />
      <TextField
        step={step}
        name="title"
        onText={(text) => setOwnTitle(text.trim() !== "")}
        after={
          !ownTitle ? (
            <p className={styles.preview} aria-live="polite">
              {generated ? t("wizard.title.generated", { title: generated }) : t("wizard.title.later")}
            </p>
          ) : null
        }
      />
      <StepButtons intent="description" back={back} />
    </Form>
  );
}
