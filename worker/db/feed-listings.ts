/**
 * Listings written from agencies' feeds (migration 0049, decision 101): which listing is each offer's
 * (`feed_listings`, keyed by feed and internal-id, with the digests of what was last written), what a
 * run's import still has to write (`feed_staged`), and the statements that write one offer whole. Every
 * writer here returns statements: the import puts an offer's (or a group's) in one D1 batch.
 */
import { LISTING_RUN_DAYS } from "#shared/constants.ts";
import type { ListingStatus } from "#shared/api/realty.ts";
import type { Locale } from "#shared/locales.ts";
import type { Database } from "#worker/app-env.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the import knows of an offer's listing before it reads the feed. */
export interface FeedListingState {
  internal_id: string;
  listing_id: number;
  values_hash: string;
  photos_hash: string;
  status: ListingStatus;
  /** 1: archived because its offer had left the feed (its return restores it). */
  archived_by_feed: number;
  /** 1: active and within FEED_RENEW_DAYS of its end (a present offer renews it). */
  expiring: number;
  /** 1: deleted, or hidden or blocked by staff: the feed leaves it alone. */
  closed: number;
}

/** Every listing of the feed with its state: one row per offer ever written (the import's snapshot). */
export async function feedListingStates(
  db: Database,
  feedId: number,
  now: number,
  renewDays: number,
): Promise<FeedListingState[]> {
  const { results } = await db
    .prepare(
      `SELECT f.internal_id, f.listing_id, f.values_hash, f.photos_hash, l.status, f.archived_by_feed,
         l.status = 'active' AND l.expires_at < ?2 AS expiring,
         l.deleted_at IS NOT NULL OR l.staff_hidden_at IS NOT NULL OR l.blocked_at IS NOT NULL AS closed
       FROM feed_listings f JOIN listings l ON l.id = f.listing_id WHERE f.feed_id = ?1`,
    )
    .bind(feedId, now + renewDays * DAY_MS)
    .all<FeedListingState>();
  return results;
}

export interface StagedOffer {
  seq: number;
  internal_id: string;
  kind: "offer" | "gone";
  /** JSON of the mapped offer (FeedListing) for `offer`; null for `gone`. */
  listing: string | null;
  values_hash: string | null;
  photos_hash: string | null;
}

/** One statement staging many rows through a single JSON parameter (far under the 100 bound parameters). */
export function stageStatement(db: Database, runId: number, rows: StagedOffer[]) {
  return db
    .prepare(
      `INSERT INTO feed_staged (run_id, seq, internal_id, kind, listing, values_hash, photos_hash)
       SELECT ?1, value ->> '$.seq', value ->> '$.internal_id', value ->> '$.kind', value ->> '$.listing',
         value ->> '$.values_hash', value ->> '$.photos_hash'
       FROM json_each(?2)`,
    )
    .bind(runId, JSON.stringify(rows));
}

/** Drops the staged offers of these internal-ids (the feed repeats them: all refused). */
export function unstageIds(db: Database, runId: number, ids: string[]) {
  return db
    .prepare(
      "DELETE FROM feed_staged WHERE run_id = ? AND internal_id IN (SELECT value FROM json_each(?)) RETURNING seq",
    )
    .bind(runId, JSON.stringify(ids));
}

/** The next `limit` rows of the run's import, in the feed's order. */
export async function stagedRows(db: Database, runId: number, limit: number): Promise<StagedOffer[]> {
  const { results } = await db
    .prepare(
      `SELECT seq, internal_id, kind, listing, values_hash, photos_hash FROM feed_staged
       WHERE run_id = ? ORDER BY seq LIMIT ?`,
    )
    .bind(runId, limit)
    .all<StagedOffer>();
  return results;
}

/** Removes written rows from the run's import (in the batch that writes them). */
export const unstageStatement = (db: Database, runId: number, seqs: number[]) =>
  db
    .prepare("DELETE FROM feed_staged WHERE run_id = ? AND seq IN (SELECT value FROM json_each(?))")
    .bind(runId, JSON.stringify(seqs));

