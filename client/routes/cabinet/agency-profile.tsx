import { Form } from "react-router";
import {
  AGENCY_LANGUAGES,
  AGENCY_LIMITS,
  AGENCY_PHONES_MAX,
  type AgencyLanguage,
  type ApiMyAgency,
} from "#shared/api/agency.ts";
import { ADVERTISER_LIMITS } from "#shared/api/advertiser.ts";
import { srcsetOf } from "#shared/photo-variants.ts";
import { Field, messageOf } from "#client/components/auth-dialog/form-parts.tsx";
import {
  PHOTO_ACCEPT,
  PHOTO_LIMIT_VALUES,
  photoErrorValues,
} from "#client/components/listing-wizard/photos-messages.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import styles from "./agency.module.css";

/** What the profile's form posts answered, as the agency page's action returns it. */
export interface ProfileResult {
  ok: boolean;
  intent: string | null;
  error?: string;
  fields?: Record<string, string | undefined>;
  values?: Record<string, string>;
}

/** The API's field names of the profile onto the form's (a phone by its place in the list). */
export const PROFILE_FIELDS: Record<string, string> = {
  name: "name",
  licence_number: "licence_number",
  address: "address",
  website: "website",
  languages: "languages",
  phones: "phones.0",
  image: "image",
  ...Object.fromEntries(Array.from({ length: AGENCY_PHONES_MAX }, (_, i) => [`phones.${i}`, `phones.${i}`])),
  ...Object.fromEntries(AGENCY_LANGUAGES.map((_, i) => [`languages.${i}`, "languages"])),
};

/**
 * The profile's form as the API's body: every field (an empty one removes it; the same name and number keep
 * the licence's check), the phones given in their order, the languages ticked.
 */
export function profileBody(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? "").slice(0, 1_000);
  return {
    name: text("name"),
    licence_number: text("licence_number"),
    address: text("address").trim() || null,
    phones: form
      .getAll("phones")
      .map((value) => String(value).slice(0, 100).trim())
      .filter(Boolean),
    website: text("website").trim() || null,
    // Any value posted goes to the API, which refuses one not on the list (400 naming it).
    languages: form.getAll("languages").map((value) => String(value).slice(0, 10)) as AgencyLanguage[],
  };
}

const LOGO_PX = 96;

/**
 * The agency's name and licence number as a form's first two fields: founding an agency's, and the
 * profile's. `error` gives a field's message key by the API's field name.
 */
export function NameAndLicence({
  name,
  licenceNumber,
  error,
}: {
  name: string;
  licenceNumber: string;
  error: (field: string) => string | undefined;
}) {
  const { t } = useI18n();
  return (
    <>
      <Field label={t("cabinetAgency.found.name")} error={error("name")}>
        {(props) => (
          <input
            {...props}
            className={styles.input}
            name="name"
            required
            minLength={ADVERTISER_LIMITS.agencyName.minLength}
            maxLength={ADVERTISER_LIMITS.agencyName.maxLength}
            defaultValue={name}
          />
        )}
      </Field>
      <Field label={t("cabinetAgency.found.licence")} error={error("licence_number")}>
        {(props) => (
          <input
            {...props}
            className={styles.input}
            name="licence_number"
            required
            maxLength={ADVERTISER_LIMITS.licenceNumber.maxLength}
            defaultValue={licenceNumber}
          />
        )}
      </Field>
    </>
  );
}

/**
 * A manager's editing of the agency's profile (decision 104): name, licence number (its check's state
 * beside it), address, phones, website and languages in one plain form; the logo in its own (multipart).
 * What a refused post typed is shown again.
 */
