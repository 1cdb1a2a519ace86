import { Form, Link, useNavigation } from "react-router";
import { type ApiAdminTag, LANGS, TAG_MAX_DEPTH, TAG_NAME_MAX, TAG_SLUG_MAX } from "#shared/api/admin-content.ts";
import { paths } from "#shared/paths.ts";
import { appContext } from "#client/app-context.server.ts";
import {
  ContentAlert,
  type ContentFormState,
  ContentNav,
  contentStyles as styles,
  doneOf,
  DoneStatus,
  formValues,
  LangFields,
  TextField,
} from "#client/components/admin/content-form.tsx";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { requireEditor } from "#client/guards.server.ts";
import { unavailable } from "#client/http-errors.server.ts";
import { parseId } from "#client/id-param.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/content-tags";
import { afterPost, textsOf } from "./content-action.server.ts";

const MESSAGES = pageTextScopes(["adminTags"], "adminTexts", "validation");
const TEXTS = ["slug", ...LANGS.map((lang) => `name_${lang}`)];

/**
 * The media section's tag tree (four levels) — add a tag under any tag above the fourth level,
 * rename one in en/ru/sr, change its slug while no article's address holds it, delete one with nothing
 * below it. Editors and admins (404 for others); plain form posts that come back saying what was done.
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  requireEditor(args);
  const result = await args.context.get(appContext).api.adminTags();
  if (!result.ok) throw unavailable();
  return { items: result.data.items, done: doneOf(args.request) };
});

export const meta: Route.MetaFunction = (args) => pageMeta(args, "adminTags", {}, { indexable: false });

export async function action(args: Route.ActionArgs) {
  requireEditor(args);
  const api = args.context.get(appContext).api;
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  const values = textsOf(form, TEXTS);
  const body = values as { slug: string; name_en: string; name_ru: string; name_sr: string };
  if (intent === "create") {
    const parent = String(form.get("parent_id") ?? "");
    // No parent: a top-level tag; a malformed one is refused by the API, naming the field.
    const parentId = parent === "" ? null : (parseId(parent) ?? -1);
    const key = `new-${parent || "root"}`;
    const result = await api.createTag({ parent_id: parentId, ...body });
    const anchor = result.ok ? `tag-${result.data.data.id}` : "";
    return afterPost(args.request, result, "created", key, values, anchor);
  }
  const id = parseId(String(form.get("id") ?? ""));
  if (!id) throw unavailable();
  if (intent === "save")
    return afterPost(args.request, await api.updateTag(id, body), "saved", String(id), values, `tag-${id}`);
  if (intent === "delete") return afterPost(args.request, await api.deleteTag(id), "deleted", String(id), {});
  throw unavailable();
}

type State = (ContentFormState & { code: string }) | undefined;

/** Slug and the three names: a new tag's (under `parent`), or an existing one's. */
function TagFields({ idBase, form, tag, state }: { idBase: string; form: string; tag?: ApiAdminTag; state: State }) {
  const { t } = useI18n();
  const value = formValues(state, form, tag ?? {});
  const fields = state?.form === form ? state.fields : {};
  const locked = tag !== undefined && tag.articles > 0;
  return (
    <>
      <LangFields
        idBase={idBase}
        name="name"
        label={t("adminTexts.tags.name")}
        value={value}
        fields={fields}
        maxLength={TAG_NAME_MAX}
      />
      <TextField
        id={`${idBase}-slug`}
        name="slug"
        label={t("adminTexts.tags.slug")}
        value={value("slug")}
        error={fields.slug}
        maxLength={TAG_SLUG_MAX}
        readOnly={locked}
        hint={locked ? t("adminTexts.tags.slugLocked", { count: tag.articles }) : t("adminTexts.tags.slugHint")}
      />
    </>
  );
}

export default function AdminTags({ loaderData, actionData }: Route.ComponentProps) {
  const { items, done } = loaderData;
  const { t, locale } = useI18n();
  const lp = useLocalePath();
  const busy = useNavigation().state === "submitting";
  const children = new Map<number | null, ApiAdminTag[]>();
  for (const tag of items) children.set(tag.parent_id, [...(children.get(tag.parent_id) ?? []), tag]);
  const state = actionData as State;

  const newTagForm = (parent: ApiAdminTag | null) => {
    const form = `new-${parent?.id ?? "root"}`;
    const idBase = `tag-new-${parent?.id ?? "root"}`;
    return (
      <details open={state?.form === form || undefined}>
        <summary>
          {parent ? t("adminTexts.tags.addBelow", { name: parent[`name_${locale}`] }) : t("adminTexts.tags.addTop")}
        </summary>
        <Form method="post" className={styles.form}>
          <input type="hidden" name="parent_id" value={parent?.id ?? ""} />
          <TagFields idBase={idBase} form={form} state={state} />
          {state?.form === form && state.fields.parent_id ? (
            <p className={styles.error}>{t(state.fields.parent_id, { max: TAG_MAX_DEPTH })}</p>
          ) : null}
          <div className={styles.actions}>
            <button type="submit" name="intent" value="create" className={styles.button} disabled={busy}>
              {t("adminTexts.tags.addButton")}
            </button>
          </div>
        </Form>
      </details>
    );
  };

  const branch = (parent: number | null) => {
    const list = children.get(parent);
    if (!list?.length) return null;
    return (
      <ul className={styles.tree}>
        {list.map((tag) => (
          <li key={tag.id} id={`tag-${tag.id}`} data-path={tag.path.join("/")}>
            <details open={state?.form === String(tag.id) || undefined} className={styles.item}>
              <summary>
                {tag[`name_${locale}`]}{" "}
                <span className={styles.meta}>
                  · <Link to={lp(paths.media(...tag.path))}>/{tag.path.join("/")}/</Link> ·{" "}
                  {t("adminTexts.tags.articles", { count: tag.articles })}
                </span>
              </summary>
              <Form method="post" className={styles.form}>
                <input type="hidden" name="id" value={tag.id} />
                <TagFields idBase={`tag-${tag.id}`} form={String(tag.id)} tag={tag} state={state} />
                <div className={styles.actions}>
                  <button type="submit" name="intent" value="save" className={styles.button} disabled={busy}>
                    {t("adminTexts.save")}
                  </button>
                  {tag.children === 0 && tag.articles === 0 ? (
                    <button
                      type="submit"
                      name="intent"
                      value="delete"
                      className={styles.danger}
                      disabled={busy}
                      formNoValidate
                    >
                      {t("adminTexts.delete")}
                    </button>
                  ) : null}
                </div>
              </Form>
              {tag.depth < TAG_MAX_DEPTH ? newTagForm(tag) : null}
            </details>
            {branch(tag.id)}
          </li>
        ))}
      </ul>
    );
  };

  return (
    <>
      <PageIntro pageKey="adminTags" />
      <ContentNav />
      <DoneStatus done={done} />
      <ContentAlert state={state} />
      <div data-testid="tag-tree">{branch(null)}</div>
      <section className={styles.section}>{newTagForm(null)}</section>
    </>
  );
}
