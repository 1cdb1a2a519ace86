-- Agencies' listing photos fetched from their feeds (decision 102). A photo fetched from an address keeps the
-- address and its server's validators, so an unchanged photo is not fetched again: asked conditionally
-- (If-None-Match / If-Modified-Since) once source_checked_at is FEED_PHOTO_RECHECK_H old, not asked at all
-- before. A row without source_url is an owner's upload or an illustration.
ALTER TABLE listing_images ADD COLUMN source_url TEXT;
ALTER TABLE listing_images ADD COLUMN source_etag TEXT;
ALTER TABLE listing_images ADD COLUMN source_last_modified TEXT;
ALTER TABLE listing_images ADD COLUMN source_checked_at INTEGER;
-- One photo per address and listing, whatever two syncs of one listing do at once.
CREATE UNIQUE INDEX listing_images_source ON listing_images (listing_id, source_url) WHERE source_url IS NOT NULL;

-- The photos of a feed's list that could not be fetched (or were refused), until one is fetched or leaves
-- the list: feedPhoto.problem.{code} with its values (JSON object), shown in the agency's cabinet.
CREATE TABLE listing_photo_problems (
  listing_id INTEGER NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  -- The listing's agency when it was tried: the cabinet reads by agency.
  agency_id INTEGER REFERENCES agencies (id),
  code TEXT NOT NULL,
  args TEXT NOT NULL DEFAULT '{}',
  tried_at INTEGER NOT NULL,
  PRIMARY KEY (listing_id, url)
);
CREATE INDEX listing_photo_problems_agency ON listing_photo_problems (agency_id, tried_at) WHERE agency_id IS NOT NULL;