/** The current listing of each offer, as an update compares it with the offer and moderation rules it. */
export interface FeedListingRow {
  internal_id: string;
  listing_id: number;
  values_hash: string;
  photos_hash: string;
  archived_by_feed: number;
  id: number;
  status: ListingStatus;
  type_id: number;
  city_id: number;
  district_id: number | null;
  address: string;
  lat: number;
  lng: number;
  price: number;
  area: number | null;
  description: string;
  lang: Locale;
  published_at: number | null;
  closed: number;
  /** The waiting or refused revision's texts (decision 053), if any. */
  revision_description: string | null;
  revision_lang: Locale | null;
}

export async function feedListingRows(db: Database, feedId: number, ids: string[]): Promise<FeedListingRow[]> {
  if (!ids.length) return [];
  const { results } = await db
    .prepare(
      `SELECT f.internal_id, f.listing_id, f.values_hash, f.photos_hash, f.archived_by_feed, l.id, l.status,
         l.type_id, l.city_id, l.district_id, l.address, l.lat, l.lng, l.price, l.area, l.description, l.lang,
         l.published_at,
         l.deleted_at IS NOT NULL OR l.staff_hidden_at IS NOT NULL OR l.blocked_at IS NOT NULL AS closed,
         r.description AS revision_description, r.lang AS revision_lang
       FROM feed_listings f JOIN listings l ON l.id = f.listing_id
       LEFT JOIN listing_revisions r ON r.listing_id = l.id
       WHERE f.feed_id = ?1 AND f.internal_id IN (SELECT value FROM json_each(?2))`,
    )
    .bind(feedId, JSON.stringify(ids))
    .all<FeedListingRow>();
  return results;
}

/**
 * Who the feed's listings belong to: the account that added the feed while it is still a member of the
 * agency, else the agency's licence account — each only if not blocked or deleted and with a verified phone,
 * the listing's contact number as an owner's is theirs.
 */
export interface FeedAgent {
  agency_id: number;
  user_id: number;
  phone: string;
}

export function feedAgent(db: Database, feedId: number): Promise<FeedAgent | null> {
  return db
    .prepare(
      `SELECT f.agency_id, u.id AS user_id, u.phone FROM agency_feeds f JOIN agencies a ON a.id = f.agency_id
       JOIN users u ON u.id IN (f.created_by, a.account_id)
       WHERE f.id = ? AND u.phone IS NOT NULL AND u.phone_verified_at IS NOT NULL AND u.blocked_at IS NULL AND u.deleted_at IS NULL
         AND EXISTS (SELECT 1 FROM agency_members m WHERE m.agency_id = f.agency_id AND m.user_id = u.id)
       ORDER BY u.id = f.created_by DESC LIMIT 1`,
    )
    .bind(feedId)
    .first<FeedAgent>();
}

/** The columns an offer writes, in this order (names from this list only: they are put into SQL). */
export const OFFER_COLUMNS = [
  "type_id",
  "deal",
  "property_type",
  "city_id",
  "district_id",
  "address",
  "lat",
  "lng",
  "location_precision",
  "area",
  "land_area",
  "rooms",
  "bedrooms",
  "bathrooms",
  "floor",
  "floors",
  "year_built",
  "heating",
  "parking",
  "balcony",
  "elevator",
  "price",
  "deposit",
  "pets_allowed",
  "furnished",
  "title",
] as const;
type OfferColumn = (typeof OFFER_COLUMNS)[number];
export type OfferValues = Record<OfferColumn, string | number | null>;
/** The texts an approved listing's revision holds (decision 053); the title is made from the facts. */
export interface OfferText {
  description: string;
  lang: Locale;
}

/**
 * A new listing of the feed's agency and agent, waiting for a moderator like any submission, and its
 * offer's row: three statements, the listing's id read back by the first.
 */
