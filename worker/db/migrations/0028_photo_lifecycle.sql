-- Photos' lifecycle (decision 050).
-- A rotation holds its photo until this time (ms) so that two rotations of one photo never run together:
-- the second answers 409 instead of rendering variants that one of them would leave behind in R2.
ALTER TABLE listing_images ADD COLUMN rotating_until INTEGER;

-- A profile picture is a set of square WebP variants in R2 (photos/{image_key}-{side}.webp, the largest
-- `image_side` px), rendered by the photo pipeline. The references stored until now go: data: URLs kept
-- the uploaded bytes with their EXIF and GPS and cannot be re-encoded in SQL, and https URLs named files
-- no pipeline ever read. Their owners upload the picture again.
ALTER TABLE users ADD COLUMN image_key TEXT;
ALTER TABLE users ADD COLUMN image_side INTEGER;
ALTER TABLE users DROP COLUMN image_url;
