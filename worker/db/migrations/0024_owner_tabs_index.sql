-- The cabinet counts and pages an owner's listings that are not deleted. With `deleted_at` only in the
-- rows, each of the owner's listings was read from the table: for an agency with 2 500 listings among
-- 100 000, the tab counts took 3.6 ms of SQL, the active tab's total 4.6 ms and a deep page 1.5 ms (issue
-- 25, bench:db's "owner tab counts" grew 1.6× from 10 000 to 100 000). This index answers all three from
-- itself: 0.14, 0.07 and 0.24 ms.
CREATE INDEX listings_owner_tabs ON listings (owner_id, deleted_at, status, updated_at DESC);
