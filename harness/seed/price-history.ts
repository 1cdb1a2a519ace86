/**
 * The prices the seeded listings have shown since their first publication (decision 082): most never
 * changed; about a third changed once or more, most of them cut by 2–10 % and a few raised, in round
 * sums. The last price is the listing's own. Deterministic, in seed time (BASE_TIME).
 */
import type { SeedListing } from "./listings.ts";
import { BASE_TIME, DAY, rngFor } from "./prng.ts";

/** A stream of its own, so the rest of the seed stays as it was. */
const PRICE_STREAM = 7;

export interface SeedPrice {
  listing_id: number;
  price: number;
  at: number;
}

/** Sale prices move in steps of 500 €, rents of 10 €. */
const roundTo = (listing: SeedListing, price: number) => {
  const step = listing.deal === "sale" ? 500 : 10;
  return Math.max(step, Math.round(price / step) * step);
};

/** The listing's prices, oldest first; none for a listing never published. */
export function priceHistory(listing: SeedListing): SeedPrice[] {
  if (listing.published_at === null) return [];
  const rng = rngFor(PRICE_STREAM, listing.id);
  const since = listing.published_at;
  const until = Math.min(BASE_TIME, listing.updated_at > since ? listing.updated_at : BASE_TIME);
  const changes = rng.weighted([0, 1, 2, 3], [64, 24, 9, 3]);
  if (changes === 0 || until - since < 2 * DAY) return [{ listing_id: listing.id, price: listing.price, at: since }];
  // Newest first: each earlier price undoes a change, most of them cuts.
  const times = Array.from({ length: changes }, () => since + DAY + rng.int(0, until - since - DAY)).sort(
    (a, b) => b - a,
  );
  const prices = [listing.price];
  for (let i = 0; i < changes; i++) {
    const later = prices[prices.length - 1]!;
    const rise = rng.chance(0.15);
    const share = rng.int(2, 10) / 100;
    const earlier = rise ? later / (1 + share) : later / (1 - share);
    const rounded = roundTo(listing, earlier);
    prices.push(
      rounded === later ? roundTo(listing, later + (rise ? -1 : 1) * (listing.deal === "sale" ? 500 : 10)) : rounded,
    );
  }
  prices.reverse();
  const at = [since, ...times.reverse()];
  return prices.map((price, i) => ({ listing_id: listing.id, price, at: at[i]! }));
}
