-- Trust in numbers (decision 089): every moderator's decision on something that waited in the moderation
-- queue, with when it was sent and when it was decided, so `/trust/` can say how long review takes. A
-- listing is submitted again and again (an edit that moves it, a resubmission after a rejection, a restore)
-- and `listings.submitted_at` keeps only the last time; changes to a public listing lose theirs when they are
-- approved (the revision row goes). Times in ms.
--
-- `kind`: `listing` — a whole listing its owner sent (a draft, a resubmission, an edit that moved it, a
-- restore that needs review); `changes` — changes to a public listing (decision 053); `reported` — a listing
-- visitors' reports took off the site (decision 047), which its owner did not send.
CREATE TABLE moderation_decisions (
  id INTEGER PRIMARY KEY,
  listing_id INTEGER NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('listing', 'changes', 'reported')),
  outcome TEXT NOT NULL CHECK (outcome IN ('approved', 'rejected')),
  submitted_at INTEGER NOT NULL,
  decided_at INTEGER NOT NULL
);
CREATE INDEX moderation_decisions_decided ON moderation_decisions (decided_at);

-- Written by the database from the listing's history (listing_events), whatever code wrote the event: a
-- moderator (an actor) moving a listing out of `pending` to `active` or `rejected` decided on the submission
-- its last event opened; the changes' events are the ones worker/db/listing-revisions.ts writes, while the
-- revision row still holds when the changes were sent (an approval deletes it after the event, a rejection
-- marks it before).
CREATE TRIGGER moderation_decisions_recorded AFTER INSERT ON listing_events
WHEN new.actor_id IS NOT NULL AND new.status IN ('active', 'rejected')
BEGIN
  INSERT INTO moderation_decisions (listing_id, kind, outcome, submitted_at, decided_at)
  SELECT new.listing_id, CASE WHEN p.actor_id IS NULL AND p.reason = 'reported' THEN 'reported' ELSE 'listing' END,
    CASE new.status WHEN 'active' THEN 'approved' ELSE 'rejected' END, p.created_at, new.created_at
  FROM (SELECT status, actor_id, reason, created_at FROM listing_events
        WHERE listing_id = new.listing_id AND id < new.id ORDER BY id DESC LIMIT 1) p
  WHERE p.status = 'pending';

  INSERT INTO moderation_decisions (listing_id, kind, outcome, submitted_at, decided_at)
  SELECT new.listing_id, 'changes', CASE r.status WHEN 'pending' THEN 'approved' ELSE 'rejected' END,
    r.submitted_at, new.created_at
  FROM listing_revisions r
  WHERE r.listing_id = new.listing_id
    AND ((new.reason = 'changes approved' AND r.status = 'pending')
      OR (new.reason LIKE 'changes rejected:%' AND r.status = 'rejected'))
    AND ifnull((SELECT status FROM listing_events WHERE listing_id = new.listing_id AND id < new.id
                ORDER BY id DESC LIMIT 1), '') <> 'pending';
END;

-- What the history already tells of whole listings (the times of changes approved before now are lost).
INSERT INTO moderation_decisions (listing_id, kind, outcome, submitted_at, decided_at)
SELECT e.listing_id, CASE WHEN p.actor_id IS NULL AND p.reason = 'reported' THEN 'reported' ELSE 'listing' END,
  CASE e.status WHEN 'active' THEN 'approved' ELSE 'rejected' END, p.created_at, e.created_at
FROM listing_events e
JOIN listing_events p ON p.id = (SELECT max(id) FROM listing_events WHERE listing_id = e.listing_id AND id < e.id)
WHERE e.actor_id IS NOT NULL AND e.status IN ('active', 'rejected') AND p.status = 'pending'
ORDER BY e.id;

-- The figures' other reads, each a range over a small index instead of a scan: listings reports took off
-- the site (the site's own event), reports a moderator upheld, and the public listings by when each was last
-- known to be on offer (the expression worker/db/trust.ts orders by).
CREATE INDEX listing_events_reported ON listing_events (created_at) WHERE actor_id IS NULL AND reason = 'reported';
CREATE INDEX listing_reports_upheld ON listing_reports (resolved_at) WHERE overruled = 0 AND resolved_at IS NOT NULL;
CREATE INDEX listings_public_confirmed ON listings (coalesce(confirmed_at, published_at, created_at))
  WHERE status = 'active' AND deleted_at IS NULL AND unconfirmed_at IS NULL;
