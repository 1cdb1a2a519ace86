/**
 * What a listing costs in bytes of the database, and so how many listings one D1 database holds
 * (`npm run bench:db`, decision 095): the file's pages by table (SQLite's dbstat, each index and full-text
 * shadow table counted with its table), the rows per listing of the tables that grow with the listings, and
 * the capacity of D1's 10 GB limit — from the average at one size and from the growth between two sizes (the
 * fixed part, reference data and articles, left out).
 */
import { withDatabase } from "./db-file.ts";

/** D1's largest database (Cloudflare's limits page: 10 GB), in decimal bytes: the lower reading. */
const D1_MAX_BYTES = 10 * 1000 ** 3;

/** Tables whose rows come with the listings, counted per listing. */
const PER_LISTING = [
  "listing_images",
  "listing_prices",
  "listing_stats",
  "listing_activations",
  "listing_events",
  "favourites",
  "messages",
  "conversations",
  "saved_search_matches",
  "users",
];

export interface Capacity {
  listings: number;
  bytes: number;
  bytesPerListing: number;
  /** Bytes per table (its indexes and shadow tables with it), largest first. */
  tables: Record<string, number>;
  rowsPerListing: Record<string, number>;
  /** Listings in D1_MAX_BYTES at this size's average. */
  d1Listings: number;
}

export function capacity(file: string, listings: number): Capacity {
  return withDatabase(file, (db) => {
    const pages = (pragma: string) => Number(Object.values(db.prepare(`PRAGMA ${pragma}`).get()!)[0]);
    const bytes = (pages("page_count") - pages("freelist_count")) * pages("page_size");
    const owners = new Map(
      (db.prepare("SELECT name, tbl_name FROM sqlite_master").all() as { name: string; tbl_name: string }[]).map(
        (r) => [r.name, r.tbl_name],
      ),
    );
    const tables: Record<string, number> = {};
    for (const row of db.prepare("SELECT name, SUM(pgsize) AS size FROM dbstat GROUP BY name").all() as {
      name: string;
      size: number;
    }[]) {
      // Full-text shadow tables (listings_fts_data, …) belong to their virtual table.
      const owner = owners.get(row.name) ?? row.name;
      const table = /^(.+_fts)_(data|idx|docsize|config|content)$/.exec(owner)?.[1] ?? owner;
      tables[table] = (tables[table] ?? 0) + Number(row.size);
    }
    const rowsPerListing: Record<string, number> = {};
    for (const table of PER_LISTING) {
      if (!owners.has(table)) continue;
      rowsPerListing[table] = Number(db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get()!.n) / listings;
    }
    const bytesPerListing = bytes / listings;
    return {
      listings,
      bytes,
      bytesPerListing,
      tables: Object.fromEntries(Object.entries(tables).sort((a, b) => b[1] - a[1])),
      rowsPerListing,
      d1Listings: Math.floor(D1_MAX_BYTES / bytesPerListing),
    };
  });
}

const mb = (n: number) => `${(n / 1024 ** 2).toFixed(1)} MB`;

export function printCapacity(c: Capacity) {
  console.log(
    `\n  bytes: ${mb(c.bytes)} for ${c.listings.toLocaleString("en")} listings, ${Math.round(c.bytesPerListing).toLocaleString("en")} bytes per listing; one D1 database (10 GB) holds ${c.d1Listings.toLocaleString("en")} at this average`,
  );
  console.table(
    Object.fromEntries(
      Object.entries(c.tables)
        .filter(([, size]) => size >= c.bytes / 200)
        .map(([table, size]) => [
          table,
          {
            size: mb(size),
            "bytes / listing": Math.round(size / c.listings),
            "rows / listing": c.rowsPerListing[table]?.toFixed(2) ?? "",
          },
        ]),
    ),
  );
}

/** The growth between two sizes: bytes per further listing, and what 10 GB holds at that rate. */
export function marginal(small: Capacity, large: Capacity) {
  const bytesPerListing = (large.bytes - small.bytes) / (large.listings - small.listings);
  const fixed = Math.max(0, small.bytes - bytesPerListing * small.listings);
  return { bytesPerListing, fixedBytes: fixed, d1Listings: Math.floor((D1_MAX_BYTES - fixed) / bytesPerListing) };
}
