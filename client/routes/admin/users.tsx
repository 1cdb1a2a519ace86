import { Form, Link } from "react-router";
import { USER_QUERY_MAX } from "#shared/api/staff.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { appContext } from "#client/app-context.server.ts";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { Pagination } from "#client/components/pagination/pagination.tsx";
import { requireAdmin } from "#client/guards.server.ts";
import { notFound, unavailable } from "#client/http-errors.server.ts";
import { parseId } from "#client/id-param.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/users";
import styles from "./admin-people.module.css";

const MESSAGES = pageTextScopes(["adminUsers"], "adminUsers", "validation");

/**
 * Admins find a person by id, phone, e-mail or name (everyone, newest first, without
 * a query), page by page; each row leads to the person's page. A plain GET form: no JavaScript needed.
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  requireAdmin(args);
  const url = new URL(args.request.url);
  const q = url.searchParams.get("q") ?? "";
  const page = url.searchParams.has("page") ? parseId(url.searchParams.get("page") ?? undefined) : 1;
  if (!page) throw notFound(url);
  const result = await args.context.get(appContext).api.adminUsers(q, page);
  if (result.ok) return { q, result: result.data, error: null };
  if (result.status !== 400) throw unavailable();
  if (result.error?.fields?.page) throw notFound(url);
  return { q, result: null, error: result.error?.fields?.q ?? "validation.format" };
});

export const meta: Route.MetaFunction = (args) => pageMeta(args, "adminUsers", {}, { indexable: false });

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { q, result, error } = loaderData;
  const { t } = useI18n();
  const lp = useLocalePath();
  const lastPage = result ? Math.max(1, Math.ceil(result.total / result.per_page)) : 1;
  const href = (page: number) => {
    const query = new URLSearchParams();
    if (q) query.set("q", q);
    if (page > 1) query.set("page", String(page));
    const search = query.toString();
    return lp(privatePaths.admin.users()) + (search ? `?${search}` : "");
  };

  return (
    <>
      <PageIntro pageKey="adminUsers" />
      <Form method="get" className={styles.search} role="search">
        <div className={styles.field}>
          <label htmlFor="users-q">{t("adminUsers.search.label")}</label>
          <input
            id="users-q"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={USER_QUERY_MAX}
            aria-describedby={error ? "users-q-error" : "users-q-hint"}
            aria-invalid={error ? true : undefined}
          />
          <p id="users-q-hint" className={styles.muted}>
            {t("adminUsers.search.hint")}
          </p>
          {error ? (
            <p id="users-q-error" className={styles.error}>
              {t(error, { max: USER_QUERY_MAX })}
            </p>
          ) : null}
        </div>
        <button type="submit" className={styles.button}>
          {t("adminUsers.search.submit")}
        </button>
      </Form>
      {result ? (
        <>
          <p role="status" data-testid="users-total">
            {t("adminUsers.total", { count: result.total })}
          </p>
          {result.items.length ? (
            <div className={styles.tableWrap}>
              <table className={styles.table} data-testid="users">
                <caption>{t("adminUsers.caption")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("adminUsers.column.name")}</th>
                    <th scope="col">{t("adminUsers.column.contact")}</th>
                    <th scope="col">{t("adminUsers.column.roles")}</th>
                    <th scope="col">{t("adminUsers.column.state")}</th>
                    <th scope="col">{t("adminUsers.column.listings")}</th>
                  </tr>
                </thead>
                <tbody>
                  {result.items.map((user) => (
                    <tr key={user.id} data-id={user.id}>
                      <td>
                        <Link to={lp(privatePaths.admin.user(user.id))}>{user.name || `#${user.id}`}</Link>
                        <br />
                        <span className={styles.muted}>{t("adminUsers.id", { id: user.id })}</span>
                      </td>
                      <td>
                        {user.email ? <div>{user.email}</div> : null}
                        {user.phone ? <div>{user.phone}</div> : null}
                      </td>
                      <td>
                        {user.roles.length
                          ? user.roles.map((role) => t("adminUsers.role", { role })).join(", ")
                          : t("adminUsers.noRoles")}
                      </td>
                      <td>
                        {user.deleted ? (
                          <span className={styles.muted}>{t("adminUsers.state.deleted")}</span>
                        ) : user.blocked ? (
                          <span className={styles.blocked}>{t("adminUsers.state.blocked")}</span>
                        ) : (
                          t("adminUsers.state.active")
                        )}
                      </td>
                      <td>{user.listing_count}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className={styles.empty}>{t("adminUsers.empty")}</p>
          )}
          <Pagination page={result.page} lastPage={lastPage} hasNext={result.page < lastPage} hrefFor={href} />
        </>
      ) : null}
    </>
  );
}
