-- Changes to an approved listing wait for a moderator (decision 053). The listings row keeps the approved
-- text, which every public read (search, FTS, detail, lists, sitemaps) already reads; the owner's proposed
-- text waits here, one revision per listing, `pending` in the moderation queue or `rejected` with the
-- moderator's reason. Photos added meanwhile are `pending` in listing_images and left out of public reads.
CREATE TABLE listing_revisions (
  listing_id INTEGER PRIMARY KEY REFERENCES listings (id) ON DELETE CASCADE,
  status TEXT NOT NULL CHECK (status IN ('pending', 'rejected')),
  title TEXT,
  title_generated INTEGER NOT NULL,
  description TEXT,
  lang TEXT,
  rejection_code TEXT,
  rejection_reason TEXT,
  submitted_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX listing_revisions_queue ON listing_revisions (status, submitted_at);

ALTER TABLE listing_images ADD COLUMN state TEXT NOT NULL DEFAULT 'public' CHECK (state IN ('public', 'pending'));
