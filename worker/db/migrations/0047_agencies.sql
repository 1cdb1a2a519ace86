-- Agencies as teams (decision 098, amending 087): an agency is its own row with members, and a listing
-- belongs to an agency and one agent (its owner_id). The agency's name and the licence's columns stay on
-- the account that holds the licence (`account_id`, its founding manager) for now, each in one place: the
-- moderators' check (decision 087) and the public badge keep reading them there.
CREATE TABLE agencies (
  id INTEGER PRIMARY KEY,
  -- The public page's address (/agency/{slug}/): Latin letters, digits and hyphens, unique.
  slug TEXT NOT NULL UNIQUE,
  -- The account whose agency_name, licence_number and licence_* are the agency's (decision 087's check).
  account_id INTEGER NOT NULL UNIQUE REFERENCES users (id),
  address TEXT,
  -- JSON arrays: phone numbers (E.164) and languages spoken (locale codes).
  phones TEXT NOT NULL DEFAULT '[]',
  website TEXT,
  languages TEXT NOT NULL DEFAULT '[]',
  logo_key TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

-- One agency per account, whatever code writes (user_id is unique): nobody belongs to two agencies.
CREATE TABLE agency_members (
  agency_id INTEGER NOT NULL REFERENCES agencies (id),
  user_id INTEGER NOT NULL UNIQUE REFERENCES users (id),
  role TEXT NOT NULL CHECK (role IN ('manager', 'agent')),
  invited_by INTEGER REFERENCES users (id),
  joined_at INTEGER NOT NULL,
  PRIMARY KEY (agency_id, user_id)
);

-- Invitations by e-mail: only the SHA-256 of the link's token is kept; single use (used_at), bound to the
-- e-mail it was sent to, expiring.
CREATE TABLE agency_invites (
  id INTEGER PRIMARY KEY,
  agency_id INTEGER NOT NULL REFERENCES agencies (id),
  email TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('manager', 'agent')),
  token_hash TEXT NOT NULL UNIQUE,
  invited_by INTEGER NOT NULL REFERENCES users (id),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  used_by INTEGER REFERENCES users (id)
);
CREATE INDEX agency_invites_agency ON agency_invites (agency_id, created_at);

-- The listing's agency (null: a private owner's, or an agent's from before they joined none).
ALTER TABLE listings ADD COLUMN agency_id INTEGER REFERENCES agencies (id);
CREATE INDEX listings_agency ON listings (agency_id, status) WHERE agency_id IS NOT NULL;

-- Every live agency account becomes an agency of its own with itself as its manager; its listings the
-- agency's. The slug is `agency-{account id}` (SQL cannot transliterate); new agencies get one from their name.
INSERT INTO agencies (slug, account_id, created_at, updated_at)
SELECT 'agency-' || id, id, created_at, created_at FROM users
WHERE advertiser_type = 'agency' AND agency_name IS NOT NULL AND deleted_at IS NULL;
INSERT INTO agency_members (agency_id, user_id, role, invited_by, joined_at)
SELECT id, account_id, 'manager', NULL, created_at FROM agencies;
UPDATE listings SET agency_id = (SELECT a.agency_id FROM agency_members a WHERE a.user_id = listings.owner_id)
WHERE owner_id IN (SELECT user_id FROM agency_members);

