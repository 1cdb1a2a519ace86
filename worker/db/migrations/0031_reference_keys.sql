-- The gazetteer's reference keys (decision 055): the GeoNames id a city or district was built from, so a
-- later reference file renames the same place rather than adding another. NULL for curated places
-- GeoNames has no entry for. Ids and slugs are the reference file's and never change.
ALTER TABLE cities ADD COLUMN geonames_id INTEGER;
ALTER TABLE districts ADD COLUMN geonames_id INTEGER;
CREATE UNIQUE INDEX cities_geonames ON cities (geonames_id) WHERE geonames_id IS NOT NULL;
CREATE UNIQUE INDEX districts_geonames ON districts (geonames_id) WHERE geonames_id IS NOT NULL;