export function createStatements(
  db: Database,
  offer: { feedId: number; internalId: string; valuesHash: string; photosHash: string },
  values: OfferValues,
  text: OfferText,
  agent: FeedAgent,
  now: number,
) {
  const columns = [...OFFER_COLUMNS, "description", "lang"];
  const params = [...OFFER_COLUMNS.map((name) => values[name]), text.description, text.lang];
  const at = params.length;
  return [
    db
      .prepare(
        `INSERT INTO listings (${columns.join(", ")}, title_generated, owner_id, phone, agency_id, status, created_at,
           updated_at, expires_at, submitted_at)
         VALUES (${columns.map((_, i) => `?${i + 1}`).join(", ")}, 1, ?${at + 1}, ?${at + 2}, ?${at + 3}, 'pending',
           ?${at + 4}, ?${at + 4}, ?${at + 4}, ?${at + 4}) RETURNING id`,
      )
      .bind(...params, agent.user_id, agent.phone, agent.agency_id, now),
    db
      .prepare(
        `INSERT INTO feed_listings (feed_id, internal_id, listing_id, values_hash, photos_hash, written_at)
         VALUES (?, ?, last_insert_rowid(), ?, ?, ?)`,
      )
      .bind(offer.feedId, offer.internalId, offer.valuesHash, offer.photosHash, now),
    db
      .prepare(
        `INSERT INTO listing_events (listing_id, status, actor_id, reason, created_at)
         SELECT listing_id, 'pending', NULL, 'feed', ?3 FROM feed_listings WHERE feed_id = ?1 AND internal_id = ?2`,
      )
      .bind(offer.feedId, offer.internalId, now),
  ];
}

/** What an update changes of a listing: its columns, and its state when that changes (with the event). */
export interface ListingChange {
  values: Partial<OfferValues & OfferText>;
  status?: { to: ListingStatus; reason: string };
  /** The listing runs LISTING_RUN_DAYS from now (it is or becomes active). */
  renew: boolean;
}

/**
 * Writes a change to the listing read in `fromStatus` (a moderator's decision meanwhile makes it apply to
 * nothing), with its event when its state changes.
 */
export function changeStatements(
  db: Database,
  listingId: number,
  fromStatus: ListingStatus,
  change: ListingChange,
  now: number,
) {
  const names = Object.keys(change.values) as (OfferColumn | keyof OfferText)[];
  const set = names.map((name) => `${name} = ?`);
  const params: (string | number | null)[] = names.map((name) => change.values[name] ?? null);
  if (change.status) {
    set.push("status = ?");
    params.push(change.status.to);
    if (change.status.to === "pending") {
      set.push("submitted_at = ?");
      params.push(now);
    }
  }
  if (change.renew) {
    set.push("expires_at = ?", "checked_at = ?", "reminded_at = NULL");
    params.push(now + LISTING_RUN_DAYS * DAY_MS, now);
  }
  // A renewal alone is no change of the listing's content: its place among the newest stays.
  if (names.length || change.status) {
    set.push("updated_at = ?");
    params.push(now);
  }
  const statements = [];
  if (set.length) {
    statements.push(
      db
        .prepare(`UPDATE listings SET ${set.join(", ")} WHERE id = ? AND status = ? AND deleted_at IS NULL`)
        .bind(...params, listingId, fromStatus),
    );
  }
  if (change.status) {
    statements.push(
      db
        .prepare(
          `INSERT INTO listing_events (listing_id, status, actor_id, reason, created_at)
           SELECT ?1, ?2, NULL, ?3, ?4 WHERE changes() > 0`,
        )
        .bind(listingId, change.status.to, change.status.reason, now),
    );
  }
  return statements;
}

/** The offer's new texts wait for a moderator beside the approved listing (decision 053's revision). */
export const reviseStatement = (db: Database, listingId: number, text: OfferText, title: string, now: number) =>
  db
    .prepare(
      `INSERT INTO listing_revisions (listing_id, status, title, title_generated, description, lang, submitted_at,
         updated_at)
       VALUES (?1, 'pending', ?2, 1, ?3, ?4, ?5, ?5)
       ON CONFLICT (listing_id) DO UPDATE SET title = ?2, title_generated = 1, description = ?3, lang = ?4,
         submitted_at = CASE WHEN status = 'pending' THEN submitted_at ELSE ?5 END, status = 'pending',
         rejection_code = NULL, rejection_reason = NULL, updated_at = ?5`,
    )
    .bind(listingId, title, text.description, text.lang, now);

