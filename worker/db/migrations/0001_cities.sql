-- Gazetteer: cities and their districts, names in the three interface languages.
CREATE TABLE cities (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name_en TEXT NOT NULL,
  name_ru TEXT NOT NULL,
  name_sr TEXT NOT NULL,
  lat REAL NOT NULL,
  lng REAL NOT NULL,
  population INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE districts (
  id INTEGER PRIMARY KEY,
  city_id INTEGER NOT NULL REFERENCES cities(id) ON DELETE CASCADE,
  slug TEXT NOT NULL,
  name_en TEXT NOT NULL,
  name_ru TEXT NOT NULL,
  name_sr TEXT NOT NULL,
  lat REAL NOT NULL,
  lng REAL NOT NULL,
  UNIQUE (city_id, slug)
);

CREATE INDEX cities_population ON cities (population DESC);
