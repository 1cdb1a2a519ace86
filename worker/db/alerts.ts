/**
 * The alerts' queries (decision 041): saved searches as the matcher reads them, the work
 * lists the triggers of migration 0020 fill (`listing_activations`, `listing_price_drops`) and how far each
 * job has read them (`job_cursors`), the matches, digests and price-drop notices — and what the unsubscribe
 * links stop of a person's saved searches. The jobs themselves are worker/workflows/alerts.ts.
 */
import type { Deal, ListingKind } from "#shared/listing-types.ts";
import type { Locale } from "#shared/locales.ts";
import { subscribedSql } from "./subscriptions.ts";
import type { Database } from "#worker/app-env.ts";

export type JobName = "saved_search_alerts" | "price_drop_alerts";

/** Where a job has read its work list to (the id of the last row done). */
export async function cursorOf(db: Database, job: JobName): Promise<number> {
  const row = await db
    .prepare("SELECT position FROM job_cursors WHERE name = ?")
    .bind(job)
    .first<{ position: number }>();
  return row?.position ?? 0;
}

/**
 * The statement that moves a job's cursor from `from` to `to` — only from where the caller read it, so of
 * two overlapping runs only one moves it (the other's work is repeated harmlessly: its writes are idempotent).
 */
export const moveCursor = (db: Database, job: JobName, from: number, to: number) =>
  db
    .prepare(
      `INSERT INTO job_cursors (name, position) VALUES (?1, ?3)
       ON CONFLICT (name) DO UPDATE SET position = ?3 WHERE position = ?2`,
    )
    .bind(job, from, to);

// ---------------------------------------------------------------------------------------------------
// Saved searches

/** A saved search as the alerts read it; `query` is its canonical text (shared/api/saved-searches.ts). */
export interface AlertSearchRow {
  id: number;
  user_id: number;
  name: string | null;
  query: string;
  notify: number;
  frequency: "daily" | "instant";
  created_at: number;
}

/** Every saved search (alerts on or off: matches of those off are kept quiet, for their "new" count). */
export async function allSavedSearches(db: Database): Promise<AlertSearchRow[]> {
  const { results } = await db
    .prepare("SELECT id, user_id, name, query, notify, frequency, created_at FROM saved_searches")
    .all<AlertSearchRow>();
  return results;
}

/**
 * Statements that stop the alerts of every saved search of a person (the unsubscribe links' "stop all"):
 * notify off, and what was waiting for the next digest will not be sent (it stays "new" on the cabinet's
 * page) — as worker/db/saved-searches.ts `setSavedSearchNotify` does for one.
 */
export function stopAllSearchAlerts(db: Database, userId: number, now: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `UPDATE saved_search_matches SET state = 'quiet' WHERE state = 'pending'
           AND saved_search_id IN (SELECT id FROM saved_searches WHERE user_id = ?1)`,
      )
      .bind(userId),
    db
      .prepare("UPDATE saved_searches SET notify = 0, updated_at = ?2 WHERE user_id = ?1 AND notify = 1")
      .bind(userId, now),
  ];
}

// ---------------------------------------------------------------------------------------------------
// Matching: listings that went public

/** A listing that went public, with the facts the matcher reads (worker/workflows/alert-matcher.ts). */
export interface ActivationRow {
  id: number;
  listing_id: number;
  owner_id: number;
  at: number;
  type_id: number;
  deal: Deal;
  city: string | null;
  district: string | null;
  price: number | null;
  area: number | null;
  rooms: number | null;
  floor: number | null;
  furnished: number | null;
  title: string | null;
  description: string | null;
  address: string | null;
}

/** The newest activation's id: how far the work list goes now. */
export async function lastActivationId(db: Database): Promise<number> {
  const row = await db.prepare("SELECT max(id) AS id FROM listing_activations").first<{ id: number | null }>();
  return row?.id ?? 0;
}

/**
 * The activations with ids in (`fromId`, `toId`] of listings still public (one that went back meanwhile
 * is no news; if it returns, that is a new activation).
 */
export async function activationsBetween(db: Database, fromId: number, toId: number): Promise<ActivationRow[]> {
  const { results } = await db
    .prepare(
      `SELECT a.id, a.listing_id, l.owner_id, a.at, l.type_id, l.deal, c.slug AS city, d.slug AS district, l.price, l.area,
         l.rooms, l.floor, l.furnished, l.title, l.description, l.address
       FROM listing_activations a JOIN listings l ON l.id = a.listing_id
         LEFT JOIN cities c ON c.id = l.city_id LEFT JOIN districts d ON d.id = l.district_id
       WHERE a.id > ?1 AND a.id <= ?2 AND l.status = 'active'
       ORDER BY a.id`,
    )
    .bind(fromId, toId)
    .all<ActivationRow>();
  return results;
}

export interface NewMatch {
  saved_search_id: number;
  listing_id: number;
  matched_at: number;
  state: "pending" | "quiet";
}

/**
 * Matches per statement: one JSON parameter of about 40 bytes a match (D1 allows 2 MB a value), so a batch
 * of a thousand new listings that match a few hundred thousand times is a dozen statements.
 */
