import { Link } from "react-router";
import type { ApiListingStatistics } from "#shared/api/cabinet.ts";
import { OWNER_STATS_DAYS } from "#shared/constants.ts";
import { paths } from "#shared/paths.ts";
import { privatePaths } from "#shared/private-paths.ts";
import { appContext } from "#client/app-context.server.ts";
import { idPageMeta } from "#client/components/page-intro/id-page.ts";
import { pageId } from "#client/components/page-intro/id-page.server.ts";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { StatsChart, type StatsSeries, StatsTable, useDayFormat } from "#client/components/stats-chart/stats-chart.tsx";
import { requireUser } from "#client/guards.server.ts";
import { notFound, unavailable } from "#client/http-errors.server.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { useFormat } from "#client/i18n/use-format.ts";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import type { Route } from "./+types/statistics";
import styles from "./statistics.module.css";

/** The messages this page shows beyond the site-wide ones. */
const MESSAGES = pageTextScopes(["cabinetStatistics"], "ownerStats", "listingState.label");

/** What the chart draws (decision 038); the table and the totals show every counter. */
const CHARTED = ["views", "phone", "messages", "favourites"] as const satisfies readonly StatsSeries[];
const COUNTED = ["views", "phone", "map", "list", "messages", "favourites"] as const satisfies readonly StatsSeries[];

/**
 * Product §7 Statistics for the owner: a listing's last OWNER_STATS_DAYS days, day by day, as a chart with
 * its table. The owner's own listing only (anyone else's is the 404 page); a listing that was never public
 * has nothing to count and says so.
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  // A malformed id is the 404 page for everyone; a real page asks for sign-in.
  const id = pageId(args);
  requireUser(args);
  const result = await args.context.get(appContext).api.listingStatistics(id);
  if (result.ok) return { id, statistics: result.data.data as ApiListingStatistics | null };
  if (result.status === 409) return { id, statistics: null };
  throw result.status === 404 ? notFound(args.url) : unavailable();
});
export const meta = idPageMeta("cabinetStatistics");

export default function CabinetStatistics({ loaderData }: Route.ComponentProps) {
  const { id, statistics } = loaderData;
  const { t } = useI18n();
  const f = useFormat();
  const lp = useLocalePath();
  const date = useDayFormat();
  const labels = Object.fromEntries(COUNTED.map((key) => [key, t(`ownerStats.kind.${key}`)])) as Record<
    StatsSeries,
    string
  >;

  const back = (
    <Link to={lp(paths.cabinet.main())} data-testid="stats-back">
      {t("ownerStats.back")}
    </Link>
  );
  if (!statistics) {
    return (
      <>
        <PageIntro pageKey="cabinetStatistics" values={{ id }} />
        <p className={styles.notice} data-testid="stats-unavailable">
          {t("ownerStats.unavailable")}
        </p>
        <p className={styles.links}>
          {back}
          <Link to={lp(privatePaths.listing.preview(id))}>{t("ownerStats.preview")}</Link>
        </p>
      </>
    );
  }

  const { days, totals } = statistics;
  const from = date(days[0]!.day, "long");
  const to = date(days.at(-1)!.day, "long");
  return (
    <>
      <PageIntro pageKey="cabinetStatistics" values={{ id }}>
        <p className={styles.listing}>
          <span lang={statistics.title === null ? undefined : statistics.title_lang} className={styles.title}>
            {statistics.title ?? t("ownerStats.untitled", { id })}
          </span>{" "}
          <span className={styles.state}>{t("listingState.label", { status: statistics.status })}</span>
        </p>
        <p className={styles.links}>
          {back}
          {statistics.path ? (
            <Link to={lp(statistics.path)} data-testid="stats-listing">
              {t("ownerStats.publicPage")}
            </Link>
          ) : (
            <Link to={lp(privatePaths.listing.preview(id))} data-testid="stats-listing">
              {t("ownerStats.preview")}
            </Link>
          )}
        </p>
      </PageIntro>

      <section aria-labelledby="stats-totals" className={styles.section}>
        <h2 id="stats-totals">{t("ownerStats.totals.heading", { days: OWNER_STATS_DAYS })}</h2>
        <p className={styles.period}>{t("ownerStats.period", { from, to })}</p>
        <dl className={styles.totals} data-testid="stats-totals">
          {COUNTED.map((key) => (
            <div key={key} className={styles.total}>
              <dt>{labels[key]}</dt>
              <dd>{f.number(totals[key])}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="stats-days" className={styles.section}>
        <h2 id="stats-days">{t("ownerStats.days.heading")}</h2>
        <StatsChart days={days} series={CHARTED} labels={labels} />
        <details className={styles.details}>
          <summary>{t("ownerStats.table.show")}</summary>
          <StatsTable
            days={days}
            series={COUNTED}
            labels={labels}
            totals={totals}
            caption={t("ownerStats.table.caption", { from, to })}
          />
        </details>
      </section>
    </>
  );
}
