-- One card per property (decision 090): listings of one flat by different advertisers form a group.
-- `property_id`: the group (its smallest listing id), null for a listing alone. `property_lead`: 1 on the
-- group's cheapest public listing and on every listing without a group, 0 on the group's other listings —
-- search, lists and their counts show the lead only. worker/db/property-groups.ts writes both.
ALTER TABLE listings ADD COLUMN property_id INTEGER;
ALTER TABLE listings ADD COLUMN property_lead INTEGER NOT NULL DEFAULT 1;
-- A group's listings (the detail's other offers, the card's count, a regrouping).
CREATE INDEX listings_property ON listings (property_id) WHERE property_id IS NOT NULL;
-- The listings that are not their group's lead, by id (worker/db/listing-columns.ts SHOWN): as for the
-- hidden ones, a search its covering indexes answer asks this small index, never the listing's row.
CREATE INDEX listings_trailing ON listings (id, property_lead) WHERE property_lead = 0;

-- The listings whose group may have changed, drained by regroupPending (after every API write and in the
-- scheduled run): a trigger notes every change that can make or break a group, whatever code made it.
CREATE TABLE property_regroup (listing_id INTEGER PRIMARY KEY);
CREATE TRIGGER property_regroup_listing AFTER UPDATE OF status, unconfirmed_at, deleted_at, price, type_id, city_id,
  district_id, area, rooms, floor, owner_id ON listings
WHEN old.status = 'active' OR new.status = 'active' BEGIN
  INSERT OR IGNORE INTO property_regroup (listing_id) VALUES (new.id);
END;
CREATE TRIGGER property_regroup_photo_insert AFTER INSERT ON listing_images
WHEN new.fingerprint IS NOT NULL BEGIN
  INSERT OR IGNORE INTO property_regroup (listing_id)
  SELECT id FROM listings WHERE id = new.listing_id AND status = 'active';
END;
CREATE TRIGGER property_regroup_photo_update AFTER UPDATE OF fingerprint, state ON listing_images BEGIN
  INSERT OR IGNORE INTO property_regroup (listing_id)
  SELECT id FROM listings WHERE id = new.listing_id AND status = 'active';
END;
CREATE TRIGGER property_regroup_photo_delete AFTER DELETE ON listing_images
WHEN old.fingerprint IS NOT NULL BEGIN
  INSERT OR IGNORE INTO property_regroup (listing_id)
  SELECT id FROM listings WHERE id = old.listing_id AND status = 'active';
END;

-- Totals count properties: a listing that is not its group's lead leaves the summaries the counts and the map
-- read (`listing_counts`, `map_cells`), as a hidden one does. Each trigger is migration 0040's with that
-- condition added; no group exists yet, so the summaries stand as they are.
DROP TRIGGER listing_counts_insert;
CREATE TRIGGER listing_counts_insert AFTER INSERT ON listings WHEN new.status = 'active' AND new.unconfirmed_at IS NULL AND new.property_lead = 1 BEGIN
  INSERT INTO listing_counts (type_id, city_id, district_id, rooms_bucket, furnished, count)
  VALUES (new.type_id, new.city_id, ifnull(new.district_id, 0),
    CASE WHEN new.rooms IS NULL THEN -1 WHEN new.rooms < 1 THEN 0 WHEN new.rooms >= 5 THEN 5 ELSE CAST(new.rooms AS INTEGER) END,
    ifnull(new.furnished, -1), 1)
  ON CONFLICT (type_id, city_id, district_id, rooms_bucket, furnished) DO UPDATE SET count = count + 1;
END;

DROP TRIGGER listing_counts_delete;
CREATE TRIGGER listing_counts_delete AFTER DELETE ON listings WHEN old.status = 'active' AND old.unconfirmed_at IS NULL AND old.property_lead = 1 BEGIN
  UPDATE listing_counts SET count = count - 1
  WHERE type_id = old.type_id AND city_id = old.city_id AND district_id = ifnull(old.district_id, 0)
    AND rooms_bucket = CASE WHEN old.rooms IS NULL THEN -1 WHEN old.rooms < 1 THEN 0 WHEN old.rooms >= 5 THEN 5 ELSE CAST(old.rooms AS INTEGER) END
    AND furnished = ifnull(old.furnished, -1);