export function AgencyProfile({
  agency,
  profile,
  result,
}: {
  agency: ApiMyAgency;
  profile: NonNullable<ApiMyAgency["profile"]>;
  result: ProfileResult | undefined;
}) {
  const { t } = useI18n();
  const mine = result?.intent === "profile" ? result : undefined;
  const typed = mine?.values;
  const fieldError = (name: string) => mine?.fields?.[name];
  const phones = typed
    ? Array.from({ length: AGENCY_PHONES_MAX }, (_, i) => typed[`phones.${i}`] ?? "")
    : profile.phones;
  const languages = new Set(typed ? (typed.languages ?? "").split(",") : profile.languages);
  const logo = result?.intent === "logo" || result?.intent === "remove_logo" ? result : undefined;
  return (
    <>
      <section className={styles.section} aria-labelledby="agency-profile">
        <h2 id="agency-profile">{t("cabinetAgency.profile.heading")}</h2>
        <p className={styles.lead}>{t("cabinetAgency.profile.lead")}</p>
        <p className={styles.current} data-testid="agency-licence" data-state={profile.licence}>
          {t(`cabinetAgency.profile.licence.${profile.licence}`)}
        </p>
        {mine && !mine.ok && mine.error ? (
          <p role="alert" className={styles.lead}>
            {messageOf(t, mine.error)}
          </p>
        ) : null}
        <Form method="post" className={styles.form} data-testid="agency-profile-form">
          <NameAndLicence
            name={typed?.name ?? agency.name ?? ""}
            licenceNumber={typed?.licence_number ?? profile.licence_number ?? ""}
            error={fieldError}
          />
          <Field label={t("cabinetAgency.profile.address")} error={fieldError("address")}>
            {(props) => (
              <input
                {...props}
                className={styles.input}
                name="address"
                autoComplete="off"
                maxLength={AGENCY_LIMITS.address.maxLength}
                defaultValue={typed?.address ?? profile.address ?? ""}
              />
            )}
          </Field>
          {Array.from({ length: AGENCY_PHONES_MAX }, (_, i) => (
            <Field key={i} label={t("cabinetAgency.profile.phone", { n: i + 1 })} error={fieldError(`phones.${i}`)}>
              {(props) => (
                <input
                  {...props}
                  className={styles.input}
                  type="tel"
                  name="phones"
                  autoComplete="off"
                  maxLength={30}
                  defaultValue={phones[i] ?? ""}
                />
              )}
            </Field>
          ))}
          <Field label={t("cabinetAgency.profile.website")} error={fieldError("website")}>
            {(props) => (
              <input
                {...props}
                className={styles.input}
                type="url"
                name="website"
                pattern="https://.+"
                maxLength={AGENCY_LIMITS.website.maxLength}
                defaultValue={typed?.website ?? profile.website ?? ""}
              />
            )}
          </Field>
          <fieldset
            className={styles.languages}
            aria-describedby={fieldError("languages") ? "agency-languages-error" : undefined}
          >
            <legend>{t("cabinetAgency.profile.languages")}</legend>
            {AGENCY_LANGUAGES.map((code) => (
              <label key={code}>
                <input type="checkbox" name="languages" value={code} defaultChecked={languages.has(code)} />{" "}
                {t(`agencyLanguage.${code}`)}
              </label>
            ))}
            {fieldError("languages") ? (
              <p id="agency-languages-error" role="alert" className={styles.lead}>
                {messageOf(t, fieldError("languages")!)}
              </p>
            ) : null}
          </fieldset>
          <button type="submit" name="intent" value="profile" className={styles.primary}>
            {t("cabinetAgency.profile.save")}
          </button>
        </Form>
      </section>
      <section className={styles.section} aria-labelledby="agency-logo">
        <h2 id="agency-logo">{t("cabinetAgency.logo.heading")}</h2>
        {logo && !logo.ok && logo.error ? (
          <p role="alert" className={styles.lead}>
            {messageOf(t, logo.error)}
          </p>
        ) : null}
        {profile.logo ? (
          <div className={styles.logoRow}>
            <img
              className={styles.logo}
              src={profile.logo.url}
              srcSet={srcsetOf(profile.logo.variants)}
              sizes={`${LOGO_PX}px`}
              width={LOGO_PX}
              height={LOGO_PX}
              alt={t("cabinetAgency.logo.alt")}
              data-testid="agency-logo"
            />
            <Form method="post">
              <button type="submit" name="intent" value="remove_logo" className={styles.secondary}>
                {t("cabinetAgency.logo.remove")}
              </button>
            </Form>
          </div>
        ) : (
          <p className={styles.lead}>{t("cabinetAgency.logo.none")}</p>
        )}
        <Form method="post" encType="multipart/form-data" className={styles.form}>
          <Field
            label={t("cabinetAgency.logo.choose")}
            error={logo?.fields?.image}
            errorValues={logo?.fields?.image ? photoErrorValues(logo.fields.image) : undefined}
            hint={t("cabinetAgency.logo.hint", PHOTO_LIMIT_VALUES)}
          >
            {(props) => (
              <input {...props} className={styles.input} type="file" name="image" accept={PHOTO_ACCEPT} required />
            )}
          </Field>
          <button type="submit" name="intent" value="logo" className={styles.primary}>
            {t("cabinetAgency.logo.save")}
          </button>
        </Form>
      </section>
    </>
  );
}
