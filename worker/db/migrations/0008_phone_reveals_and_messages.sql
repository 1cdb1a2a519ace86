-- Contact with a listing's owner (product §7 "Listings": reveal-phone-number, send-message).
-- A reveal is paid once per visitor and listing: later reveals of the same number are free.
CREATE TABLE payments (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  provider TEXT NOT NULL,
  purpose TEXT NOT NULL CHECK (purpose IN ('phone_reveal')),
  listing_id INTEGER REFERENCES listings(id),
  amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
  currency TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('succeeded', 'failed')),
  created_at INTEGER NOT NULL
);
CREATE INDEX payments_user ON payments (user_id, created_at DESC);

CREATE TABLE phone_reveals (
  user_id INTEGER NOT NULL REFERENCES users(id),
  listing_id INTEGER NOT NULL REFERENCES listings(id),
  payment_id TEXT REFERENCES payments(id),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, listing_id)
) WITHOUT ROWID;

CREATE TABLE messages (
  id INTEGER PRIMARY KEY,
  listing_id INTEGER NOT NULL REFERENCES listings(id),
  sender_id INTEGER NOT NULL REFERENCES users(id),
  recipient_id INTEGER NOT NULL REFERENCES users(id),
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  delivered_at INTEGER,
  read_at INTEGER
);
CREATE INDEX messages_recipient ON messages (recipient_id, created_at DESC);
CREATE INDEX messages_sender ON messages (sender_id, created_at DESC);
