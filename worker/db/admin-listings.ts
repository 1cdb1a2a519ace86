/**
 * The back office's listings (decision 062): any listing found by id, owner or text in any
 * state, and a moderator's hide and restore — each one D1 batch with its audit row and its history entry.
 */
import type { AdminListingState } from "#shared/api/admin-listings.ts";
import { HIDEABLE_STATUSES } from "#shared/listing-states.ts";
import type { ListingStatus } from "#shared/api/realty.ts";
import { LISTING_RUN_DAYS } from "#shared/constants.ts";
import type { Deal, ListingKind } from "#shared/listing-types.ts";
import type { Locale } from "#shared/locales.ts";
import { type ActionContext, auditStatement } from "./audit.ts";
import type { Database } from "#worker/app-env.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A listing as the back office reads it, with its owner. */
export interface AdminListingRow {
  id: number;
  status: ListingStatus;
  title: string | null;
  title_generated: number;
  lang: Locale | null;
  deal: Deal;
  property_type: ListingKind;
  rooms: number | null;
  area: number | null;
  land_area: number | null;
  city_slug: string | null;
  city_name: string | null;
  district_name: string | null;
  address: string | null;
  price: number | null;
  owner_id: number;
  owner_name: string;
  owner_email: string | null;
  owner_phone: string | null;
  owner_blocked_at: number | null;
  staff_hidden_at: number | null;
  staff_hidden_reason: string | null;
  staff_hidden_from: ListingStatus | null;
  deleted_at: number | null;
  image_json: string | null;
  image_count: number;
  created_at: number;
  updated_at: number;
  expires_at: number;
  published_at: number | null;
}

/** Places' names are the locale's (one of three known column names, never user text). */
const columns = (locale: Locale) => `
  l.id, l.status, l.title, l.title_generated, l.lang, l.deal, l.property_type, l.rooms, l.area, l.land_area,
  c.slug AS city_slug, c.name_${locale} AS city_name, d.name_${locale} AS district_name, l.address, l.price,
  l.owner_id, u.name AS owner_name, u.email AS owner_email, u.phone AS owner_phone, u.blocked_at AS owner_blocked_at,
  l.staff_hidden_at, l.staff_hidden_reason, l.staff_hidden_from, l.deleted_at, l.created_at, l.updated_at,
  l.expires_at, l.published_at,
  (SELECT json_object('id', i.id, 'width', i.width, 'height', i.height, 'photo_key', i.photo_key) FROM listing_images i
     WHERE i.listing_id = l.id ORDER BY i.position LIMIT 1) AS image_json,
  (SELECT COUNT(*) FROM listing_images i WHERE i.listing_id = l.id) AS image_count`;

const joins = `JOIN users u ON u.id = l.owner_id LEFT JOIN cities c ON c.id = l.city_id
  LEFT JOIN districts d ON d.id = l.district_id`;

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** SQL of a filter state (fixed strings, never user text). */
const STATE_SQL: Record<AdminListingState, string> = {
  draft: "l.status = 'draft' AND l.deleted_at IS NULL",
  pending: "l.status = 'pending' AND l.deleted_at IS NULL",
  active: "l.status = 'active' AND l.deleted_at IS NULL",
  archived: "l.status = 'archived' AND l.deleted_at IS NULL AND l.staff_hidden_at IS NULL",
  rejected: "l.status = 'rejected' AND l.deleted_at IS NULL",
  hidden: "l.staff_hidden_at IS NOT NULL AND l.deleted_at IS NULL",
  deleted: "l.deleted_at IS NOT NULL",
};

/**
 * Listings matching `q` — its id, its owner (id, e-mail, phone digits) or its text (title, description,
 * address; any part, ASCII letters in any case) — in `state` (any without), newest first.
 */
export async function findAdminListings(
  db: Database,
  filter: { q: string; state: AdminListingState | "" },
  page: number,
  perPage: number,
  locale: Locale,
): Promise<{ rows: AdminListingRow[]; total: number }> {
  const { q, state } = filter;
  const where: string[] = [];
  const bind: unknown[] = [];
  if (q) {
    const digits = q.replace(/[\s()+-]/g, "");
    const id = /^\d{1,15}$/.test(q) ? Number(q) : null;
    const phone = /^\d{3,15}$/.test(digits) ? `%${digits}%` : null;
    bind.push(id, phone, `%${likeEscaped(q.toLowerCase())}%`);
    where.push(`(l.id = ?1 OR l.owner_id = ?1 OR u.phone LIKE ?2 OR lower(u.email) LIKE ?3 ESCAPE '\\'
      OR lower(l.title) LIKE ?3 ESCAPE '\\' OR lower(l.description) LIKE ?3 ESCAPE '\\'
      OR lower(l.address) LIKE ?3 ESCAPE '\\')`);
  }
  if (state) where.push(STATE_SQL[state]);
  const clause = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const limit = bind.length + 1;
  // A number is most likely a listing's id: that listing first, then whatever else holds the digits.
  const [rows, count] = await db.batch([
    db
      .prepare(
        `SELECT ${columns(locale)} FROM listings l ${joins} ${clause}
         ORDER BY ${q ? "l.id IS ?1 DESC, " : ""}l.id DESC LIMIT ?${limit} OFFSET ?${limit + 1}`,
      )
      .bind(...bind, perPage, (page - 1) * perPage),
    db.prepare(`SELECT count(*) AS n FROM listings l JOIN users u ON u.id = l.owner_id ${clause}`).bind(...bind),
  ]);
  return {
    rows: rows!.results as AdminListingRow[],
    total: (count!.results[0] as { n: number }).n,
  };
}

