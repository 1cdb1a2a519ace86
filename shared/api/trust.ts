/**
 * `GET /api/trust` (product §7 "Trust in numbers", decision 089): the site's own figures of how current its
 * listings are and how its moderation works, as the `/trust/` page shows them.
 */

/** "Confirmed recently": on offer as of this many days ago at most. */
export const TRUST_CONFIRMED_DAYS = 7;
/** The window of the figures about reports and moderation, in days up to the moment they were computed. */
export const TRUST_WINDOW_DAYS = 30;
/**
 * Fewer values than this and a share or a median says nothing about the site, only about one or two
 * listings: the figure is `null` ("not enough data yet"), never 0.
 */
export const TRUST_MIN_SAMPLE = 3;

export interface ApiTrustFigures {
  /** Of the public listings, the share (0–1, three decimals) confirmed in the last TRUST_CONFIRMED_DAYS days. */
  confirmed_7d_share: number | null;
  /** The median, over the public listings, of the days since each was last known to be on offer (one decimal). */
  median_days_since_confirmation: number | null;
  /** Listings taken off the site because of visitors' reports in the last TRUST_WINDOW_DAYS days. */
  taken_down_after_reports_30d: number;
  /** The median hours from sending to a moderator's decision, decisions of the last TRUST_WINDOW_DAYS days (one decimal). */
  median_hours_to_moderation: number | null;
  /** When the figures were computed (ISO 8601). */
  as_of: string;
  /** Public listings now: the base of the first two figures. */
  active_listings: number;
  /** Of them, confirmed in the last TRUST_CONFIRMED_DAYS days. */
  confirmed_7d: number;
  /** Of the listings taken down: those enough reports hid at once, and those a moderator took off agreeing with a report. */
  hidden_by_reports_30d: number;
  upheld_by_moderators_30d: number;
  /** The decisions the moderation median is taken over. */
  moderation_decisions_30d: number;
  confirmed_days: number;
  window_days: number;
  min_sample: number;
}
