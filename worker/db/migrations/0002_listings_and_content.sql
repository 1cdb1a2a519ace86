-- Owners of listings. The accounts issue extends this table (credentials, verification).
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  phone TEXT,
  email TEXT UNIQUE,
  role TEXT NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
  created_at INTEGER NOT NULL
);

-- Listings: type_id is the classified type of product §3 (1–10); deal and property_type follow from it
-- and are stored for the indexes. Money in whole EUR (rent per month); areas in m²; times in ms.
CREATE TABLE listings (
  id INTEGER PRIMARY KEY,
  type_id INTEGER NOT NULL CHECK (type_id BETWEEN 1 AND 10),
  deal TEXT NOT NULL CHECK (deal IN ('sale', 'rent')),
  property_type TEXT NOT NULL CHECK (property_type IN ('apartment', 'house', 'land', 'investment', 'commercial', 'other')),
  city_id INTEGER NOT NULL REFERENCES cities(id),
  district_id INTEGER REFERENCES districts(id),
  address TEXT NOT NULL,
  lat REAL NOT NULL,
  lng REAL NOT NULL,
  price INTEGER NOT NULL CHECK (price > 0),
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
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  lang TEXT NOT NULL CHECK (lang IN ('en', 'ru', 'sr')),
  owner_id INTEGER NOT NULL REFERENCES users(id),
  -- Contact number: revealed only through the paid, signed-in call; never in public responses.
  phone TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('draft', 'moderation', 'active', 'archived', 'rejected')),
  promoted_until INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  price_m2 REAL GENERATED ALWAYS AS (CASE WHEN area > 0 THEN price / area END) STORED
);

-- Every search filters active listings by type (one or several), usually a city, and sorts.
CREATE INDEX listings_type_city_updated ON listings (status, type_id, city_id, updated_at DESC);
CREATE INDEX listings_type_city_price ON listings (status, type_id, city_id, price);
CREATE INDEX listings_type_city_price_m2 ON listings (status, type_id, city_id, price_m2);
CREATE INDEX listings_type_city_area ON listings (status, type_id, city_id, area);
CREATE INDEX listings_city_district ON listings (status, city_id, district_id, updated_at DESC);
CREATE INDEX listings_deal_updated ON listings (status, deal, updated_at DESC);
CREATE INDEX listings_updated ON listings (status, updated_at DESC);
CREATE INDEX listings_promoted ON listings (status, promoted_until DESC);
CREATE INDEX listings_geo ON listings (status, lat, lng);
CREATE INDEX listings_owner ON listings (owner_id, status);

CREATE VIRTUAL TABLE listings_fts USING fts5 (
  title, description, address,
  content = 'listings', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2'
);
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

-- Photos. `seed` drives the generated SVG illustration the worker serves until real uploads (R2) exist.
CREATE TABLE listing_images (
  id INTEGER PRIMARY KEY,
  listing_id INTEGER NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  seed INTEGER NOT NULL,
  UNIQUE (listing_id, position)
);

-- Media: tags nest up to four levels (product §2 media routes); slugs are unique among siblings.
CREATE TABLE tags (
  id INTEGER PRIMARY KEY,
  parent_id INTEGER REFERENCES tags(id) ON DELETE CASCADE,
  depth INTEGER NOT NULL CHECK (depth BETWEEN 1 AND 4),
  slug TEXT NOT NULL,
  name_en TEXT NOT NULL,
  name_ru TEXT NOT NULL,
  name_sr TEXT NOT NULL,
  position INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX tags_parent_slug ON tags (ifnull(parent_id, 0), slug);

CREATE TABLE articles (
  id INTEGER PRIMARY KEY,
  tag_id INTEGER NOT NULL REFERENCES tags(id),
  slug TEXT NOT NULL,
  author TEXT NOT NULL,
  published_at INTEGER NOT NULL,
  image_seed INTEGER NOT NULL,
  title_en TEXT NOT NULL, title_ru TEXT NOT NULL, title_sr TEXT NOT NULL,
  lead_en TEXT NOT NULL, lead_ru TEXT NOT NULL, lead_sr TEXT NOT NULL,
  -- Bodies are paragraphs separated by blank lines; the page renders them, never raw HTML.
  body_en TEXT NOT NULL, body_ru TEXT NOT NULL, body_sr TEXT NOT NULL,
  UNIQUE (tag_id, slug)
);
CREATE INDEX articles_published ON articles (published_at DESC);
CREATE INDEX articles_tag ON articles (tag_id, published_at DESC);

CREATE TABLE faq (
  id INTEGER PRIMARY KEY,
  position INTEGER NOT NULL,
  category TEXT NOT NULL,
  question_en TEXT NOT NULL, question_ru TEXT NOT NULL, question_sr TEXT NOT NULL,
  answer_en TEXT NOT NULL, answer_ru TEXT NOT NULL, answer_sr TEXT NOT NULL
);

CREATE TABLE advantages (
  id INTEGER PRIMARY KEY,
  position INTEGER NOT NULL,
  icon TEXT NOT NULL,
  title_en TEXT NOT NULL, title_ru TEXT NOT NULL, title_sr TEXT NOT NULL,
  text_en TEXT NOT NULL, text_ru TEXT NOT NULL, text_sr TEXT NOT NULL
);

CREATE TABLE tooltips (
  key TEXT PRIMARY KEY,
  text_en TEXT NOT NULL, text_ru TEXT NOT NULL, text_sr TEXT NOT NULL
);

-- Statistics counters per listing, per day and kind (view, phone, map, list).
CREATE TABLE listing_stats (
  listing_id INTEGER NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  day TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('view', 'phone', 'map', 'list')),
  count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (listing_id, day, kind)
) WITHOUT ROWID;

CREATE TABLE feedback_questions (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  question TEXT NOT NULL,
  locale TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

-- E-mail lists a person can leave from the link in any e-mail (the token identifies the address).
CREATE TABLE email_subscriptions (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL,
  list TEXT NOT NULL CHECK (list IN ('saved_searches', 'news', 'listing_tips')),
  token TEXT NOT NULL,
  subscribed INTEGER NOT NULL DEFAULT 1,
  updated_at INTEGER NOT NULL,
  UNIQUE (email, list)
);
CREATE INDEX email_subscriptions_token ON email_subscriptions (token);
