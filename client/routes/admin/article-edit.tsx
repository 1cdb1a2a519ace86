import { data, Form, Link, redirect, useNavigation } from "react-router";
import {
  ARTICLE_AUTHOR_MAX,
  ARTICLE_BODY_MAX,
  ARTICLE_LEAD_MAX,
  ARTICLE_LOCALES,
  ARTICLE_SLUG_MAX,
  ARTICLE_STATES,
  ARTICLE_TITLE_MAX,
  type ApiAdminArticle,
  type ArticleInput,
  type ArticleState,
} from "#shared/api/articles.ts";
import { PHOTO_ERRORS } from "#shared/api/listing-photos.ts";
import type { ApiResult } from "#shared/api-client.ts";
import { ARTICLE_IMAGE_HEIGHT, ARTICLE_IMAGE_WIDTH } from "#shared/article-image.ts";
import { PHOTO_MAX_BYTES } from "#shared/constants.ts";
import { localeEntry, type Locale } from "#shared/locales.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { fromSiteLocalTime, siteLocalTime } from "#shared/site-time.ts";
import { INVALID } from "#shared/validation.ts";
import { appContext } from "#client/app-context.server.ts";
import { ContentNav } from "#client/components/admin/content-nav.tsx";
import { FieldError } from "#client/components/auth-dialog/form-parts.tsx";
import {
  PHOTO_ACCEPT,
  PHOTO_LIMIT_VALUES,
  photoErrorValues,
} from "#client/components/listing-wizard/photos-messages.ts";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { requireEditor, requestedPath } from "#client/guards.server.ts";
import { notFound, unavailable } from "#client/http-errors.server.ts";
import { parseId } from "#client/id-param.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/article-edit";
import styles from "./admin-articles.module.css";

const MESSAGES = pageTextScopes(["adminArticle"], "adminArticles", "validation", "photo.error");

/** What `?done=` may say after a post. */
const DONE = ["created", "saved", "cover", "coverRemoved"] as const;
type Done = (typeof DONE)[number];

/** The limits the length messages name, by form field. */
const MAX_BY_FIELD: Record<string, number> = {
  slug: ARTICLE_SLUG_MAX,
  author: ARTICLE_AUTHOR_MAX,
  title: ARTICLE_TITLE_MAX,
  lead: ARTICLE_LEAD_MAX,
  body: ARTICLE_BODY_MAX,
};

/** The form's answer to a refused post: the messages by form field and what was typed, kept. */
interface Refusal {
  fields: Record<string, string>;
  values: Record<string, string>;
  section: "article" | "cover";
}

/** `/admin/content/articles/new/` or `/admin/content/articles/{id}/`. */
function articleId(params: { id?: string }, url: URL): number | "new" {
  if (params.id === "new") return "new";
  const id = parseId(params.id);
  if (!id) throw notFound(url);
  return id;
}

/**
 * The article editor (decision 059): tag, slug, state and publishing time, byline,
 * one fieldset per language (title, lead, Markdown body; a language left empty is not published in it),
 * and the cover through the photo pipeline. Editors and admins only; plain form posts that come back here
 * saying what was done, or with the refusals next to their fields.
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  requireEditor(args);
  const url = new URL(args.request.url);
  const id = articleId(args.params, url);
  const { api } = args.context.get(appContext);
  const [tags, article] = await Promise.all([api.tags(), id === "new" ? null : api.adminArticle(id)]);
  if (!tags.ok) throw unavailable();
  if (article && !article.ok) throw article.status === 404 ? notFound(url) : unavailable();
  const done = url.searchParams.get("done");
  const found = article?.ok ? article.data.data : null;
  return {
    tags: tags.data.items,
    article: found,
    // The schedule as the time field shows it, in Serbian time (formatted here, decision 018).
    publishAtLocal: found?.publish_at ? siteLocalTime(Date.parse(found.publish_at)) : "",
    done: (DONE as readonly (string | null)[]).includes(done) ? (done as Done) : null,
  };
});

export const meta: Route.MetaFunction = (args) => pageMeta(args, "adminArticle", {}, { indexable: false });

/** The API's field (`translations.en.title`) as the form's (`en.title`). */
const formField = (field: string) => field.replace(/^translations\./, "");

