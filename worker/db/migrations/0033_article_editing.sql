-- Articles written in the back office (decision 059). A state: `draft` (never public),
-- `published` (public from `published_at`) or `scheduled` (public from `publish_at`, which the Cron
-- Trigger then turns into `published`; the public reads already show it once its time has come).
-- Existing articles — the demo's — are published. A language version is present when its title is not
-- empty: the three versions are written together and either all three fields of one are there or none.
ALTER TABLE articles ADD COLUMN status TEXT NOT NULL DEFAULT 'published'
  CHECK (status IN ('draft', 'published', 'scheduled'));
ALTER TABLE articles ADD COLUMN publish_at INTEGER;
ALTER TABLE articles ADD COLUMN created_at INTEGER NOT NULL DEFAULT 0;
ALTER TABLE articles ADD COLUMN updated_at INTEGER NOT NULL DEFAULT 0;
-- Who wrote the current version (a staff member); NULL for the seed's. No cascade: accounts are never
-- deleted as rows (their personal data is wiped), and the article outlives its editor.
ALTER TABLE articles ADD COLUMN updated_by INTEGER REFERENCES users(id);
-- The cover photo through the photo pipeline (decision 059): WebP variants `photos/{cover_key}-{width}.webp`
-- in R2, cut to the article picture's 1200 × 630 frame; `cover_width` is the largest one's width. Without
-- one, the drawn illustration of `image_seed` is the picture.
ALTER TABLE articles ADD COLUMN cover_key TEXT;
ALTER TABLE articles ADD COLUMN cover_width INTEGER;
UPDATE articles SET created_at = published_at, updated_at = published_at;

-- A public address is `/media/{tag path}/{slug}/` and the article is found by its slug alone.
CREATE UNIQUE INDEX articles_slug ON articles (slug);
-- The Cron Trigger's search for scheduled articles whose time has come.
CREATE INDEX articles_scheduled ON articles (publish_at) WHERE status = 'scheduled';
-- The back office's list, newest first.
CREATE INDEX articles_updated ON articles (updated_at DESC, id DESC);

CREATE TRIGGER articles_state_insert BEFORE INSERT ON articles
  WHEN (NEW.status = 'scheduled') <> (NEW.publish_at IS NOT NULL)
BEGIN
  SELECT RAISE(ABORT, 'articles: publish_at is set exactly when the article is scheduled');
END;
CREATE TRIGGER articles_state_update BEFORE UPDATE ON articles
  WHEN (NEW.status = 'scheduled') <> (NEW.publish_at IS NOT NULL)
BEGIN
  SELECT RAISE(ABORT, 'articles: publish_at is set exactly when the article is scheduled');
END;
