-- Generated titles are composed in the visitor's language (decision 032). Migration 0009 marked every
-- title that existed then as its owner's own (title_generated = 0), but those were the seed's, made
-- from the facts: mark them generated, as the seed now does, so a Russian visitor no longer reads a
-- Serbian title. Listings that went through the wizard have a history (listing_events) and keep their
-- flag; one seeded listing in ten carries an owner-written title (harness/seed/listings.ts `ownsTitle`).
-- The stored text (read only by text search) keeps its older wording until the next seed or edit.
UPDATE listings SET title_generated = 1
WHERE title_generated = 0
  AND id % 10 <> 3
  AND NOT EXISTS (SELECT 1 FROM listing_events e WHERE e.listing_id = listings.id);
