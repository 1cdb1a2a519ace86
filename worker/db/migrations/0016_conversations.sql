-- Messages (decision 039): one conversation per (listing, visitor), both sides' unread counts kept
-- by the writes, blocking, reports, and the e-mail notice's throttle. Times are milliseconds since the epoch.
CREATE TABLE conversations (
  id INTEGER PRIMARY KEY,
  listing_id INTEGER NOT NULL REFERENCES listings(id),
  -- The person who wrote to the listing first, and the listing's owner.
  visitor_id INTEGER NOT NULL REFERENCES users(id),
  owner_id INTEGER NOT NULL REFERENCES users(id),
  created_at INTEGER NOT NULL,
  last_message_id INTEGER,
  last_message_at INTEGER NOT NULL,
  -- The newest message each side has read (ids only grow), and how many of the other side's are after it.
  visitor_read_id INTEGER NOT NULL DEFAULT 0,
  owner_read_id INTEGER NOT NULL DEFAULT 0,
  visitor_unread INTEGER NOT NULL DEFAULT 0,
  owner_unread INTEGER NOT NULL DEFAULT 0,
  -- A participant who blocked the other: no message either way until they unblock.
  blocked_by INTEGER REFERENCES users(id),
  blocked_at INTEGER,
  -- When each side was last e-mailed about this conversation (at most one notice an hour).
  visitor_notified_at INTEGER,
  owner_notified_at INTEGER,
  UNIQUE (listing_id, visitor_id)
);
-- Each person's conversations, newest activity first.
CREATE INDEX conversations_visitor ON conversations (visitor_id, last_message_at DESC);
CREATE INDEX conversations_owner ON conversations (owner_id, last_message_at DESC);

ALTER TABLE messages ADD COLUMN conversation_id INTEGER REFERENCES conversations(id);

-- The messages written before conversations existed (the old send-message): one conversation per listing
-- and writer, its counters as they stand (nothing was ever marked read).
INSERT INTO conversations (listing_id, visitor_id, owner_id, created_at, last_message_id, last_message_at,
  owner_unread)
SELECT m.listing_id, m.sender_id, l.owner_id, MIN(m.created_at), MAX(m.id), MAX(m.created_at), COUNT(*)
FROM messages m JOIN listings l ON l.id = m.listing_id
WHERE m.sender_id <> l.owner_id
GROUP BY m.listing_id, m.sender_id;
UPDATE messages SET conversation_id = (
  SELECT c.id FROM conversations c WHERE c.listing_id = messages.listing_id AND c.visitor_id = messages.sender_id
);
-- A thread reads newest first by id; the notice run finds messages nobody has read yet.
CREATE INDEX messages_conversation ON messages (conversation_id, id);
CREATE INDEX messages_unread ON messages (read_at, created_at) WHERE read_at IS NULL;

-- A participant's report of a conversation, for the moderation queue.
CREATE TABLE conversation_reports (
  id INTEGER PRIMARY KEY,
  conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  reporter_id INTEGER NOT NULL REFERENCES users(id),
  reason TEXT NOT NULL CHECK (reason IN ('spam', 'abuse', 'fraud', 'other')),
  text TEXT,
  created_at INTEGER NOT NULL,
  resolved_at INTEGER
);
CREATE UNIQUE INDEX conversation_reports_open ON conversation_reports (conversation_id, reporter_id)
  WHERE resolved_at IS NULL;

-- Message notices are a list people can leave (decision 039): the lists' CHECK gains 'messages'.
CREATE TABLE email_subscriptions_next (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL,
  list TEXT NOT NULL CHECK (list IN ('saved_searches', 'news', 'listing_tips', 'messages')),
  token TEXT NOT NULL,
  subscribed INTEGER NOT NULL DEFAULT 1,
  updated_at INTEGER NOT NULL,
  UNIQUE (email, list)
);
INSERT INTO email_subscriptions_next SELECT * FROM email_subscriptions;
DROP TABLE email_subscriptions;
ALTER TABLE email_subscriptions_next RENAME TO email_subscriptions;
CREATE INDEX email_subscriptions_token ON email_subscriptions (token);
