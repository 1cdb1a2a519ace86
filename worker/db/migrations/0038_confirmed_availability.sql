-- Availability confirmed, not assumed (decision 084). Times in ms.
-- `confirmed_at`: when the listing was last known to be on offer — its publication, a renewal, an edit, or
-- its owner's confirmation. `confirm_asked_at`: when the owner was last asked to confirm. `unconfirmed_at`:
-- set while the listing is left out of search and lists for two unanswered cycles, null otherwise.
-- `archive_reason`: why an owner archived it from the availability question (`let` or `sold`), shown with
-- it in favourites and saved-search matches; null for any other archiving.
ALTER TABLE listings ADD COLUMN confirmed_at INTEGER;
ALTER TABLE listings ADD COLUMN confirm_asked_at INTEGER;
ALTER TABLE listings ADD COLUMN unconfirmed_at INTEGER;
ALTER TABLE listings ADD COLUMN archive_reason TEXT CHECK (archive_reason IN ('let', 'sold'));

-- What is known so far: a listing was last shown to be on offer when it was last changed.
UPDATE listings SET confirmed_at = updated_at WHERE published_at IS NOT NULL OR status = 'active';