/** The listing's revision is dropped: its texts are the approved ones again, or go into the listing itself. */
export const dropRevisionStatement = (db: Database, listingId: number) =>
  db
    .prepare(
      `DELETE FROM listing_revisions WHERE listing_id = ?
         AND NOT EXISTS (SELECT 1 FROM listing_images i WHERE i.listing_id = listing_revisions.listing_id
           AND i.state = 'pending')`,
    )
    .bind(listingId);

/** The offer's row after a write: what was written, and whether its listing is archived for want of it. */
export const feedListingStatement = (
  db: Database,
  feedId: number,
  internalId: string,
  written: { valuesHash: string; photosHash: string; archivedByFeed: boolean },
  now: number,
) =>
  db
    .prepare(
      `UPDATE feed_listings SET values_hash = ?, photos_hash = ?, archived_by_feed = ?, written_at = ?
       WHERE feed_id = ? AND internal_id = ?`,
    )
    .bind(written.valuesHash, written.photosHash, written.archivedByFeed ? 1 : 0, now, feedId, internalId);

/** Archives the active listing whose offer left the feed, and marks it so its return restores it. */
export function archiveGoneStatements(db: Database, feedId: number, internalId: string, now: number) {
  return [
    db
      .prepare(
        `UPDATE listings SET status = 'archived', updated_at = ?3
         WHERE id = (SELECT listing_id FROM feed_listings WHERE feed_id = ?1 AND internal_id = ?2)
           AND status = 'active' AND deleted_at IS NULL`,
      )
      .bind(feedId, internalId, now),
    db
      .prepare(
        `INSERT INTO listing_events (listing_id, status, actor_id, reason, created_at)
         SELECT listing_id, 'archived', NULL, 'feed: offer gone', ?3 FROM feed_listings
         WHERE feed_id = ?1 AND internal_id = ?2 AND changes() > 0`,
      )
      .bind(feedId, internalId, now),
    db
      .prepare(
        `UPDATE feed_listings SET archived_by_feed = 1, written_at = ?3
         WHERE feed_id = ?1 AND internal_id = ?2
           AND (SELECT status FROM listings WHERE id = feed_listings.listing_id) = 'archived'`,
      )
      .bind(feedId, internalId, now),
  ];
}

/** Adds a batch's counts to its run. */
export const runCountsStatement = (
  db: Database,
  runId: number,
  counts: { created: number; updated: number; archived: number; unchanged: number },
) =>
  db
    .prepare(
      `UPDATE agency_feed_runs SET created = created + ?, updated = updated + ?, archived = archived + ?,
         unchanged = unchanged + ? WHERE id = ?`,
    )
    .bind(counts.created, counts.updated, counts.archived, counts.unchanged, runId);

/** An offer that could not be written becomes a refusal of its run. */
export const runRefusalStatement = (db: Database, runId: number, refusal: unknown, kept: number) =>
  db
    .prepare(
      `UPDATE agency_feed_runs SET
         refusals = CASE WHEN json_array_length(refusals) < ?3 THEN json_insert(refusals, '$[#]', json(?2))
                         ELSE refusals END,
         refusals_count = refusals_count + 1, offers_valid = offers_valid - 1
       WHERE id = ?1`,
    )
    .bind(runId, JSON.stringify(refusal), kept);

/** The run whose import a batch continues: only while it is importing and is its live feed's newest run. */
export function importingRun(db: Database, feedId: number, runId: number) {
  return db
    .prepare(
      `SELECT r.id, r.refusals_count FROM agency_feed_runs r JOIN agency_feeds f ON f.id = r.feed_id
       WHERE r.id = ?2 AND r.feed_id = ?1 AND r.importing = 1 AND f.disabled_at IS NULL
         AND r.id = (SELECT MAX(id) FROM agency_feed_runs WHERE feed_id = ?1)`,
    )
    .bind(feedId, runId)
    .first<{ id: number; refusals_count: number }>();
}