END;

DROP TRIGGER listing_counts_update_old;
CREATE TRIGGER listing_counts_update_old AFTER UPDATE OF status, unconfirmed_at, property_lead, type_id, city_id, district_id, rooms, furnished ON listings
WHEN old.status = 'active' AND old.unconfirmed_at IS NULL AND old.property_lead = 1 BEGIN
  UPDATE listing_counts SET count = count - 1
  WHERE type_id = old.type_id AND city_id = old.city_id AND district_id = ifnull(old.district_id, 0)
    AND rooms_bucket = CASE WHEN old.rooms IS NULL THEN -1 WHEN old.rooms < 1 THEN 0 WHEN old.rooms >= 5 THEN 5 ELSE CAST(old.rooms AS INTEGER) END
    AND furnished = ifnull(old.furnished, -1);
END;

DROP TRIGGER listing_counts_update_new;
CREATE TRIGGER listing_counts_update_new AFTER UPDATE OF status, unconfirmed_at, property_lead, type_id, city_id, district_id, rooms, furnished ON listings
WHEN new.status = 'active' AND new.unconfirmed_at IS NULL AND new.property_lead = 1 BEGIN
  INSERT INTO listing_counts (type_id, city_id, district_id, rooms_bucket, furnished, count)
  VALUES (new.type_id, new.city_id, ifnull(new.district_id, 0),
    CASE WHEN new.rooms IS NULL THEN -1 WHEN new.rooms < 1 THEN 0 WHEN new.rooms >= 5 THEN 5 ELSE CAST(new.rooms AS INTEGER) END,
    ifnull(new.furnished, -1), 1)
  ON CONFLICT (type_id, city_id, district_id, rooms_bucket, furnished) DO UPDATE SET count = count + 1;
END;

DROP TRIGGER map_cells_insert;
CREATE TRIGGER map_cells_insert AFTER INSERT ON listings WHEN new.status = 'active' AND new.unconfirmed_at IS NULL AND new.property_lead = 1 BEGIN
  INSERT INTO map_cells (level, cy, cx, type_id, city_id, district_id, rooms_bucket, count, lat_sum, lng_sum, id_sum,
    price_sum, precision_sum)
  SELECT level, new.gy >> (24 - level), new.gx >> (24 - level), new.type_id, new.city_id, ifnull(new.district_id, 0),
    CASE WHEN new.rooms IS NULL THEN -1 WHEN new.rooms < 1 THEN 0 WHEN new.rooms >= 5 THEN 5 ELSE CAST(new.rooms AS INTEGER) END,
    1, new.shown_lat, new.shown_lng, new.id, new.price, CASE new.location_precision WHEN 'street' THEN 1 WHEN 'district' THEN 2 ELSE 0 END
  FROM map_levels WHERE true
  ON CONFLICT (level, cy, cx, type_id, city_id, district_id, rooms_bucket) DO UPDATE SET
    count = count + 1, lat_sum = lat_sum + excluded.lat_sum, lng_sum = lng_sum + excluded.lng_sum,
    id_sum = id_sum + excluded.id_sum, price_sum = price_sum + excluded.price_sum,
    precision_sum = precision_sum + excluded.precision_sum;
  INSERT INTO map_type_cells (level, cy, cx, type_id, count, lat_sum, lng_sum, id_sum, price_sum, precision_sum)
  SELECT level, new.gy >> (24 - level), new.gx >> (24 - level), new.type_id, 1, new.shown_lat, new.shown_lng, new.id,
    new.price, CASE new.location_precision WHEN 'street' THEN 1 WHEN 'district' THEN 2 ELSE 0 END
  FROM map_levels WHERE true
  ON CONFLICT (level, cy, cx, type_id) DO UPDATE SET
    count = count + 1, lat_sum = lat_sum + excluded.lat_sum, lng_sum = lng_sum + excluded.lng_sum,
    id_sum = id_sum + excluded.id_sum, price_sum = price_sum + excluded.price_sum,
    precision_sum = precision_sum + excluded.precision_sum;
END;

