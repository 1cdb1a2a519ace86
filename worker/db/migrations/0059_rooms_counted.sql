-- A count of a deal's listings in a city by rooms up to a price (2 rooms to €150 000 in Belgrade) walked the
-- city's price index in price order, testing each entry's rooms, until 2 001 matches: at 1 000 000 listings
-- about 41 000 entries. With the rooms before the price each match is one entry. Partial on `rooms >= 0`, a
-- term only the counts and facets that should read it say (listing-search.ts, `countedRows`): a page's
-- statement never implies it, so no page's plan can turn to it (decision 120).
CREATE INDEX listings_rooms_counted ON listings (status, city_id, deal, rooms, price, district_id) WHERE rooms >= 0;
