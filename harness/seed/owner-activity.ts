/**
 * What people did with the seeded listings (decision 038): the development user's listings were viewed,
 * their phone numbers revealed, shown in lists and favourited over the last OWNER_STATS_DAYS days, and
 * visitors reported two listings — one of them three times, which took it off the site. Deterministic,
 * in seed time (BASE_TIME); seed-sql.ts shifts it with the rest.
 */
import { OWNER_STATS_DAYS } from "#shared/constants.ts";
import { isDevUserListing, REPORTED_LISTINGS, type SeedListing } from "./listings.ts";
import { BASE_TIME, DAY, rngFor } from "./prng.ts";

/** A stream of its own, so the rest of the seed stays as it was. */
const ACTIVITY_STREAM = 6;

export interface SeedStat {
  listing_id: number;
  /** UTC day `2026-10-31`, in seed time. */
  day_ms: number;
  kind: "view" | "phone" | "map" | "list";
  count: number;
}

/** Daily counters of the development user's public listings, the last OWNER_STATS_DAYS days. */
export function ownerStats(listing: SeedListing): SeedStat[] {
  if (!isDevUserListing(listing.id) || listing.status !== "active") return [];
  const rng = rngFor(ACTIVITY_STREAM, listing.id);
  const stats: SeedStat[] = [];
  const online = Math.max(listing.created_at, BASE_TIME - OWNER_STATS_DAYS * DAY);
  for (let day = BASE_TIME - (OWNER_STATS_DAYS - 1) * DAY; day <= BASE_TIME; day += DAY) {
    if (day + DAY <= online) continue;
    // Interest fades after the first days online; weekends are busier.
    const age = (day - online) / DAY;
    const weekend = [0, 6].includes(new Date(day).getUTCDay()) ? 1.4 : 1;
    const views = Math.round((8 + rng.int(0, 30) * Math.exp(-age / 12)) * weekend);
    stats.push({ listing_id: listing.id, day_ms: day, kind: "view", count: views });
    stats.push({ listing_id: listing.id, day_ms: day, kind: "list", count: views * rng.int(6, 14) });
    const phone = rng.chance(0.35) ? rng.int(1, 3) : 0;
    if (phone) stats.push({ listing_id: listing.id, day_ms: day, kind: "phone", count: phone });
    const map = rng.chance(0.3) ? rng.int(1, 4) : 0;
    if (map) stats.push({ listing_id: listing.id, day_ms: day, kind: "map", count: map });
  }
  return stats;
}

/** People (seeded users from 3 on) who keep the development user's public listings as favourites. */
export function ownerFavourites(listing: SeedListing, users: number): { user_id: number; created_at: number }[] {
  if (!isDevUserListing(listing.id) || listing.status !== "active" || users < 4) return [];
  const rng = rngFor(ACTIVITY_STREAM, 100_000 + listing.id);
  const count = rng.int(1, Math.min(6, users - 2));
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(rng.int(3, users));
  return [...chosen].map((user_id) => ({
    user_id,
    created_at: Math.max(listing.created_at, BASE_TIME - rng.int(0, OWNER_STATS_DAYS - 1) * DAY - rng.int(0, DAY - 1)),
  }));
}

export interface SeedReport {
  listing_id: number;
  reporter: string;
  reason: "sold" | "wrong_price" | "fake" | "duplicate" | "other";
  text: string | null;
  created_at: number;
}

/** Open reports: three that hid listing 19, one about listing 23's price. */
export function seedReports(): SeedReport[] {
  const hour = 60 * 60 * 1000;
  const { hidden, open } = REPORTED_LISTINGS;
  return [
    {
      listing_id: hidden,
      reporter: "seed:a",
      reason: "sold",
      text: "Vlasnik kaže da je stan prodat.",
      created_at: BASE_TIME - 30 * hour,
    },
    { listing_id: hidden, reporter: "seed:b", reason: "sold", text: null, created_at: BASE_TIME - 20 * hour },
    {
      listing_id: hidden,
      reporter: "seed:c",
      reason: "fake",
      text: "Iste slike su u drugom oglasu.",
      created_at: BASE_TIME - 6 * hour,
    },
    {
      listing_id: open,
      reporter: "seed:d",
      reason: "wrong_price",
      text: "Cena u opisu je drugačija.",
      created_at: BASE_TIME - 3 * hour,
    },
  ];
}
