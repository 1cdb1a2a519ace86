-- Agencies' feed photos that could not be fetched are tried again with a backoff (decision 108): how many
-- tries failed, when the next may be made (NULL: none, until the listing's photo list changes), and the
-- photo's place in its listing's list, so that a retry sends the list in the feed's order.
ALTER TABLE listing_photo_problems ADD COLUMN tries INTEGER NOT NULL DEFAULT 1;
ALTER TABLE listing_photo_problems ADD COLUMN next_try_at INTEGER;
ALTER TABLE listing_photo_problems ADD COLUMN position INTEGER;
-- The problems recorded before: tried again an hour after their last try.
UPDATE listing_photo_problems SET next_try_at = tried_at + 3600000;
CREATE INDEX listing_photo_problems_due ON listing_photo_problems (agency_id, next_try_at) WHERE next_try_at IS NOT NULL;

-- New offers a run left for later because their agency's feeds had put FEED_NEW_LISTINGS_PER_DAY new
-- listings into the moderation queue within a day (decision 108).
ALTER TABLE agency_feed_runs ADD COLUMN waiting INTEGER NOT NULL DEFAULT 0;
