/**
 * Agencies' YRL feeds and their runs (migration 0048, decision 100): adding and removing a feed within the
 * agency's allowance, the feeds due for a check (claimed by moving their next check on), and each run's
 * report, the last FEED_RUNS_KEPT per feed.
 */
import type { Database } from "#worker/app-env.ts";
import { FEED_CHECK_INTERVAL_H, FEED_RUNS_KEPT, FEEDS_PER_AGENCY } from "#shared/constants.ts";
import { FEED_NEW_LISTINGS_PER_DAY, FEED_NEW_LISTINGS_PER_DAY_CHECKED } from "#shared/feed-limits.ts";
import type { FeedRunOutcome } from "#shared/api/agency-feeds.ts";
import { adoptStatement } from "./feed-listings.ts";
import { isUniqueConstraintError } from "./users.ts";

const FEED_CHECK_INTERVAL_MS = FEED_CHECK_INTERVAL_H * 3600 * 1000;

export interface FeedRow {
  id: number;
  agency_id: number;
  url: string;
  created_at: number;
  etag: string | null;
  last_modified: string | null;
  next_run_at: number;
  last_run_at: number | null;
}

export interface FeedRunRow {
  id: number;
  feed_id: number;
  started_at: number;
  finished_at: number;
  outcome: FeedRunOutcome;
  problem_code: string | null;
  /** JSON object. */
  problem_args: string | null;
  offers_read: number;
  offers_valid: number;
  /** JSON array. */
  refusals: string;
  refusals_count: number;
  created: number;
  updated: number;
  archived: number;
  unchanged: number;
  /** New offers left for a later check: the agency's new listings a day were used up (decision 108). */
  waiting: number;
  /** 1 while the run's import batches go on (decision 101). */
  importing: number;
}

const FEED_COLUMNS = "f.id, f.agency_id, f.url, f.created_at, f.etag, f.last_modified, f.next_run_at, f.last_run_at";

/**
 * Adds a live feed to the agency, its first check queued by the caller (so due an interval on; unclaimFeed
 * when the queue refused it); "limit" when it has FEEDS_PER_AGENCY live feeds already,
 * "duplicate" when one of them has this address. The count and the insert are one statement.
 */
export async function insertFeed(
  db: Database,
  feed: { agencyId: number; url: string; createdBy: number },
  now: number,
): Promise<{ id: number } | "limit" | "duplicate"> {
  try {
    const row = await db
      .prepare(
        `INSERT INTO agency_feeds (agency_id, url, created_by, created_at, next_run_at)
         SELECT ?1, ?2, ?3, ?4, ?6
         WHERE (SELECT COUNT(*) FROM agency_feeds WHERE agency_id = ?1 AND disabled_at IS NULL) < ?5
         RETURNING id`,
      )
      .bind(feed.agencyId, feed.url, feed.createdBy, now, FEEDS_PER_AGENCY, now + FEED_CHECK_INTERVAL_MS)
      .first<{ id: number }>();
    return row ?? "limit";
  } catch (error) {
    if (isUniqueConstraintError(error)) return "duplicate";
    throw error;
  }
}

/** The agency's live feeds, oldest first. */
export async function feedsOf(db: Database, agencyId: number): Promise<FeedRow[]> {
  const { results } = await db
    .prepare(`SELECT ${FEED_COLUMNS} FROM agency_feeds f WHERE f.agency_id = ? AND f.disabled_at IS NULL ORDER BY f.id`)
    .bind(agencyId)
    .all<FeedRow>();
  return results;
}

/** The live feed `feedId` when it is the agency's; null otherwise (another agency's is no different). */
export function feedOfAgency(db: Database, feedId: number, agencyId: number): Promise<FeedRow | null> {
  return db
    .prepare(`SELECT ${FEED_COLUMNS} FROM agency_feeds f WHERE f.id = ? AND f.agency_id = ? AND f.disabled_at IS NULL`)
    .bind(feedId, agencyId)
    .first<FeedRow>();
}

/** The live feed to check, or null when it was removed meanwhile. */
export function liveFeed(db: Database, feedId: number): Promise<FeedRow | null> {
  return db
    .prepare(`SELECT ${FEED_COLUMNS} FROM agency_feeds f WHERE f.id = ? AND f.disabled_at IS NULL`)
    .bind(feedId)
    .first<FeedRow>();
}

/** Removes the agency's feed from the checks (its runs stay readable to nobody); false when it had none such. */
export async function disableFeed(db: Database, feedId: number, agencyId: number, now: number): Promise<boolean> {
  const { meta } = await db
    .prepare("UPDATE agency_feeds SET disabled_at = ? WHERE id = ? AND agency_id = ? AND disabled_at IS NULL")
    .bind(now, feedId, agencyId)
    .run();
  return meta.changes === 1;
}

/**
 * Claims up to `limit` live feeds due at `now`, the longest waiting first, by moving their next check an
 * interval on: a second Cron run does not claim them again, and a run that never happens waits one interval.
 */
