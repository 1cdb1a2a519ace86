-- My listings (decision 038): the owner's lifecycle, expiry and renewal, moderation, reports.
-- Times are milliseconds since the epoch.
--
-- A deleted listing is final: it keeps its row (payments, messages and favourites point at it) with
-- status 'archived' and deleted_at set, and is never shown or acted on again. SQLite cannot widen the
-- status CHECK without rebuilding the table, and every non-public state already hides it everywhere.
ALTER TABLE listings ADD COLUMN deleted_at INTEGER;
-- When it first went public (an approval); restoring an archived listing that was public publishes it again.
ALTER TABLE listings ADD COLUMN published_at INTEGER;
-- When the owner last said it is still there ("still available", a renewal, an approval): shown publicly.
ALTER TABLE listings ADD COLUMN checked_at INTEGER;
-- When it was last submitted for review: the moderation queue is oldest first by this.
ALTER TABLE listings ADD COLUMN submitted_at INTEGER;
-- When the expiry reminder of its current run was sent (once per run; a renewal clears it).
ALTER TABLE listings ADD COLUMN reminded_at INTEGER;
-- When visitors' reports took it off the site (REPORT_HIDE_THRESHOLD, decision 038): it is pending until a
-- moderator decides, and the decision clears this.
ALTER TABLE listings ADD COLUMN hidden_at INTEGER;
-- A moderator's rejection picks a reason from a list (shown to the owner in their language) besides the
-- free text of rejection_reason; either may be empty, not both.
ALTER TABLE listings ADD COLUMN rejection_code TEXT;

UPDATE listings SET published_at = created_at WHERE status IN ('active', 'archived');
UPDATE listings SET checked_at = updated_at WHERE status = 'active';
UPDATE listings SET submitted_at = updated_at WHERE status = 'pending';

-- The owner's tabs, newest change first; the expiry run and its reminders; the moderation queue.
CREATE INDEX listings_owner_updated ON listings (owner_id, status, updated_at DESC);
CREATE INDEX listings_expiry ON listings (status, expires_at);
CREATE INDEX listings_submitted ON listings (status, submitted_at);

-- Reports of a public listing by visitors. A reporter is a signed-in account or, for guests, a keyed hash
-- of the address: one open report per reporter and listing, so a count of open reports is a count of
-- independent people. A moderator's decision closes them (resolved_at).
CREATE TABLE listing_reports (
  id INTEGER PRIMARY KEY,
  listing_id INTEGER NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  reporter TEXT NOT NULL,
  user_id INTEGER REFERENCES users(id),
  reason TEXT NOT NULL CHECK (reason IN ('sold', 'wrong_price', 'fake', 'duplicate', 'other')),
  text TEXT,
  created_at INTEGER NOT NULL,
  resolved_at INTEGER
);
CREATE UNIQUE INDEX listing_reports_open ON listing_reports (listing_id, reporter) WHERE resolved_at IS NULL;

-- The language a person reads the site in, for what is e-mailed to them; set when they sign in.
ALTER TABLE users ADD COLUMN locale TEXT CHECK (locale IS NULL OR locale IN ('en', 'ru', 'sr'));

-- Owner statistics per day: messages and favourites of a listing.
CREATE INDEX messages_listing ON messages (listing_id, created_at);
CREATE INDEX favourites_listing ON favourites (listing_id, created_at);

-- The development outbox holds every e-mail (subject and headers too), not only codes.
ALTER TABLE dev_outbox ADD COLUMN subject TEXT;
ALTER TABLE dev_outbox ADD COLUMN headers TEXT;
