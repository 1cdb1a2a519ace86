-- Staff roles (decision 057): a person may hold several of admin (everything), moderator (the moderation
-- queue, listing and conversation reports) and editor (content). Granted and revoked only through the
-- admin API or `npm run ops -- admin`, each with its audit row (decision 058).
CREATE TABLE user_roles (
  -- Rows go with their user (the development seed's reset): the last-admin trigger below lets a cascade pass.
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('admin', 'moderator', 'editor')),
  granted_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, role)
) WITHOUT ROWID;
CREATE INDEX user_roles_role ON user_roles (role, user_id);

-- Today's admin marker becomes the admin role; `users.role` is retired (kept so old rows and inserts of
-- 'user' stay valid, never read again): anything still trying to make an admin through it fails loudly.
INSERT INTO user_roles (user_id, role, granted_at)
  SELECT id, 'admin', coalesce(updated_at, created_at) FROM users WHERE role = 'admin' AND deleted_at IS NULL;
UPDATE users SET role = 'user' WHERE role <> 'user';
CREATE TRIGGER users_role_retired_insert BEFORE INSERT ON users WHEN NEW.role <> 'user'
BEGIN
  SELECT RAISE(ABORT, 'users.role is retired: staff roles live in user_roles');
END;
CREATE TRIGGER users_role_retired_update BEFORE UPDATE OF role ON users WHEN NEW.role <> 'user'
BEGIN
  SELECT RAISE(ABORT, 'users.role is retired: staff roles live in user_roles');
END;

-- A blocked account (POST /api/admin/users/{id}/block): no session, no sign-in (told why), its public
-- listings hidden until it is unblocked.
ALTER TABLE users ADD COLUMN blocked_at INTEGER;
ALTER TABLE users ADD COLUMN blocked_reason TEXT;
-- Set on the listings a block took off the site (active → archived), so unblocking restores exactly those.
ALTER TABLE listings ADD COLUMN blocked_at INTEGER;
CREATE INDEX listings_owner_blocked ON listings (owner_id) WHERE blocked_at IS NOT NULL;

-- One-time sign-in links (`npm run ops -- admin`): only the token's SHA-256 is stored; single use, 30 minutes.
CREATE TABLE sign_in_links (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
) WITHOUT ROWID;

-- The audit log (decision 058): every staff action, append-only. The actor is a person (actor_id) or the
-- operator's command line ('ops'); before/after are JSON of the values the action changed. actor_id has no
-- foreign key: the log outlives any row it names, and rows are never deleted.
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY,
  actor_kind TEXT NOT NULL CHECK (actor_kind IN ('user', 'ops')),
  actor_id INTEGER,
  action TEXT NOT NULL,
  target_kind TEXT NOT NULL,
  target_id TEXT NOT NULL,
  before TEXT CHECK (before IS NULL OR json_valid(before)),
  after TEXT CHECK (after IS NULL OR json_valid(after)),
  reason TEXT,
  created_at INTEGER NOT NULL,
  request_id TEXT,
  CHECK ((actor_kind = 'user') = (actor_id IS NOT NULL))
);
CREATE INDEX audit_log_created ON audit_log (created_at DESC, id DESC);
CREATE INDEX audit_log_actor ON audit_log (actor_id, created_at DESC);
CREATE INDEX audit_log_target ON audit_log (target_kind, target_id, created_at DESC);
CREATE INDEX audit_log_action ON audit_log (action, created_at DESC);
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;

-- There is always an administrator once there was one: the last admin role of an account that is neither
-- blocked nor deleted cannot be revoked, nor that account blocked (two admins removing each other at once
-- included: D1 runs writes one at a time, and this runs inside each of them). `ops admin` makes a new one.
CREATE TRIGGER user_roles_keep_last_admin BEFORE DELETE ON user_roles
WHEN OLD.role = 'admin'
  AND EXISTS (SELECT 1 FROM users u WHERE u.id = OLD.user_id AND u.blocked_at IS NULL AND u.deleted_at IS NULL)
  AND NOT EXISTS (SELECT 1 FROM user_roles r JOIN users u ON u.id = r.user_id
                  WHERE r.role = 'admin' AND r.user_id <> OLD.user_id AND u.blocked_at IS NULL AND u.deleted_at IS NULL)
BEGIN
  SELECT RAISE(ABORT, 'last_admin');
END;
CREATE TRIGGER users_keep_last_admin BEFORE UPDATE OF blocked_at ON users
WHEN NEW.blocked_at IS NOT NULL AND OLD.blocked_at IS NULL AND OLD.deleted_at IS NULL
  AND EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = OLD.id AND r.role = 'admin')
  AND NOT EXISTS (SELECT 1 FROM user_roles r JOIN users u ON u.id = r.user_id
                  WHERE r.role = 'admin' AND r.user_id <> OLD.id AND u.blocked_at IS NULL AND u.deleted_at IS NULL)
BEGIN
  SELECT RAISE(ABORT, 'last_admin');
END;
