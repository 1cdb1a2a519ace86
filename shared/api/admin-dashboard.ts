/**
 * `GET /api/admin/dashboard` (decision 060): the site's last DASHBOARD_DAYS days, day by day
 * in the site's time zone (Europe/Belgrade), for any staff role.
 */

/** How many days the dashboard shows, today included. */
export const DASHBOARD_DAYS = 30;

/**
 * One day's counts: listings created; listings sent to moderation (new ones and changes to published
 * ones); listing and conversation reports; sign-ups; succeeded payments. Every staff role sees the counts;
 * the payments' sum (money) is the admins' (`null` for others).
 */
export interface ApiDashboardDay {
  /** The site's day (Europe/Belgrade), `2026-11-25`. */
  day: string;
  listings: number;
  pending: number;
  reports: number;
  signups: number;
  payments: number;
  payments_cents: number | null;
}

export interface ApiDashboard {
  days: ApiDashboardDay[];
  totals: Omit<ApiDashboardDay, "day">;
}
