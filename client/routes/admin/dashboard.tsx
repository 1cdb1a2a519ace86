import { Link } from "react-router";
import type { ApiDashboardDay } from "#shared/api/admin-dashboard.ts";
import { hasRole } from "#shared/staff-roles.ts";
import { appContext } from "#client/app-context.server.ts";
import { sectionsFor } from "#client/components/admin/admin-sections.ts";
import { PageIntro } from "#client/components/page-intro/page-intro.tsx";
import { StatsChart, StatsTable, useDayFormat } from "#client/components/stats-chart/stats-chart.tsx";
import { requireStaff } from "#client/guards.server.ts";
import { unavailable } from "#client/http-errors.server.ts";
import { useI18n } from "#client/i18n/intl.tsx";
import { withTexts } from "#client/i18n/page-texts.server.ts";
import { pageTextScopes } from "#client/i18n/text-scopes.server.ts";
import { useFormat } from "#client/i18n/use-format.ts";
import { useLocalePath } from "#client/i18n/use-locale-path.ts";
import { pageMeta } from "#client/seo.ts";
import type { Route } from "./+types/dashboard";
import styles from "./dashboard.module.css";

const MESSAGES = pageTextScopes(["adminDashboard"], "adminDashboard", "ownerStats.chart", "ownerStats.table");

/** A day as the chart and table read it: the payments' sum a number (admins only see it). */
type Day = Omit<ApiDashboardDay, "payments_cents"> & { payments_cents: number };
const CHARTED = ["listings", "pending", "reports", "signups", "payments"] as const;

/**
 * The back office's front page: the last 30 days of the site, day by day in its time zone —
 * new listings, listings sent to moderation, reports, sign-ups, payments (and their sums, for admins) —
 * as a chart with its table, and the sections the person's roles open.
 */
export const loader = withTexts(MESSAGES, async function loader(args: Route.LoaderArgs) {
  const { roles } = requireStaff(args);
  const result = await args.context.get(appContext).api.adminDashboard();
  if (!result.ok) throw unavailable();
  return { roles, dashboard: result.data.data };
});

export const meta: Route.MetaFunction = (args) => pageMeta(args, "adminDashboard", {}, { indexable: false });

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { roles, dashboard } = loaderData;
  const { t, intl } = useI18n();
  const f = useFormat();
  const lp = useLocalePath();
  const date = useDayFormat();
  const money = dashboard.totals.payments_cents !== null && hasRole(roles, "admin");
  const days: Day[] = dashboard.days.map((day) => ({ ...day, payments_cents: day.payments_cents ?? 0 }));
  const totals = { ...dashboard.totals, payments_cents: dashboard.totals.payments_cents ?? 0 };
  const counted = money ? ([...CHARTED, "payments_cents"] as const) : CHARTED;
  const labels = Object.fromEntries(
    [...CHARTED, "payments_cents"].map((key) => [key, t(`adminDashboard.series.${key}`)]),
  ) as Record<(typeof CHARTED)[number] | "payments_cents", string>;
  const euro = (cents: number) => intl.formatNumber(cents / 100, { style: "currency", currency: "EUR" });
  const from = date(days[0]!.day, "long");
  const to = date(days.at(-1)!.day, "long");

  return (
    <>
      <PageIntro pageKey="adminDashboard" />
      <ul data-testid="admin-sections" className={styles.sections}>
        {sectionsFor(roles)
          .filter((section) => section.key !== "dashboard")
          .map((section) => (
            <li key={section.key}>
              <Link to={lp(section.to)}>{t(`admin.nav.${section.key}`)}</Link>
            </li>
          ))}
      </ul>

      <section aria-labelledby="dashboard-totals" className={styles.section}>
        <h2 id="dashboard-totals">{t("adminDashboard.totals", { days: days.length })}</h2>
        <p className={styles.period}>{t("adminDashboard.period", { from, to })}</p>
        <dl className={styles.totals} data-testid="dashboard-totals">
          {counted.map((key) => (
            <div key={key} className={styles.total}>
              <dt>{labels[key]}</dt>
              <dd>{key === "payments_cents" ? euro(totals[key]) : f.number(totals[key])}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="dashboard-days" className={styles.section} data-testid="dashboard-chart">
        <h2 id="dashboard-days">{t("adminDashboard.days")}</h2>
        <p className={styles.note}>{t("adminDashboard.pendingNote")}</p>
        <StatsChart
          days={days}
          series={CHARTED}
          labels={labels}
          caption={t("adminDashboard.chartCaption", { from, to })}
        />
        <details className={styles.details} open>
          <summary>{t("ownerStats.table.show")}</summary>
          <StatsTable
            days={days}
            series={counted}
            labels={labels}
            totals={totals}
            caption={t("ownerStats.table.caption", { from, to })}
            format={{ payments_cents: euro }}
          />
        </details>
      </section>
    </>
  );
}
