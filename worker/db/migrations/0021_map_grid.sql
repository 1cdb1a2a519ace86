-- The map (architecture §8, decision 044). A listing's owner may hide the house: `location_precision` says how
-- precisely the public sees it, and `shown_lat`/`shown_lng` are the point every public response gives —
-- computed here from the exact point, so every writer (wizard, seed, later migrations) is covered and no
-- query can forget the rule. `street` snaps to the centre of a 0.004° cell, `district` to the centre of a
-- 0.02° cell: at Serbian latitudes (42–46.5° N) a cell's half-diagonal is at most ≈ 277 m / 1 385 m, inside
-- LOCATION_AREA_RADIUS_M (300 m / 1 500 m) of shared/map.ts, so the drawn area always holds the house
-- (tests/integration/api-realty-map.test.ts checks it). Floors are written out (CAST truncates toward zero;
-- D1 need not have the math functions).
--
-- SQLite's ALTER TABLE adds only VIRTUAL generated columns; they can be indexed, which is all the map needs.
ALTER TABLE listings ADD COLUMN location_precision TEXT NOT NULL DEFAULT 'exact'
  CHECK (location_precision IN ('exact', 'street', 'district'));
ALTER TABLE listings ADD COLUMN shown_lat REAL GENERATED ALWAYS AS (CASE location_precision
  WHEN 'street' THEN (CAST(lat / 0.004 AS INTEGER) - (lat / 0.004 < CAST(lat / 0.004 AS INTEGER)) + 0.5) * 0.004
  WHEN 'district' THEN (CAST(lat / 0.02 AS INTEGER) - (lat / 0.02 < CAST(lat / 0.02 AS INTEGER)) + 0.5) * 0.02
  ELSE lat END) VIRTUAL;
ALTER TABLE listings ADD COLUMN shown_lng REAL GENERATED ALWAYS AS (CASE location_precision
  WHEN 'street' THEN (CAST(lng / 0.004 AS INTEGER) - (lng / 0.004 < CAST(lng / 0.004 AS INTEGER)) + 0.5) * 0.004
  WHEN 'district' THEN (CAST(lng / 0.02 AS INTEGER) - (lng / 0.02 < CAST(lng / 0.02 AS INTEGER)) + 0.5) * 0.02
  ELSE lng END) VIRTUAL;
-- The shown point's cell on an equirectangular grid of 2^24 columns (and rows) of 360/2^24 degrees, the
-- finest level: its cell at level g is (gx >> (24 - g), gy >> (24 - g)) — geohash cells as two integers.
-- worker/db/listing-map.ts computes the same expressions in the same floating-point order.
ALTER TABLE listings ADD COLUMN gx INTEGER GENERATED ALWAYS AS (CAST((shown_lng + 180) * 16777216 / 360 AS INTEGER)) VIRTUAL;
ALTER TABLE listings ADD COLUMN gy INTEGER GENERATED ALWAYS AS (CAST((shown_lat + 90) * 16777216 / 360 AS INTEGER)) VIRTUAL;

-- The search's `bounds` filter and the map read rows (gy) or columns (gx) of the grid; the exact point is
-- never searched by, so its index goes.
DROP INDEX IF EXISTS listings_geo;
CREATE INDEX listings_grid ON listings (status, gy, gx);
CREATE INDEX listings_grid_x ON listings (status, gx, gy);

-- Active listings per grid cell at the stored levels, with sums a trigger can take back, in two tables:
-- `map_type_cells` by classified type only (no filter, a deal or types: a whole-country view reads a few
-- rows per cell), and `map_cells` by the place and rooms dimensions of `listing_counts` too (migration
-- 0005, same absent values, same rooms buckets; not furnishing, which multiplied a city cell's rows by
-- three for a rare filter — it reads the listings, as price does). a cell's clusters are
-- its count and mean shown point, and a cell holding one listing gives that listing's id, price,
-- precision (0 exact, 1 street, 2 district) and point from the sums alone. The map reads whole cells
-- inside a viewport from here and only the viewport's border cells from the listings.
CREATE TABLE map_levels (level INTEGER PRIMARY KEY);
INSERT INTO map_levels (level) VALUES (4), (6), (8), (10), (12), (14), (16);