/** One listing in any state, deleted ones included (their history stays), or null. */
export function adminListing(db: Database, id: number, locale: Locale): Promise<AdminListingRow | null> {
  return db
    .prepare(`SELECT ${columns(locale)} FROM listings l ${joins} WHERE l.id = ?`)
    .bind(id)
    .first<AdminListingRow>();
}

/** A person's listings for the back office's page about them, newest first (at most `limit`). */
export async function ownerAdminListings(
  db: Database,
  ownerId: number,
  limit: number,
  locale: Locale,
): Promise<AdminListingRow[]> {
  const { results } = await db
    .prepare(`SELECT ${columns(locale)} FROM listings l ${joins} WHERE l.owner_id = ? ORDER BY l.id DESC LIMIT ?`)
    .bind(ownerId, limit)
    .all<AdminListingRow>();
  return results;
}

const HIDEABLE = `(${HIDEABLE_STATUSES.map((s) => `'${s}'`).join(", ")})`;

/**
 * Takes a listing off the site: archived (every public read leaves it out), marked hidden by staff with
 * the reason and the state it had, its history entry and the audit row — one batch, and only when it is
 * in a state that may be hidden and not hidden already (false then: nothing written).
 */
export async function hideListing(db: Database, id: number, reason: string, context: ActionContext): Promise<boolean> {
  const { now } = context;
  const actorId = context.actor.kind === "user" ? context.actor.id : null;
  const hideable = `EXISTS (SELECT 1 FROM listings WHERE id = ?11 AND staff_hidden_at IS NULL AND deleted_at IS NULL
    AND status IN ${HIDEABLE})`;
  const before = await db.prepare("SELECT status FROM listings WHERE id = ?").bind(id).first<{ status: string }>();
  const results = await db.batch([
    auditStatement(
      db,
      {
        ...context,
        action: "listing.hide",
        target: { kind: "listing", id },
        before: { status: before?.status ?? null, hidden: false },
        after: { status: "archived", hidden: true },
        reason,
      },
      { sql: hideable, bind: [id] },
    ),
    db
      .prepare(
        `INSERT INTO listing_events (listing_id, status, actor_id, reason, created_at)
         SELECT id, 'archived', ?2, ?3, ?4 FROM listings
         WHERE id = ?1 AND staff_hidden_at IS NULL AND deleted_at IS NULL AND status IN ${HIDEABLE}`,
      )
      .bind(id, actorId, `hidden: ${reason}`, now),
    db
      .prepare(
        `UPDATE listings SET staff_hidden_from = status, status = 'archived', staff_hidden_at = ?2,
           staff_hidden_reason = ?3, updated_at = ?2
         WHERE id = ?1 AND staff_hidden_at IS NULL AND deleted_at IS NULL AND status IN ${HIDEABLE}`,
      )
      .bind(id, now, reason),
  ]);
  return (results[2]!.meta.changes ?? 0) > 0;
}

/**
 * Puts a hidden listing back in the state it had; one that was public runs LISTING_RUN_DAYS days from now
 * when its run ended meanwhile. With its history entry and the audit row — one batch, only while it is
 * hidden (false otherwise).
 */
export async function restoreListing(
  db: Database,
  id: number,
  reason: string,
  context: ActionContext,
): Promise<boolean> {
  const { now } = context;
  const actorId = context.actor.kind === "user" ? context.actor.id : null;
  const hidden =
    "EXISTS (SELECT 1 FROM listings WHERE id = ?11 AND staff_hidden_at IS NOT NULL AND deleted_at IS NULL)";
  const before = await db
    .prepare("SELECT staff_hidden_from AS status FROM listings WHERE id = ?")
    .bind(id)
    .first<{ status: string | null }>();
  const results = await db.batch([
    auditStatement(
      db,
      {
        ...context,
        action: "listing.restore",
        target: { kind: "listing", id },
        before: { status: "archived", hidden: true },
        after: { status: before?.status ?? "active", hidden: false },
        reason,
      },
      { sql: hidden, bind: [id] },
    ),
    db
      .prepare(
        `INSERT INTO listing_events (listing_id, status, actor_id, reason, created_at)
         SELECT id, ifnull(staff_hidden_from, 'active'), ?2, ?3, ?4 FROM listings
         WHERE id = ?1 AND staff_hidden_at IS NOT NULL AND deleted_at IS NULL`,
      )
      .bind(id, actorId, `restored: ${reason}`, now),
    db
      .prepare(
        `UPDATE listings SET status = ifnull(staff_hidden_from, 'active'),
           expires_at = CASE WHEN ifnull(staff_hidden_from, 'active') = 'active' AND expires_at <= ?2
             THEN ?2 + ?3 ELSE expires_at END,
           staff_hidden_at = NULL, staff_hidden_reason = NULL, staff_hidden_from = NULL, updated_at = ?2
         WHERE id = ?1 AND staff_hidden_at IS NOT NULL AND deleted_at IS NULL`,
      )
      .bind(id, now, LISTING_RUN_DAYS * DAY_MS),
  ]);
  return (results[2]!.meta.changes ?? 0) > 0;
}
