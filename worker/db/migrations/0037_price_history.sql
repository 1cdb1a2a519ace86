-- Every price a listing has shown the public, from its first publication (decision 082): the detail's
-- price history and the cards' "was €X" after a cut. Prices in EUR, times in ms; ids run in time order
-- per listing.
CREATE TABLE listing_prices (
  id INTEGER PRIMARY KEY,
  listing_id INTEGER NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  price INTEGER NOT NULL CHECK (price > 0),
  at INTEGER NOT NULL
);
CREATE INDEX listing_prices_listing ON listing_prices (listing_id, id);

-- The price before the last change and when it changed, kept on the listing so a card reads no other table.
ALTER TABLE listings ADD COLUMN previous_price INTEGER;
ALTER TABLE listings ADD COLUMN price_changed_at INTEGER;

CREATE TRIGGER listing_prices_last AFTER INSERT ON listing_prices BEGIN
  UPDATE listings SET
    previous_price = (SELECT price FROM listing_prices WHERE listing_id = new.listing_id AND id < new.id ORDER BY id DESC LIMIT 1),
    price_changed_at = CASE WHEN EXISTS (SELECT 1 FROM listing_prices WHERE listing_id = new.listing_id AND id < new.id)
      THEN new.at END
  WHERE id = new.listing_id;
END;

-- Public with a price not yet recorded: its publication, or a change while public (every update sets updated_at).
CREATE TRIGGER listing_prices_public AFTER UPDATE OF status, price ON listings
  WHEN new.status = 'active'
    AND new.price IS NOT (SELECT price FROM listing_prices WHERE listing_id = new.id ORDER BY id DESC LIMIT 1) BEGIN
  INSERT INTO listing_prices (listing_id, price, at) VALUES (new.id, new.price, new.updated_at);
END;

CREATE TRIGGER listing_prices_inserted AFTER INSERT ON listings WHEN new.status = 'active' BEGIN
  INSERT INTO listing_prices (listing_id, price, at) VALUES (new.id, new.price, COALESCE(new.published_at, new.created_at));
END;

-- What went before, as far as it was recorded: the first publication at the price before the first fall,
-- each fall (migration 0020), and a rise since the last fall.
INSERT INTO listing_prices (listing_id, price, at)
SELECT listing_id, price, at FROM (
  SELECT l.id AS listing_id,
    COALESCE((SELECT d.old_price FROM listing_price_drops d WHERE d.listing_id = l.id ORDER BY d.at, d.id LIMIT 1), l.price) AS price,
    COALESCE(l.published_at, l.created_at) AS at, 0 AS step, 0 AS seq
  FROM listings l WHERE l.published_at IS NOT NULL OR l.status = 'active'
  UNION ALL
  SELECT d.listing_id, d.new_price, d.at, 1, d.id FROM listing_price_drops d
  UNION ALL
  SELECT l.id, l.price, l.updated_at, 2, 0 FROM listings l
  WHERE EXISTS (SELECT 1 FROM listing_price_drops d WHERE d.listing_id = l.id)
    AND l.price <> (SELECT d.new_price FROM listing_price_drops d WHERE d.listing_id = l.id ORDER BY d.at DESC, d.id DESC LIMIT 1)
)
ORDER BY listing_id, step, at, seq;