const MATCHES_PER_STATEMENT = 20_000;

/**
 * Records a batch's matches — a search and listing already matched stay as they were (never announced
 * twice) — and moves the job's cursor over the batch (unless `cursor` is null), in one transaction.
 */
export async function recordMatches(
  db: Database,
  matches: readonly NewMatch[],
  cursor: { from: number; to: number } | null,
): Promise<void> {
  const statements: D1PreparedStatement[] = [];
  // In the key's order: each write lands beside the last in the table's and indexes' pages.
  const ordered = [...matches].sort((a, b) => a.saved_search_id - b.saved_search_id || a.listing_id - b.listing_id);
  for (let i = 0; i < ordered.length; i += MATCHES_PER_STATEMENT) {
    const rows = ordered
      .slice(i, i + MATCHES_PER_STATEMENT)
      .map((m) => [m.saved_search_id, m.listing_id, m.matched_at, m.state]);
    statements.push(
      db
        .prepare(
          `INSERT OR IGNORE INTO saved_search_matches (saved_search_id, listing_id, matched_at, state)
           SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3 FROM json_each(?1)`,
        )
        .bind(JSON.stringify(rows)),
    );
  }
  if (cursor) statements.push(moveCursor(db, "saved_search_alerts", cursor.from, cursor.to));
  if (statements.length) await db.batch(statements);
}

// ---------------------------------------------------------------------------------------------------
// Digests

/** Pending matches of searches whose alerts are off wait for nothing: quiet (e.g. turned off since). */
export async function quietSearchesOff(db: Database): Promise<number> {
  const result = await db
    .prepare(
      `UPDATE saved_search_matches SET state = 'quiet' WHERE state = 'pending'
         AND saved_search_id IN (SELECT id FROM saved_searches WHERE notify = 0)`,
    )
    .run();
  return result.meta.changes ?? 0;
}

/** A person with matches waiting whose digest is due, and whether it may be sent. */
export interface DigestRecipientRow {
  user_id: number;
  email: string | null;
  email_verified_at: number | null;
  deleted_at: number | null;
  locale: string | null;
  /** 1 when the address gets the `saved_searches` list. */
  subscribed: number;
}

/**
 * Up to `limit` people with matches pending on searches with alerts on whose digest is due — a search of
 * theirs that is `instant` has some, or their last digest went out by `dailyBefore` (or never) — those
 * waiting longest first (a run that has no room for everyone is fair to them).
 */
export async function dueDigests(db: Database, dailyBefore: number, limit: number): Promise<DigestRecipientRow[]> {
  const { results } = await db
    .prepare(
      `SELECT due.user_id, u.email, u.email_verified_at, u.deleted_at, u.locale,
         ${subscribedSql("u.email", "saved_searches")} AS subscribed
       FROM (SELECT s.user_id, max(s.frequency = 'instant') AS instant
             FROM saved_search_matches m JOIN saved_searches s ON s.id = m.saved_search_id
             WHERE m.state = 'pending' AND s.notify = 1
             GROUP BY s.user_id) due
         JOIN users u ON u.id = due.user_id
         LEFT JOIN alert_digests ad ON ad.user_id = due.user_id
       WHERE due.instant = 1 OR ad.sent_at IS NULL OR ad.sent_at <= ?1
       ORDER BY ifnull(ad.sent_at, 0), due.user_id LIMIT ?2`,
    )
    .bind(dailyBefore, limit)
    .all<DigestRecipientRow>();
  return results;
}

/** A person's pending matches are not to be mailed (no confirmed address, off the list): quiet. */
export async function quietPending(db: Database, userId: number): Promise<void> {
  await db
    .prepare(
      `UPDATE saved_search_matches SET state = 'quiet' WHERE state = 'pending'
         AND saved_search_id IN (SELECT id FROM saved_searches WHERE user_id = ?1)`,
    )
    .bind(userId)
    .run();
}

/**
 * Claims a person's pending matches on searches with alerts on for their digest: they are marked mailed in
 * the statement that returns them, so two overlapping runs never mail one twice.
 */
export async function claimPending(
  db: Database,
  userId: number,
): Promise<{ saved_search_id: number; listing_id: number; matched_at: number }[]> {
  const { results } = await db
    .prepare(
      `UPDATE saved_search_matches SET state = 'mailed' WHERE state = 'pending'
         AND saved_search_id IN (SELECT id FROM saved_searches WHERE user_id = ?1 AND notify = 1)
       RETURNING saved_search_id, listing_id, matched_at`,
    )
    .bind(userId)
    .all<{ saved_search_id: number; listing_id: number; matched_at: number }>();
  return results;
}

/** Saved searches by id (the digest's groups), whoever's. */
export async function savedSearchesByIds(db: Database, ids: readonly number[]): Promise<AlertSearchRow[]> {
  const { results } = await db
    .prepare(
      `SELECT id, user_id, name, query, notify, frequency, created_at FROM saved_searches
       WHERE id IN (SELECT value FROM json_each(?1))`,
    )
    .bind(JSON.stringify(ids))
    .all<AlertSearchRow>();
  return results;
}

