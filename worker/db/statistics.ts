import type { StatKind } from "#shared/api/content.ts";
import type { ListingStatus } from "#shared/api/realty.ts";
import type { Deal, ListingKind } from "#shared/listing-types.ts";
import type { Locale } from "#shared/locales.ts";
import type { Database } from "#worker/app-env.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day a counter goes to: `2025-03-14`. */
export function statDay(now = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** A number of one kind of event on a listing in a UTC day, to add to its counter. */
export interface ListingEventCount {
  listingId: number;
  day: string;
  kind: StatKind;
  count: number;
}

/**
 * Adds the counts to the listings' counters of their days, only for listings that are active now (a
 * listing that left the site in between keeps no count), in one statement: one write, all or nothing,
 * however many listings and events.
 */
export async function addListingEventCounts(db: Database, counts: ListingEventCount[]): Promise<number> {
  if (counts.length === 0) return 0;
  const result = await db
    .prepare(
      `INSERT INTO listing_stats (listing_id, day, kind, count)
       SELECT l.id, e.day, e.kind, e.count
       FROM (SELECT value ->> '$.listingId' AS listing_id, value ->> '$.day' AS day, value ->> '$.kind' AS kind,
               value ->> '$.count' AS count
             FROM json_each(?1)) e
       JOIN listings l ON l.id = e.listing_id AND l.status = 'active'
       WHERE true
       ON CONFLICT (listing_id, day, kind) DO UPDATE SET count = listing_stats.count + excluded.count`,
    )
    .bind(JSON.stringify(counts))
    .run();
  return result.meta.changes ?? 0;
}

/** Whether a listing is public (active): a repeated beacon is answered like a counted one. */
export async function activeListingExists(db: Database, listingId: number): Promise<boolean> {
  const row = await db
    .prepare("SELECT 1 AS yes FROM listings WHERE id = ? AND status = 'active'")
    .bind(listingId)
    .first();
  return row !== null;
}

/** Where a listing's map link leads and who may follow it when it is not public. */
export interface MapTarget {
  owner_id: number;
  status: ListingStatus;
  lat: number | null;
  lng: number | null;
  /** The public's point (migration 0021). */
  shown_lat: number | null;
  shown_lng: number | null;
}

/** A listing's position, owner and state; null when there is none or it was deleted. */
export function mapTarget(db: Database, listingId: number): Promise<MapTarget | null> {
  return db
    .prepare(
      "SELECT owner_id, status, lat, lng, shown_lat, shown_lng FROM listings WHERE id = ? AND deleted_at IS NULL",
    )
    .bind(listingId)
    .first<MapTarget>();
}

/** What the owner's statistics name a listing by: its stored title facts with places in one language. */
export interface StatisticsHead {
  id: number;
  status: ListingStatus;
  deal: Deal;
  property_type: ListingKind;
  rooms: number | null;
  area: number | null;
  land_area: number | null;
  title: string | null;
  title_generated: number;
  lang: Locale | null;
  city_slug: string | null;
  city_name: string | null;
  district_name: string | null;
}

/** One row of the rollup: a day's count of one kind (listing_stats kinds, `messages`, `favourites`). */
export interface StatisticsRow {
  day: string;
  kind: StatKind | "messages" | "favourites";
  count: number;
}

/**
 * The rollup behind the owner's statistics: per UTC day in [?2, ?3] (`YYYY-MM-DD`), the counters of
 * listing_stats (its primary key, listing_id then day), and messages and favourites by the day they were
 * made in [?4, ?5) ms (indexes messages_listing and favourites_listing, both covering) — the messages people
 * sent the owner, not the owner's replies. Days without anything have no row.
 */
export const STATISTICS_ROLLUP_SQL = `
  SELECT day, kind, count FROM listing_stats WHERE listing_id = ?1 AND day BETWEEN ?2 AND ?3
  UNION ALL
  SELECT date(created_at / 1000, 'unixepoch') AS day, 'messages' AS kind, COUNT(*) AS count
    FROM messages WHERE listing_id = ?1 AND created_at >= ?4 AND created_at < ?5
      AND recipient_id = (SELECT owner_id FROM listings WHERE id = ?1) GROUP BY 1
  UNION ALL
  SELECT date(created_at / 1000, 'unixepoch') AS day, 'favourites' AS kind, COUNT(*) AS count
    FROM favourites WHERE listing_id = ?1 AND created_at >= ?4 AND created_at < ?5 GROUP BY 1`;

/** The first and last UTC day of the `days` days ending with today, and their bounds in ms. */
export function statisticsPeriod(days: number, now: number) {
  const end = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS;
  const start = end - days * DAY_MS;
  return { first: statDay(start), last: statDay(end - 1), start, end };
}

/**
 * The owner's own listing (deleted ones are gone) with its rows of the last `days` UTC days, in one
 * round trip; null when it is not this owner's.
 */
export async function listingStatistics(
  db: Database,
  listingId: number,
  ownerId: number,
  locale: Locale,
  days: number,
  now: number,
): Promise<{ head: StatisticsHead; rows: StatisticsRow[] } | null> {
  const period = statisticsPeriod(days, now);
  const [head, rows] = await db.batch([
    db
      .prepare(
        `SELECT l.id, l.status, l.deal, l.property_type, l.rooms, l.area, l.land_area, l.title, l.title_generated,
           l.lang, c.slug AS city_slug, c.name_${locale} AS city_name, d.name_${locale} AS district_name
         FROM listings l LEFT JOIN cities c ON c.id = l.city_id LEFT JOIN districts d ON d.id = l.district_id
         WHERE l.id = ? AND l.owner_id = ? AND l.deleted_at IS NULL`,
      )
      .bind(listingId, ownerId),
    db.prepare(STATISTICS_ROLLUP_SQL).bind(listingId, period.first, period.last, period.start, period.end),
  ]);
  const found = head!.results[0] as StatisticsHead | undefined;
  return found ? { head: found, rows: rows!.results as StatisticsRow[] } : null;
}
