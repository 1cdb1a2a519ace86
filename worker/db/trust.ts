/**
 * The figures of `/trust/` (decision 089), read in one batch of four statements whatever the size of the
 * site: each is a range over an index of migration 0043, and a median is the middle row(s) of an ordered
 * range (`LIMIT 2 - n % 2 OFFSET (n - 1) / 2`, averaged), not a sort in the worker.
 */
import type { Database } from "#worker/app-env.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A public listing: on the site and in search. One hidden for not being confirmed (`unconfirmed_at`,
 * decision 084) is left out: it is not on offer as far as the site knows.
 */
const PUBLIC = "status = 'active' AND deleted_at IS NULL AND unconfirmed_at IS NULL";
/**
 * When a listing was last known to be on offer: its confirmation (publication, renewal, edit or its
 * owner's answer), else its publication — never later than what is known. The expression of the index
 * `listings_public_confirmed`.
 */
const LAST_KNOWN = "coalesce(confirmed_at, published_at, created_at)";

/** The middle of `column` over `source` (a FROM … WHERE …): the average of the two middle values for an even count. */
const median = (column: string, source: string) =>
  `(SELECT AVG(m) FROM (SELECT ${column} AS m ${source} ORDER BY ${column}
     LIMIT 2 - (SELECT COUNT(*) ${source}) % 2 OFFSET (SELECT (COUNT(*) - 1) / 2 ${source})))`;

/** Listings visitors' reports took off the site: the site's own event, written when they hid it (decision 047). */
const HIDDEN_BY_REPORTS = `SELECT listing_id FROM listing_events
  WHERE actor_id IS NULL AND reason = 'reported' AND created_at > ?1 AND created_at <= ?2`;
/**
 * Listings a moderator took off with reports open: the decision closed them without overruling them (a
 * rejection; an approval overrules them, decision 047).
 */
const UPHELD_BY_MODERATORS = `SELECT listing_id FROM listing_reports
  WHERE overruled = 0 AND resolved_at IS NOT NULL AND resolved_at > ?1 AND resolved_at <= ?2`;

/** Decisions on what an owner sent — whole listings and changes — not on listings reports hid. */
const DECISIONS = `FROM moderation_decisions WHERE kind IN ('listing', 'changes') AND decided_at > ?1 AND decided_at <= ?2`;

export interface TrustRow {
  /** Public listings now. */
  active: number;
  /** Of them, last known on offer at `confirmedSince` or later. */
  confirmed: number;
  /** The median of when the public listings were last known to be on offer (ms), null without any. */
  median_last_known: number | null;
  /** Distinct listings in the window: hidden by reports, taken off by a moderator upholding them, either. */
  hidden: number;
  upheld: number;
  taken_down: number;
  /** Moderators' decisions in the window on what owners sent, and the median time it waited (ms). */
  decisions: number;
  median_wait: number | null;
}

/**
 * The figures at `now`: listings confirmed in the last `confirmedDays` days, and reports and decisions in
 * the `windowDays` days up to `now` (a time exactly `windowDays` days ago is outside).
 */
export async function trustFigures(
  db: Database,
  now: number,
  confirmedDays: number,
  windowDays: number,
): Promise<TrustRow> {
  const since = now - windowDays * DAY_MS;
  const [listings, known, takenDown, moderation] = await db.batch([
    db
      .prepare(
        `SELECT COUNT(*) AS active, ifnull(SUM(${LAST_KNOWN} >= ?1), 0) AS confirmed FROM listings WHERE ${PUBLIC}`,
      )
      .bind(now - confirmedDays * DAY_MS),
    db.prepare(`SELECT ${median(LAST_KNOWN, `FROM listings WHERE ${PUBLIC}`)} AS median_last_known`),
    db
      .prepare(
        `SELECT (SELECT COUNT(DISTINCT listing_id) FROM (${HIDDEN_BY_REPORTS})) AS hidden,
           (SELECT COUNT(DISTINCT listing_id) FROM (${UPHELD_BY_MODERATORS})) AS upheld,
           (SELECT COUNT(*) FROM (${HIDDEN_BY_REPORTS} UNION ${UPHELD_BY_MODERATORS})) AS taken_down`,
      )
      .bind(since, now),
    db
      .prepare(
        `SELECT (SELECT COUNT(*) ${DECISIONS}) AS decisions,
           ${median("decided_at - submitted_at", DECISIONS)} AS median_wait`,
      )
      .bind(since, now),
  ]);
  return {
    ...(listings!.results[0] as Pick<TrustRow, "active" | "confirmed">),
    ...(known!.results[0] as Pick<TrustRow, "median_last_known">),
    ...(takenDown!.results[0] as Pick<TrustRow, "hidden" | "upheld" | "taken_down">),
    ...(moderation!.results[0] as Pick<TrustRow, "decisions" | "median_wait">),
  };
}
