import { Form, Link } from "react-router";
import { privatePaths } from "#shared/private-paths.ts";
import { appContext } from "#client/app-context.server.ts";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { Pagination } from "#client/components/pagination/pagination.tsx";
import { requireModerator } from "#client/guards.server.ts";
import { notFound, unavailable } from "#client/http-errors.server.ts";
import { parseId } from "#client/id-param.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/agencies";
import styles from "./admin-people.module.css";

const MESSAGES = pageTextScopes(["adminAgencies"], "adminAgencies");
const STATES = ["awaiting", "licensed", "refused"] as const;
type State = (typeof STATES)[number];

/**
 * Moderators' list of agencies by the state of their licence check (decision 087): those awaiting one
 * first, oldest first; each leads to the agency's page, where the number is confirmed or refused. A plain
 * GET form picks the state: no JavaScript needed.
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  requireModerator(args);
  const url = new URL(args.request.url);
  const asked = url.searchParams.get("state") ?? "awaiting";
  if (!STATES.includes(asked as State)) throw notFound(url);
  const state = asked as State;
  const page = url.searchParams.has("page") ? parseId(url.searchParams.get("page") ?? undefined) : 1;
  if (!page) throw notFound(url);
  const result = await args.context.get(appContext).api.agencies(state, page);
  if (!result.ok) throw result.status === 400 ? notFound(url) : unavailable();
  return { state, result: result.data };
});

export const meta: Route.MetaFunction = (args) => pageMeta(args, "adminAgencies", {}, { indexable: false });

export default function AdminAgencies({ loaderData }: Route.ComponentProps) {
  const { state, result } = loaderData;
  const { t, intl } = useI18n();
  const lp = useLocalePath();
  const lastPage = Math.max(1, Math.ceil(result.total / result.per_page));
  const href = (page: number) => {
    const query = new URLSearchParams({ state });
    if (page > 1) query.set("page", String(page));
    return `${lp(privatePaths.admin.agencies())}?${query}`;
  };
  const when = (iso: string) => intl.formatDate(iso, { dateStyle: "medium", timeStyle: "short" });

  return (
    <>
      <PageIntro pageKey="adminAgencies" />
      <Form method="get" className={styles.search}>
        <div className={styles.field}>
          <label htmlFor="agencies-state">{t("adminAgencies.states")}</label>
          <select id="agencies-state" name="state" defaultValue={state}>
            {STATES.map((value) => (
              <option key={value} value={value}>
                {t("adminAgencies.state", { state: value })}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={styles.button}>
          {t("adminAgencies.states")}
        </button>
      </Form>
      <p role="status" data-testid="agencies-total">
        {t("adminAgencies.total", { count: result.total })}
      </p>
      {result.items.length ? (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="agencies">
            <caption>
              {t("adminAgencies.caption")} — {t("adminAgencies.state", { state })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t("adminAgencies.column.agency")}</th>
                <th scope="col">{t("adminAgencies.column.number")}</th>
                <th scope="col">{t("adminAgencies.column.changed")}</th>
              </tr>
            </thead>
            <tbody>
              {result.items.map((agency) => (
                <tr key={agency.user_id} data-id={agency.user_id}>
                  <td>
                    <Link to={lp(privatePaths.admin.agency(agency.user_id))}>{agency.agency_name}</Link>
                    <br />
                    <span className={styles.muted}>
                      {t("adminAgencies.account", { id: agency.user_id })}
                      {agency.blocked ? ` · ${t("adminAgencies.blocked")}` : null}
                    </span>
                  </td>
                  <td>
                    <code>{agency.licence_number}</code>
                  </td>
                  <td>
                    <time dateTime={agency.submitted_at}>{when(agency.submitted_at)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className={styles.empty}>{t("adminAgencies.empty")}</p>
      )}
      <Pagination page={result.page} lastPage={lastPage} hasNext={result.page < lastPage} hrefFor={href} />
    </>
  );
}
