import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { useI18n } from "#client/i18n/intl.tsx";
import { type ContentFormState, contentStyles as styles, formValues } from "./content-form.tsx";

/** What a form's fields get: the ids to build on, the values to show and the errors to show beside them. */
export interface ItemFields {
  idBase: string;
  value: (name: string) => string;
  fields: Record<string, string>;
}

/**
 * A content page's ordered items (the home page's advantages, the FAQ): each opens to its form, moves up
 * or down and is deleted with plain form posts; a form below adds one. `anchor` names each item's element
 * (`{anchor}-{id}`, where a post comes back to) and the add section's heading (`{anchor}-new`).
 */
export function OrderedItems<T extends { id: number }>({
  items,
  anchor,
  state,
  summary,
  fields,
  addTitle,
  addButton,
}: {
  items: T[];
  anchor: string;
  state: ContentFormState | undefined;
  summary: (item: T) => ReactNode;
  fields: (props: ItemFields) => ReactNode;
  addTitle: string;
  addButton: string;
}) {
  const { t } = useI18n();
  const busy = useNavigation().state === "submitting";
  const fieldsOf = (key: string, idBase: string, own: object) =>
    fields({ idBase, value: formValues(state, key, own), fields: state?.form === key ? state.fields : {} });
  return (
    <>
      <ol className={styles.list} data-testid={`${anchor}-items`}>
        {items.map((item, index) => (
          <li key={item.id} id={`${anchor}-${item.id}`} className={styles.item}>
            <details open={state?.form === String(item.id) || undefined}>
              <summary>{summary(item)}</summary>
              <Form method="post" className={styles.form}>
                <input type="hidden" name="id" value={item.id} />
                {fieldsOf(String(item.id), `${anchor}-${item.id}`, item)}
                <div className={styles.actions}>
                  <button type="submit" name="intent" value="save" className={styles.button} disabled={busy}>
                    {t("adminTexts.save")}
                  </button>
                </div>
              </Form>
            </details>
            <Form method="post" className={styles.actions}>
              <input type="hidden" name="id" value={item.id} />
              <button
                type="submit"
                name="intent"
                value="up"
                className={styles.secondary}
                disabled={busy || index === 0}
              >
                {t("adminTexts.up")}
              </button>
              <button
                type="submit"
                name="intent"
                value="down"
                className={styles.secondary}
                disabled={busy || index === items.length - 1}
              >
                {t("adminTexts.down")}
              </button>
              <button type="submit" name="intent" value="delete" className={styles.danger} disabled={busy}>
                {t("adminTexts.delete")}
              </button>
            </Form>
          </li>
        ))}
      </ol>
      <section aria-labelledby={`${anchor}-new`} className={styles.section}>
        <h2 id={`${anchor}-new`}>{addTitle}</h2>
        <Form method="post" className={styles.form}>
          {fieldsOf("new", `${anchor}-new`, {})}
          <div className={styles.actions}>
            <button type="submit" name="intent" value="create" className={styles.button} disabled={busy}>
              {addButton}
            </button>
          </div>
        </Form>
      </section>
    </>
  );
}
