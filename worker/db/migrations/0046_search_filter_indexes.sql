-- Searches with an area, floor, furnishing or confirmation filter in a city, and price ranges across the
-- country, count their matches (up to the cap) and group their facets over listings, not the summary: no
-- index held those columns, so every candidate was read from the table — at 100 000 listings (node:sqlite on
-- bench:db's database) a city's 50–80 m² took 681 ms of SQL, its floors 2–5 to rent 163 ms, a €50–60 000
-- range across the country 151 ms, a city's listings confirmed within 7 days 109 ms (decision 095). These
-- two hold every filter column, the sort's and the placement's, so the count, the facets and the page are
-- answered from the index: 21, 38, 20 and 17 ms.
CREATE INDEX listings_city_filters ON listings (status, city_id, area, floor, furnished, confirmed_at, type_id, deal,
  rooms, price, district_id, updated_at, promoted_until);
CREATE INDEX listings_price_filters ON listings (status, price, type_id, deal, rooms, city_id, district_id, area, floor,
  furnished, confirmed_at, updated_at, promoted_until);
