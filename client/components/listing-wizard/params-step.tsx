import { useState } from "react";
import { Form } from "react-router";
import type { ApiPlaceHit } from "#shared/api/locations.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useHydrated } from "#client/use-hydrated.ts";
import { AddressField } from "./address-field.tsx";
import { FlagField, NumberField, SelectField, type StepProps, useFieldState } from "./wizard-fields.tsx";
import { StepButtons } from "./step-buttons.tsx";
import { FIELD_KINDS, stepFields } from "./wizard-steps.ts";
import styles from "./wizard.module.css";

/** Where the property is (gazetteer city and district, address, position) and its facts by type. */
export function ParamsStep({ step, back }: { step: StepProps; back: string }) {
  const { t, intl } = useI18n();
  const { listing, options } = step;
  const fields = stepFields("params", listing.fields);
  const city = useFieldState(step, "city");
  const district = useFieldState(step, "district");
  // With JavaScript the district list follows the chosen city; without it every city's are grouped.
  const [citySlug, setCity] = useState(city.value);
  const [districtSlug, setDistrict] = useState(district.value);
  const hydrated = useHydrated();
  const shown = options.cities.filter((c) => !hydrated || !citySlug || c.slug === citySlug);
  const onPlace = (hit: ApiPlaceHit) => {
    setCity(hit.city.slug);
    setDistrict(hit.kind === "district" ? hit.slug : "");
  };
  const facts = fields.filter((f) => !["city", "district", "address", "lat", "lng"].includes(f));
  const position =
    listing.lat !== null && listing.lng !== null
      ? t("wizard.position", {
          lat: intl.formatNumber(listing.lat, { maximumFractionDigits: 2, minimumFractionDigits: 2 }),
          lng: intl.formatNumber(listing.lng, { maximumFractionDigits: 2, minimumFractionDigits: 2 }),
        })
      : t("wizard.position.none");

  return (
    <Form method="post" className={styles.form} noValidate>
      <fieldset className={styles.choices}>
        <legend>{t("wizard.params.location")}</legend>
        <div className={styles.form}>
          <div className={styles.group}>
            <SelectField
              step={step}
              name="city"
              empty={t("wizard.city.choose")}
              value={citySlug}
              onChange={(value) => {
                setCity(value);
                setDistrict("");
              }}
              choices={options.cities.map((c) => [c.slug, c.name] as const)}
            />
            <SelectField
              step={step}
              name="district"
              empty={t("wizard.district.none")}
              value={districtSlug}
              onChange={setDistrict}
            >
              {shown.map((c) => (
                <optgroup key={c.slug} label={c.name}>
                  {c.districts.map((d) => (
                    <option key={d.slug} value={d.slug}>
                      {d.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </SelectField>
          </div>
          <AddressField step={step} onPlace={onPlace} />
          <div className={styles.group}>
            <NumberField step={step} name="lat" />
            <NumberField step={step} name="lng" />
          </div>
          <p className={styles.preview} role="status">
            {position}
          </p>
        </div>
      </fieldset>
      <fieldset className={styles.choices}>
        <legend>{t("wizard.params.facts")}</legend>
        <div className={styles.group}>
          {facts.map((name) =>
            FIELD_KINDS[name] === "flag" ? (
              <FlagField key={name} step={step} name={name} />
            ) : name === "heating" ? (
              <SelectField
                key={name}
                step={step}
                name={name}
                empty=""
                choices={options.heating.map((h) => [h.value, h.label] as const)}
              />
            ) : (
              <NumberField key={name} step={step} name={name} />
            ),
          )}
        </div>
      </fieldset>
      <StepButtons intent="params" back={back} />
    </Form>
  );
}
