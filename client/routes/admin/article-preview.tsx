import { Link } from "react-router";
import { ArticleView } from "#client/components/article/article-view.tsx";
import { isLocale, localeEntry, localizePath } from "#shared/locales.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { appContext } from "#client/app-context.server.ts";
import { requireEditor } from "#client/guards.server.ts";
import { notFound, unavailable } from "#client/http-errors.server.ts";
import { parseId } from "#client/id-param.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/article-preview";
import styles from "./admin-articles.module.css";

const MESSAGES = pageTextScopes(["adminArticlePreview"], "adminArticles", "media");

/**
 * `/admin/content/articles/{id}/preview/` (decision 059): the article as its public page shows it — the same
 * view and the same Markdown rendering — in this page's language, whatever its state; editors and admins
 * only, never indexed. An article without a version in this language says which languages it has.
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  requireEditor(args);
  const url = new URL(args.request.url);
  const id = parseId(args.params.id);
  if (!id) throw notFound(url);
  const result = await args.context.get(appContext).api.articlePreview(id);
  if (result.ok) return { id, article: result.data.data, languages: null };
  if (result.status === 404 && result.error?.code === "no_translation") {
    const languages = (result.error.fields?.languages ?? "").split(",").filter(isLocale);
    return { id, article: null, languages };
  }
  throw result.status === 404 ? notFound(url) : unavailable();
});

export const meta: Route.MetaFunction = (args) => pageMeta(args, "adminArticlePreview", {}, { indexable: false });

export default function ArticlePreview({ loaderData }: Route.ComponentProps) {
  const { id, article, languages } = loaderData;
  const { t } = useI18n();
  const lp = useLocalePath();
  return (
    <>
      <aside className={styles.notice} aria-label={t("adminArticles.previewNotice.label")}>
        <p className={styles.quiet}>
          {t("adminArticles.previewNotice.text")}{" "}
          <Link to={lp(privatePaths.admin.article(id))}>{t("adminArticles.previewNotice.edit")}</Link>
        </p>
      </aside>
      {article ? (
        <ArticleView article={article} />
      ) : (
        <>
          <h1>{t("page.adminArticlePreview.heading")}</h1>
          <p>{t("adminArticles.previewMissing")}</p>
          <ul>
            {(languages ?? []).map((language) => (
              <li key={language}>
                <a href={localizePath(privatePaths.admin.articlePreview(id), language)} hrefLang={language}>
                  {localeEntry(language).nativeName}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
