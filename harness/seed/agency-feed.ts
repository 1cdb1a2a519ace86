/**
 * The development manager's agency feed (decisions 100–102): after the seed's rows, one feed of the
 * manager's agency with a run that refused two offers, and one of the agency's listings with a photo its
 * server did not give, so that every section of `/cabinet/agency/` has something to show (and the audit
 * checks it). The feed's address is no server's (`.test`) and its next check is never due: nothing the
 * seed writes is ever fetched, not by `npm start` nor by the Cron Trigger the tests run.
 */

/** The seed user who manages the demo's team agency (agents 6–9) and signs in as the development manager. */
export const DEV_MANAGER_ID = 5;

const FEED_URL = "https://feeds.kvadrat.test/yrl.xml";
const PHOTO_URL = "https://feeds.kvadrat.test/photos/4-1.jpg";
/** Far past any clock the tests set: the Cron Trigger never claims the seeded feed. */
const NEVER = Date.UTC(2100, 0, 1);

const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;

const REFUSALS = [
  {
    internal_id: "beo-118",
    line: 214,
    code: "unknown_place",
    message: "feed.refusal.unknown_place",
    args: { id: "beo-118", line: 214, element: "locality-name", value: "Atlantida" },
    reason: null,
  },
  {
    internal_id: "nsd-7",
    line: 377,
    code: "unsupported_currency",
    message: "feed.refusal.unsupported_currency",
    args: { id: "nsd-7", line: 377, element: "currency", value: "USD" },
    reason: null,
  },
];

/** The statements; `now` is the seed's present (its anchor), the run an hour before it. */
export function agencyFeedStatements(now: number): string[] {
  const ran = now - 3_600_000;
  const agency = `(SELECT agency_id FROM agency_members WHERE user_id = ${DEV_MANAGER_ID} AND role = 'manager')`;
  return [
    `INSERT INTO agency_feeds (id, agency_id, url, created_by, created_at, next_run_at, last_run_at)
     SELECT 1, ${agency}, ${quote(FEED_URL)}, ${DEV_MANAGER_ID}, ${now - 30 * 86_400_000}, ${NEVER}, ${ran}
     WHERE ${agency} IS NOT NULL`,
    `INSERT INTO agency_feed_runs (id, feed_id, started_at, finished_at, outcome, offers_read, offers_valid,
       refusals, refusals_count, created, updated, archived, unchanged)
     SELECT 1, 1, ${ran}, ${ran + 42_000}, 'fetched', 14, 12, ${quote(JSON.stringify(REFUSALS))}, 2, 0, 1, 0, 11
     WHERE EXISTS (SELECT 1 FROM agency_feeds WHERE id = 1)`,
    `INSERT INTO listing_photo_problems (listing_id, url, agency_id, code, args, tried_at)
     SELECT l.id, ${quote(PHOTO_URL)}, l.agency_id, 'http_status', '{"status":404}', ${ran + 60_000}
     FROM listings l WHERE l.agency_id = ${agency} AND l.status = 'active' ORDER BY l.id LIMIT 1`,
  ];
}
