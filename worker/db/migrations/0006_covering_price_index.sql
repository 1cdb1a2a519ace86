-- Price-range searches within a type and city count and facet by rooms and district from the index
-- alone, without reading each listing.
DROP INDEX listings_type_city_price;
CREATE INDEX listings_type_city_price ON listings (status, type_id, city_id, price, rooms, district_id);

-- District lists walk their own sort order instead of sorting every listing of the district.
CREATE INDEX listings_district_type_updated ON listings (status, district_id, type_id, updated_at DESC);
CREATE INDEX listings_district_type_price ON listings (status, district_id, type_id, price);
CREATE INDEX listings_district_type_price_m2 ON listings (status, district_id, type_id, price_m2);
CREATE INDEX listings_district_type_area ON listings (status, district_id, type_id, area);
