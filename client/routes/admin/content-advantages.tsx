import { Form, useNavigation } from "react-router";
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
import type { Route } from "./+types/content-advantages";
import { afterPost, textsOf } from "./content-action.server.ts";

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
  const intent = String(form.get("intent") ?? "");
  const id = parseId(String(form.get("id") ?? ""));
  const values = { icon: String(form.get("icon") ?? ""), ...textsOf(form, TEXTS) };
  const body = values as Parameters<typeof api.createAdvantage>[0];
  if (intent === "create") return afterPost(args.request, await api.createAdvantage(body), "created", "new", values);
  if (!id) throw unavailable();
  const anchor = `advantage-${id}`;
  if (intent === "save")
    return afterPost(args.request, await api.updateAdvantage(id, body), "saved", String(id), values, anchor);
  if (intent === "delete") return afterPost(args.request, await api.deleteAdvantage(id), "deleted", String(id), {});
  if (intent === "up" || intent === "down") {
    return afterPost(args.request, await api.moveAdvantage(id, { direction: intent }), "moved", String(id), {}, anchor);
  }
  throw unavailable();
}

function AdvantageFields({
  idBase,
  item,
  state,
}: {
  idBase: string;
  item: Partial<ApiAdminAdvantage>;
  state: Route.ComponentProps["actionData"];
}) {
  const { t } = useI18n();
  const key = item.id === undefined ? "new" : String(item.id);
  const value = formValues(state, key, item);
  const fields = state?.form === key ? state.fields : {};
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
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageIntro pageKey="adminAdvantages" />
      <ContentNav />
      <DoneStatus done={done} />
      <ContentAlert state={actionData} />
      <ol className={styles.list} data-testid="advantage-items">
        {items.map((item, index) => (
          <li key={item.id} id={`advantage-${item.id}`} className={styles.item}>
            <details open={actionData?.form === String(item.id) || undefined}>
              <summary>
                {item[`title_${locale}`]}{" "}
                <span className={styles.meta}>· {t(`adminTexts.advantages.iconName.${item.icon}`)}</span>
              </summary>
              <Form method="post" className={styles.form}>
                <input type="hidden" name="id" value={item.id} />
                <AdvantageFields idBase={`advantage-${item.id}`} item={item} state={actionData} />
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
      <section aria-labelledby="advantage-new" className={styles.section}>
        <h2 id="advantage-new">{t("adminTexts.advantages.add")}</h2>
        <Form method="post" className={styles.form}>
          <AdvantageFields idBase="advantage-new" item={{}} state={actionData} />
          <div className={styles.actions}>
            <button type="submit" name="intent" value="create" className={styles.button} disabled={busy}>
              {t("adminTexts.advantages.addButton")}
            </button>
          </div>
        </Form>
      </section>
    </>
  );
}