/** The managers of the feed's agency who read e-mail, each in their language. */
export async function feedManagers(db: Database, feedId: number) {
  const { results } = await db
    .prepare(
      `SELECT u.email, u.locale, a.slug, a.name AS agency_name, f.url
       FROM agency_feeds f JOIN agencies a ON a.id = f.agency_id
       JOIN agency_members m ON m.agency_id = f.agency_id AND m.role = 'manager'
       JOIN users u ON u.id = m.user_id
       WHERE f.id = ? AND u.email IS NOT NULL AND u.email_verified_at IS NOT NULL AND u.blocked_at IS NULL
         AND u.deleted_at IS NULL`,
    )
    .bind(feedId)
    .all<{ email: string; locale: Locale | null; slug: string; agency_name: string | null; url: string }>();
  return results;
}

/**
 * Archives up to `limit` active listings of a removed feed, each marked so that the feed's return restores
 * it; one batch. The number archived (fewer than `limit`: none left).
 */
export async function retireFeedListings(db: Database, feedId: number, limit: number, now: number): Promise<number> {
  const removed = "(SELECT 1 FROM agency_feeds WHERE id = ?1 AND disabled_at IS NOT NULL)";
  const [, , archived] = await db.batch([
    db
      .prepare(
        `UPDATE feed_listings SET archived_by_feed = 1, written_at = ?3 WHERE feed_id = ?1 AND EXISTS ${removed}
           AND listing_id IN (SELECT l.id FROM feed_listings f JOIN listings l ON l.id = f.listing_id
             WHERE f.feed_id = ?1 AND l.status = 'active' AND l.deleted_at IS NULL LIMIT ?2)`,
      )
      .bind(feedId, limit, now),
    db
      .prepare(
        `INSERT INTO listing_events (listing_id, status, actor_id, reason, created_at)
         SELECT l.id, 'archived', NULL, 'feed: feed removed', ?2 FROM feed_listings f JOIN listings l ON l.id = f.listing_id
         WHERE f.feed_id = ?1 AND f.archived_by_feed = 1 AND l.status = 'active' AND l.deleted_at IS NULL`,
      )
      .bind(feedId, now),
    db
      .prepare(
        `UPDATE listings SET status = 'archived', updated_at = ?2 WHERE status = 'active' AND deleted_at IS NULL
           AND id IN (SELECT listing_id FROM feed_listings WHERE feed_id = ?1 AND archived_by_feed = 1) RETURNING id`,
      )
      .bind(feedId, now),
  ]);
  // RETURNING counts the listings themselves; `changes` would count what their triggers wrote too.
  const count = archived!.results.length;
  if (count < limit) {
    // An import the removal cut short has nothing more to write.
    await db.batch([
      db
        .prepare(
          `DELETE FROM feed_staged WHERE run_id IN (SELECT id FROM agency_feed_runs WHERE feed_id = ?1)
             AND EXISTS ${removed}`,
        )
        .bind(feedId),
      db
        .prepare(`UPDATE agency_feed_runs SET importing = 0 WHERE feed_id = ?1 AND importing = 1 AND EXISTS ${removed}`)
        .bind(feedId),
    ]);
  }
  return count;
}

/**
 * Forgets the photo addresses last sent for these listings, so that the next check sends them again (their
 * message could not be queued).
 */
export const forgetPhotos = (db: Database, listingIds: number[]) =>
  db
    .prepare("UPDATE feed_listings SET photos_hash = '' WHERE listing_id IN (SELECT value FROM json_each(?))")
    .bind(JSON.stringify(listingIds))
    .run();

/**
 * A feed added again at the address of one of its agency's removed feeds takes over that feed's listings,
 * so its offers update and restore them rather than make them twice.
 */
export const adoptStatement = (db: Database, feedId: number) =>
  db
    .prepare(
      `UPDATE OR IGNORE feed_listings SET feed_id = ?1 WHERE feed_id IN (SELECT old.id FROM agency_feeds old
         JOIN agency_feeds f ON f.id = ?1 AND old.agency_id = f.agency_id AND old.url = f.url
         WHERE old.disabled_at IS NOT NULL)`,
    )
    .bind(feedId);
