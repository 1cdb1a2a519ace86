/** The figures of `/trust/` as `GET /api/trust` answers them (decision 089), from worker/db/trust.ts's row. */
import { type ApiTrustFigures, TRUST_CONFIRMED_DAYS, TRUST_MIN_SAMPLE, TRUST_WINDOW_DAYS } from "#shared/api/trust.ts";
import type { TrustRow } from "#worker/db/trust.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** `value` rounded to `digits` decimals. */
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * A share or a median only from TRUST_MIN_SAMPLE values on (null: "not enough data yet", never 0); times
 * in the future (a clock ahead of the database's) count as now.
 */
export function toTrustFigures(row: TrustRow, now: number): ApiTrustFigures {
  const enoughListings = row.active >= TRUST_MIN_SAMPLE;
  const enoughDecisions = row.decisions >= TRUST_MIN_SAMPLE;
  return {
    confirmed_7d_share: enoughListings ? round(row.confirmed / row.active, 3) : null,
    median_days_since_confirmation:
      enoughListings && row.median_last_known !== null
        ? round(Math.max(0, now - row.median_last_known) / DAY_MS, 1)
        : null,
    taken_down_after_reports_30d: row.taken_down,
    median_hours_to_moderation:
      enoughDecisions && row.median_wait !== null ? round(Math.max(0, row.median_wait) / HOUR_MS, 1) : null,
    as_of: new Date(now).toISOString(),
    active_listings: row.active,
    confirmed_7d: row.confirmed,
    hidden_by_reports_30d: row.hidden,
    upheld_by_moderators_30d: row.upheld,
    moderation_decisions_30d: row.decisions,
    confirmed_days: TRUST_CONFIRMED_DAYS,
    window_days: TRUST_WINDOW_DAYS,
    min_sample: TRUST_MIN_SAMPLE,
  };
}
