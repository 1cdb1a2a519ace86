/**
 * The owner's own listings (decision 038): the cabinet's tabs newest change first with their
 * counts, each listing's totals of the last OWNER_STATS_DAYS days, and the state changes an owner makes —
 * archive, restore, renew, "still available", delete. A deleted listing (`deleted_at` set) is never read
 * here again. Every change applies only from the state the caller read, so of two racing requests one wins.
 */
import type { CabinetCounts } from "#shared/api/cabinet.ts";
import { TAB_STATUSES, allows, type CabinetTab, type OwnerAction } from "#shared/listing-states.ts";
import type { ListingStatus } from "#shared/api/realty.ts";
import { LISTING_RUN_DAYS, OWNER_STATS_DAYS } from "#shared/constants.ts";
import type { ListingTypeId, Deal, ListingKind } from "#shared/listing-types.ts";
import type { Locale } from "#shared/locales.ts";
import { managedBy } from "./agencies.ts";
import { type DeletedPhoto, deleteListingPictures } from "./images.ts";
import { CONFIRM_DUE, confirmListing } from "./listing-availability.ts";
import { updateListing } from "./listing-edits.ts";
import { statisticsPeriod } from "./statistics.ts";
import type { Database } from "#worker/app-env.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** An owner's listing as the cabinet reads it, with its totals. */
export interface OwnerListingRow {
  id: number;
  owner_id: number;
  status: ListingStatus;
  type_id: ListingTypeId;
  deal: Deal;
  property_type: ListingKind;
  city_slug: string | null;
  city_name: string | null;
  district_slug: string | null;
  district_name: string | null;
  price: number | null;
  rooms: number | null;
  area: number | null;
  land_area: number | null;
  title: string | null;
  title_generated: number;
  lang: Locale | null;
  created_at: number;
  updated_at: number;
  expires_at: number;
  published_at: number | null;
  checked_at: number | null;
  submitted_at: number | null;
  rejection_code: string | null;
  rejection_reason: string | null;
  hidden_at: number | null;
  /** Taken off the site by a moderator (decision 062): when, and why. */
  staff_hidden_at: number | null;
  staff_hidden_reason: string | null;
  image_json: string | null;
  image_count: number;
  views: number;
  phone: number;
  messages: number;
  favourites: number;
  /** The last state it had before it was archived, from its history (null when it has none). */
  archived_from: ListingStatus | null;
  /** Its changes waiting for a moderator or refused (decision 053), as JSON. */
  revision_json: string | null;
  /** Availability (decision 084): last confirmed, hidden for want of a confirmation since, why archived. */
  confirmed_at: number | null;
  unconfirmed_at: number | null;
  archive_reason: "let" | "sold" | null;
}

/**
 * The columns of an owner's listing; `?1`–`?4` are the window of the statistics page (`statisticsPeriod`: first
 * and last UTC day, and those days' bounds in ms), so the card's totals are the sums of its days. Names
 * of places are the locale's (one of three known column names, never user text).
 */
const ownerColumns = (locale: Locale) => `
  l.id, l.owner_id, l.status, l.type_id, l.deal, l.property_type, c.slug AS city_slug, c.name_${locale} AS city_name,
  d.slug AS district_slug, d.name_${locale} AS district_name, l.price, l.rooms, l.area, l.land_area, l.title,
  l.title_generated, l.lang, l.created_at, l.updated_at, l.expires_at, l.published_at, l.checked_at,
  l.submitted_at, l.rejection_code, l.rejection_reason, l.hidden_at, l.staff_hidden_at, l.staff_hidden_reason,
  l.confirmed_at, l.unconfirmed_at, l.archive_reason,
  (SELECT json_object('id', i.id, 'width', i.width, 'height', i.height, 'photo_key', i.photo_key) FROM listing_images i
     WHERE i.listing_id = l.id ORDER BY i.position LIMIT 1) AS image_json,
  (SELECT COUNT(*) FROM listing_images i WHERE i.listing_id = l.id) AS image_count,
  (SELECT ifnull(SUM(s.count), 0) FROM listing_stats s
     WHERE s.listing_id = l.id AND s.kind = 'view' AND s.day BETWEEN ?1 AND ?2) AS views,
  (SELECT ifnull(SUM(s.count), 0) FROM listing_stats s
     WHERE s.listing_id = l.id AND s.kind = 'phone' AND s.day BETWEEN ?1 AND ?2) AS phone,
  (SELECT COUNT(*) FROM messages m WHERE m.listing_id = l.id AND m.created_at >= ?3 AND m.created_at < ?4
     AND m.recipient_id = l.owner_id) AS messages,
  (SELECT COUNT(*) FROM favourites f WHERE f.listing_id = l.id AND f.created_at >= ?3 AND f.created_at < ?4) AS favourites,
  (SELECT e.status FROM listing_events e WHERE e.listing_id = l.id AND e.status != 'archived'
     ORDER BY e.id DESC LIMIT 1) AS archived_from,
  (SELECT json_object('status', r.status, 'rejection_code', r.rejection_code, 'rejection_reason', r.rejection_reason,
     'submitted_at', r.submitted_at) FROM listing_revisions r WHERE r.listing_id = l.id) AS revision_json`;

