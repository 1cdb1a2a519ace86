/**
 * Listings as their owners edit them and moderators decide on them (decision 030): drafts,
 * step updates, state changes with their history. Search queries stay in listings.ts.
 */
import type { RejectionCode } from "#shared/api/cabinet.ts";
import type { ListingStatus } from "#shared/api/realty.ts";
import { type EditField, LISTING_FIELD_NAMES } from "#shared/listing-fields.ts";
import type { Locale } from "#shared/locales.ts";
import type { LocationPrecision } from "#shared/map.ts";
import { agencyOfUser, managedBy } from "./agencies.ts";
import { AFTER_A_CHANGE, type AuditEntryInput, auditStatement } from "./audit.ts";
import type { StoredFacts } from "./listing-columns.ts";
import type { Database } from "#worker/app-env.ts";

/** A listing's stored facts with its places as slugs and names in every language (for a generated title). */
export interface EditRow extends StoredFacts {
  id: number;
  owner_id: number;
  type_id: number;
  deal: "sale" | "rent";
  property_type: string;
  status: ListingStatus;
  city_id: number | null;
  district_id: number | null;
  city: string | null;
  district: string | null;
  city_name_en: string | null;
  city_name_ru: string | null;
  city_name_sr: string | null;
  district_name_en: string | null;
  district_name_ru: string | null;
  district_name_sr: string | null;
  address: string | null;
  /** The point the owner set: only the owner's shapes carry it (the public one is `shown_lat`/`shown_lng`). */
  lat: number | null;
  lng: number | null;
  location_precision: LocationPrecision;
  price: number | null;
  title: string | null;
  title_generated: number;
  description: string | null;
  lang: Locale | null;
  rejection_reason: string | null;
  rejection_code: RejectionCode | null;
  /** Its pictures (uploaded photos; a seeded listing's illustrations). */
  photo_count: number;
  created_at: number;
  updated_at: number;
  expires_at: number;
}

/**
 * The table's fields stored in a column of their own name: every one but the place, which is stored as
 * the ids of its city and district.
 */
const FIELD_COLUMNS = LISTING_FIELD_NAMES.filter(
  (name): name is Exclude<EditField, "city" | "district"> => name !== "city" && name !== "district",
);

/** The columns a step may write (names checked against this list: they are put into SQL). */
const EDITABLE_COLUMNS = [
  ...FIELD_COLUMNS,
  "type_id",
  "deal",
  "property_type",
  "city_id",
  "district_id",
  "title_generated",
  "status",
  "rejection_reason",
  "rejection_code",
  "expires_at",
  "published_at",
  "checked_at",
  "submitted_at",
  "reminded_at",
  "deleted_at",
  "hidden_at",
] as const;
type EditableColumn = (typeof EDITABLE_COLUMNS)[number];
/** The fields' columns an edit reads, in the table's order (names from the table, never from a request). */
const FIELD_SELECT = FIELD_COLUMNS.map((name) => `l.${name}`).join(", ");
export type ColumnValues = Partial<Record<EditableColumn, string | number | null>>;

/** A new draft of the owner's, with the contact number of their verified phone, their agency's if any; its id. */
export async function createDraft(
  db: Database,
  draft: { ownerId: number; typeId: number; deal: string; propertyType: string; phone: string },
  now: number,
): Promise<number> {
  const [inserted] = await db.batch<{ id: number }>([
    db
      .prepare(
        `INSERT INTO listings (type_id, deal, property_type, owner_id, phone, status, title_generated, created_at,
           updated_at, expires_at, agency_id)
         VALUES (?1, ?2, ?3, ?4, ?5, 'draft', 1, ?6, ?6, ?6, ${agencyOfUser("?4")}) RETURNING id`,
      )
      .bind(draft.typeId, draft.deal, draft.propertyType, draft.ownerId, draft.phone, now),
    db
      .prepare(
        "INSERT INTO listing_events (listing_id, status, actor_id, created_at) VALUES (last_insert_rowid(), 'draft', ?, ?)",
      )
      .bind(draft.ownerId, now),
  ]);
  return inserted!.results[0]!.id;
}

/**
 * A listing with its places, the owner's own (`ownerId`: or of an agency they manage, decision 098) or any
 * (`null`); someone else's is null, and so is a deleted one (decision 038: final, never shown or acted on again).
 */