DROP TRIGGER map_cells_delete;
CREATE TRIGGER map_cells_delete AFTER DELETE ON listings WHEN old.status = 'active' AND old.unconfirmed_at IS NULL AND old.property_lead = 1 BEGIN
  UPDATE map_cells SET count = count - 1, lat_sum = lat_sum - old.shown_lat, lng_sum = lng_sum - old.shown_lng,
    id_sum = id_sum - old.id, price_sum = price_sum - old.price, precision_sum = precision_sum - CASE old.location_precision WHEN 'street' THEN 1 WHEN 'district' THEN 2 ELSE 0 END
  WHERE level = 4 AND cy = old.gy >> 20 AND cx = old.gx >> 20 AND type_id = old.type_id AND city_id = old.city_id AND district_id = ifnull(old.district_id, 0)
    AND rooms_bucket = CASE WHEN old.rooms IS NULL THEN -1 WHEN old.rooms < 1 THEN 0 WHEN old.rooms >= 5 THEN 5 ELSE CAST(old.rooms AS INTEGER) END;
  UPDATE map_cells SET count = count - 1, lat_sum = lat_sum - old.shown_lat, lng_sum = lng_sum - old.shown_lng,
    id_sum = id_sum - old.id, price_sum = price_sum - old.price, precision_sum = precision_sum - CASE old.location_precision WHEN 'street' THEN 1 WHEN 'district' THEN 2 ELSE 0 END
  WHERE level = 6 AND cy = old.gy >> 18 AND cx = old.gx >> 18 AND type_id = old.type_id AND city_id = old.city_id AND district_id = ifnull(old.district_id, 0)
    AND rooms_bucket = CASE WHEN old.rooms IS NULL THEN -1 WHEN old.rooms < 1 THEN 0 WHEN old.rooms >= 5 THEN 5 ELSE CAST(old.rooms AS INTEGER) END;
  UPDATE map_cells SET count = count - 1, lat_sum = lat_sum - old.shown_lat, lng_sum = lng_sum - old.shown_lng,
    id_sum = id_sum - old.id, price_sum = price_sum - old.price, precision_sum = precision_sum - CASE old.location_precision WHEN 'street' THEN 1 WHEN 'district' THEN 2 ELSE 0 END
  WHERE level = 8 AND cy = old.gy >> 16 AND cx = old.gx >> 16 AND type_id = old.type_id AND city_id = old.city_id AND district_id = ifnull(old.district_id, 0)
    AND rooms_bucket = CASE WHEN old.rooms IS NULL THEN -1 WHEN old.rooms < 1 THEN 0 WHEN old.rooms >= 5 THEN 5 ELSE CAST(old.rooms AS INTEGER) END;
  UPDATE map_cells SET count = count - 1, lat_sum = lat_sum - old.shown_lat, lng_sum = lng_sum - old.shown_lng,
    id_sum = id_sum - old.id, price_sum = price_sum - old.price, precision_sum = precision_sum - CASE old.location_precision WHEN 'street' THEN 1 WHEN 'district' THEN 2 ELSE 0 END
  WHERE level = 10 AND cy = old.gy >> 14 AND cx = old.gx >> 14 AND type_id = old.type_id AND city_id = old.city_id AND district_id = ifnull(old.district_id, 0)
    AND rooms_bucket = CASE WHEN old.rooms IS NULL THEN -1 WHEN old.rooms < 1 THEN 0 WHEN old.rooms >= 5 THEN 5 ELSE CAST(old.rooms AS INTEGER) END;
  UPDATE map_cells SET count = count - 1, lat_sum = lat_sum - old.shown_lat, lng_sum = lng_sum - old.shown_lng,
    id_sum = id_sum - old.id, price_sum = price_sum - old.price, precision_sum = precision_sum - CASE old.location_precision WHEN 'street' THEN 1 WHEN 'district' THEN 2 ELSE 0 END
  WHERE level = 12 AND cy = old.gy >> 12 AND cx = old.gx >> 12 AND type_id = old.type_id AND city_id = old.city_id AND district_id = ifnull(old.district_id, 0)
    AND rooms_bucket = CASE WHEN old.rooms IS NULL THEN -1 WHEN old.rooms < 1 THEN 0 WHEN old.rooms >= 5 THEN 5 ELSE CAST(old.rooms AS INTEGER) END;
  UPDATE map_cells SET count = count - 1, lat_sum = lat_sum - old.shown_lat, lng_sum = lng_sum - old.shown_lng,
    id_sum = id_sum - old.id, price_sum = price_sum - old.price, precision_sum = precision_sum - CASE old.location_precision WHEN 'street' THEN 1 WHEN 'district' THEN 2 ELSE 0 END
  WHERE level = 14 AND cy = old.gy >> 10 AND cx = old.gx >> 10 AND type_id = old.type_id AND city_id = old.city_id AND district_id = ifnull(old.district_id, 0)
    AND rooms_bucket = CASE WHEN old.rooms IS NULL THEN -1 WHEN old.rooms < 1 THEN 0 WHEN old.rooms >= 5 THEN 5 ELSE CAST(old.rooms AS INTEGER) END;
  UPDATE map_cells SET count = count - 1, lat_sum = lat_sum - old.shown_lat, lng_sum = lng_sum - old.shown_lng,
    id_sum = id_sum - old.id, price_sum = price_sum - old.price, precision_sum = precision_sum - CASE old.location_precision WHEN 'street' THEN 1 WHEN 'district' THEN 2 ELSE 0 END
  WHERE level = 16 AND cy = old.gy >> 8 AND cx = old.gx >> 8 AND type_id = old.type_id AND city_id = old.city_id AND district_id = ifnull(old.district_id, 0)
    AND rooms_bucket = CASE WHEN old.rooms IS NULL THEN -1 WHEN old.rooms < 1 THEN 0 WHEN old.rooms >= 5 THEN 5 ELSE CAST(old.rooms AS INTEGER) END;
  UPDATE map_type_cells SET count = count - 1, lat_sum = lat_sum - old.shown_lat, lng_sum = lng_sum - old.shown_lng,
    id_sum = id_sum - old.id, price_sum = price_sum - old.price, precision_sum = precision_sum - CASE old.location_precision WHEN 'street' THEN 1 WHEN 'district' THEN 2 ELSE 0 END
  WHERE level = 4 AND cy = old.gy >> 20 AND cx = old.gx >> 20 AND type_id = old.type_id;
  UPDATE map_type_cells SET count = count - 1, lat_sum = lat_sum - old.shown_lat, lng_sum = lng_sum - old.shown_lng,
    id_sum = id_sum - old.id, price_sum = price_sum - old.price, precision_sum = precision_sum - CASE old.location_precision WHEN 'street' THEN 1 WHEN 'district' THEN 2 ELSE 0 END
  WHERE level = 6 AND cy = old.gy >> 18 AND cx = old.gx >> 18 AND type_id = old.type_id;
  UPDATE map_type_cells SET count = count - 1, lat_sum = lat_sum - old.shown_lat, lng_sum = lng_sum - old.shown_lng,
    id_sum = id_sum - old.id, price_sum = price_sum - old.price, precision_sum = precision_sum - CASE old.location_precision WHEN 'street' THEN 1 WHEN 'district' THEN 2 ELSE 0 END
  WHERE level = 8 AND cy = old.gy >> 16 AND cx = old.gx >> 16 AND type_id = old.type_id;
  UPDATE map_type_cells SET count = count - 1, lat_sum = lat_sum - old.shown_lat, lng_sum = lng_sum - old.shown_lng,
    id_sum = id_sum - old.id, price_sum = price_sum - old.price, precision_sum = precision_sum - CASE old.location_precision WHEN 'street' THEN 1 WHEN 'district' THEN 2 ELSE 0 END
  WHERE level = 10 AND cy = old.gy >> 14 AND cx = old.gx >> 14 AND type_id = old.type_id;
  UPDATE map_type_cells SET count = count - 1, lat_sum = lat_sum - old.shown_lat, lng_sum = lng_sum - old.shown_lng,
    id_sum = id_sum - old.id, price_sum = price_sum - old.price, precision_sum = precision_sum - CASE old.location_precision WHEN 'street' THEN 1 WHEN 'district' THEN 2 ELSE 0 END
  WHERE level = 12 AND cy = old.gy >> 12 AND cx = old.gx >> 12 AND type_id = old.type_id;
  UPDATE map_type_cells SET count = count - 1, lat_sum = lat_sum - old.shown_lat, lng_sum = lng_sum - old.shown_lng,
    id_sum = id_sum - old.id, price_sum = price_sum - old.price, precision_sum = precision_sum - CASE old.location_precision WHEN 'street' THEN 1 WHEN 'district' THEN 2 ELSE 0 END
  WHERE level = 14 AND cy = old.gy >> 10 AND cx = old.gx >> 10 AND type_id = old.type_id;
  UPDATE map_type_cells SET count = count - 1, lat_sum = lat_sum - old.shown_lat, lng_sum = lng_sum - old.shown_lng,
    id_sum = id_sum - old.id, price_sum = price_sum - old.price, precision_sum = precision_sum - CASE old.location_precision WHEN 'street' THEN 1 WHEN 'district' THEN 2 ELSE 0 END
  WHERE level = 16 AND cy = old.gy >> 8 AND cx = old.gx >> 8 AND type_id = old.type_id;
