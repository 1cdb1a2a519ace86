import { ADVERTISER_LIMITS, type AdvertiserType } from "#shared/api/advertiser.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { Field, FieldError } from "./form-parts.tsx";
import styles from "./advertiser-fields.module.css";

export interface AdvertiserValues {
  type: AdvertiserType;
  agencyName?: string;
  licenceNumber?: string;
}

/**
 * Who the account advertises as (decision 087), in the registration dialog and the profile: a private
 * owner or an agency, and an agency's name and licence number. The agency's fields hide while "Private
 * owner" is chosen (CSS `:has`, no script); the action ignores them for an owner.
 */
export function AdvertiserFields({
  values,
  errors = {},
  inputClassName,
}: {
  values: AdvertiserValues;
  errors?: Record<string, string | undefined>;
  inputClassName?: string;
}) {
  const { t } = useI18n();
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t("auth.advertiser.legend")}</legend>
      <div className={styles.choices}>
        {(["owner", "agency"] as const).map((type) => (
          <label key={type} className={styles.choice}>
            <input type="radio" name="advertiser_type" value={type} defaultChecked={values.type === type} />
            <span>{t(`auth.advertiser.${type}`)}</span>
          </label>
        ))}
      </div>
      <FieldError id="advertiser-type-error" message={errors.advertiser_type} />
      <div className={styles.agency}>
        <Field
          label={t("auth.advertiser.agencyName")}
          error={errors.agency_name}
          errorValues={{ min: ADVERTISER_LIMITS.agencyName.minLength!, max: ADVERTISER_LIMITS.agencyName.maxLength! }}
          hint={t("auth.advertiser.agencyHint")}
        >
          {(props) => (
            <input
              {...props}
              className={inputClassName}
              type="text"
              name="agency_name"
              autoComplete="organization"
              maxLength={ADVERTISER_LIMITS.agencyName.maxLength}
              defaultValue={values.agencyName ?? ""}
            />
          )}
        </Field>
        <Field
          label={t("auth.advertiser.licenceNumber")}
          error={errors.licence_number}
          errorValues={{ max: ADVERTISER_LIMITS.licenceNumber.maxLength! }}
          hint={t("auth.advertiser.licenceHint")}
        >
          {(props) => (
            <input
              {...props}
              className={inputClassName}
              type="text"
              name="licence_number"
              autoComplete="off"
              maxLength={ADVERTISER_LIMITS.licenceNumber.maxLength}
              defaultValue={values.licenceNumber ?? ""}
            />
          )}
        </Field>
      </div>
    </fieldset>
  );
}
