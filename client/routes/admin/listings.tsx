import { Form, Link } from "react-router";
import { ADMIN_LISTING_STATES, LISTING_QUERY_MAX } from "#shared/api/admin-listings.ts";
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
import type { Route } from "./+types/listings";
import styles from "./admin-people.module.css";

const MESSAGES = pageTextScopes(["adminListings"], "adminListings", "listingState.label", "validation");

/**
 * Moderators find any listing by id, owner (id, e-mail, phone) or text, in any state
 * (hidden by staff and deleted ones too), newest first, page by page. A plain GET form.
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  requireModerator(args);
  const url = new URL(args.request.url);
  const q = url.searchParams.get("q") ?? "";
  const state = url.searchParams.get("state") ?? "";
  const page = url.searchParams.has("page") ? parseId(url.searchParams.get("page") ?? undefined) : 1;
  if (!page) throw notFound(url);
  const result = await args.context.get(appContext).api.adminListings({ q, state, page });
  if (result.ok) return { q, state, result: result.data, fields: {} as Record<string, string> };
  if (result.status !== 400) throw unavailable();
  if (result.error?.fields?.page) throw notFound(url);
  return { q, state, result: null, fields: result.error?.fields ?? {} };
});

export const meta: Route.MetaFunction = (args) => pageMeta(args, "adminListings", {}, { indexable: false });

export default function AdminListings({ loaderData }: Route.ComponentProps) {
  const { q, state, result, fields } = loaderData;
  const { t, intl } = useI18n();
  const lp = useLocalePath();
  const lastPage = result ? Math.max(1, Math.ceil(result.total / result.per_page)) : 1;
  const href = (page: number) => {
    const query = new URLSearchParams();
    if (q) query.set("q", q);
    if (state) query.set("state", state);
    if (page > 1) query.set("page", String(page));
    const search = query.toString();
    return lp(privatePaths.admin.listings()) + (search ? `?${search}` : "");
  };

  return (
    <>
      <PageIntro pageKey="adminListings" />
      <Form method="get" className={styles.search} role="search">
        <div className={styles.field}>
          <label htmlFor="listings-q">{t("adminListings.search.label")}</label>
          <input
            id="listings-q"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={LISTING_QUERY_MAX}
            aria-describedby={fields.q ? "listings-q-error" : "listings-q-hint"}
            aria-invalid={fields.q ? true : undefined}
          />
          <p id="listings-q-hint" className={styles.muted}>
            {t("adminListings.search.hint")}
          </p>
          {fields.q ? (
            <p id="listings-q-error" className={styles.error}>
              {t(fields.q, { max: LISTING_QUERY_MAX })}
            </p>
          ) : null}
        </div>
        <div className={styles.field}>
          <label htmlFor="listings-state">{t("adminListings.search.state")}</label>
          <select
            id="listings-state"
            name="state"
            defaultValue={state}
            aria-describedby={fields.state ? "listings-state-error" : undefined}
            aria-invalid={fields.state ? true : undefined}
          >
            <option value="">{t("adminListings.state.any")}</option>
            {ADMIN_LISTING_STATES.map((value) => (
              <option key={value} value={value}>
                {t(`adminListings.state.${value}`)}
              </option>
            ))}
          </select>
          {fields.state ? (
            <p id="listings-state-error" className={styles.error}>
              {t(fields.state)}
            </p>
          ) : null}
        </div>
        <button type="submit" className={styles.button}>
          {t("adminListings.search.submit")}
        </button>
      </Form>
      {result ? (
        <>
          <p role="status" data-testid="listings-total">
            {t("adminListings.total", { count: result.total })}
          </p>
          {result.items.length ? (
            <div className={styles.tableWrap}>
              <table className={styles.table} data-testid="listings">
                <caption>{t("adminListings.caption")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("adminListings.column.listing")}</th>
                    <th scope="col">{t("adminListings.column.owner")}</th>
                    <th scope="col">{t("adminListings.column.state")}</th>
                    <th scope="col">{t("adminListings.column.price")}</th>
                    <th scope="col">{t("adminListings.column.updated")}</th>
                  </tr>
                </thead>
                <tbody>
                  {result.items.map((listing) => (
                    <tr key={listing.id} data-id={listing.id}>
                      <td>
                        <Link to={lp(privatePaths.admin.listing(listing.id))}>
                          {t("adminListings.listingNo", { id: listing.id })}
                        </Link>
                        <br />
                        <span lang={listing.title_lang}>{listing.title ?? "—"}</span>
                        {listing.city ? <span className={styles.muted}> · {listing.city}</span> : null}
                      </td>
                      <td>
                        {listing.owner.name || `#${listing.owner.id}`}
                        {listing.owner.blocked ? (
                          <span className={styles.blocked}> · {t("adminListings.ownerBlocked")}</span>
                        ) : null}
                      </td>
                      <td>
                        {listing.deleted
                          ? t("adminListings.state.deleted")
                          : listing.hidden
                            ? t("adminListings.state.hidden")
                            : t("listingState.label", { status: listing.status })}
                      </td>
                      <td>
                        {listing.price === null
                          ? "—"
                          : intl.formatNumber(listing.price, {
                              style: "currency",
                              currency: listing.currency,
                              maximumFractionDigits: 0,
                            })}
                      </td>
                      <td>
                        <time dateTime={listing.updated_at}>
                          {intl.formatDate(listing.updated_at, { dateStyle: "medium" })}
                        </time>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className={styles.empty}>{t("adminListings.empty")}</p>
          )}
          <Pagination page={result.page} lastPage={lastPage} hasNext={result.page < lastPage} hrefFor={href} />
        </>
      ) : null}
    </>
  );
}
