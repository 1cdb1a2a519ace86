-- The agency's own profile (decision 104): its logo is a square picture made like a profile picture
-- (decision 050: WebP variants, no metadata, no original), stored under `logo_key` with its largest side.
ALTER TABLE agencies ADD COLUMN logo_side INTEGER;
