import {
  ADVANTAGE_ICONS,
  ADVANTAGE_TEXT_MAX,
  ADVANTAGE_TITLE_MAX,
  type ApiAdminAdvantage,
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
import type { Route } from "./+types/content-advantages";
import { orderedItemsAction, textsOf } from "./content-action.server.ts";

const MESSAGES = pageTextScopes(["adminAdvantages"], "adminTexts", "validation");
const TEXTS = LANGS.flatMap((lang) => [`title_${lang}`, `text_${lang}`]);

/**
 * The home page's advantages — edit each in en/ru/sr with its icon (one of the home page's
 * set), add, reorder (up/down), delete. Editors and admins (404 for others); plain form posts that come back saying what was done.
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  requireEditor(args);
  const result = await args.context.get(appContext).api.adminAdvantages();
  if (!result.ok) throw unavailable();
  return { items: result.data.items, done: doneOf(args.request) };
});

export const meta: Route.MetaFunction = (args) => pageMeta(args, "adminAdvantages", {}, { indexable: false });

export async function action(args: Route.ActionArgs) {
  requireEditor(args);
  const api = args.context.get(appContext).api;
  const form = await args.request.formData();
  return orderedItemsAction(args.request, form, {
    anchor: "advantage",
    values: { icon: String(form.get("icon") ?? ""), ...textsOf(form, TEXTS) },
    api: {
      create: api.createAdvantage,
      update: api.updateAdvantage,
      remove: api.deleteAdvantage,
      move: (id, direction) => api.moveAdvantage(id, { direction }),
    },
  });
}

function AdvantageFields({ idBase, value, fields }: ItemFields) {
  const { t } = useI18n();
  const iconId = `${idBase}-icon`;
  return (
    <>
      <div className={styles.field}>
        <label htmlFor={iconId}>{t("adminTexts.advantages.icon")}</label>
        <select
          id={iconId}
          name="icon"
          defaultValue={value("icon") || ADVANTAGE_ICONS[0]}
          className={styles.input}
          aria-invalid={fields.icon ? true : undefined}
          aria-describedby={fields.icon ? `${iconId}-error` : undefined}
        >
          {ADVANTAGE_ICONS.map((icon) => (
            <option key={icon} value={icon}>
              {t(`adminTexts.advantages.iconName.${icon}`)}
            </option>
          ))}
        </select>
        <FormError id={`${iconId}-error`} error={fields.icon} />
      </div>
      <LangFields
        idBase={idBase}
        name="title"
        label={t("adminTexts.advantages.title")}
        value={value}
        fields={fields}
        maxLength={ADVANTAGE_TITLE_MAX}
      />
      <LangFields
        idBase={idBase}
        name="text"
        label={t("adminTexts.advantages.text")}
        value={value}
        fields={fields}
        maxLength={ADVANTAGE_TEXT_MAX}
        rows={3}
      />
    </>
  );
}

export default function AdminAdvantages({ loaderData, actionData }: Route.ComponentProps) {
  const { items, done } = loaderData;
  const { t, locale } = useI18n();
  return (
    <>
      <PageIntro pageKey="adminAdvantages" />
      <ContentNav />
      <DoneStatus done={done} />
      <ContentAlert state={actionData} />
      <OrderedItems<ApiAdminAdvantage>
        items={items}
        anchor="advantage"
        state={actionData}
        summary={(item) => (
          <>
            {item[`title_${locale}`]}{" "}
            <span className={styles.meta}>· {t(`adminTexts.advantages.iconName.${item.icon}`)}</span>
          </>
        )}
        fields={AdvantageFields}
        addTitle={t("adminTexts.advantages.add")}
        addButton={t("adminTexts.advantages.addButton")}
      />
    </>
  );
}
