-- Accounts and sessions (decision 006). Times are milliseconds since the epoch.

-- Password: PBKDF2-SHA256 hash and per-user salt (base64), with the iteration count used.
ALTER TABLE users ADD COLUMN password_hash TEXT;
ALTER TABLE users ADD COLUMN password_salt TEXT;
ALTER TABLE users ADD COLUMN password_iterations INTEGER;
ALTER TABLE users ADD COLUMN phone_verified_at INTEGER;
ALTER TABLE users ADD COLUMN email_verified_at INTEGER;
ALTER TABLE users ADD COLUMN image_url TEXT;
ALTER TABLE users ADD COLUMN updated_at INTEGER;
-- A deleted account keeps its row (listings refer to it) with its personal data wiped.
ALTER TABLE users ADD COLUMN deleted_at INTEGER;

-- A verified phone belongs to one live account; unverified numbers (contact numbers of the seed) may repeat.
CREATE UNIQUE INDEX users_verified_phone ON users (phone) WHERE phone_verified_at IS NOT NULL AND deleted_at IS NULL;
CREATE INDEX users_phone ON users (phone);

-- Refresh tokens: only the SHA-256 of the token is stored. Every use rotates it within its family;
-- presenting a used one revokes the family (all tokens of that sign-in).
CREATE TABLE refresh_tokens (
  id INTEGER PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  family_id TEXT NOT NULL,
  user_id INTEGER NOT NULL REFERENCES users(id),
  remember INTEGER NOT NULL CHECK (remember IN (0, 1)),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  revoked_at INTEGER
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id, revoked_at);

-- One-time codes (and password-reset tickets): the hash only, bound to identity and purpose.
-- payload carries what the code confirms (a pending password hash, the account it is for, …).
CREATE TABLE verification_codes (
  id INTEGER PRIMARY KEY,
  identity TEXT NOT NULL,
  purpose TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  payload TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  consumed_at INTEGER
);
CREATE INDEX verification_codes_identity ON verification_codes (identity, purpose, created_at DESC);

-- Exact fixed-window counters: one row per key, updated atomically with INSERT … ON CONFLICT … RETURNING.
CREATE TABLE rate_limits (
  key TEXT PRIMARY KEY,
  window_start INTEGER NOT NULL,
  count INTEGER NOT NULL
);

-- Development delivery of codes (GET /api/dev/outbox, only when ENVIRONMENT=development).
CREATE TABLE dev_outbox (
  id INTEGER PRIMARY KEY,
  channel TEXT NOT NULL CHECK (channel IN ('sms', 'email')),
  recipient TEXT NOT NULL,
  purpose TEXT NOT NULL,
  code TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX dev_outbox_recipient ON dev_outbox (recipient, id DESC);
