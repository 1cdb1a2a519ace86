-- Listings a moderator took off the site (decision 062). A hidden listing is
-- `archived` like any listing off the site, so every public read already leaves it out; these columns say
-- that staff did it, why (shown to its owner), and the state it had, which a restore gives back. While
-- `staff_hidden_at` is set its owner cannot restore it themselves (worker/api/cabinet-realties.ts).
ALTER TABLE listings ADD COLUMN staff_hidden_at INTEGER;
ALTER TABLE listings ADD COLUMN staff_hidden_reason TEXT;
ALTER TABLE listings ADD COLUMN staff_hidden_from TEXT;
-- The owner's own restore never touches a hidden listing, even in a race with the check before it.
CREATE TRIGGER listings_keep_staff_hidden BEFORE UPDATE OF status ON listings
WHEN OLD.staff_hidden_at IS NOT NULL AND NEW.staff_hidden_at IS NOT NULL AND NEW.status <> OLD.status
  AND NEW.deleted_at IS NULL
BEGIN
  SELECT RAISE(ABORT, 'listing_staff_hidden');
END;
