-- A median of price per m² (a listing's city median on its page, the place median of its low-price warning
-- and of the moderators' signal) read every active listing of the type in its city or district from the
-- price-per-m² indexes: half of Belgrade's apartments at a million listings. It is now taken over the newest
-- PRICE_M2_MEDIAN_SAMPLE of them (decision 115), walked newest first along the date indexes of a type in a
-- city and in a district, which hold the price per m² from now on. The price per m² is a generated column:
-- SQLite counts an index as holding it only when the index holds an expression of it too (a plain column
-- would send every entry walked to its row), hence `price_m2 IS NULL` before it, as in migration 0007's
-- indexes. Each was narrower under the same name.
DROP INDEX listings_type_city_updated;
CREATE INDEX listings_type_city_updated ON listings (status, type_id, city_id, updated_at DESC, rooms, price,
  district_id, area, floor, price_m2 IS NULL, price_m2);
DROP INDEX listings_district_type_updated;
CREATE INDEX listings_district_type_updated ON listings (status, district_id, type_id, updated_at DESC,
  price_m2 IS NULL, price_m2);
