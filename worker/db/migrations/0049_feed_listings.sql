-- Listings written from agencies' feeds (decision 101). A feed's offer is its listing's by
-- (feed_id, internal_id); values_hash and photos_hash are digests of the offer's mapped values and of its
-- photo addresses as last written, so an unchanged offer writes nothing.
CREATE TABLE feed_listings (
  feed_id INTEGER NOT NULL REFERENCES agency_feeds (id),
  internal_id TEXT NOT NULL,
  listing_id INTEGER NOT NULL UNIQUE REFERENCES listings (id),
  values_hash TEXT NOT NULL,
  photos_hash TEXT NOT NULL,
  written_at INTEGER NOT NULL,
  -- 1 while the listing is archived because its offer left the feed: its return restores it.
  archived_by_feed INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (feed_id, internal_id)
);

-- What a run's import still has to write, in the order it was read: an offer to create, update or restore
-- (its mapped listing as JSON, decision 097's FeedListing), or a listing whose offer is gone to archive.
-- Each import batch writes some and deletes them with its writes; a newer run of the feed drops the rest.
CREATE TABLE feed_staged (
  run_id INTEGER NOT NULL REFERENCES agency_feed_runs (id),
  seq INTEGER NOT NULL,
  internal_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('offer', 'gone')),
  listing TEXT,
  values_hash TEXT,
  photos_hash TEXT,
  PRIMARY KEY (run_id, seq)
);

-- Offers whose listing was left as it is; importing: 1 while the run's import batches go on.
ALTER TABLE agency_feed_runs ADD COLUMN unchanged INTEGER NOT NULL DEFAULT 0;
ALTER TABLE agency_feed_runs ADD COLUMN importing INTEGER NOT NULL DEFAULT 0;
