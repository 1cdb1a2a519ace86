-- Promoted listings first on every page of a search (decision 040; worker/db/promoted-ranking.ts).
-- A search reads the running "Top" placements that match it in the order of their end: these indexes serve
-- that read for each way a search narrows (the same leading columns as the sort indexes of migrations
-- 0005–0007), so it costs a few index entries instead of every listing of a city. They are partial: only
-- listings that ever had the placement are in them, a small part of all.
CREATE INDEX listings_top_type_city ON listings (status, type_id, city_id, promoted_until)
  WHERE promoted_until IS NOT NULL;
CREATE INDEX listings_top_district_type ON listings (status, district_id, type_id, promoted_until)
  WHERE promoted_until IS NOT NULL;
CREATE INDEX listings_top_city ON listings (status, city_id, promoted_until) WHERE promoted_until IS NOT NULL;
CREATE INDEX listings_top_type ON listings (status, type_id, promoted_until) WHERE promoted_until IS NOT NULL;
CREATE INDEX listings_top_deal ON listings (status, deal, promoted_until) WHERE promoted_until IS NOT NULL;
-- Without a narrowing the whole placement is read from listings_promoted (migration 0009), the home page's
-- from listings_home (migration 0018).
