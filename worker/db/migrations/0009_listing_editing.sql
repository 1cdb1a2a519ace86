-- Listing editing (decision 030). A draft lives in `listings` from its first step, so its id
-- stays the same through the wizard, moderation and publication and its photos (listing_images) can
-- point at it. SQLite cannot relax NOT NULL in place: the table is rebuilt with the facts a draft does
-- not have yet nullable, and a CHECK that every listing past `draft` has them. The state awaiting
-- moderation is called `pending`, as in the API (it was `moderation`).
--
-- D1 keeps foreign keys on, so dropping the old table deletes the rows that reference it with ON DELETE
-- CASCADE (photos, statistics, favourites): they are set aside first and put back after. The other
-- references (payments, reveals, messages) are checked at commit, when the same ids exist again.
PRAGMA defer_foreign_keys = on;
CREATE TABLE kept_listing_images AS SELECT * FROM listing_images;
CREATE TABLE kept_listing_stats AS SELECT * FROM listing_stats;
CREATE TABLE kept_favourites AS SELECT * FROM favourites;

CREATE TABLE listings_next (
  id INTEGER PRIMARY KEY,
  type_id INTEGER NOT NULL CHECK (type_id BETWEEN 1 AND 10),
  deal TEXT NOT NULL CHECK (deal IN ('sale', 'rent')),
  property_type TEXT NOT NULL CHECK (property_type IN ('apartment', 'house', 'land', 'investment', 'commercial', 'other')),
  city_id INTEGER REFERENCES cities(id),
  district_id INTEGER REFERENCES districts(id),
  address TEXT,
  lat REAL,
  lng REAL,
  price INTEGER CHECK (price IS NULL OR price > 0),
  area REAL CHECK (area IS NULL OR area > 0),
  land_area REAL CHECK (land_area IS NULL OR land_area > 0),
  -- Serbian counting: 0.5 is a studio (garsonjera), 1.5 a "jednoiposoban" flat.
  rooms REAL CHECK (rooms IS NULL OR rooms >= 0.5),
  bedrooms INTEGER,
  bathrooms INTEGER,
  floor INTEGER,
  floors INTEGER,
  year_built INTEGER,
  furnished INTEGER CHECK (furnished IS NULL OR furnished IN (0, 1)),
  heating TEXT CHECK (heating IS NULL OR heating IN ('central', 'gas', 'electric', 'heat_pump', 'solid_fuel', 'none')),
  parking INTEGER CHECK (parking IS NULL OR parking IN (0, 1)),
  balcony INTEGER CHECK (balcony IS NULL OR balcony IN (0, 1)),
  elevator INTEGER CHECK (elevator IS NULL OR elevator IN (0, 1)),
  deposit INTEGER,
  pets_allowed INTEGER CHECK (pets_allowed IS NULL OR pets_allowed IN (0, 1)),
  title TEXT,
  -- 1: the title was generated from the facts (and is regenerated when they change); 0: the owner's own.
  title_generated INTEGER NOT NULL DEFAULT 0 CHECK (title_generated IN (0, 1)),
  description TEXT,
  lang TEXT CHECK (lang IS NULL OR lang IN ('en', 'ru', 'sr')),
  owner_id INTEGER NOT NULL REFERENCES users(id),
  -- Contact number: revealed only through the paid, signed-in call; never in public responses.
  phone TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('draft', 'pending', 'active', 'archived', 'rejected')),
  -- Why a moderator rejected it (shown to the owner); cleared when it is submitted again.
  rejection_reason TEXT,
  promoted_until INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  -- A listing that has never been approved "expired" when it was created; approval sets it ahead.
  expires_at INTEGER NOT NULL,
  price_m2 REAL GENERATED ALWAYS AS (CASE WHEN area > 0 THEN price / area END) STORED,
  CHECK (status = 'draft' OR (city_id IS NOT NULL AND address IS NOT NULL AND lat IS NOT NULL AND lng IS NOT NULL
    AND price IS NOT NULL AND title IS NOT NULL AND description IS NOT NULL AND lang IS NOT NULL))
);

CREATE TABLE kept_listings AS SELECT * FROM listings;

DROP TABLE listings;
ALTER TABLE listings_next RENAME TO listings;
-- Rows go in after the rename, so the deferred checks of payments, reveals and messages find them.
INSERT INTO listings (id, type_id, deal, property_type, city_id, district_id, address, lat, lng, price, area,
  land_area, rooms, bedrooms, bathrooms, floor, floors, year_built, furnished, heating, parking, balcony, elevator,
  deposit, pets_allowed, title, title_generated, description, lang, owner_id, phone, status, promoted_until,
  created_at, updated_at, expires_at)
