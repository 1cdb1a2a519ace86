-- The back office's dashboard (decision 060) counts, for each of the last 30 days, the rows
-- created that day: each count is a range over one of these indexes instead of a scan of the table.
CREATE INDEX listings_created ON listings (created_at);
CREATE INDEX listings_submitted_day ON listings (submitted_at) WHERE submitted_at IS NOT NULL;
CREATE INDEX listing_revisions_submitted ON listing_revisions (submitted_at);
CREATE INDEX users_created ON users (created_at);
CREATE INDEX listing_reports_created ON listing_reports (created_at);
CREATE INDEX conversation_reports_created ON conversation_reports (created_at);
CREATE INDEX payment_events_status_created ON payment_events (status, created_at);
