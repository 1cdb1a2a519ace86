-- The agency's own profile (decision 104, amending 087 and 098): its name and licence move from its licence
-- account's row (users) into `agencies`, where the moderators' check, the public badge and the profile read
-- them; and its logo, a square picture made like a profile picture (decision 050: WebP variants, no
-- metadata, no original), stored under `logo_key` with its largest side.
ALTER TABLE agencies ADD COLUMN logo_side INTEGER;
ALTER TABLE agencies ADD COLUMN name TEXT;
ALTER TABLE agencies ADD COLUMN licence_number TEXT;
-- When the agency last gave its name or number: the check's turn.
ALTER TABLE agencies ADD COLUMN licence_submitted_at INTEGER;
-- Confirmed by a moderator (the "Licensed agency" badge) …
ALTER TABLE agencies ADD COLUMN licence_checked_at INTEGER;
ALTER TABLE agencies ADD COLUMN licence_checked_by INTEGER REFERENCES users (id);
-- … or refused, with the reason its managers read.
ALTER TABLE agencies ADD COLUMN licence_refused_at INTEGER;
ALTER TABLE agencies ADD COLUMN licence_refused_reason TEXT;

-- An account that registered as an agency after 0047 and founded none, nor joined one, becomes an agency of
-- its own with itself as manager, as 0047 did: from here on an agency is its `agencies` row.
INSERT INTO agencies (slug, account_id, created_at, updated_at)
SELECT 'agency-' || u.id, u.id, u.created_at, u.created_at FROM users u
WHERE u.advertiser_type = 'agency' AND u.agency_name IS NOT NULL AND u.deleted_at IS NULL
  AND NOT EXISTS (SELECT 1 FROM agency_members m WHERE m.user_id = u.id)
  AND NOT EXISTS (SELECT 1 FROM agencies a WHERE a.account_id = u.id OR a.slug = 'agency-' || u.id);
INSERT INTO agency_members (agency_id, user_id, role, invited_by, joined_at)
SELECT a.id, a.account_id, 'manager', NULL, a.created_at FROM agencies a
WHERE NOT EXISTS (SELECT 1 FROM agency_members m WHERE m.user_id = a.account_id);
UPDATE listings SET agency_id = (SELECT m.agency_id FROM agency_members m WHERE m.user_id = listings.owner_id)
WHERE agency_id IS NULL AND deleted_at IS NULL AND owner_id IN (SELECT user_id FROM agency_members);

-- The account's triggers and index go first, so copying clears no check.
DROP TRIGGER users_licence_check_cleared;
DROP TRIGGER users_licence_check_agency_only;
DROP INDEX users_licence_awaiting;

-- Each agency takes its licence account's name and licence as they are, check and refusal included.
UPDATE agencies SET
  name = (SELECT u.agency_name FROM users u WHERE u.id = agencies.account_id),
  licence_number = (SELECT u.licence_number FROM users u WHERE u.id = agencies.account_id),
  licence_submitted_at = (SELECT u.licence_submitted_at FROM users u WHERE u.id = agencies.account_id),
  licence_checked_at = (SELECT u.licence_checked_at FROM users u WHERE u.id = agencies.account_id),
  licence_checked_by = (SELECT u.licence_checked_by FROM users u WHERE u.id = agencies.account_id),
  licence_refused_at = (SELECT u.licence_refused_at FROM users u WHERE u.id = agencies.account_id),
  licence_refused_reason = (SELECT u.licence_refused_reason FROM users u WHERE u.id = agencies.account_id);

-- Once, in `agencies`: the account keeps only who it advertises as (advertiser_type).
ALTER TABLE users DROP COLUMN agency_name;
ALTER TABLE users DROP COLUMN licence_number;
ALTER TABLE users DROP COLUMN licence_submitted_at;
ALTER TABLE users DROP COLUMN licence_checked_at;
ALTER TABLE users DROP COLUMN licence_checked_by;
ALTER TABLE users DROP COLUMN licence_refused_at;
ALTER TABLE users DROP COLUMN licence_refused_reason;

-- The back office's list of agencies awaiting a check, oldest request first.
CREATE INDEX agencies_licence_awaiting ON agencies (licence_submitted_at, id)
  WHERE licence_number IS NOT NULL AND licence_checked_at IS NULL AND licence_refused_at IS NULL;

-- A changed name or licence number loses the check (a refusal too), whoever writes it: the badge belongs to
-- the number and name a moderator saw, never to what replaced them.
CREATE TRIGGER agencies_licence_check_cleared AFTER UPDATE OF name, licence_number ON agencies
  WHEN OLD.name IS NOT NEW.name OR OLD.licence_number IS NOT NEW.licence_number
BEGIN
  UPDATE agencies SET licence_checked_at = NULL, licence_checked_by = NULL, licence_refused_at = NULL,
    licence_refused_reason = NULL
  WHERE id = NEW.id;
END;

-- Only an agency with a name and a licence number can hold a check.
CREATE TRIGGER agencies_licence_check_needs_number BEFORE UPDATE OF licence_checked_at, licence_refused_at ON agencies
  WHEN (NEW.licence_checked_at IS NOT NULL OR NEW.licence_refused_at IS NOT NULL)
    AND (NEW.licence_number IS NULL OR NEW.name IS NULL)
BEGIN
  SELECT RAISE(ABORT, 'licence_check_needs_agency');
END;
