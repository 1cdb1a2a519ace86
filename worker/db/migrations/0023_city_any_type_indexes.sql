-- The search page asks for a deal in a city without one property type ("for sale in Belgrade", rooms or a
-- price on top): a single type is a list page's and has its own indexes (0002, 0007). Without one, no
-- index started with the city and went on in a sort's order, so every active listing of the city was read
-- and sorted for a page of 20, and a price range or a rooms filter read each candidate row (decision 045; SQL
-- per search at 100 000 listings: 2 rooms for sale in Belgrade 68 ms, up to €150 000 153 ms, 2 rooms at
-- €100–250 000 128 ms). These walk the sort's order and test deal, rooms, price and district from the
-- index alone: 0.7, 3.1 and 4.3 ms. Newest first is also the city's whole list with any deal; the other
-- sorts are asked within a deal (a rent and a sale price in one order would mean nothing).
CREATE INDEX listings_city_updated ON listings (status, city_id, updated_at DESC, deal, rooms, price, district_id);
CREATE INDEX listings_city_deal_price ON listings (status, city_id, deal, price, rooms, district_id, updated_at);
CREATE INDEX listings_city_deal_price_m2 ON listings (status, city_id, deal, price_m2 IS NULL, price_m2, rooms, price);
CREATE INDEX listings_city_deal_area ON listings (status, city_id, deal, area, rooms, price);

-- The running "Top" placements of such a search (migration 0019) are read first and left out of the rest:
-- with deal, rooms and price in their index that read no longer visits each placed listing of the city
-- (1 700 in Belgrade at 100 000: ~4 ms of a 5 ms search).
DROP INDEX listings_top_city;
CREATE INDEX listings_top_city ON listings (status, city_id, promoted_until, deal, rooms, price)
  WHERE promoted_until IS NOT NULL;