export async function claimDueFeeds(db: Database, now: number, limit: number): Promise<number[]> {
  const { results } = await db
    .prepare(
      `UPDATE agency_feeds SET next_run_at = ?1
       WHERE id IN (SELECT id FROM agency_feeds WHERE disabled_at IS NULL AND next_run_at <= ?2
                    ORDER BY next_run_at, id LIMIT ?3)
       RETURNING id`,
    )
    .bind(now + FEED_CHECK_INTERVAL_MS, now, limit)
    .all<{ id: number }>();
  return results.map((r) => r.id).sort((a, b) => a - b);
}

/** Puts a claimed feed back as due (its message could not be queued). */
export async function unclaimFeed(db: Database, feedId: number, dueAt: number): Promise<void> {
  await db.prepare("UPDATE agency_feeds SET next_run_at = ? WHERE id = ?").bind(dueAt, feedId).run();
}

export interface FeedRunRecord {
  startedAt: number;
  finishedAt: number;
  outcome: FeedRunOutcome;
  problem: { code: string; args: Record<string, string | number> } | null;
  offersRead: number;
  offersValid: number;
  refusals: unknown[];
  refusalsCount: number;
  /** The answer's validators, kept for the next conditional fetch; undefined keeps the stored ones. */
  validators?: { etag: string | null; lastModified: string | null };
}