const ownerJoins = "LEFT JOIN cities c ON c.id = l.city_id LEFT JOIN districts d ON d.id = l.district_id";

const windowArgs = (now: number) => {
  const period = statisticsPeriod(OWNER_STATS_DAYS, now);
  return [period.first, period.last, period.start, period.end] as const;
};

/** The owner's order: newest change first. */
const ORDER = "updated_at DESC, id DESC";

/** SQL: the listing (`l`) is the user's (parameter `param`), or of the agency they manage (decision 104). */
const ownedOrManaged = (param: string) => `(l.owner_id = ${param} OR ${managedBy(param)})`;

/** One page of the owner's listings in a tab (never deleted ones), newest change first, and the tab's total. */
export async function ownerListingPage(
  db: Database,
  ownerId: number,
  tab: CabinetTab,
  page: number,
  perPage: number,
  locale: Locale,
  now: number,
): Promise<{ rows: OwnerListingRow[]; total: number }> {
  const statuses = TAB_STATUSES[tab];
  const marks = statuses.map((_, i) => `?${i + 6}`).join(", ");
  const where = `${ownedOrManaged("?5")} AND l.status IN (${marks}) AND l.deleted_at IS NULL`;
  const [rows, count] = await db.batch([
    // The page's ids first, then their columns: the totals are counted for the page only.
    db
      .prepare(
        `SELECT ${ownerColumns(locale)}
         FROM (SELECT l.id FROM listings l WHERE ${where} ORDER BY ${ORDER} LIMIT ?${statuses.length + 6}
               OFFSET ?${statuses.length + 7}) page
         JOIN listings l ON l.id = page.id ${ownerJoins}
         ORDER BY l.updated_at DESC, l.id DESC`,
      )
      .bind(...windowArgs(now), ownerId, ...statuses, perPage, (page - 1) * perPage),
    db
      .prepare(
        `SELECT COUNT(*) AS n FROM listings l WHERE ${ownedOrManaged("?1")}
           AND l.status IN (${statuses.map(() => "?").join(", ")}) AND l.deleted_at IS NULL`,
      )
      .bind(ownerId, ...statuses),
  ]);
  return {
    rows: rows!.results as OwnerListingRow[],
    total: (count!.results[0] as { n: number }).n,
  };
}

/** How many listings the owner has (or manages) in each tab (deleted ones not counted). */
export async function ownerCounts(db: Database, ownerId: number): Promise<CabinetCounts> {
  const { results } = await db
    .prepare(
      `SELECT l.status, COUNT(*) AS n FROM listings l WHERE ${ownedOrManaged("?1")} AND l.deleted_at IS NULL
       GROUP BY l.status`,
    )
    .bind(ownerId)
    .all<{ status: ListingStatus; n: number }>();
  const counts: CabinetCounts = { active: 0, moderation: 0, drafts: 0, archive: 0 };
  for (const row of results) {
    const tab = tabOf(row.status);
    if (tab) counts[tab] += row.n;
  }
  return counts;
}

/** The tab a state is shown in. */
function tabOf(status: ListingStatus): CabinetTab | null {
  return (Object.keys(TAB_STATUSES) as CabinetTab[]).find((tab) => TAB_STATUSES[tab].includes(status)) ?? null;
}

/**
 * A listing that is not deleted, the owner's own (`ownerId`: or of an agency they manage, decision 098) or anyone's (`null`: the signed renewal link
 * names it); null when there is none for this caller.
 */
export function ownerListingRow(
  db: Database,
  id: number,
  ownerId: number | null,
  locale: Locale,
  now: number,
): Promise<OwnerListingRow | null> {
  return db
    .prepare(
      `SELECT ${ownerColumns(locale)} FROM listings l ${ownerJoins}
       WHERE l.id = ?5 AND (?6 IS NULL OR l.owner_id = ?6 OR ${managedBy("?6")}) AND l.deleted_at IS NULL`,
    )
    .bind(...windowArgs(now), id, ownerId)
    .first<OwnerListingRow>();
}

