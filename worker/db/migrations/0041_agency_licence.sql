-- Who is offering (decision 087): an agency's public name and its licence number from the public register
-- of real-estate brokers (Registar posrednika), and a moderator's check of it. Kept on the account for now,
-- all `agency_`/`licence_` columns together, so a later agencies table can take them as they are.
ALTER TABLE users ADD COLUMN agency_name TEXT;
ALTER TABLE users ADD COLUMN licence_number TEXT;
-- When the agency last gave its name or number (registration, the profile): the check's turn.
ALTER TABLE users ADD COLUMN licence_submitted_at INTEGER;
-- Confirmed by a moderator (the "Licensed agency" badge) …
ALTER TABLE users ADD COLUMN licence_checked_at INTEGER;
ALTER TABLE users ADD COLUMN licence_checked_by INTEGER REFERENCES users(id);
-- … or refused, with the reason the agency reads in its profile.
ALTER TABLE users ADD COLUMN licence_refused_at INTEGER;
ALTER TABLE users ADD COLUMN licence_refused_reason TEXT;

-- The back office's list of agencies awaiting a check, oldest request first.
CREATE INDEX users_licence_awaiting ON users (licence_submitted_at, id)
  WHERE advertiser_type = 'agency' AND licence_number IS NOT NULL AND licence_checked_at IS NULL
    AND licence_refused_at IS NULL AND deleted_at IS NULL;

-- A changed type, agency name or licence number loses the check, whoever writes it: the badge belongs to
-- the number and name a moderator saw, never to what replaced them.
CREATE TRIGGER users_licence_check_cleared AFTER UPDATE OF advertiser_type, agency_name, licence_number ON users
  WHEN OLD.advertiser_type IS NOT NEW.advertiser_type OR OLD.agency_name IS NOT NEW.agency_name
    OR OLD.licence_number IS NOT NEW.licence_number
BEGIN
  UPDATE users SET licence_checked_at = NULL, licence_checked_by = NULL, licence_refused_at = NULL,
    licence_refused_reason = NULL
  WHERE id = NEW.id;
END;

-- Only an agency with a licence number can hold a check: a private owner can never carry the badge.
CREATE TRIGGER users_licence_check_agency_only BEFORE UPDATE OF licence_checked_at, licence_refused_at ON users
  WHEN (NEW.licence_checked_at IS NOT NULL OR NEW.licence_refused_at IS NOT NULL)
    AND (NEW.advertiser_type <> 'agency' OR NEW.licence_number IS NULL OR NEW.agency_name IS NULL)
BEGIN
  SELECT RAISE(ABORT, 'licence_check_needs_agency');
END;