export function editRow(db: Database, id: number, ownerId: number | null): Promise<EditRow | null> {
  return db
    .prepare(
      `SELECT l.id, l.owner_id, l.type_id, l.deal, l.property_type, l.status, l.city_id, l.district_id,
         c.slug AS city, d.slug AS district, c.name_en AS city_name_en, c.name_ru AS city_name_ru,
         c.name_sr AS city_name_sr, d.name_en AS district_name_en, d.name_ru AS district_name_ru,
         d.name_sr AS district_name_sr, ${FIELD_SELECT}, l.title_generated, l.rejection_reason, l.rejection_code,
         l.created_at, l.updated_at, l.expires_at,
         (SELECT COUNT(*) FROM listing_images i WHERE i.listing_id = l.id) AS photo_count
       FROM listings l LEFT JOIN cities c ON c.id = l.city_id LEFT JOIN districts d ON d.id = l.district_id
       WHERE l.id = ?1 AND (?2 IS NULL OR l.owner_id = ?2 OR ${managedBy("?2")}) AND l.deleted_at IS NULL`,
    )
    .bind(id, ownerId)
    .first<EditRow>();
}

/**
 * Writes columns of a listing, and when its state changes records who changed it and why. The update
 * applies only while the listing is still in `fromStatus` (what the caller read), so two racing state
 * changes cannot both win: false when it did not apply.
 */
export async function updateListing(
  db: Database,
  id: number,
  fromStatus: ListingStatus,
  values: ColumnValues,
  now: number,
  /**
   * `actorId` null: the site itself (visitors' reports, the expiry run). `audit`: a staff decision's row,
   * written only when the change applies.
   */
  event?: { actorId: number | null; reason?: string | null; audit?: AuditEntryInput },
): Promise<boolean> {
  const columns = Object.keys(values).filter((name): name is EditableColumn =>
    (EDITABLE_COLUMNS as readonly string[]).includes(name),
  );
  const set = [...columns.map((name) => `${name} = ?`), "updated_at = ?"].join(", ");
  const update = db
    .prepare(`UPDATE listings SET ${set} WHERE id = ? AND status = ? AND deleted_at IS NULL`)
    .bind(...columns.map((name) => values[name] ?? null), now, id, fromStatus);
  if (!event || values.status === undefined) return ((await update.run()).meta.changes ?? 0) > 0;
  const [result] = await db.batch([
    update,
    db
      .prepare(
        `INSERT INTO listing_events (listing_id, status, actor_id, reason, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5 WHERE changes() > 0`,
      )
      .bind(id, values.status, event.actorId, event.reason ?? null, now),
    ...(event.audit ? [auditStatement(db, event.audit, AFTER_A_CHANGE)] : []),
  ]);
  return (result!.meta.changes ?? 0) > 0;
}

/** Names of a city and district in every language, for a title made from the facts. */
export function placeNames(db: Database, cityId: number, districtId: number | null) {
  return db
    .prepare(
      `SELECT c.name_en AS city_name_en, c.name_ru AS city_name_ru, c.name_sr AS city_name_sr,
         d.name_en AS district_name_en, d.name_ru AS district_name_ru, d.name_sr AS district_name_sr
       FROM cities c LEFT JOIN districts d ON d.id = ?2 WHERE c.id = ?1`,
    )
    .bind(cityId, districtId)
    .first<Pick<EditRow, `${"city" | "district"}_name_${Locale}`>>();
}

/** Another listing of the same owner (not deleted) with the same address, area and price: a likely duplicate. */
export function sameFactsListing(db: Database, row: Pick<EditRow, "id" | "owner_id" | "address" | "area" | "price">) {
  return db
    .prepare(
      `SELECT id, status, title FROM listings
       WHERE owner_id = ?1 AND price = ?2 AND id != ?3 AND status != 'archived' AND deleted_at IS NULL
         AND lower(trim(address)) = lower(trim(?4)) AND area IS ?5
       ORDER BY id LIMIT 1`,
    )
    .bind(row.owner_id, row.price, row.id, row.address, row.area)
    .first<{ id: number; status: ListingStatus; title: string | null }>();
}

/** A listing's changes of state, oldest first, with who made them. */
export function listingHistory(db: Database, id: number) {
  return db
    .prepare(
      `SELECT e.status, e.reason, e.created_at, e.actor_id, u.name AS actor_name,
         CASE WHEN u.id IS NULL THEN NULL
              WHEN EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id AND r.role = 'admin') THEN 'admin'
              WHEN EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id AND r.role = 'moderator') THEN 'moderator'
              ELSE 'user' END AS actor_role
       FROM listing_events e LEFT JOIN users u ON u.id = e.actor_id WHERE e.listing_id = ? ORDER BY e.id`,
    )
    .bind(id)
    .all<{
      status: ListingStatus;
      reason: string | null;
      created_at: number;
      actor_id: number | null;
      actor_name: string | null;
      actor_role: string | null;
    }>()
    .then((r) => r.results);
}

/** The owner's contact number for a new listing: their verified phone. */
export function verifiedPhone(db: Database, userId: number) {
  return db
    .prepare("SELECT phone FROM users WHERE id = ? AND phone_verified_at IS NOT NULL AND phone IS NOT NULL")
    .bind(userId)
    .first<{ phone: string }>()
    .then((row) => row?.phone ?? null);
}
