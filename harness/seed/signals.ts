/**
 * The moderators' signals in the demo (decision 088): after the seed's rows, a few statements that make
 * one of each — a pending and a public listing priced far under their district's median, a pending
 * listing whose photos are in another owner's public listing, and a pending listing's owner sharing a
 * phone number with a blocked account. ("Many places" needs nothing: the seed's owners are private owners
 * with listings across the country.) The listings are chosen by SQL rules that do not read the prices the
 * statements change, so a test can find them again (`SIGNAL_LISTINGS_SQL`); a small seed without such
 * listings gets none.
 */
import { LOW_PRICE_MIN_SAMPLE } from "#shared/constants.ts";

/** The seeded bait is priced at this share of the cheapest comparable listing: far under half the median. */
const BAIT_SHARE = 0.3;

/** Listings with a district whose type has enough public listings there to make a median. */
const comparable = (l: string) =>
  `${l}.district_id IS NOT NULL AND ${l}.area > 0 AND ${l}.owner_id > 2
   AND (SELECT COUNT(*) FROM listings s WHERE s.status = 'active' AND s.type_id = ${l}.type_id
        AND s.district_id = ${l}.district_id AND s.price_m2 IS NOT NULL) > ${LOW_PRICE_MIN_SAMPLE}`;

/** The pending bait: the first pending listing, not hidden by reports, with comparable ones. */
const PENDING_BAIT = `SELECT l.id FROM listings l WHERE l.status = 'pending' AND l.hidden_at IS NULL AND ${comparable("l")}
  ORDER BY l.id LIMIT 1`;
/** The public bait: the first public listing, not promoted, with comparable ones. */
const PUBLIC_BAIT = `SELECT l.id FROM listings l WHERE l.status = 'active' AND l.promoted_until IS NULL
  AND l.highlight_until IS NULL AND ${comparable("l")} ORDER BY l.id LIMIT 1`;
/** Pending listings (not hidden, not the bait, not the development user's) with two pictures, oldest first. */
const pendingWithPictures = (offset: number) => `SELECT l.id FROM listings l WHERE l.status = 'pending'
  AND l.hidden_at IS NULL AND l.owner_id > 2 AND l.id IS NOT (${PENDING_BAIT})
  AND (SELECT COUNT(*) FROM listing_images i WHERE i.listing_id = l.id) >= 2
  ORDER BY l.submitted_at, l.id LIMIT 1 OFFSET ${offset}`;
const COPIED = pendingWithPictures(0);
const SHARED_PHONE = pendingWithPictures(1);
/** The public listing the copied photos come from: another owner's, with two pictures. */
const ORIGINAL = `SELECT l.id FROM listings l WHERE l.status = 'active' AND l.owner_id > 2
  AND l.owner_id != (SELECT owner_id FROM listings WHERE id = (${COPIED}))
  AND (SELECT COUNT(*) FROM listing_images i WHERE i.listing_id = l.id) >= 2 ORDER BY l.id LIMIT 1`;

/** Where the seed's signals are: each a query of one listing id (none in a seed too small for it). */
export const SIGNAL_LISTINGS_SQL = {
  pendingLowPrice: PENDING_BAIT,
  publicLowPrice: PUBLIC_BAIT,
  copiedPhotos: COPIED,
  originalPhotos: ORIGINAL,
  sharedPhone: SHARED_PHONE,
} as const;

/** Two photos' fingerprints (decision 036): the copies differ by a bit, as a re-encoded photo does. */
const PHOTOS = [
  { original: "a1b2c3d4e5f60718", copy: "a1b2c3d4e5f60719" },
  { original: "5c3e91f00ad47b26", copy: "5c3e91f00ad47b26" },
];
const bands = (hash: string) => [0, 4, 8, 12].map((i) => Number.parseInt(hash.slice(i, i + 4), 16));

function fingerprint(listing: string, position: number, hash: string): string {
  const [b0, b1, b2, b3] = bands(hash);
  return `UPDATE listing_images SET fingerprint = '${hash}', fp_band0 = ${b0}, fp_band1 = ${b1}, fp_band2 = ${b2},
    fp_band3 = ${b3} WHERE listing_id = (${listing}) AND position = ${position}`;
}

/** The bait's price: BAIT_SHARE of the cheapest comparable price per m², times its area. */
const baitPrice = `max(1, CAST(area * ${BAIT_SHARE} * (SELECT MIN(s.price_m2) FROM listings s WHERE s.status = 'active'
  AND s.type_id = listings.type_id AND s.district_id = listings.district_id AND s.id != listings.id) AS INTEGER))`;

/** `blockedAt`: when the account sharing the number was blocked (the seed's clock, anchored). */
export function signalStatements(blockedAt: number): string[] {
  return [
    `UPDATE listings SET price = ${baitPrice} WHERE id = (${PENDING_BAIT})`,
    // The public bait was published at its low price: one price in its history, no cut, no alert.
    `UPDATE listings SET price = ${baitPrice} WHERE id = (${PUBLIC_BAIT})`,
    `DELETE FROM listing_price_drops WHERE listing_id = (${PUBLIC_BAIT})`,
    `DELETE FROM listing_prices WHERE listing_id = (${PUBLIC_BAIT})
       AND id != (SELECT MAX(id) FROM listing_prices WHERE listing_id = (${PUBLIC_BAIT}))`,
    `UPDATE listing_prices SET at = (SELECT published_at FROM listings WHERE id = listing_prices.listing_id)
       WHERE listing_id = (${PUBLIC_BAIT})`,
    `UPDATE listings SET previous_price = NULL, price_changed_at = NULL WHERE id = (${PUBLIC_BAIT})`,
    ...PHOTOS.flatMap((photo, position) => [
      fingerprint(ORIGINAL, position, photo.original),
      fingerprint(COPIED, position, photo.copy),
    ]),
    // A blocked account behind the same number as a pending listing's owner: the fraudster's earlier account.
    `INSERT INTO users (id, name, phone, email, created_at, blocked_at, blocked_reason)
       SELECT (SELECT MAX(id) + 1 FROM users), 'Dragan Ilić', u.phone, 'dragan.ilic.' || u.id || '@example.rs',
         ${blockedAt} - 90 * 86400000, ${blockedAt}, 'Asked for deposits before viewings'
       FROM users u WHERE u.id = (SELECT owner_id FROM listings WHERE id = (${SHARED_PHONE}))`,
  ];
}