function refused(result: ApiResult<unknown>, values: Record<string, string>, section: Refusal["section"]) {
  if (result.ok) throw new Error("not a refusal");
  if (!result.status || result.status >= 500 || !result.error) throw unavailable();
  const fields = Object.fromEntries(
    Object.entries(result.error.fields ?? { body: "form.error.generic" }).map(([k, v]) => [formField(k), v]),
  );
  return data<Refusal>({ fields, values, section }, { status: result.status });
}

/** The form's values as the API's body, or the fields the form itself refuses. */
function articleInput(values: Record<string, string>): { input: ArticleInput } | { fields: Record<string, string> } {
  const status = values.status as ArticleState;
  let publishAt: string | null = null;
  if (status === "scheduled") {
    if (!values.publish_at) return { fields: { publish_at: INVALID.required } };
    const ms = fromSiteLocalTime(values.publish_at);
    if (ms === null) return { fields: { publish_at: INVALID.format } };
    publishAt = new Date(ms).toISOString();
  }
  const translations: ArticleInput["translations"] = {};
  for (const locale of ARTICLE_LOCALES) {
    const version = {
      title: values[`${locale}.title`] ?? "",
      lead: values[`${locale}.lead`] ?? "",
      body: values[`${locale}.body`] ?? "",
    };
    // A language left empty is no version of the article.
    if (version.title.trim() || version.lead.trim() || version.body.trim()) translations[locale] = version;
  }
  const tagId = Number(values.tag_id);
  return {
    input: {
      tag_id: Number.isSafeInteger(tagId) && tagId > 0 ? tagId : (values.tag_id as unknown as number),
      slug: values.slug ?? "",
      status,
      publish_at: publishAt,
      ...(values.author?.trim() ? { author: values.author } : {}),
      translations,
    },
  };
}

export async function action(args: Route.ActionArgs) {
  requireEditor(args);
  const { url, path } = requestedPath(args.request);
  const id = articleId(args.params, url);
  const { api } = args.context.get(appContext);
  const form = await args.request.formData();
  const intent = form.get("intent");
  const back = (articlePath: string, done: Done) => {
    throw redirect(`${articlePath}?done=${done}`);
  };
  // This page's address in its locale, for another article id.
  const pageFor = (target: number) =>
    new URL(path, url).pathname.replace(/\/articles\/[^/]+\/$/, `/articles/${target}/`);

  if (intent === "cover" || intent === "cover-remove") {
    if (id === "new") throw notFound(url);
    let result;
    if (intent === "cover") {
      // An empty file input still posts one nameless, empty file.
      const file = form.get("image");
      if (typeof file === "string" || !file?.size) {
        return data<Refusal>(
          { fields: { image: "adminArticles.error.imageMissing" }, values: {}, section: "cover" },
          {
            status: 400,
          },
        );
      }
      if (file.size > PHOTO_MAX_BYTES) {
        return data<Refusal>(
          { fields: { image: PHOTO_ERRORS.tooLarge }, values: {}, section: "cover" },
          { status: 413 },
        );
      }
      const upload = new FormData();
      upload.set("image", file);
      result = await api.articleCover(id, upload);
    } else {
      result = await api.articleCover(id, null);
    }
    if (!result.ok) return refused(result, {}, "cover");
    return back(pageFor(id), intent === "cover" ? "cover" : "coverRemoved");
  }

  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string" && name !== "intent") values[name] = value;
  const parsed = articleInput(values);
  if ("fields" in parsed) return data<Refusal>({ fields: parsed.fields, values, section: "article" }, { status: 400 });
  const result = id === "new" ? await api.createArticle(parsed.input) : await api.updateArticle(id, parsed.input);
  if (!result.ok) return refused(result, values, "article");
  return back(pageFor(result.data.data.id), id === "new" ? "created" : "saved");
}

/** The form's starting values: what was typed (after a refusal), else the article's. */
function initialValues(
  article: ApiAdminArticle | null,
  publishAtLocal: string,
  typed: Record<string, string> | undefined,
) {
  if (typed) return typed;
  const values: Record<string, string> = {
    tag_id: article ? String(article.tag_id) : "",
    slug: article?.slug ?? "",
    status: article?.status ?? "draft",
    publish_at: publishAtLocal,
    author: article?.author ?? "",
  };
  for (const locale of ARTICLE_LOCALES) {
    const version = article?.translations[locale];
    values[`${locale}.title`] = version?.title ?? "";
    values[`${locale}.lead`] = version?.lead ?? "";
    values[`${locale}.body`] = version?.body ?? "";
  }
  return values;
}