END;

DROP TRIGGER map_cells_update_old;
CREATE TRIGGER map_cells_update_old AFTER UPDATE OF status, unconfirmed_at, property_lead, type_id, city_id, district_id, rooms, lat, lng, location_precision, price ON listings
WHEN old.status = 'active' AND old.unconfirmed_at IS NULL AND old.property_lead = 1 BEGIN
  UPDATE map_cells SET count = count - 1, lat_sum = lat_sum - old.shown_lat, lng_sum = lng_sum - old.shown_lng,
    id_sum = id_sum - old.id, price_sum = price_sum - old.price, precision_sum = precision_sum - CASE old.location_precision WHEN 'street' THEN 1 WHEN 'district' THEN 2 ELSE 0 END
  WHERE level = 4 AND cy = old.gy >> 20 AND cx = old.gx >> 20 AND type_id = old.type_id AND city_id = old.city_id AND district_id = ifnull(old.district_id, 0)
    AND rooms_bucket = CASE WHEN old.rooms IS NULL THEN -1 WHEN old.rooms < 1 THEN 0 WHEN old.rooms >= 5 THEN 5 ELSE CAST(old.rooms AS INTEGER) END;
  UPDATE map_cells SET count = count - 1, lat_sum = lat_sum - old.shown_lat, lng_sum = lng_sum - old.shown_lng,
    id_sum = id_sum - old.id, price_sum = price_sum - old.price, precision_sum = precision_sum - CASE old.location_precision WHEN 'street' THEN 1 WHEN 'district' THEN 2 ELSE 0 END
  WHERE level = 6 AND cy = old.gy >> 18 AND cx = old.gx >> 18 AND type_id = old.type_id AND city_id = old.city_id AND district_id = ifnull(old.district_id, 0)
    AND rooms_bucket = CASE WHEN old.rooms IS NULL THEN -1 WHEN old.rooms < 1 THEN 0 WHEN old.rooms >= 5 THEN 5 ELSE CAST(old.rooms AS INTEGER) END;
  UPDATE map_cells SET count = count - 1, lat_sum = lat_sum - old.shown_lat, lng_sum = lng_sum - old.shown_lng,
    id_sum = id_sum - old.id, price_sum = price_sum - old.price, precision_sum = precision_sum - CASE old.location_precision WHEN 'street' THEN 1 WHEN 'district' THEN 2 ELSE 0 END
  WHERE level = 8 AND cy = old.gy >> 16 AND cx = old.gx >> 16 AND type_id = old.type_id AND city_id = old.city_id AND district_id = ifnull(old.district_id, 0)
    AND rooms_bucket = CASE WHEN old.rooms IS NULL THEN -1 WHEN old.rooms < 1 THEN 0 WHEN old.rooms >= 5 THEN 5 ELSE CAST(old.rooms AS INTEGER) END;
  UPDATE map_cells SET count = count - 1, lat_sum = lat_sum - old.shown_lat, lng_sum = lng_sum - old.shown_lng,
    id_sum = id_sum - old.id, price_sum = price_sum - old.price, precision_sum = precision_sum - CASE old.location_precision WHEN 'street' THEN 1 WHEN 'district' THEN 2 ELSE 0 END
  WHERE level = 10 AND cy = old.gy >> 14 AND cx = old.gx >> 14 AND type_id = old.type_id AND city_id = old.city_id AND district_id = ifnull(old.district_id, 0)
    AND rooms_bucket = CASE WHEN old.rooms IS NULL THEN -1 WHEN old.rooms < 1 THEN 0 WHEN old.rooms >= 5 THEN 5 ELSE CAST(old.rooms AS INTEGER) END;
  UPDATE map_cells SET count = count - 1, lat_sum = lat_sum - old.shown_lat, lng_sum = lng_sum - old.shown_lng,
    id_sum = id_sum - old.id, price_sum = price_sum - old.price, precision_sum = precision_sum - CASE old.location_precision WHEN 'street' THEN 1 WHEN 'district' THEN 2 ELSE 0 END
  WHERE level = 12 AND cy = old.gy >> 12 AND cx = old.gx >> 12 AND type_id = old.type_id AND city_id = old.city_id AND district_id = ifnull(old.district_id, 0)
    AND rooms_bucket = CASE WHEN old.rooms IS NULL THEN -1 WHEN old.rooms < 1 THEN 0 WHEN old.rooms >= 5 THEN 5 ELSE CAST(old.rooms AS INTEGER) END;
  UPDATE map_cells SET count = count - 1, lat_sum = lat_sum - old.shown_lat, lng_sum = lng_sum - old.shown_lng,
    id_sum = id_sum - old.id, price_sum = price_sum - old.price, precision_sum = precision_sum - CASE old.location_precision WHEN 'street' THEN 1 WHEN 'district' THEN 2 ELSE 0 END
  WHERE level = 14 AND cy = old.gy >> 10 AND cx = old.gx >> 10 AND type_id = old.type_id AND city_id = old.city_id AND district_id = ifnull(old.district_id, 0)
    AND rooms_bucket = CASE WHEN old.rooms IS NULL THEN -1 WHEN old.rooms < 1 THEN 0 WHEN old.rooms >= 5 THEN 5 ELSE CAST(old.rooms AS INTEGER) END;
  UPDATE map_cells SET count = count - 1, lat_sum = lat_sum - old.shown_lat, lng_sum = lng_sum - old.shown_lng,
    id_sum = id_sum - old.id, price_sum = price_sum - old.price, precision_sum = precision_sum - CASE old.location_precision WHEN 'street' THEN 1 WHEN 'district' THEN 2 ELSE 0 END
  WHERE level = 16 AND cy = old.gy >> 8 AND cx = old.gx >> 8 AND type_id = old.type_id AND city_id = old.city_id AND district_id = ifnull(old.district_id, 0)
    AND rooms_bucket = CASE WHEN old.rooms IS NULL THEN -1 WHEN old.rooms < 1 THEN 0 WHEN old.rooms >= 5 THEN 5 ELSE CAST(old.rooms AS INTEGER) END;
  UPDATE map_type_cells SET count = count - 1, lat_sum = lat_sum - old.shown_lat, lng_sum = lng_sum - old.shown_lng,
    id_sum = id_sum - old.id, price_sum = price_sum - old.price, precision_sum = precision_sum - CASE old.location_precision WHEN 'street' THEN 1 WHEN 'district' THEN 2 ELSE 0 END
  WHERE level = 4 AND cy = old.gy >> 20 AND cx = old.gx >> 20 AND type_id = old.type_id;
  UPDATE map_type_cells SET count = count - 1, lat_sum = lat_sum - old.shown_lat, lng_sum = lng_sum - old.shown_lng,
    id_sum = id_sum - old.id, price_sum = price_sum - old.price, precision_sum = precision_sum - CASE old.location_precision WHEN 'street' THEN 1 WHEN 'district' THEN 2 ELSE 0 END
  WHERE level = 6 AND cy = old.gy >> 18 AND cx = old.gx >> 18 AND type_id = old.type_id;
  UPDATE map_type_cells SET count = count - 1, lat_sum = lat_sum - old.shown_lat, lng_sum = lng_sum - old.shown_lng,
    id_sum = id_sum - old.id, price_sum = price_sum - old.price, precision_sum = precision_sum - CASE old.location_precision WHEN 'street' THEN 1 WHEN 'district' THEN 2 ELSE 0 END
  WHERE level = 8 AND cy = old.gy >> 16 AND cx = old.gx >> 16 AND type_id = old.type_id;
  UPDATE map_type_cells SET count = count - 1, lat_sum = lat_sum - old.shown_lat, lng_sum = lng_sum - old.shown_lng,
    id_sum = id_sum - old.id, price_sum = price_sum - old.price, precision_sum = precision_sum - CASE old.location_precision WHEN 'street' THEN 1 WHEN 'district' THEN 2 ELSE 0 END
  WHERE level = 10 AND cy = old.gy >> 14 AND cx = old.gx >> 14 AND type_id = old.type_id;
  UPDATE map_type_cells SET count = count - 1, lat_sum = lat_sum - old.shown_lat, lng_sum = lng_sum - old.shown_lng,
    id_sum = id_sum - old.id, price_sum = price_sum - old.price, precision_sum = precision_sum - CASE old.location_precision WHEN 'street' THEN 1 WHEN 'district' THEN 2 ELSE 0 END
  WHERE level = 12 AND cy = old.gy >> 12 AND cx = old.gx >> 12 AND type_id = old.type_id;
  UPDATE map_type_cells SET count = count - 1, lat_sum = lat_sum - old.shown_lat, lng_sum = lng_sum - old.shown_lng,
    id_sum = id_sum - old.id, price_sum = price_sum - old.price, precision_sum = precision_sum - CASE old.location_precision WHEN 'street' THEN 1 WHEN 'district' THEN 2 ELSE 0 END
  WHERE level = 14 AND cy = old.gy >> 10 AND cx = old.gx >> 10 AND type_id = old.type_id;
  UPDATE map_type_cells SET count = count - 1, lat_sum = lat_sum - old.shown_lat, lng_sum = lng_sum - old.shown_lng,
    id_sum = id_sum - old.id, price_sum = price_sum - old.price, precision_sum = precision_sum - CASE old.location_precision WHEN 'street' THEN 1 WHEN 'district' THEN 2 ELSE 0 END
  WHERE level = 16 AND cy = old.gy >> 8 AND cx = old.gx >> 8 AND type_id = old.type_id;