/** When a person's digest went out. */
export async function recordDigest(db: Database, userId: number, now: number): Promise<void> {
  await db
    .prepare(
      `INSERT INTO alert_digests (user_id, sent_at) VALUES (?1, ?2)
       ON CONFLICT (user_id) DO UPDATE SET sent_at = excluded.sent_at`,
    )
    .bind(userId, now)
    .run();
}

/** A public listing as an alert shows it: its title's facts, price, place, cover picture. */
export interface MailListingRow {
  id: number;
  deal: Deal;
  property_type: ListingKind;
  city_slug: string;
  city_name: string;
  district_name: string | null;
  price: number;
  title: string | null;
  title_generated: number;
  lang: Locale | null;
  rooms: number | null;
  area: number | null;
  land_area: number | null;
  /** JSON of the first picture (`id`, `width`, `height`, `photo_key`), or null. */
  image_json: string | null;
}

/** The listings of `ids` that are public now, with their names in `locale`. */
export async function publicListingsForMail(
  db: Database,
  ids: readonly number[],
  locale: Locale,
): Promise<MailListingRow[]> {
  if (!ids.length) return [];
  const { results } = await db
    .prepare(
      `SELECT l.id, l.deal, l.property_type, c.slug AS city_slug, c.name_${locale} AS city_name,
         d.name_${locale} AS district_name, l.price, l.title, l.title_generated, l.lang, l.rooms, l.area, l.land_area,
         (SELECT json_object('id', i.id, 'width', i.width, 'height', i.height, 'photo_key', i.photo_key)
            FROM listing_images i WHERE i.listing_id = l.id AND i.state = 'public' ORDER BY i.position LIMIT 1) AS image_json
       FROM listings l JOIN cities c ON c.id = l.city_id LEFT JOIN districts d ON d.id = l.district_id
       WHERE l.id IN (SELECT value FROM json_each(?1)) AND l.status = 'active'`,
    )
    .bind(JSON.stringify(ids))
    .all<MailListingRow>();
  return results;
}

// ---------------------------------------------------------------------------------------------------
// Price drops of favourites

/** The newest price drop's id: how far that work list goes now. */
export async function lastPriceDropId(db: Database): Promise<number> {
  const row = await db.prepare("SELECT max(id) AS id FROM listing_price_drops").first<{ id: number | null }>();
  return row?.id ?? 0;
}

/** A person to tell of a favourite's lower price. */
export interface PriceDropRow {
  user_id: number;
  email: string;
  locale: string | null;
  listing_id: number;
  /** The price before the batch's first drop of the listing. */
  old_price: number;
  /** The price now. */
  new_price: number;
}

/**
 * Who should hear of the price drops with ids in (`fromId`, `toId`]: each listing once (its price before
 * the first of those drops against its price now — a drop taken back is none), still public, in the
 * favourites of people with a confirmed address on the `price_drops` list who were not told of it after
 * `noticedBefore`. By person, then listing.
 */
export async function priceDropRecipients(
  db: Database,
  fromId: number,
  toId: number,
  noticedBefore: number,
): Promise<PriceDropRow[]> {
  const { results } = await db
    .prepare(
      `SELECT f.user_id, u.email, u.locale, d.listing_id, d.old_price, l.price AS new_price
       FROM (SELECT listing_id, old_price, min(id) AS first FROM listing_price_drops
             WHERE id > ?1 AND id <= ?2 GROUP BY listing_id) d
         JOIN listings l ON l.id = d.listing_id AND l.status = 'active' AND l.price < d.old_price
         JOIN favourites f ON f.listing_id = d.listing_id
         JOIN users u ON u.id = f.user_id
       WHERE u.deleted_at IS NULL AND u.email IS NOT NULL AND u.email_verified_at IS NOT NULL
         AND ${subscribedSql("u.email", "price_drops")}
         AND NOT EXISTS (SELECT 1 FROM price_drop_notices n
                         WHERE n.user_id = f.user_id AND n.listing_id = d.listing_id AND n.sent_at > ?3)
       ORDER BY f.user_id, d.listing_id`,
    )
    .bind(fromId, toId, noticedBefore)
    .all<PriceDropRow>();
  return results;
}

/**
 * Claims the notices of a person's listings: recorded as sent now unless one went out after
 * `noticedBefore` (an overlapping run's); the listings claimed.
 */
export async function claimPriceDropNotices(
  db: Database,
  userId: number,
  listingIds: readonly number[],
  now: number,
  noticedBefore: number,
): Promise<number[]> {
  const { results } = await db
    .prepare(
      `INSERT INTO price_drop_notices (user_id, listing_id, sent_at)
         SELECT ?1, value, ?2 FROM json_each(?3) WHERE true
       ON CONFLICT (user_id, listing_id) DO UPDATE SET sent_at = excluded.sent_at
         WHERE price_drop_notices.sent_at <= ?4
       RETURNING listing_id`,
    )
    .bind(userId, now, JSON.stringify(listingIds), noticedBefore)
    .all<{ listing_id: number }>();
  return results.map((row) => row.listing_id);
}