export default function ArticleEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { tags, article, done, publishAtLocal } = loaderData;
  const { t, intl } = useI18n();
  const lp = useLocalePath();
  const busy = useNavigation().state === "submitting";
  const refusal = actionData as Refusal | undefined;
  const errors = refusal?.section === "article" ? refusal.fields : {};
  const coverError = refusal?.section === "cover" ? refusal.fields.image : undefined;
  const values = initialValues(article, publishAtLocal, refusal?.section === "article" ? refusal.values : undefined);
  const general = errors.body ?? errors.translations;

  /** Props of a field named `name`: its id, its error's id and state. */
  const field = (name: string) => {
    const id = `article-${name.replace(".", "-")}`;
    const error = errors[name];
    return {
      id,
      name,
      "aria-invalid": error ? (true as const) : undefined,
      "aria-describedby": error ? `${id}-error` : undefined,
    };
  };
  const fieldError = (name: string) => {
    const message = errors[name];
    const max = MAX_BY_FIELD[name.split(".").at(-1)!];
    return (
      <FieldError id={`article-${name.replace(".", "-")}-error`} message={message} values={max ? { max } : undefined} />
    );
  };

  return (
    <>
      <PageIntro pageKey="adminArticle" />
      <ContentNav />
      <p role="status" className={done ? styles.confirmation : styles.quiet} data-testid="article-status">
        {done ? t(`adminArticles.done.${done}`) : ""}
      </p>
      {general ? (
        <p role="alert" className={styles.problem}>
          {t(general === INVALID.required ? "adminArticles.error.noLanguage" : general)}
        </p>
      ) : null}
      {article ? (
        <p className={styles.actions}>
          <Link to={lp(privatePaths.admin.articlePreview(article.id))}>{t("adminArticles.preview")}</Link>
          {article.live ? (
            <a href={lp(article.path)}>{t("adminArticles.publicPage")}</a>
          ) : (
            <span className={styles.muted}>{t("adminArticles.notLive")}</span>
          )}
          <span className={styles.muted}>
            {t("adminArticles.updated", {
              when: intl.formatDate(article.updated_at, { dateStyle: "medium", timeStyle: "short" }),
              who: article.updated_by?.name ?? "—",
            })}
          </span>
        </p>
      ) : null}

      <Form method="post" className={styles.form} noValidate aria-label={t("adminArticles.form.label")}>
        <div className={styles.row}>
          <div>
            <label className={styles.label} htmlFor="article-tag_id">
              {t("adminArticles.field.tag")}
            </label>
            <select className={styles.select} {...field("tag_id")} defaultValue={values.tag_id} required>
              <option value="">{t("adminArticles.field.tagChoose")}</option>
              {tags.map((tag) => (
                <option key={tag.id} value={tag.id}>
                  {`${"— ".repeat(tag.depth - 1)}${tag.name}`}
                </option>
              ))}
            </select>
            {fieldError("tag_id")}
          </div>
          <div>
            <label className={styles.label} htmlFor="article-slug">
              {t("adminArticles.field.slug")}
            </label>
            <input
              className={styles.input}
              {...field("slug")}
              defaultValue={values.slug}
              maxLength={ARTICLE_SLUG_MAX}
              pattern="[a-z0-9]+(-[a-z0-9]+)*"
              autoCapitalize="none"
              spellCheck={false}
              required
            />
            {fieldError("slug")}
          </div>
        </div>

        <fieldset className={styles.fieldset}>
          <legend>{t("adminArticles.field.state")}</legend>
          <div className={styles.states}>
            {ARTICLE_STATES.map((state) => (
              <label key={state}>
                <input type="radio" name="status" value={state} defaultChecked={values.status === state} />
                {t(`adminArticles.state.${state}`)}
              </label>
            ))}
          </div>
          <div>
            <label className={styles.label} htmlFor="article-publish_at">
              {t("adminArticles.field.publishAt")}
            </label>
            <input
              className={styles.input}
              type="datetime-local"
              {...field("publish_at")}
              aria-describedby={[field("publish_at")["aria-describedby"], "article-publish_at-hint"]
                .filter(Boolean)
                .join(" ")}
              defaultValue={values.publish_at}
            />
            <p id="article-publish_at-hint" className={styles.muted}>
              {t("adminArticles.field.publishAtHint")}
            </p>
            {fieldError("publish_at")}
          </div>
        </fieldset>

        <div>
          <label className={styles.label} htmlFor="article-author">
            {t("adminArticles.field.author")}
          </label>
          <input
            className={styles.input}
            {...field("author")}
            defaultValue={values.author}
            maxLength={ARTICLE_AUTHOR_MAX}
            autoComplete="name"
          />
          {fieldError("author")}
        </div>

        {ARTICLE_LOCALES.map((locale: Locale) => (
          <fieldset key={locale} className={styles.fieldset} lang={locale} data-locale={locale}>
            <legend>{t("adminArticles.field.language", { language: localeEntry(locale).nativeName })}</legend>
            <div>
              <label className={styles.label} htmlFor={`article-${locale}-title`}>
                {t("adminArticles.field.title")}
              </label>
              <input
                className={styles.input}
                {...field(`${locale}.title`)}
                defaultValue={values[`${locale}.title`]}
                maxLength={ARTICLE_TITLE_MAX}
              />
              {fieldError(`${locale}.title`)}
            </div>
            <div>
              <label className={styles.label} htmlFor={`article-${locale}-lead`}>
                {t("adminArticles.field.lead")}
              </label>
              <textarea
                className={styles.textarea}
                {...field(`${locale}.lead`)}
                defaultValue={values[`${locale}.lead`]}
                maxLength={ARTICLE_LEAD_MAX}
                rows={3}
              />
              {fieldError(`${locale}.lead`)}
            </div>
            <div>
              <label className={styles.label} htmlFor={`article-${locale}-body`}>
                {t("adminArticles.field.body")}
              </label>
              <textarea
                className={`${styles.textarea} ${styles.body}`}
                {...field(`${locale}.body`)}
                aria-describedby={[field(`${locale}.body`)["aria-describedby"], `article-${locale}-body-hint`]
                  .filter(Boolean)
                  .join(" ")}
                defaultValue={values[`${locale}.body`]}
                maxLength={ARTICLE_BODY_MAX}
                rows={16}
              />
              <p id={`article-${locale}-body-hint`} className={styles.muted}>
                {t("adminArticles.field.bodyHint")}
              </p>
              {fieldError(`${locale}.body`)}
            </div>
          </fieldset>
        ))}

        <p className={styles.actions}>
          <button type="submit" name="intent" value="save" className={styles.primary} aria-disabled={busy || undefined}>
            {t(article ? "adminArticles.save" : "adminArticles.create")}
          </button>
        </p>
      </Form>

      {article ? (
        <section className={styles.cover} aria-labelledby="article-cover">
          <h2 id="article-cover">{t("adminArticles.cover.heading")}</h2>
          <img
            className={styles.coverImage}
            src={article.image}
            srcSet={article.image_srcset ?? undefined}
            sizes={article.image_srcset ? "30rem" : undefined}
            width={ARTICLE_IMAGE_WIDTH}
            height={ARTICLE_IMAGE_HEIGHT}
            alt={t(article.has_cover ? "adminArticles.cover.current" : "adminArticles.cover.drawn")}
          />
          <Form method="post" encType="multipart/form-data" className={styles.actions}>
            <div>
              <label className={styles.label} htmlFor="article-cover-image">
                {t("adminArticles.cover.choose")}
              </label>
              <input
                id="article-cover-image"
                type="file"
                name="image"
                accept={PHOTO_ACCEPT}
                required
                aria-invalid={coverError ? true : undefined}
                aria-describedby={`article-cover-hint${coverError ? " article-cover-error" : ""}`}
              />
              <p id="article-cover-hint" className={styles.muted}>
                {t("adminArticles.cover.hint", PHOTO_LIMIT_VALUES)}
              </p>
              <FieldError
                id="article-cover-error"
                message={coverError}
                values={coverError ? photoErrorValues(coverError) : undefined}
              />
            </div>
            <button
              type="submit"
              name="intent"
              value="cover"
              className={styles.button}
              aria-disabled={busy || undefined}
            >
              {t("adminArticles.cover.save")}
            </button>
          </Form>
          {article.has_cover ? (
            <Form method="post">
              <button
                type="submit"
                name="intent"
                value="cover-remove"
                className={styles.button}
                aria-disabled={busy || undefined}
              >
                {t("adminArticles.cover.remove")}
              </button>
            </Form>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
