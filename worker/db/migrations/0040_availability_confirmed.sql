-- Availability confirmed, not assumed (decision 084), on the columns of migration 0038.

-- A listing the public sees is known to be on offer from then on: its publication, a restore, an owner's
-- edit (updateListing moves `updated_at` with every change it writes) — and a listing inserted active (the
-- seed, tests) when it says nothing else. Each also ends a question unanswered so far and shows it again.
-- A renewal and the owner's confirmation set the columns themselves (worker/db/owner-listings.ts).
CREATE TRIGGER listings_confirmed_on_change AFTER UPDATE OF updated_at ON listings
WHEN new.status = 'active' AND new.updated_at IS NOT old.updated_at AND new.updated_at > ifnull(new.confirmed_at, 0)
BEGIN
  UPDATE listings SET confirmed_at = new.updated_at, confirm_asked_at = NULL, unconfirmed_at = NULL WHERE id = new.id;
END;
CREATE TRIGGER listings_confirmed_on_insert AFTER INSERT ON listings
WHEN new.status = 'active' AND new.confirmed_at IS NULL
BEGIN
  UPDATE listings SET confirmed_at = new.updated_at WHERE id = new.id;
END;
-- "Rented" / "Sold" explain an archived listing only: any other state forgets the reason.
CREATE TRIGGER listings_archive_reason_cleared AFTER UPDATE OF status ON listings
WHEN new.status <> 'archived' AND new.archive_reason IS NOT NULL
BEGIN
  UPDATE listings SET archive_reason = NULL WHERE id = new.id;
END;

-- The Cron run's question: active listings by when they were last confirmed (the shorter cycle bounds the
-- range, the deal's own is checked on the rows found), so it never walks the table.
CREATE INDEX listings_confirm_due ON listings (confirmed_at) WHERE status = 'active';
-- The hidden listings by id (worker/db/listing-columns.ts SHOWN): a search that its covering indexes answer
-- asks this small index whether a match is hidden, never the listing's row.
CREATE INDEX listings_unconfirmed ON listings (id, unconfirmed_at) WHERE unconfirmed_at IS NOT NULL;

-- A hidden listing (`unconfirmed_at` set) leaves the summaries the counts and the map read, exactly as a
-- listing leaving `active` does; confirming it puts it back. Each trigger is the one before with that
-- condition added (listing counts: migration 0009, map cells: migration 0021); when this runs no listing is
-- hidden, so the summaries stand as they are.
DROP TRIGGER listing_counts_insert;
CREATE TRIGGER listing_counts_insert AFTER INSERT ON listings WHEN new.status = 'active' AND new.unconfirmed_at IS NULL BEGIN
  INSERT INTO listing_counts (type_id, city_id, district_id, rooms_bucket, furnished, count)
  VALUES (new.type_id, new.city_id, ifnull(new.district_id, 0),
    CASE WHEN new.rooms IS NULL THEN -1 WHEN new.rooms < 1 THEN 0 WHEN new.rooms >= 5 THEN 5 ELSE CAST(new.rooms AS INTEGER) END,
    ifnull(new.furnished, -1), 1)
  ON CONFLICT (type_id, city_id, district_id, rooms_bucket, furnished) DO UPDATE SET count = count + 1;
END;

DROP TRIGGER listing_counts_delete;
CREATE TRIGGER listing_counts_delete AFTER DELETE ON listings WHEN old.status = 'active' AND old.unconfirmed_at IS NULL BEGIN
  UPDATE listing_counts SET count = count - 1
  WHERE type_id = old.type_id AND city_id = old.city_id AND district_id = ifnull(old.district_id, 0)
    AND rooms_bucket = CASE WHEN old.rooms IS NULL THEN -1 WHEN old.rooms < 1 THEN 0 WHEN old.rooms >= 5 THEN 5 ELSE CAST(old.rooms AS INTEGER) END
    AND furnished = ifnull(old.furnished, -1);
END;

DROP TRIGGER listing_counts_update_old;
CREATE TRIGGER listing_counts_update_old AFTER UPDATE OF status, unconfirmed_at, type_id, city_id, district_id, rooms, furnished ON listings
WHEN old.status = 'active' AND old.unconfirmed_at IS NULL BEGIN
  UPDATE listing_counts SET count = count - 1
  WHERE type_id = old.type_id AND city_id = old.city_id AND district_id = ifnull(old.district_id, 0)
    AND rooms_bucket = CASE WHEN old.rooms IS NULL THEN -1 WHEN old.rooms < 1 THEN 0 WHEN old.rooms >= 5 THEN 5 ELSE CAST(old.rooms AS INTEGER) END
    AND furnished = ifnull(old.furnished, -1);
END;

DROP TRIGGER listing_counts_update_new;
CREATE TRIGGER listing_counts_update_new AFTER UPDATE OF status, unconfirmed_at, type_id, city_id, district_id, rooms, furnished ON listings
WHEN new.status = 'active' AND new.unconfirmed_at IS NULL BEGIN
  INSERT INTO listing_counts (type_id, city_id, district_id, rooms_bucket, furnished, count)
  VALUES (new.type_id, new.city_id, ifnull(new.district_id, 0),
    CASE WHEN new.rooms IS NULL THEN -1 WHEN new.rooms < 1 THEN 0 WHEN new.rooms >= 5 THEN 5 ELSE CAST(new.rooms AS INTEGER) END,
    ifnull(new.furnished, -1), 1)
  ON CONFLICT (type_id, city_id, district_id, rooms_bucket, furnished) DO UPDATE SET count = count + 1;
END;

DROP TRIGGER map_cells_insert;
CREATE TRIGGER map_cells_insert AFTER INSERT ON listings WHEN new.status = 'active' AND new.unconfirmed_at IS NULL BEGIN
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
CREATE TRIGGER map_cells_delete AFTER DELETE ON listings WHEN old.status = 'active' AND old.unconfirmed_at IS NULL BEGIN
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
CREATE TRIGGER map_cells_update_old AFTER UPDATE OF status, unconfirmed_at, type_id, city_id, district_id, rooms, lat, lng, location_precision, price ON listings
WHEN old.status = 'active' AND old.unconfirmed_at IS NULL BEGIN
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
CREATE TRIGGER map_cells_update_new AFTER UPDATE OF status, unconfirmed_at, type_id, city_id, district_id, rooms, lat, lng, location_precision, price ON listings
WHEN new.status = 'active' AND new.unconfirmed_at IS NULL BEGIN
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
