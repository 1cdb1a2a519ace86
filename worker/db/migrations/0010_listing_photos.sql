-- Uploaded listing photos (decision 031) share listing_images with the seeded
-- illustrations: a row with a photo_key is a photo in R2, one without is drawn from its seed.
-- width and height are the served (rotated) full size; rotation is the owner's clockwise turn.
ALTER TABLE listing_images ADD COLUMN photo_key TEXT;
ALTER TABLE listing_images ADD COLUMN master_key TEXT;
ALTER TABLE listing_images ADD COLUMN rotation INTEGER NOT NULL DEFAULT 0;
ALTER TABLE listing_images ADD COLUMN created_at INTEGER;
CREATE UNIQUE INDEX listing_images_photo_key ON listing_images (photo_key);