SELECT id, type_id, deal, property_type, city_id, district_id, address, lat, lng, price, area,
  land_area, rooms, bedrooms, bathrooms, floor, floors, year_built, furnished, heating, parking, balcony, elevator,
  deposit, pets_allowed, title, 0, description, lang, owner_id, phone,
  CASE status WHEN 'moderation' THEN 'pending' ELSE status END, promoted_until, created_at, updated_at, expires_at
FROM kept_listings;
DROP TABLE kept_listings;
INSERT INTO listing_images SELECT * FROM kept_listing_images;
INSERT INTO listing_stats SELECT * FROM kept_listing_stats;
INSERT INTO favourites SELECT * FROM kept_favourites;
DROP TABLE kept_listing_images;
DROP TABLE kept_listing_stats;
DROP TABLE kept_favourites;

-- The indexes and triggers of migrations 0002 and 0005–0007, as they were.
CREATE INDEX listings_type_city_updated ON listings (status, type_id, city_id, updated_at DESC);
CREATE INDEX listings_type_city_area ON listings (status, type_id, city_id, area);
CREATE INDEX listings_city_district ON listings (status, city_id, district_id, updated_at DESC);
CREATE INDEX listings_deal_updated ON listings (status, deal, updated_at DESC);
CREATE INDEX listings_updated ON listings (status, updated_at DESC);
CREATE INDEX listings_promoted ON listings (status, promoted_until DESC);
CREATE INDEX listings_geo ON listings (status, lat, lng);
CREATE INDEX listings_owner ON listings (owner_id, status);
CREATE INDEX listings_type_price ON listings (status, type_id, price);
CREATE INDEX listings_type_area ON listings (status, type_id, area);
CREATE INDEX listings_deal_price ON listings (status, deal, price);
CREATE INDEX listings_deal_area ON listings (status, deal, area);
CREATE INDEX listings_price ON listings (status, price);
CREATE INDEX listings_area ON listings (status, area);
CREATE INDEX listings_district_type_updated ON listings (status, district_id, type_id, updated_at DESC);
CREATE INDEX listings_district_type_price ON listings (status, district_id, type_id, price);
CREATE INDEX listings_district_type_area ON listings (status, district_id, type_id, area);
CREATE INDEX listings_type_city_price_m2 ON listings (status, type_id, city_id, price_m2 IS NULL, price_m2);
CREATE INDEX listings_district_type_price_m2 ON listings (status, district_id, type_id, price_m2 IS NULL, price_m2);
CREATE INDEX listings_type_price_m2 ON listings (status, type_id, price_m2 IS NULL, price_m2);
CREATE INDEX listings_deal_price_m2 ON listings (status, deal, price_m2 IS NULL, price_m2);
CREATE INDEX listings_price_m2 ON listings (status, price_m2 IS NULL, price_m2);
CREATE INDEX listings_type_city_price ON listings (status, type_id, city_id, price, rooms, district_id, updated_at);

CREATE TRIGGER listings_fts_insert AFTER INSERT ON listings BEGIN
  INSERT INTO listings_fts (rowid, title, description, address) VALUES (new.id, new.title, new.description, new.address);
END;
CREATE TRIGGER listings_fts_delete AFTER DELETE ON listings BEGIN
  INSERT INTO listings_fts (listings_fts, rowid, title, description, address) VALUES ('delete', old.id, old.title, old.description, old.address);
END;
CREATE TRIGGER listings_fts_update AFTER UPDATE OF title, description, address ON listings BEGIN
  INSERT INTO listings_fts (listings_fts, rowid, title, description, address) VALUES ('delete', old.id, old.title, old.description, old.address);
  INSERT INTO listings_fts (rowid, title, description, address) VALUES (new.id, new.title, new.description, new.address);
END;
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

-- Every change of a listing's state: who, when, and why (a rejection's reason), for the admin preview.
CREATE TABLE listing_events (
  id INTEGER PRIMARY KEY,
  listing_id INTEGER NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  status TEXT NOT NULL,
  actor_id INTEGER REFERENCES users(id),
  reason TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX listing_events_listing ON listing_events (listing_id, created_at);

-- Duplicate check on submit: the owner's listings with the same facts.
CREATE INDEX listings_owner_price ON listings (owner_id, price);
