import { Form, useNavigation } from "react-router";
import { LANGS, TOOLTIP_TEXT_MAX } from "#shared/api/admin-content.ts";
import { appContext } from "#client/app-context.server.ts";
import {
  ContentAlert,
  ContentNav,
  contentStyles as styles,
  doneOf,
  DoneStatus,
  formValues,
  LangFields,
} from "#client/components/admin/content-form.tsx";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { requireEditor } from "#client/guards.server.ts";
import { unavailable } from "#client/http-errors.server.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/content-tooltips";
import { afterPost, textsOf } from "./content-action.server.ts";

const MESSAGES = pageTextScopes(["adminTooltips"], "adminTexts", "validation");
const TEXTS = LANGS.map((lang) => `text_${lang}`);

/**
 * The tooltips the site's forms and pages show, each by the key the code names it with —
 * their texts in en/ru/sr are edited here (keys are never added or removed: the code owns them).
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  requireEditor(args);
  const result = await args.context.get(appContext).api.adminTooltips();
  if (!result.ok) throw unavailable();
  return { items: result.data.items, done: doneOf(args.request) };
});

export const meta: Route.MetaFunction = (args) => pageMeta(args, "adminTooltips", {}, { indexable: false });

export async function action(args: Route.ActionArgs) {
  requireEditor(args);
  const form = await args.request.formData();
  const key = String(form.get("key") ?? "");
  const values = textsOf(form, TEXTS);
  const result = await args.context
    .get(appContext)
    .api.updateTooltip(key, values as { text_en: string; text_ru: string; text_sr: string });
  return afterPost(args.request, result, "saved", key, values, `tooltip-${key}`);
}

export default function AdminTooltips({ loaderData, actionData }: Route.ComponentProps) {
  const { items, done } = loaderData;
  const { t } = useI18n();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageIntro pageKey="adminTooltips" />
      <ContentNav />
      <DoneStatus done={done} />
      <ContentAlert state={actionData} />
      <ul className={styles.list} data-testid="tooltip-items">
        {items.map((item) => (
          <li key={item.key} id={`tooltip-${item.key}`} className={styles.item}>
            <h2 className={styles.itemHeading}>
              <code>{item.key}</code>
            </h2>
            <Form method="post" className={styles.form}>
              <input type="hidden" name="key" value={item.key} />
              <LangFields
                idBase={`tooltip-${item.key}`}
                name="text"
                label={t("adminTexts.tooltips.text")}
                value={formValues(actionData, item.key, item)}
                fields={actionData?.form === item.key ? actionData.fields : {}}
                maxLength={TOOLTIP_TEXT_MAX}
                rows={2}
              />
              <div className={styles.actions}>
                <button type="submit" className={styles.button} disabled={busy}>
                  {t("adminTexts.save")}
                </button>
              </div>
            </Form>
          </li>
        ))}
      </ul>
    </>
  );
}
