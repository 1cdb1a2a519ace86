-- When something last left or entered the public site (decision 107): a listing's status, deletion, block or
-- hiding, an owner's block or deletion, an article's status or deletion, a listing or article added public. The page cache answers a kept page past its
-- freshness (stale-while-revalidate) only if it was rendered after this moment, so a listing taken down
-- leaves every kept page within PAGE_CACHE_TTL as before. Triggers keep it, so every path that changes
-- these columns (the owner's, staff's, the Cron's, a feed's) moves it without knowing of it.
CREATE TABLE visibility_changes (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  -- Epoch milliseconds.
  changed_at INTEGER NOT NULL
);
INSERT INTO visibility_changes (id, changed_at) VALUES (1, 0);

CREATE TRIGGER listings_visibility_changed AFTER UPDATE OF status, deleted_at, blocked_at, staff_hidden_at, hidden_at,
  unconfirmed_at ON listings
  WHEN OLD.status IS NOT NEW.status OR OLD.deleted_at IS NOT NEW.deleted_at OR OLD.blocked_at IS NOT NEW.blocked_at
    OR OLD.staff_hidden_at IS NOT NEW.staff_hidden_at OR OLD.hidden_at IS NOT NEW.hidden_at
    OR OLD.unconfirmed_at IS NOT NEW.unconfirmed_at
BEGIN
  UPDATE visibility_changes SET changed_at = CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) WHERE id = 1;
END;

CREATE TRIGGER listings_visibility_added AFTER INSERT ON listings WHEN NEW.status = 'active'
BEGIN
  UPDATE visibility_changes SET changed_at = CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) WHERE id = 1;
END;

CREATE TRIGGER listings_visibility_deleted AFTER DELETE ON listings
BEGIN
  UPDATE visibility_changes SET changed_at = CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) WHERE id = 1;
END;

CREATE TRIGGER owners_visibility_changed AFTER UPDATE OF blocked_at, deleted_at ON users
  WHEN OLD.blocked_at IS NOT NEW.blocked_at OR OLD.deleted_at IS NOT NEW.deleted_at
BEGIN
  UPDATE visibility_changes SET changed_at = CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) WHERE id = 1;
END;

CREATE TRIGGER articles_visibility_changed AFTER UPDATE OF status ON articles
  WHEN OLD.status IS NOT NEW.status
BEGIN
  UPDATE visibility_changes SET changed_at = CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) WHERE id = 1;
END;

CREATE TRIGGER articles_visibility_added AFTER INSERT ON articles WHEN NEW.status = 'published'
BEGIN
  UPDATE visibility_changes SET changed_at = CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) WHERE id = 1;
END;

CREATE TRIGGER articles_visibility_deleted AFTER DELETE ON articles
BEGIN
  UPDATE visibility_changes SET changed_at = CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) WHERE id = 1;
END;
