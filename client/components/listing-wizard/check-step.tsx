import { Form, Link } from "react-router";
import type { ApiListingEdit, EditField } from "#shared/api/listing-edit.ts";
import type { ApiListingPhoto } from "#shared/api/listing-photos.ts";
import { listingField } from "#shared/listing-fields.ts";
import { LOCALES } from "#shared/locales.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { DuplicateNotice } from "./duplicate-notice.tsx";
import { Thumbnail } from "./photos-step.tsx";
import { precisionText } from "./precision-field.tsx";
import { errorText, type StepProps } from "./wizard-fields.tsx";
import { StepButtons } from "./step-buttons.tsx";
import { isFieldStep, missingByStep, stepFields, stepOfField, WIZARD_STEPS, type WizardStep } from "./wizard-steps.ts";
import styles from "./wizard.module.css";

type Translate = ReturnType<typeof useI18n>["t"];

/** A stored value as the summary reads it. */
function shown(t: Translate, intl: ReturnType<typeof useI18n>["intl"], step: StepProps, name: EditField): string {
  const { listing, options } = step;
  const value = listing[name as keyof ApiListingEdit];
  if (value === null || value === undefined || value === "") return t("wizard.notStated");
  if (typeof value === "boolean") return t(value ? "wizard.flag.yes" : "wizard.flag.no");
  const city = options.cities.find((c) => c.slug === listing.city);
  if (name === "city") return city?.name ?? String(value);
  if (name === "district") return city?.districts.find((d) => d.slug === value)?.name ?? String(value);
  if (name === "heating") return options.heating.find((h) => h.value === value)?.label ?? String(value);
  if (name === "location_precision") return precisionText(t, intl, listing.location_precision);
  if (name === "lang") return LOCALES.find((l) => l.code === value)?.nativeName ?? String(value);
  if (name === "price" || name === "deposit") return `${intl.formatNumber(value as number)} €`;
  if (name === "area" || name === "land_area") return t("format.area", { area: intl.formatNumber(value as number) });
  // A year reads as one ("1972", not "1,972").
  if (listingField(name).year) return String(value);
  if (typeof value === "number") return intl.formatNumber(value, { maximumFractionDigits: 6 });
  return String(value);
}

/** Every step's values with a link to change them, what is still missing, and submitting for review. */
export function CheckStep({
  step,
  stepHref,
  photos,
}: {
  step: StepProps;
  stepHref: (step: WizardStep) => string;
  /** The listing's photos in order (the first is the cover). */
  photos: readonly ApiListingPhoto[];
}) {
  const { t, intl } = useI18n();
  const lp = useLocalePath();
  const { listing, options, result } = step;
  const type = options.types.find((x) => x.id === listing.type_id);
  const required = options.listing.types.find((x) => x.id === listing.type_id)?.required ?? [];
  const missing = missingByStep(listing, required);
  const refused = Object.entries(result?.fields ?? {}) as [EditField, string][];
  const submittable = listing.status === "draft" || listing.status === "rejected";
  return (
    <div className={styles.form}>
      {result?.error ? (
        <p className={styles.error} role="alert">
          {errorText(t, result.error)}
        </p>
      ) : null}
      {refused.length ? (
        <div className={styles.error} role="alert">
          <div>
            <p>{t("wizard.check.refused")}</p>
            <ul>
              {refused.map(([name, id]) => (
                <li key={name}>
                  <Link to={stepHref(stepOfField(name))}>{t(`wizard.field.${name}.label`)}</Link>
                  {": "}
                  {errorText(t, id, options.listing.limits[name], name)}
                </li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
      {result?.duplicate ? (
        <div className={styles.notice} role="alert">
          <DuplicateNotice duplicate={result.duplicate} />
        </div>
      ) : null}
      <div className={styles.summary}>
        {WIZARD_STEPS.filter((s) => s !== "check").map((s) => (
          <section key={s} aria-labelledby={`summary-${s}`}>
            <h3 id={`summary-${s}`}>
              {t(`wizard.step.${s}`)}
              <Link to={stepHref(s)} aria-label={t("wizard.check.editStep", { step: t(`wizard.step.${s}`) })}>
                {t("wizard.check.edit")}
              </Link>
            </h3>
            {s === "type" ? (
              <p>{type ? `${t(`wizard.deal.${type.deal}`)}: ${t(`form.type.${type.type}`)}` : ""}</p>
            ) : s === "photos" ? (
              <>
                <p>{t("wizard.check.photos", { count: listing.photo_count })}</p>
                {photos.length ? (
                  <ol className={styles.thumbs} aria-label={t("wizard.check.photoList")}>
                    {photos.map((photo, index) => (
                      <li key={photo.id}>
                        <Thumbnail photo={photo} n={index + 1} />
                      </li>
                    ))}
                  </ol>
                ) : null}
              </>
            ) : isFieldStep(s) ? (
              <dl>
                {stepFields(s, listing.fields).map((name) => (
                  <div key={name}>
                    <dt>{t(`wizard.field.${name}.label`)}</dt>
                    <dd>
                      {name === "title" && listing.title_generated && listing.title
                        ? t("wizard.check.generatedTitle", { title: listing.title })
                        : shown(t, intl, step, name)}
                    </dd>
                  </div>
                ))}
              </dl>
            ) : null}
            {missing[s]?.length ? (
              <p className={styles.missing}>
                {t("wizard.check.missing", {
                  fields: missing[s].map((f) => t(`wizard.field.${f}.label`)).join(", "),
                })}
              </p>
            ) : null}
          </section>
        ))}
      </div>
      <p>
        <Link to={lp(privatePaths.listing.preview(listing.id))} data-testid="check-preview">
          {t("wizard.check.preview")}
        </Link>
      </p>
      {submittable ? (
        <Form method="post" className={styles.form}>
          <StepButtons intent="submit" back={stepHref("photos")} label={t("wizard.check.submit")} />
          {result?.duplicate ? (
            <button type="submit" name="intent" value="force" className={styles.secondary}>
              {t("wizard.check.force")}
            </button>
          ) : null}
        </Form>
      ) : null}
    </div>
  );
}
