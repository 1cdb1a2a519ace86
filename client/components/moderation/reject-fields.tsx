import { REJECTION_CODES, type RejectionCode } from "#shared/api/cabinet.ts";
import { REJECTION_REASON_MAX } from "#shared/constants.ts";
import { Field } from "#client/components/auth-dialog/form-parts.tsx";
import { useI18n } from "#client/i18n/intl.tsx";
import styles from "./reject-fields.module.css";

/** What a rejection form sends (shared/api/cabinet.ts RejectBody) and what comes back wrong with it. */
export type RejectField = "code" | "reason";
export interface RejectValues {
  code: string;
  reason: string;
}

/**
 * A moderator's rejection: a reason from REJECTION_CODES (labelled in the page's language; the owner reads
 * the same label in theirs) and/or words of their own — one of them at least, the words when the reason is
 * "other". The API checks it; the form only says so.
 */
export function RejectFields({
  errors = {},
  values,
}: {
  errors?: Partial<Record<RejectField, string>>;
  values?: RejectValues;
}) {
  const { t } = useI18n();
  return (
    <>
      <Field label={t("moderation.code")} error={errors.code}>
        {(props) => (
          <select {...props} name="code" defaultValue={values?.code ?? ""} className={styles.control}>
            <option value="">{t("moderation.codeNone")}</option>
            {REJECTION_CODES.map((code) => (
              <option key={code} value={code}>
                {t(`moderation.rejectionCode.${code}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label={t("moderation.note")}
        hint={t("moderation.noteHint", { max: REJECTION_REASON_MAX })}
        error={errors.reason}
      >
        {(props) => (
          <textarea
            {...props}
            name="reason"
            rows={3}
            maxLength={REJECTION_REASON_MAX}
            defaultValue={values?.reason}
            className={styles.control}
          />
        )}
      </Field>
    </>
  );
}

/** The rejection code of a form post: none when empty; anything else goes to the API, which names it if wrong. */
/** The changes a moderator approves (decision 053): the version the page showed them, when it showed one. */
export function revisionOf(form: FormData): { revision?: string } {
  const revision = form.get("revision");
  return typeof revision === "string" && revision ? { revision } : {};
}

export function rejectionCodeOf(value: FormDataEntryValue | null): RejectionCode | undefined {
  return typeof value === "string" && value !== "" ? (value as RejectionCode) : undefined;
}