/** Stores a run and the feed's validators in one batch, and drops the feed's runs beyond FEED_RUNS_KEPT. */
export async function recordRun(db: Database, feedId: number, run: FeedRunRecord): Promise<number> {
  const [inserted] = await db.batch<{ id: number }>([
    db
      .prepare(
        `INSERT INTO agency_feed_runs (feed_id, started_at, finished_at, outcome, problem_code, problem_args,
           offers_read, offers_valid, refusals, refusals_count)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      )
      .bind(
        feedId,
        run.startedAt,
        run.finishedAt,
        run.outcome,
        run.problem?.code ?? null,
        run.problem ? JSON.stringify(run.problem.args) : null,
        run.offersRead,
        run.offersValid,
        JSON.stringify(run.refusals),
        run.refusalsCount,
      ),
    run.validators
      ? db
          .prepare("UPDATE agency_feeds SET etag = ?, last_modified = ?, last_run_at = ? WHERE id = ?")
          .bind(run.validators.etag, run.validators.lastModified, run.startedAt, feedId)
      : db.prepare("UPDATE agency_feeds SET last_run_at = ? WHERE id = ?").bind(run.startedAt, feedId),
    db
      .prepare(
        `DELETE FROM agency_feed_runs WHERE feed_id = ?1 AND id NOT IN
           (SELECT id FROM agency_feed_runs WHERE feed_id = ?1 ORDER BY id DESC LIMIT ?2)`,
      )
      .bind(feedId, FEED_RUNS_KEPT),
  ]);
  return inserted!.results[0]!.id;
}

/**
 * Opens the run of a fetched feed whose offers the import will write (decision 101): importing until its
 * last batch. A newer run supersedes any import of the feed still going: its staged rows are dropped.
 */
export async function startRun(db: Database, feedId: number, startedAt: number): Promise<number> {
  const [, , , inserted] = await db.batch<{ id: number }>([
    adoptStatement(db, feedId),
    db
      .prepare("DELETE FROM feed_staged WHERE run_id IN (SELECT id FROM agency_feed_runs WHERE feed_id = ?)")
      .bind(feedId),
    db.prepare("UPDATE agency_feed_runs SET importing = 0 WHERE feed_id = ? AND importing = 1").bind(feedId),
    db
      .prepare(
        `INSERT INTO agency_feed_runs (feed_id, started_at, finished_at, outcome, importing)
         VALUES (?, ?, ?, 'fetched', 1) RETURNING id`,
      )
      .bind(feedId, startedAt, startedAt),
    db
      .prepare(
        `DELETE FROM agency_feed_runs WHERE feed_id = ?1 AND id NOT IN
           (SELECT id FROM agency_feed_runs WHERE feed_id = ?1 ORDER BY id DESC LIMIT ?2)`,
      )
      .bind(feedId, FEED_RUNS_KEPT),
  ]);
  return inserted!.results[0]!.id;
}

/**
 * The reading's report of a run `startRun` opened: a problem fails it (its staged rows dropped: a feed not
 * read to its end writes nothing); otherwise it stays importing while `staged` rows wait.
 */
export async function readRun(
  db: Database,
  runId: number,
  run: Omit<FeedRunRecord, "startedAt" | "validators"> & { unchanged: number; waiting: number; staged: boolean },
) {
  await db.batch([
    ...(run.staged ? [] : [db.prepare("DELETE FROM feed_staged WHERE run_id = ?").bind(runId)]),
    db
      .prepare(
        `UPDATE agency_feed_runs SET finished_at = ?2, outcome = ?3, problem_code = ?4, problem_args = ?5,
           offers_read = ?6, offers_valid = ?7, refusals = ?8, refusals_count = ?9, unchanged = ?10, importing = ?11,
           waiting = ?12
         WHERE id = ?1`,
      )
      .bind(
        runId,
        run.finishedAt,
        run.outcome,
        run.problem?.code ?? null,
        run.problem ? JSON.stringify(run.problem.args) : null,
        run.offersRead,
        run.offersValid,
        JSON.stringify(run.refusals),
        run.refusalsCount,
        run.unchanged,
        run.staged ? 1 : 0,
        run.waiting,
      ),
  ]);
}

/**
 * Ends a run's import: the feed keeps the fetched answer's validators (only now, so a feed whose import did
 * not end is fetched whole again), or, with a problem, the run fails and keeps none. The finished run's
 * row; null when it was no longer importing.
 */
export async function finishImport(
  db: Database,
  feedId: number,
  runId: number,
  validators: { etag: string | null; lastModified: string | null } | null,
  now: number,
  problem: { code: string; args: Record<string, string | number> } | null,
): Promise<FeedRunRow | null> {
  const [finished] = await db.batch<FeedRunRow>([
    db
      .prepare(
        `UPDATE agency_feed_runs SET importing = 0, finished_at = ?3,
           outcome = CASE WHEN ?4 IS NULL THEN outcome ELSE 'failed' END,
           problem_code = ifnull(?4, problem_code), problem_args = ifnull(?5, problem_args)
         WHERE id = ?1 AND feed_id = ?2 AND importing = 1 RETURNING *`,
      )
      .bind(runId, feedId, now, problem?.code ?? null, problem ? JSON.stringify(problem.args) : null),
    db.prepare("DELETE FROM feed_staged WHERE run_id = ?").bind(runId),
    validators && !problem
      ? db
          .prepare(
            `UPDATE agency_feeds SET etag = ?, last_modified = ?, last_run_at = (SELECT started_at FROM
               agency_feed_runs WHERE id = ?) WHERE id = ?`,
          )
          .bind(validators.etag, validators.lastModified, runId, feedId)
      : db
          .prepare(
            "UPDATE agency_feeds SET last_run_at = (SELECT started_at FROM agency_feed_runs WHERE id = ?) WHERE id = ?",
          )
          .bind(runId, feedId),
  ]);
  return (finished!.results[0] as FeedRunRow | undefined) ?? null;
}

/** The feed's runs, newest first (at most FEED_RUNS_KEPT are kept). */
export async function runsOf(db: Database, feedId: number, limit = FEED_RUNS_KEPT): Promise<FeedRunRow[]> {
  const { results } = await db
    .prepare("SELECT * FROM agency_feed_runs WHERE feed_id = ? ORDER BY id DESC LIMIT ?")
    .bind(feedId, limit)
    .all<FeedRunRow>();
  return results;
}

/** Each of the feeds' newest run, by feed id. */
export async function lastRuns(db: Database, feedIds: number[]): Promise<Map<number, FeedRunRow>> {
  if (feedIds.length === 0) return new Map();
  const { results } = await db
    .prepare(
      `SELECT r.* FROM agency_feed_runs r
       WHERE r.id IN (SELECT MAX(id) FROM agency_feed_runs WHERE feed_id IN (SELECT value FROM json_each(?)) GROUP BY feed_id)`,
    )
    .bind(JSON.stringify(feedIds))
    .all<FeedRunRow>();
  return new Map(results.map((r) => [r.feed_id, r]));
}

/**
 * How many more new listings the feeds of the agency owning feed `feedId` may put into the moderation
 * queue at `now` (decision 108): its allowance for 24 hours (FEED_NEW_LISTINGS_PER_DAY, or
 * FEED_NEW_LISTINGS_PER_DAY_CHECKED once a moderator checked its licence), less the listings its feeds
 * created within the last 24 hours and the new offers its feeds' imports have staged and not yet written.
 */
export async function newListingsAllowed(db: Database, feedId: number, now: number): Promise<number> {
  const row = await db
    .prepare(
      `SELECT a.licence_checked_at IS NOT NULL AS checked,
         (SELECT COUNT(*) FROM listings l
           WHERE l.agency_id = a.id AND l.created_at > ?2
             AND EXISTS (SELECT 1 FROM feed_listings fl WHERE fl.listing_id = l.id)) AS created,
         (SELECT COUNT(*) FROM agency_feeds f
            JOIN agency_feed_runs r ON r.feed_id = f.id AND r.importing = 1
            JOIN feed_staged s ON s.run_id = r.id AND s.kind = 'offer'
           WHERE f.agency_id = a.id
             AND NOT EXISTS (SELECT 1 FROM feed_listings fl WHERE fl.feed_id = f.id AND fl.internal_id = s.internal_id))
           AS staged
       FROM agency_feeds af JOIN agencies a ON a.id = af.agency_id WHERE af.id = ?1`,
    )
    .bind(feedId, now - 24 * 3600 * 1000)
    .first<{ checked: number; created: number; staged: number }>();
  if (!row) return 0;
  const perDay = row.checked ? FEED_NEW_LISTINGS_PER_DAY_CHECKED : FEED_NEW_LISTINGS_PER_DAY;
  return Math.max(0, perDay - row.created - row.staged);
}
