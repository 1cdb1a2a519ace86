/** The back office's dashboard (worker/db/admin-dashboard.ts): each day's figures and their totals. */
import type { ApiDashboard } from "#shared/api/admin-dashboard.ts";
import type { DashboardDayRow } from "#worker/db/admin-dashboard.ts";

type Counts = Omit<DashboardDayRow, "day">;

/** `withMoney`: the payments' sums too (admins); null for others. */
export function toDashboard(rows: DashboardDayRow[], withMoney: boolean): ApiDashboard {
  const totals: Counts = { listings: 0, pending: 0, reports: 0, signups: 0, payments: 0, payments_cents: 0 };
  const series = rows.map((row) => {
    for (const key of Object.keys(totals) as (keyof Counts)[]) totals[key] += row[key];
    return { ...row, payments_cents: withMoney ? row.payments_cents : null };
  });
  return { days: series, totals: { ...totals, payments_cents: withMoney ? totals.payments_cents : null } };
}
