/**
 * The back office's dashboard figures (decision 060): per day of the site's time zone
 * (Europe/Belgrade, so a day is 23, 24 or 25 hours around the clock changes), in one query — each day's
 * boundaries are computed here and passed as JSON, each figure a range count over a created-at index
 * (migration 0034).
 */
import { SITE_TIME_ZONE } from "#shared/constants.ts";
import type { Database } from "#worker/app-env.ts";

const DAY_MS = 86_400_000;
const siteDate = new Intl.DateTimeFormat("en-CA", { timeZone: SITE_TIME_ZONE });
const siteClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: SITE_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** The site's day of an instant, `2026-11-25`. */
const siteDay = (ms: number) => siteDate.format(ms);

/** How far the site's clock is ahead of UTC at an instant, in ms. */
function offsetAt(ms: number) {
  const parts = Object.fromEntries(siteClock.formatToParts(ms).map((p) => [p.type, p.value]));
  const wall = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The instant a site's day starts (its midnight; Europe/Belgrade changes clocks at 02:00/03:00, never at 00:00). */
export function siteMidnight(day: string) {
  const utc = Date.parse(`${day}T00:00:00Z`);
  const guess = utc - offsetAt(utc);
  return utc - offsetAt(guess);
}

/** The `count` site days ending with today's, oldest first: each day with its start and end (exclusive). */
function siteDays(now: number, count: number) {
  const today = siteDay(now);
  const base = Date.parse(`${today}T12:00:00Z`);
  return Array.from({ length: count }, (_, i) => {
    const day = new Date(base - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10);
    const next = new Date(base - (count - 2 - i) * DAY_MS).toISOString().slice(0, 10);
    return { day, start: siteMidnight(day), end: siteMidnight(next) };
  });
}

/** A site day's figures: its new listings, what reached moderation, reports, sign-ups and payments. */
export interface DashboardDayRow {
  /** `2026-11-25`. */
  day: string;
  listings: number;
  pending: number;
  reports: number;
  signups: number;
  payments: number;
  payments_cents: number;
}

/**
 * The figures of each of the `count` days ending today, oldest first.
 * "Pending" is what reached the moderation queue that day — listings sent (submitted_at) and changes to
 * published ones (listing_revisions) — not the queue's length at the day's end, which no table keeps.
 */
export async function dashboard(db: Database, now: number, count: number): Promise<DashboardDayRow[]> {
  const days = siteDays(now, count);
  const { results } = await db
    .prepare(
      `WITH d(day, s, e) AS (
         SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]') FROM json_each(?1)
       )
       SELECT day,
         (SELECT count(*) FROM listings WHERE created_at >= s AND created_at < e) AS listings,
         (SELECT count(*) FROM listings WHERE submitted_at >= s AND submitted_at < e)
           + (SELECT count(*) FROM listing_revisions WHERE submitted_at >= s AND submitted_at < e) AS pending,
         (SELECT count(*) FROM listing_reports WHERE created_at >= s AND created_at < e)
           + (SELECT count(*) FROM conversation_reports WHERE created_at >= s AND created_at < e) AS reports,
         (SELECT count(*) FROM users WHERE created_at >= s AND created_at < e) AS signups,
         (SELECT count(*) FROM payment_events WHERE status = 'succeeded' AND created_at >= s AND created_at < e) AS payments,
         (SELECT coalesce(sum(amount_cents), 0) FROM payment_events
           WHERE status = 'succeeded' AND created_at >= s AND created_at < e) AS payments_cents
       FROM d ORDER BY day`,
    )
    .bind(JSON.stringify(days.map((d) => [d.day, d.start, d.end])))
    .all<DashboardDayRow>();
  return results;
}