CREATE TABLE map_cells (
  level INTEGER NOT NULL,
  cy INTEGER NOT NULL,
  cx INTEGER NOT NULL,
  type_id INTEGER NOT NULL,
  city_id INTEGER NOT NULL,
  district_id INTEGER NOT NULL,
  rooms_bucket INTEGER NOT NULL,
  count INTEGER NOT NULL,
  lat_sum REAL NOT NULL,
  lng_sum REAL NOT NULL,
  id_sum INTEGER NOT NULL,
  price_sum INTEGER NOT NULL,
  precision_sum INTEGER NOT NULL,
  PRIMARY KEY (level, cy, cx, type_id, city_id, district_id, rooms_bucket)
) WITHOUT ROWID;
-- The primary key reads rows of cells; this, columns (a viewport's left and right borders).
CREATE INDEX map_cells_x ON map_cells (level, cx, cy);

CREATE TABLE map_type_cells (
  level INTEGER NOT NULL,
  cy INTEGER NOT NULL,
  cx INTEGER NOT NULL,
  type_id INTEGER NOT NULL,
  count INTEGER NOT NULL,
  lat_sum REAL NOT NULL,
  lng_sum REAL NOT NULL,
  id_sum INTEGER NOT NULL,
  price_sum INTEGER NOT NULL,
  precision_sum INTEGER NOT NULL,
  PRIMARY KEY (level, cy, cx, type_id)
) WITHOUT ROWID;
CREATE INDEX map_type_cells_x ON map_type_cells (level, cx, cy);

INSERT INTO map_cells (level, cy, cx, type_id, city_id, district_id, rooms_bucket, count, lat_sum, lng_sum,
  id_sum, price_sum, precision_sum)
SELECT m.level, l.gy >> (24 - m.level), l.gx >> (24 - m.level), l.type_id, l.city_id, ifnull(l.district_id, 0),
  CASE WHEN l.rooms IS NULL THEN -1 WHEN l.rooms < 1 THEN 0 WHEN l.rooms >= 5 THEN 5 ELSE CAST(l.rooms AS INTEGER) END,
  COUNT(*), SUM(l.shown_lat), SUM(l.shown_lng), SUM(l.id), SUM(l.price),
  SUM(CASE l.location_precision WHEN 'street' THEN 1 WHEN 'district' THEN 2 ELSE 0 END)
FROM listings l, map_levels m WHERE l.status = 'active' GROUP BY 1, 2, 3, 4, 5, 6, 7;
INSERT INTO map_type_cells (level, cy, cx, type_id, count, lat_sum, lng_sum, id_sum, price_sum, precision_sum)
SELECT level, cy, cx, type_id, SUM(count), SUM(lat_sum), SUM(lng_sum), SUM(id_sum), SUM(price_sum), SUM(precision_sum)
FROM map_cells GROUP BY 1, 2, 3, 4;

CREATE TRIGGER map_cells_insert AFTER INSERT ON listings WHEN new.status = 'active' BEGIN
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

-- A listing leaves its cell at each stored level (map_levels), one statement a level: a level constant
-- lets each update find its row by the primary key.
CREATE TRIGGER map_cells_delete AFTER DELETE ON listings WHEN old.status = 'active' BEGIN
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

CREATE TRIGGER map_cells_update_old AFTER UPDATE OF status, type_id, city_id, district_id, rooms, lat, lng, location_precision, price ON listings
WHEN old.status = 'active' BEGIN
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

CREATE TRIGGER map_cells_update_new AFTER UPDATE OF status, type_id, city_id, district_id, rooms, lat, lng, location_precision, price ON listings
WHEN new.status = 'active' BEGIN
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
