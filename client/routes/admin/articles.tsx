import { Form, Link } from "react-router";
import { ARTICLE_STATES, type ArticleState } from "#shared/api/articles.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { appContext } from "#client/app-context.server.ts";
import { ContentNav } from "#client/components/admin/content-nav.tsx";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { Pagination } from "#client/components/pagination/pagination.tsx";
import { requireEditor } from "#client/guards.server.ts";
import { notFound, unavailable } from "#client/http-errors.server.ts";
import { parseId } from "#client/id-param.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/articles";
import styles from "./admin-articles.module.css";

const MESSAGES = pageTextScopes(["adminArticles"], "adminArticles");

const isState = (value: string | null): value is ArticleState => (ARTICLE_STATES as readonly unknown[]).includes(value);

/**
 * `/admin/content/` (decision 059): the articles, newest first, found by title, slug
 * or id and filtered by state, each linked to its edit page; editors and admins only (404 for anyone else).
 * The search is a plain GET form.
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  requireEditor(args);
  const url = new URL(args.request.url);
  const page = url.searchParams.has("page") ? parseId(url.searchParams.get("page") ?? undefined) : 1;
  if (!page) throw notFound(url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const rawState = url.searchParams.get("state") || null;
  const state = isState(rawState) ? rawState : undefined;
  const result = await args.context.get(appContext).api.adminArticles({ q, state, page });
  if (!result.ok) throw result.status === 400 ? notFound(url) : unavailable();
  return { ...result.data, q, state: state ?? "" };
});

export const meta: Route.MetaFunction = (args) => pageMeta(args, "adminArticles", {}, { indexable: false });

export default function AdminArticles({ loaderData }: Route.ComponentProps) {
  const { items, total, page, per_page: perPage, q, state } = loaderData;
  const { t, intl } = useI18n();
  const lp = useLocalePath();
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const when = (iso: string) => intl.formatDate(iso, { dateStyle: "medium", timeStyle: "short" });
  const pageHref = (p: number) => {
    const search = new URLSearchParams();
    if (q) search.set("q", q);
    if (state) search.set("state", state);
    if (p > 1) search.set("page", String(p));
    const query = search.toString();
    return lp(privatePaths.admin.articles()) + (query ? `?${query}` : "");
  };

  return (
    <>
      <PageIntro pageKey="adminArticles">
        <p>
          <Link className={styles.newLink} to={lp(privatePaths.admin.newArticle())}>
            {t("adminArticles.new")}
          </Link>
        </p>
      </PageIntro>
      <ContentNav />
      <Form method="get" className={styles.toolbar} role="search" aria-label={t("adminArticles.search.label")}>
        <div>
          <label htmlFor="articles-q">{t("adminArticles.search.q")}</label>
          <input id="articles-q" className={styles.input} type="search" name="q" defaultValue={q} maxLength={100} />
        </div>
        <div>
          <label htmlFor="articles-state">{t("adminArticles.search.state")}</label>
          <select id="articles-state" className={styles.select} name="state" defaultValue={state}>
            <option value="">{t("adminArticles.search.anyState")}</option>
            {ARTICLE_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`adminArticles.state.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={styles.button}>
          {t("adminArticles.search.submit")}
        </button>
      </Form>
      <p className={styles.muted} role="status">
        {t("adminArticles.count", { count: total })}
      </p>
      {items.length === 0 ? (
        <p className={styles.empty}>{t("adminArticles.empty")}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="admin-articles">
            <caption className="visually-hidden">{t("adminArticles.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("adminArticles.column.title")}</th>
                <th scope="col">{t("adminArticles.column.state")}</th>
                <th scope="col">{t("adminArticles.column.languages")}</th>
                <th scope="col">{t("adminArticles.column.updated")}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((article) => (
                <tr key={article.id} data-id={article.id}>
                  <td>
                    <Link to={lp(privatePaths.admin.article(article.id))}>{article.title}</Link>
                    <br />
                    <span className={styles.muted}>{article.path}</span>
                  </td>
                  <td>
                    {t(`adminArticles.state.${article.status}`)}
                    {article.status === "scheduled" && article.publish_at ? (
                      <>
                        <br />
                        <time className={styles.muted} dateTime={article.publish_at}>
                          {when(article.publish_at)}
                        </time>
                      </>
                    ) : null}
                  </td>
                  <td>{article.languages.map((language) => language.toUpperCase()).join(", ")}</td>
                  <td>
                    <time dateTime={article.updated_at}>{when(article.updated_at)}</time>
                    {article.updated_by ? (
                      <>
                        <br />
                        <span className={styles.muted}>{article.updated_by.name}</span>
                      </>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} lastPage={lastPage} hasNext={page < lastPage} hrefFor={pageHref} />
    </>
  );
}
