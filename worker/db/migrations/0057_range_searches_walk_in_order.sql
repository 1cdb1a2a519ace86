-- A newest-first search with a price or area range read every listing of the range from a range index and
-- sorted it for a page of 20, so its cost grew with the listings (a €50–60 000 range across Serbia, Belgrade
-- up to €150 000, 2 rooms at €100–250 000, Novi Sad 50–80 m²: decision 106). A wide range fills a page
-- within a few hundred entries of the newest; these indexes in the page's order now hold every filter such a
-- search tests (deal, type, rooms, price, area, floor, district), so the query builder walks them when the
-- range is wide and reads the range when it is narrow (decision 113). Each was narrower under the same name.
DROP INDEX listings_updated;
CREATE INDEX listings_updated ON listings (status, updated_at DESC, deal, type_id, rooms, price, area, floor);
DROP INDEX listings_city_updated;
CREATE INDEX listings_city_updated ON listings (status, city_id, updated_at DESC, deal, rooms, price, district_id,
  type_id, area, floor);
DROP INDEX listings_type_city_updated;
CREATE INDEX listings_type_city_updated ON listings (status, type_id, city_id, updated_at DESC, rooms, price,
  district_id, area, floor);

-- The same for the "Top" block of such a search, in its placements' order (their end): a city's placements
-- with every filter, and across Serbia a partial index of the placed listings alone (a small part of all).
DROP INDEX listings_top_city;
CREATE INDEX listings_top_city ON listings (status, city_id, promoted_until, deal, rooms, price, type_id, district_id,
  area, floor) WHERE promoted_until IS NOT NULL;
CREATE INDEX listings_top_filters ON listings (status, promoted_until, deal, type_id, rooms, price, area, floor)
  WHERE promoted_until IS NOT NULL;

-- A deal in a city with a floor or area filter counts its matches (and groups its facets) up to the cap from
-- an index: the city's, in area order, read about seven entries per match of floors 2–5 to rent in Belgrade.
-- With floor, area and type here too, the deal's own part of the city is read: about two and a half. With
-- the placement's end, a narrow price range's "Top" block reads its few listings here instead of walking
-- every placement of the city.
DROP INDEX listings_city_deal_price;
CREATE INDEX listings_city_deal_price ON listings (status, city_id, deal, price, rooms, district_id, updated_at,
  type_id, area, floor, promoted_until);
