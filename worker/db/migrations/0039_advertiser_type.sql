-- Who is offering (decision 087): an account advertises as a private owner or as an agency, chosen at
-- registration and changeable in the profile. Every account so far registered as an owner.
ALTER TABLE users ADD COLUMN advertiser_type TEXT NOT NULL DEFAULT 'owner' CHECK (advertiser_type IN ('owner', 'agency'));
