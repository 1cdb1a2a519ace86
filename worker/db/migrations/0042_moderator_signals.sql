-- Moderators' signals (decision 088): "one phone number behind several accounts" looks up the accounts
-- holding a number on any of their listings (users.phone has its index since 0003). The moderation queue
-- and the listing's page read place medians from the existing (status, district_id, type_id, price_m2)
-- and (status, type_id, city_id, price_m2) indexes.
CREATE INDEX listings_phone_owner ON listings (phone, owner_id);
