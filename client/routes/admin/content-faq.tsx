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
  LangFields,
} from "#client/components/admin/content-form.tsx";
import { type ItemFields, OrderedItems } from "#client/components/admin/ordered-items.tsx";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { requireEditor } from "#client/guards.server.ts";
import { unavailable } from "#client/http-errors.server.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/content-faq";
import { orderedItemsAction, textsOf } from "./content-action.server.ts";

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
  return orderedItemsAction(args.request, form, {
    anchor: "faq",
    values: { category: String(form.get("category") ?? ""), ...textsOf(form, TEXTS) },
    api: {
      create: api.createFaq,
      update: api.updateFaq,
      remove: api.deleteFaq,
      move: (id, direction) => api.moveFaq(id, { direction }),
    },
  });
}

function FaqFields({ idBase, value, fields }: ItemFields) {
  const { t } = useI18n();
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
  return (
    <>
      <PageIntro pageKey="adminFaq" />
      <ContentNav />
      <DoneStatus done={done} />
      <ContentAlert state={actionData} />
      <OrderedItems<ApiAdminFaq>
        items={items}
        anchor="faq"
        state={actionData}
        summary={(item) => (
          <>
            {item[`question_${locale}`]} <span className={styles.meta}>· {t(`faq.category.${item.category}`)}</span>
          </>
        )}
        fields={FaqFields}
        addTitle={t("adminTexts.faq.add")}
        addButton={t("adminTexts.faq.addButton")}
      />
    </>
  );
}
