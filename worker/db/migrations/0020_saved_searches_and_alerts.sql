-- Saved searches, e-mail alerts, price-drop alerts and unsubscribing (decision 041). Times in ms.
--
-- A saved search is a signed-in person's filters (`query`: the canonical query string of
-- shared/api/saved-searches.ts, so the same filters are the same row). Guests keep theirs in the
-- saved-search cookie until they sign in (worker/middleware/saved-searches-merge.ts).
CREATE TABLE saved_searches (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- The person's own name for it; NULL: named from its filters, in the reader's language, when shown.
  name TEXT,
  query TEXT NOT NULL,
  notify INTEGER NOT NULL DEFAULT 1 CHECK (notify IN (0, 1)),
  -- 'daily': at most one digest a day; 'instant': in the next run of the scheduled handler.
  frequency TEXT NOT NULL DEFAULT 'daily' CHECK (frequency IN ('daily', 'instant')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  -- When the person last opened it: `new_count` counts the matches since.
  opened_at INTEGER NOT NULL,
  UNIQUE (user_id, query)
);

-- Every time a listing goes public (an approval, a restore, a seed): the alerts' work list. Its id is the
-- cursor the scheduled handler moves (job_cursors), so nothing is missed or read twice whatever the clocks.
CREATE TABLE listing_activations (
  id INTEGER PRIMARY KEY,
  listing_id INTEGER NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  at INTEGER NOT NULL
);
CREATE TRIGGER listing_activations_insert AFTER INSERT ON listings WHEN new.status = 'active' BEGIN
  INSERT INTO listing_activations (listing_id, at) VALUES (new.id, new.updated_at);
END;
CREATE TRIGGER listing_activations_update AFTER UPDATE OF status ON listings
  WHEN new.status = 'active' AND old.status <> 'active' BEGIN
  INSERT INTO listing_activations (listing_id, at) VALUES (new.id, new.updated_at);
END;

-- A listing a saved search matched when it went public: once per search and listing, ever (the key), so
-- no listing is announced twice. 'pending' waits for the next digest; 'mailed' went out; 'quiet' was
-- matched while the search's alerts were off (it still counts as new on the cabinet page).
CREATE TABLE saved_search_matches (
  saved_search_id INTEGER NOT NULL REFERENCES saved_searches(id) ON DELETE CASCADE,
  listing_id INTEGER NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  matched_at INTEGER NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('pending', 'mailed', 'quiet')),
  PRIMARY KEY (saved_search_id, listing_id)
) WITHOUT ROWID;
CREATE INDEX saved_search_matches_pending ON saved_search_matches (saved_search_id) WHERE state = 'pending';
CREATE INDEX saved_search_matches_new ON saved_search_matches (saved_search_id, matched_at);

-- Every fall of a public listing's price: the price-drop alerts' work list (cursor as above).
CREATE TABLE listing_price_drops (
  id INTEGER PRIMARY KEY,
  listing_id INTEGER NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  old_price INTEGER NOT NULL,
  new_price INTEGER NOT NULL,
  at INTEGER NOT NULL
);
-- A favourite's card says "price reduced from" its price when saved: the listing's first fall after that.
CREATE INDEX listing_price_drops_listing ON listing_price_drops (listing_id, at);
CREATE TRIGGER listing_price_drops_update AFTER UPDATE OF price ON listings
  WHEN new.price < old.price AND new.status = 'active' BEGIN
  INSERT INTO listing_price_drops (listing_id, old_price, new_price, at) VALUES (new.id, old.price, new.price, new.updated_at);
END;

-- The last "price reduced" e-mail of a listing to a person: at most one a week (PRICE_DROP_NOTICE_INTERVAL_DAYS).
CREATE TABLE price_drop_notices (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  listing_id INTEGER NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  sent_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, listing_id)
) WITHOUT ROWID;

-- When a person's last saved-search digest went out: daily digests wait a day after it.
CREATE TABLE alert_digests (
  user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  sent_at INTEGER NOT NULL
);

-- How far each scheduled job has read its work list (the id of the last row done).
CREATE TABLE job_cursors (
  name TEXT PRIMARY KEY,
  position INTEGER NOT NULL
);
-- What is public now is not news: the alerts start after it.
INSERT INTO listing_activations (listing_id, at) SELECT id, updated_at FROM listings WHERE status = 'active';
INSERT INTO job_cursors (name, position) SELECT 'saved_search_alerts', ifnull(max(id), 0) FROM listing_activations;
INSERT INTO job_cursors (name, position) VALUES ('price_drop_alerts', 0);

-- Unsubscribe links carry signed, expiring tokens now (worker/auth/unsubscribe-token.ts): the stored random
-- token goes, and two lists join — price drops of favourites and the notices about one's own listings.
-- A person with no row for a notification list (saved_searches, price_drops, messages, listing_updates) gets
-- it; news and listing tips are sent only to those who joined.
CREATE TABLE email_subscriptions_next (
  email TEXT NOT NULL,
  list TEXT NOT NULL CHECK (list IN ('saved_searches', 'price_drops', 'messages', 'listing_updates', 'news', 'listing_tips')),
  subscribed INTEGER NOT NULL CHECK (subscribed IN (0, 1)),
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (email, list)
);
INSERT INTO email_subscriptions_next (email, list, subscribed, updated_at)
  SELECT email, list, subscribed, updated_at FROM email_subscriptions;
DROP TABLE email_subscriptions;
ALTER TABLE email_subscriptions_next RENAME TO email_subscriptions;

-- Alerts show listings' photos: e-mails may have an HTML part, which the development outbox keeps too.
ALTER TABLE dev_outbox ADD COLUMN html TEXT;
