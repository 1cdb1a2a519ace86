-- Counts of active listings per classified type, city, district, room bucket and furnishing, kept by
-- triggers. Totals and facets of searches that filter only by these read this small table instead of
-- counting listings, so they cost the same at 10 000 or 1 000 000 listings. Absent values are stored
-- as 0 (district) or -1 (rooms, furnished) so every key is a plain value.
CREATE TABLE listing_counts (
  type_id INTEGER NOT NULL,
  city_id INTEGER NOT NULL,
  district_id INTEGER NOT NULL,
  rooms_bucket INTEGER NOT NULL,
  furnished INTEGER NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (type_id, city_id, district_id, rooms_bucket, furnished)
) WITHOUT ROWID;
CREATE INDEX listing_counts_city ON listing_counts (city_id, type_id);

INSERT INTO listing_counts (type_id, city_id, district_id, rooms_bucket, furnished, count)
SELECT type_id, city_id, ifnull(district_id, 0),
  CASE WHEN rooms IS NULL THEN -1 WHEN rooms < 1 THEN 0 WHEN rooms >= 5 THEN 5 ELSE CAST(rooms AS INTEGER) END,
  ifnull(furnished, -1), COUNT(*)
FROM listings WHERE status = 'active' GROUP BY 1, 2, 3, 4, 5;

CREATE TRIGGER listing_counts_insert AFTER INSERT ON listings WHEN new.status = 'active' BEGIN
  INSERT INTO listing_counts (type_id, city_id, district_id, rooms_bucket, furnished, count)
  VALUES (new.type_id, new.city_id, ifnull(new.district_id, 0),
    CASE WHEN new.rooms IS NULL THEN -1 WHEN new.rooms < 1 THEN 0 WHEN new.rooms >= 5 THEN 5 ELSE CAST(new.rooms AS INTEGER) END,
    ifnull(new.furnished, -1), 1)
  ON CONFLICT (type_id, city_id, district_id, rooms_bucket, furnished) DO UPDATE SET count = count + 1;
END;

CREATE TRIGGER listing_counts_delete AFTER DELETE ON listings WHEN old.status = 'active' BEGIN
  UPDATE listing_counts SET count = count - 1
  WHERE type_id = old.type_id AND city_id = old.city_id AND district_id = ifnull(old.district_id, 0)
    AND rooms_bucket = CASE WHEN old.rooms IS NULL THEN -1 WHEN old.rooms < 1 THEN 0 WHEN old.rooms >= 5 THEN 5 ELSE CAST(old.rooms AS INTEGER) END
    AND furnished = ifnull(old.furnished, -1);
END;

CREATE TRIGGER listing_counts_update_old AFTER UPDATE OF status, type_id, city_id, district_id, rooms, furnished ON listings
WHEN old.status = 'active' BEGIN
  UPDATE listing_counts SET count = count - 1
  WHERE type_id = old.type_id AND city_id = old.city_id AND district_id = ifnull(old.district_id, 0)
    AND rooms_bucket = CASE WHEN old.rooms IS NULL THEN -1 WHEN old.rooms < 1 THEN 0 WHEN old.rooms >= 5 THEN 5 ELSE CAST(old.rooms AS INTEGER) END
    AND furnished = ifnull(old.furnished, -1);
END;

CREATE TRIGGER listing_counts_update_new AFTER UPDATE OF status, type_id, city_id, district_id, rooms, furnished ON listings
WHEN new.status = 'active' BEGIN
  INSERT INTO listing_counts (type_id, city_id, district_id, rooms_bucket, furnished, count)
  VALUES (new.type_id, new.city_id, ifnull(new.district_id, 0),
    CASE WHEN new.rooms IS NULL THEN -1 WHEN new.rooms < 1 THEN 0 WHEN new.rooms >= 5 THEN 5 ELSE CAST(new.rooms AS INTEGER) END,
    ifnull(new.furnished, -1), 1)
  ON CONFLICT (type_id, city_id, district_id, rooms_bucket, furnished) DO UPDATE SET count = count + 1;
END;

-- Sorted searches without a city (or by deal) walk these instead of sorting every match.
CREATE INDEX listings_type_price ON listings (status, type_id, price);
CREATE INDEX listings_type_price_m2 ON listings (status, type_id, price_m2);
CREATE INDEX listings_type_area ON listings (status, type_id, area);
CREATE INDEX listings_deal_price ON listings (status, deal, price);
CREATE INDEX listings_deal_price_m2 ON listings (status, deal, price_m2);
CREATE INDEX listings_deal_area ON listings (status, deal, area);
CREATE INDEX listings_price ON listings (status, price);
CREATE INDEX listings_price_m2 ON listings (status, price_m2);
CREATE INDEX listings_area ON listings (status, area);
