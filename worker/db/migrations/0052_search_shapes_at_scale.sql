-- Text search: every word is a prefix, and a dictionary feature's forms are stems of 3–14 letters
-- ("terasa" asks 13 of them, "balcon" to "лођ"). A prefix shorter or longer than a prefix index's is
-- answered by merging the lists of every term that starts so — every listing that says "balcony" in any
-- language, half of them, paid by each statement of a search — so the newest 2 000 candidates cost more
-- the more listings there are (a city's "terasa" 11.8× a key lookup at 1 000 000). Prefix indexes of up to
-- 8 letters make each such term one list read from its newest end: 122 of the dictionary's 136 word forms, and
-- every stem the stemmers keep up to 8 letters (decision 106).
DROP TABLE listings_fts;
CREATE VIRTUAL TABLE listings_fts USING fts5 (
  title, description, address,
  content = 'listings', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3 4 5 6 7 8'
);
INSERT INTO listings_fts (listings_fts) VALUES ('rebuild');

-- The running "Top" placements alone, newest first (`promoted=true`): listings_promoted finds every running
-- placement and each was read from the table and sorted for a page of 20. Only listings that ever had the
-- placement are here (a small part of all); walked in the page's order, the placement tested from it.
CREATE INDEX listings_promoted_updated ON listings (status, updated_at DESC, promoted_until)
  WHERE promoted_until IS NOT NULL;

-- A text search's candidates (the text's newest 2 000) are tested against the other filters by id: each was a
-- read of its whole listing row — the description in it — for every statement of the search (the page, the
-- "Top" block, the count and the facets: 10 000 row reads). This narrow copy by id holds what those
-- statements test, group and sort by, so they read index pages instead.
CREATE INDEX listings_by_id ON listings (id, status, city_id, district_id, type_id, deal, rooms, price, updated_at);
