/**
 * One card per property in the demo (decision 090): after the seed's rows, a few public flats are offered
 * again by other advertisers (agencies first) — the same facts, place, texts and photos, each a little dearer — so
 * search shows "2 offers of this property" (one group has 3) and the detail lists the others. The statements
 * write the groups as worker/workflows/property-groups.ts would (the original, cheapest, leads) and empty
 * the regrouping queue their updates filled. Chosen by SQL rules over ids, so a test finds them again
 * (`PROPERTY_GROUPS_SQL`); a seed too small for them gets none.
 */

/** How many groups, and the price step of each further offer (dearer than the original). */
const GROUPS = 3;
const STEP = 0.03;

/**
 * A public listing with a district, an area, rooms and two pictures, not promoted, not hidden. A group is
 * made in a pool of such listings of one type in one district: its original is the pool's newest, its other
 * offers the next newest of other advertisers. A pool holds a spare listing beyond them, so the signals'
 * listings (decision 088: the seed's oldest of their kind, so their pool's oldest) are never taken. No rule
 * reads a column the statements change, so each query finds the same listing before and after them. Only
 * listings with generated titles (not the one in ten with its owner's, harness/seed/listings.ts): an offer
 * takes the original's, which its facts then make.
 */
const eligible = (l: string) => `${l}.status = 'active' AND ${l}.owner_id > 2 AND ${l}.district_id IS NOT NULL
  AND ${l}.area > 0 AND ${l}.rooms IS NOT NULL AND ${l}.promoted_until IS NULL AND ${l}.unconfirmed_at IS NULL
  AND (SELECT COUNT(*) FROM listing_images i WHERE i.listing_id = ${l}.id) >= 2 AND ${l}.id % 10 <> 3`;

/** Group n's offers besides the original (the first group has two, the others one). */
const offersOf = (n: number) => (n === 0 ? [0, 1] : [0]);

/** Group n's pool: the n-th largest (district, type) pool of at least three advertisers (room for a spare), as its key. */
const pool = (n: number) => `SELECT l.district_id * 100 + l.type_id FROM listings l WHERE ${eligible("l")}
  GROUP BY l.district_id, l.type_id HAVING COUNT(DISTINCT l.owner_id) >= 3
  ORDER BY COUNT(*) DESC, l.district_id, l.type_id LIMIT 1 OFFSET ${n}`;
const inPool = (l: string, n: number) => `${eligible(l)} AND ${l}.district_id * 100 + ${l}.type_id = (${pool(n)})`;
/** Group n's original, its lead: the pool's newest. */
const original = (n: number) => `SELECT l.id FROM listings l WHERE ${inPool("l", n)} ORDER BY l.id DESC LIMIT 1`;
/** Group n's k-th other offer: the pool's next newest of another advertiser. */
const offer = (n: number, k: number) => `SELECT l.id FROM listings l JOIN listings o ON o.id = (${original(n)})
  WHERE ${inPool("l", n)} AND l.owner_id != o.owner_id ORDER BY l.id DESC LIMIT 1 OFFSET ${k}`;

/** Where the seed's groups are: each group's original (its lead) and its other offers, as id queries. */
export const PROPERTY_GROUPS_SQL = Array.from({ length: GROUPS }, (_, n) => ({
  lead: original(n),
  others: offersOf(n).map((k) => offer(n, k)),
}));

/** Two fingerprints per group (decision 036), far from each other and from the signals' seeded ones. */
const hashes = (n: number) => [`3c${n}e5a7102b9d4f6`, `9d${n}14c0e8a76f532`];
const bands = (hash: string) => [0, 4, 8, 12].map((i) => Number.parseInt(hash.slice(i, i + 4), 16));

function photos(listing: string, n: number): string[] {
  return hashes(n).map((hash, position) => {
    const [b0, b1, b2, b3] = bands(hash);
    return `UPDATE listing_images SET fingerprint = '${hash}', fp_band0 = ${b0}, fp_band1 = ${b1}, fp_band2 = ${b2},
      fp_band3 = ${b3} WHERE listing_id = (${listing}) AND position = ${position}`;
  });
}

const members = (lead: string, others: string[]) => [lead, ...others].map((sql) => `ifnull((${sql}), 0)`).join(", ");

/** The statements of the groups, then the regrouping queue their updates filled emptied. */
export function propertyGroupStatements(): string[] {
  const statements = PROPERTY_GROUPS_SQL.flatMap(({ lead, others }, n) => [
    ...photos(lead, n),
    ...others.flatMap((sql, k) => {
      const id = `(${sql})`;
      return [
        // The same flat: the original's address, point, facts and texts (an agency copies the owner's), dearer.
        `UPDATE listings SET (address, lat, lng, location_precision, rooms, floor, floors, area, title, description,
           lang, price) = (SELECT o.address, o.lat, o.lng, o.location_precision, o.rooms, o.floor, o.floors, o.area,
           o.title, o.description, o.lang, CAST(o.price * ${1 + STEP * (k + 1)} AS INTEGER)
           FROM listings o WHERE o.id = (${lead}))
         WHERE id = ${id}`,
        // Published at that price: one price in its history, no cut, no alert.
        `DELETE FROM listing_price_drops WHERE listing_id = ${id}`,
        `DELETE FROM listing_prices WHERE listing_id = ${id}
           AND id != (SELECT MAX(id) FROM listing_prices WHERE listing_id = ${id})`,
        `UPDATE listing_prices SET at = (SELECT published_at FROM listings WHERE id = listing_prices.listing_id)
           WHERE listing_id = ${id}`,
        `UPDATE listings SET previous_price = NULL, price_changed_at = NULL WHERE id = ${id}`,
        ...photos(id, n),
      ];
    }),
    // The group: named by its smallest id, led by the original (the cheapest).
    `UPDATE listings SET property_id = (SELECT MIN(id) FROM listings WHERE id IN (${members(lead, others)})),
       property_lead = (id = (${lead}))
       WHERE id IN (${members(lead, others)}) AND (SELECT COUNT(*) FROM listings WHERE id IN (${members(lead, others)})) > 1`,
  ]);
  return [...statements, "DELETE FROM property_regroup"];
}
