-- Which reports may take a listing off the site by themselves (decision 047, amending 038). Networks are
-- keyed hashes (HMAC with the token secret) of an IPv4 address or of an IPv6 address's /64, never the
-- address itself: enough to tell that two accounts came from one network, not which network it was.
--
-- The network an account signed up from (NULL for accounts older than this migration).
ALTER TABLE users ADD COLUMN signup_network TEXT;
-- The network a report came from (NULL for reports older than this migration).
ALTER TABLE listing_reports ADD COLUMN network TEXT;
-- A moderator approved the listing over this report: its reporter and networks no longer count towards
-- hiding that listing, now or in a repeat report.
ALTER TABLE listing_reports ADD COLUMN overruled INTEGER NOT NULL DEFAULT 0 CHECK (overruled IN (0, 1));
CREATE INDEX listing_reports_overruled ON listing_reports (listing_id) WHERE overruled = 1;
