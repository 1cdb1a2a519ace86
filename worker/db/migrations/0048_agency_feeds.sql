-- Agencies' YRL feeds (decision 100): the addresses an agency's managers set, and each check's report.
-- A feed is checked every FEED_CHECK_INTERVAL_H hours and right after it is added (next_run_at); the
-- conditional request's validators (etag, last_modified) are those of the last fetched answer.
CREATE TABLE agency_feeds (
  id INTEGER PRIMARY KEY,
  agency_id INTEGER NOT NULL REFERENCES agencies (id),
  url TEXT NOT NULL,
  created_by INTEGER NOT NULL REFERENCES users (id),
  created_at INTEGER NOT NULL,
  etag TEXT,
  last_modified TEXT,
  -- When the Cron Trigger next hands the feed to the FEEDS queue; claimed (moved on) when enqueued.
  next_run_at INTEGER NOT NULL,
  last_run_at INTEGER,
  -- A removed feed is kept (its listings will be archived by the import) but never checked again.
  disabled_at INTEGER
);
-- One live feed per address and agency; a removed one may be added again.
CREATE UNIQUE INDEX agency_feeds_url ON agency_feeds (agency_id, url) WHERE disabled_at IS NULL;
CREATE INDEX agency_feeds_due ON agency_feeds (next_run_at) WHERE disabled_at IS NULL;

-- One row per check: what was fetched and read, and the refusals (JSON, capped; refusals_count is all of
-- them). created/updated/archived are the import's (writing listings), 0 until it runs.
CREATE TABLE agency_feed_runs (
  id INTEGER PRIMARY KEY,
  feed_id INTEGER NOT NULL REFERENCES agency_feeds (id),
  started_at INTEGER NOT NULL,
  finished_at INTEGER NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('fetched', 'unchanged', 'failed')),
  -- feed.problem.{code} and its values (JSON object): why the feed was not fetched or not read to its end.
  problem_code TEXT,
  problem_args TEXT,
  offers_read INTEGER NOT NULL DEFAULT 0,
  offers_valid INTEGER NOT NULL DEFAULT 0,
  -- JSON array of {internal_id, line, code, message, args}, at most FEED_RUN_REFUSALS_KEPT.
  refusals TEXT NOT NULL DEFAULT '[]',
  refusals_count INTEGER NOT NULL DEFAULT 0,
  created INTEGER NOT NULL DEFAULT 0,
  updated INTEGER NOT NULL DEFAULT 0,
  archived INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX agency_feed_runs_feed ON agency_feed_runs (feed_id, started_at);
