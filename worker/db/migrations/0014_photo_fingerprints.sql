-- Photo fingerprints for the duplicate check (decision 036): a 64-bit difference hash of each
-- uploaded photo (16 hex digits) and its four 16-bit bands, each indexed, so photos within a few bits of
-- a new one are found by exact band lookups. Illustrations and photos stored before this have none.
ALTER TABLE listing_images ADD COLUMN fingerprint TEXT;
ALTER TABLE listing_images ADD COLUMN fp_band0 INTEGER;
ALTER TABLE listing_images ADD COLUMN fp_band1 INTEGER;
ALTER TABLE listing_images ADD COLUMN fp_band2 INTEGER;
ALTER TABLE listing_images ADD COLUMN fp_band3 INTEGER;
CREATE INDEX listing_images_fp_band0 ON listing_images (fp_band0) WHERE fp_band0 IS NOT NULL;
CREATE INDEX listing_images_fp_band1 ON listing_images (fp_band1) WHERE fp_band1 IS NOT NULL;
CREATE INDEX listing_images_fp_band2 ON listing_images (fp_band2) WHERE fp_band2 IS NOT NULL;
CREATE INDEX listing_images_fp_band3 ON listing_images (fp_band3) WHERE fp_band3 IS NOT NULL;
