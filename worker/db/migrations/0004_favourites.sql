-- Listings a signed-in person keeps (product §7 Cabinet favourites). Guests keep theirs in a cookie,
-- merged into this table when they sign in.
CREATE TABLE favourites (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  listing_id INTEGER NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, listing_id)
) WITHOUT ROWID;
CREATE INDEX favourites_user_created ON favourites (user_id, created_at DESC);
