import { Form, useNavigation } from "react-router";
import {
  type ApiAdminFaq,
  FAQ_ANSWER_MAX,
  FAQ_CATEGORIES,
  FAQ_QUESTION_MAX,
  LANGS,
} from "#shared/api/admin-content.ts";
import { appContext } from "#client/app-context.server.ts";
import {
  ContentAlert,
  ContentNav,
  contentStyles as styles,
  doneOf,
  DoneStatus,
  FormError,
  formValues,
  LangFields,
} from "#client/components/admin/content-form.tsx";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { requireEditor } from "#client/guards.server.ts";
import { unavailable } from "#client/http-errors.server.ts";
import { parseId } from "#client/id-param.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/content-faq";
import { afterPost, textsOf } from "./content-action.server.ts";

const MESSAGES = pageTextScopes(["adminFaq"], "adminTexts", "faq.category", "validation");
const TEXTS = LANGS.flatMap((lang) => [`question_${lang}`, `answer_${lang}`]);

/**
 * The FAQ page's questions — edit each in en/ru/sr with its topic, add, reorder (up/down),
 * delete. Editors and admins (404 for others); plain form posts that come back saying what was done.
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  requireEditor(args);
  const result = await args.context.get(appContext).api.adminFaq();
  if (!result.ok) throw unavailable();
  return { items: result.data.items, done: doneOf(args.request) };
});

export const meta: Route.MetaFunction = (args) => pageMeta(args, "adminFaq", {}, { indexable: false });

export async function action(args: Route.ActionArgs) {
  requireEditor(args);
  const api = args.context.get(appContext).api;
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = parseId(String(form.get("id") ?? ""));
  const values = { category: String(form.get("category") ?? ""), ...textsOf(form, TEXTS) };
  const body = values as Parameters<typeof api.createFaq>[0];
  if (intent === "create") return afterPost(args.request, await api.createFaq(body), "created", "new", values);
  if (!id) throw unavailable();
  const anchor = `faq-${id}`;
  if (intent === "save")
    return afterPost(args.request, await api.updateFaq(id, body), "saved", String(id), values, anchor);
  if (intent === "delete") return afterPost(args.request, await api.deleteFaq(id), "deleted", String(id), {});
  if (intent === "up" || intent === "down") {
    return afterPost(args.request, await api.moveFaq(id, { direction: intent }), "moved", String(id), {}, anchor);
  }
  throw unavailable();
}

function FaqFields({
  idBase,
  item,
  state,
}: {
  idBase: string;
  item: Partial<ApiAdminFaq>;
  state: Route.ComponentProps["actionData"];
}) {
  const { t } = useI18n();
  const key = item.id === undefined ? "new" : String(item.id);
  const value = formValues(state, key, item);
  const fields = state?.form === key ? state.fields : {};
  const categoryId = `${idBase}-category`;
  return (
    <>
      <div className={styles.field}>
        <label htmlFor={categoryId}>{t("adminTexts.faq.category")}</label>
        <select
          id={categoryId}
          name="category"
          defaultValue={value("category") || FAQ_CATEGORIES[0]}
          className={styles.input}
          aria-invalid={fields.category ? true : undefined}
          aria-describedby={fields.category ? `${categoryId}-error` : undefined}
        >
          {FAQ_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {t(`faq.category.${category}`)}
            </option>
          ))}
        </select>
        <FormError id={`${categoryId}-error`} error={fields.category} />
      </div>
      <LangFields
        idBase={idBase}
        name="question"
        label={t("adminTexts.faq.question")}
        value={value}
        fields={fields}
        maxLength={FAQ_QUESTION_MAX}
      />
      <LangFields
        idBase={idBase}
        name="answer"
        label={t("adminTexts.faq.answer")}
        value={value}
        fields={fields}
        maxLength={FAQ_ANSWER_MAX}
        rows={5}
      />
    </>
  );
}

export default function AdminFaq({ loaderData, actionData }: Route.ComponentProps) {
  const { items, done } = loaderData;
  const { t, locale } = useI18n();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageIntro pageKey="adminFaq" />
      <ContentNav />
      <DoneStatus done={done} />
      <ContentAlert state={actionData} />
      <ol className={styles.list} data-testid="faq-items">
        {items.map((item, index) => (
          <li key={item.id} id={`faq-${item.id}`} className={styles.item}>
            <details open={actionData?.form === String(item.id) || undefined}>
              <summary>
                {item[`question_${locale}`]} <span className={styles.meta}>· {t(`faq.category.${item.category}`)}</span>
              </summary>
              <Form method="post" className={styles.form}>
                <input type="hidden" name="id" value={item.id} />
                <FaqFields idBase={`faq-${item.id}`} item={item} state={actionData} />
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
      <section aria-labelledby="faq-new" className={styles.section}>
        <h2 id="faq-new">{t("adminTexts.faq.add")}</h2>
        <Form method="post" className={styles.form}>
          <FaqFields idBase="faq-new" item={{}} state={actionData} />
          <div className={styles.actions}>
            <button type="submit" name="intent" value="create" className={styles.button} disabled={busy}>
              {t("adminTexts.faq.addButton")}
            </button>
          </div>
        </Form>
      </section>
    </>
  );
}
