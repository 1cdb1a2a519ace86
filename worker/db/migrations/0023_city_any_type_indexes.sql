-- The search page asks for a deal in a city without one property type ("for sale in Belgrade", the
-- rooms or a price on top): a single type is a list page's and has its own indexes (0002, 0007). Without
-- one, the sort had no index that starts with the city: every active listing of the city was read and
-- sorted for a page of 20 (2 rooms for sale in Belgrade: 7.9 ms of SQL at 10 000 listings, 0.7 ms with
-- these; issue 25). Newest first is also the city's whole list with any deal; the other sorts are asked
-- within a deal (a rent and a sale price in one order would mean nothing).
CREATE INDEX listings_city_updated ON listings (status, city_id, updated_at DESC);
CREATE INDEX listings_city_deal_price ON listings (status, city_id, deal, price);
CREATE INDEX listings_city_deal_price_m2 ON listings (status, city_id, deal, price_m2 IS NULL, price_m2);
CREATE INDEX listings_city_deal_area ON listings (status, city_id, deal, area);
