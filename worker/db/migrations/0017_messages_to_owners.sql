-- Owner statistics count the messages people send an owner about a listing, not the owner's replies
-- (decision 039 turned contact messages into conversations): the covering index names the recipient too.
DROP INDEX messages_listing;
CREATE INDEX messages_listing ON messages (listing_id, created_at, recipient_id);
