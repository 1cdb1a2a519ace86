-- Price-range searches within a type and city count and facet by rooms and district from the index
-- alone, without reading each listing.
DROP INDEX listings_type_city_price;
CREATE INDEX listings_type_city_price ON listings (status, type_id, city_id, price, rooms, district_id);
