import { NavLink } from "react-router";
import { privatePaths } from "#shared/private-paths.ts";
import { LANGS } from "#shared/api/admin-content.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import styles from "./content-form.module.css";

/** What a refused form post returns to its page: which form, the values sent, an error per field. */
export interface ContentFormState {
  /** The form's key: `new`, or the item's id or key. */
  form: string;
  values: Record<string, string>;
  fields: Record<string, string>;
}

/** The values a form shows: what was sent, if this form was refused, else the item's own. */
export function formValues(state: ContentFormState | undefined, form: string, own: object) {
  const sent = state?.form === form ? state.values : null;
  return (name: string) => (sent ? (sent[name] ?? "") : String((own as Record<string, unknown>)[name] ?? ""));
}

/** A labelled text field with its error (localized) beside it; `rows` makes it a text area. */
export function TextField({
  id,
  name,
  label,
  value,
  error,
  maxLength,
  rows,
  lang,
  readOnly,
  hint,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string;
  maxLength: number;
  rows?: number;
  lang?: string;
  readOnly?: boolean;
  hint?: string;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const described = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ");
  const common = {
    id,
    name,
    lang,
    required: true,
    maxLength,
    defaultValue: value,
    className: styles.input,
    "aria-invalid": error ? true : undefined,
    readOnly,
    "aria-describedby": described || undefined,
  };
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {rows ? <textarea rows={rows} {...common} /> : <input type="text" {...common} />}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <FormError id={errorId} error={error} max={maxLength} />
    </div>
  );
}

/** The same text in en, ru and sr: `{name}_en`, `{name}_ru`, `{name}_sr`. */
export function LangFields({
  idBase,
  name,
  label,
  value,
  fields,
  maxLength,
  rows,
}: {
  idBase: string;
  name: string;
  label: string;
  value: (name: string) => string;
  fields: Record<string, string>;
  maxLength: number;
  rows?: number;
}) {
  const { t } = useI18n();
  return (
    <>
      {LANGS.map((lang) => (
        <TextField
          key={lang}
          id={`${idBase}-${name}_${lang}`}
          name={`${name}_${lang}`}
          label={t("adminTexts.inLanguage", { what: label, lang })}
          value={value(`${name}_${lang}`)}
          error={fields[`${name}_${lang}`]}
          maxLength={maxLength}
          rows={rows}
          lang={lang === "sr" ? "sr-Latn" : lang}
        />
      ))}
    </>
  );
}

/** The confirmations the pages say after a change (`?done=`). */
const DONE = ["created", "saved", "deleted", "moved"] as const;
export const doneOf = (request: Request) => {
  const done = new URL(request.url).searchParams.get("done");
  return (DONE as readonly (string | null)[]).includes(done) ? done : null;
};

/** A field's error, localized (`max` for the lengths). */
export function FormError({ id, error, max }: { id: string; error?: string; max?: number }) {
  const { t } = useI18n();
  return error ? (
    <p id={id} className={styles.error}>
      {t(error, { max: max ?? 0, min: 1 })}
    </p>
  ) : null;
}

/** Refusals that name no field (the item gone meanwhile, a tag not empty…), at the top of the page. */
const CODES = ["not_found", "tag_not_empty", "at_end", "conflict"];
export function ContentAlert({ state }: { state?: { code?: string; fields?: Record<string, string> } }) {
  const { t } = useI18n();
  if (!state?.code) return null;
  const named = Object.keys(state.fields ?? {}).length > 0;
  return (
    <p role="alert" className={styles.alert}>
      {named
        ? t("adminTexts.error.fields")
        : t(`adminTexts.error.${CODES.includes(state.code) ? state.code : "other"}`)}
    </p>
  );
}

/** The confirmation of the last change (after the redirect), announced politely. */
export function DoneStatus({ done }: { done: string | null }) {
  const { t } = useI18n();
  return (
    <p role="status" className={done ? styles.confirmation : styles.quiet} data-testid="content-status">
      {done ? t(`adminTexts.done.${done}`) : ""}
    </p>
  );
}

/** The content section's pages, beside each other. */
export function ContentNav() {
  const { t } = useI18n();
  const lp = useLocalePath();
  const links = [
    ["articles", privatePaths.admin.articles()],
    ["tags", privatePaths.admin.tags()],
    ["faq", privatePaths.admin.faq()],
    ["advantages", privatePaths.admin.advantages()],
    ["tooltips", privatePaths.admin.tooltips()],
  ] as const;
  return (
    <nav aria-label={t("adminTexts.nav.label")} className={styles.nav}>
      <ul>
        {links.map(([key, to]) => (
          <li key={key}>
            <NavLink to={lp(to)} end>
              {t(`adminTexts.nav.${key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export { styles as contentStyles };