/** What the owner may do now: what its state allows, but never restore a listing a moderator hid (decision 062). */
export function ownerMay(action: OwnerAction, row: Pick<OwnerListingRow, "status" | "staff_hidden_at">): boolean {
  return allows(action, row.status) && !(action === "restore" && row.staff_hidden_at !== null);
}

type Row = Pick<OwnerListingRow, "id" | "status" | "published_at" | "hidden_at" | "archived_from" | "expires_at">;
interface Actor {
  actorId: number;
}

/** active, pending or rejected → archived. False when the state changed meanwhile. */
export function archiveOwnerListing(db: Database, row: Row, now: number, { actorId }: Actor): Promise<boolean> {
  return updateListing(db, row.id, row.status, { status: "archived" }, now, { actorId });
}

/**
 * Where an archived listing goes back to: public again for LISTING_RUN_DAYS days when it was public right
 * before it was archived (its history says active, or says nothing) and was ever published (`published_at`,
 * or an approval in its history), else to moderation. A listing archived while rejected, waiting for review
 * or hidden by reports is never published again without a moderator.
 */
function restoredState(row: Row): "active" | "pending" {
  const before = row.archived_from;
  const published = row.published_at !== null || before === "active";
  return published && row.hidden_at === null && (before === null || before === "active") ? "active" : "pending";
}

/** archived → active (a fresh run) or pending (see `restoredState`). False when the state changed meanwhile. */
export function restoreOwnerListing(db: Database, row: Row, now: number, { actorId }: Actor): Promise<boolean> {
  const values =
    restoredState(row) === "active"
      ? { status: "active", expires_at: now + LISTING_RUN_DAYS * DAY_MS, checked_at: now, reminded_at: null }
      : { status: "pending", submitted_at: now };
  return updateListing(db, row.id, "archived", values, now, { actorId });
}

/**
 * An active listing runs LISTING_RUN_DAYS days from now, and its owner has just checked it. It applies only
 * to the run that was read (`expires_at`): the renewal link of a run renews once. Not a change of the
 * listing's content: its `updated_at` (the public "newest" order) stays.
 */
export async function renewOwnerListing(db: Database, row: Row, now: number): Promise<boolean> {
  const result = await db
    .prepare(
      `UPDATE listings SET expires_at = ?1, checked_at = ?2, reminded_at = NULL, confirmed_at = ?2,
         confirm_asked_at = NULL, unconfirmed_at = NULL
       WHERE id = ?3 AND status = 'active' AND deleted_at IS NULL AND expires_at = ?4`,
    )
    .bind(now + LISTING_RUN_DAYS * DAY_MS, now, row.id, row.expires_at)
    .run();
  return (result.meta.changes ?? 0) > 0;
}

/** "Still available": an active listing was checked by its owner now — its availability confirmed (decision 084). */
export async function confirmOwnerListing(db: Database, row: Row, now: number): Promise<boolean> {
  return (await confirmListing(db, row.id, now, null)) !== null;
}

/**
 * The owner's active listings due for a confirmation or hidden for want of one (decision 084), longest
 * unconfirmed first, at most `limit`: the cabinet's banner, whatever page of a tab is open.
 */
export async function ownerDueListings(
  db: Database,
  ownerId: number,
  locale: Locale,
  now: number,
  limit: number,
): Promise<OwnerListingRow[]> {
  // ?1 is both the statistics window's first day (ownerColumns) and now (CONFIRM_DUE): bound by name apart.
  const { results } = await db
    .prepare(
      `SELECT ${ownerColumns(locale)} FROM listings l ${ownerJoins}
       WHERE l.owner_id = ?5 AND l.status = 'active' AND l.deleted_at IS NULL
         AND ${CONFIRM_DUE.replaceAll("?1", "?6")}
       ORDER BY l.confirmed_at, l.id LIMIT ?7`,
    )
    .bind(...windowArgs(now), ownerId, now, limit)
    .all<OwnerListingRow>();
  return results;
}

/**
 * Deletes a listing for good (decision 038): it keeps its row — payments, messages and favourites point at
 * it — as `archived` with `deleted_at` (a draft stays `draft`: every other state must state the facts a
 * draft may lack), its history records it, and its pictures' rows go. The photos whose files the caller
 * removes from R2 are returned; null when the state changed meanwhile.
 */
export async function deleteOwnerListing(
  db: Database,
  row: Row,
  now: number,
  { actorId }: Actor,
): Promise<DeletedPhoto[] | null> {
  const status = row.status === "draft" ? "draft" : "archived";
  const applied = await updateListing(db, row.id, row.status, { status, deleted_at: now }, now, {
    actorId,
    reason: "deleted",
  });
  if (!applied) return null;
  return deleteListingPictures(db, row.id);
}