END;

DROP TRIGGER map_cells_update_new;
CREATE TRIGGER map_cells_update_new AFTER UPDATE OF status, unconfirmed_at, property_lead, type_id, city_id, district_id, rooms, lat, lng, location_precision, price ON listings
WHEN new.status = 'active' AND new.unconfirmed_at IS NULL AND new.property_lead = 1 BEGIN
  INSERT INTO map_cells (level, cy, cx, type_id, city_id, district_id, rooms_bucket, count, lat_sum, lng_sum, id_sum,
    price_sum, precision_sum)
  SELECT level, new.gy >> (24 - level), new.gx >> (24 - level), new.type_id, new.city_id, ifnull(new.district_id, 0),
    CASE WHEN new.rooms IS NULL THEN -1 WHEN new.rooms < 1 THEN 0 WHEN new.rooms >= 5 THEN 5 ELSE CAST(new.rooms AS INTEGER) END,
    1, new.shown_lat, new.shown_lng, new.id, new.price, CASE new.location_precision WHEN 'street' THEN 1 WHEN 'district' THEN 2 ELSE 0 END
  FROM map_levels WHERE true
  ON CONFLICT (level, cy, cx, type_id, city_id, district_id, rooms_bucket) DO UPDATE SET
    count = count + 1, lat_sum = lat_sum + excluded.lat_sum, lng_sum = lng_sum + excluded.lng_sum,
    id_sum = id_sum + excluded.id_sum, price_sum = price_sum + excluded.price_sum,
    precision_sum = precision_sum + excluded.precision_sum;
  INSERT INTO map_type_cells (level, cy, cx, type_id, count, lat_sum, lng_sum, id_sum, price_sum, precision_sum)
  SELECT level, new.gy >> (24 - level), new.gx >> (24 - level), new.type_id, 1, new.shown_lat, new.shown_lng, new.id,
    new.price, CASE new.location_precision WHEN 'street' THEN 1 WHEN 'district' THEN 2 ELSE 0 END
  FROM map_levels WHERE true
  ON CONFLICT (level, cy, cx, type_id) DO UPDATE SET
    count = count + 1, lat_sum = lat_sum + excluded.lat_sum, lng_sum = lng_sum + excluded.lng_sum,
    id_sum = id_sum + excluded.id_sum, price_sum = price_sum + excluded.price_sum,
    precision_sum = precision_sum + excluded.precision_sum;
END;
