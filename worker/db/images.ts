/**
 * Listing pictures: what the generated illustrations draw (worker/images/: an article's seed, a listing
 * picture's seed, size and scene), and the owners' uploaded photos (R2 keys, size, rotation, order;
 * decision 031). A row with a `photo_key` is a photo; one without is an illustration.
 */
import type { ListingStatus } from "#shared/api/realty.ts";
import type { ListingKind } from "#shared/listing-types.ts";
import type { Database } from "#worker/app-env.ts";
import { managedBy } from "./agencies.ts";

export interface ListingImageRow {
  seed: number;
  width: number;
  height: number;
  position: number;
  property_type: ListingKind;
}

export async function articleImageSeed(db: Database, articleId: number): Promise<number | null> {
  const row = await db
    .prepare("SELECT image_seed FROM articles WHERE id = ?")
    .bind(articleId)
    .first<{ image_seed: number }>();
  return row?.image_seed ?? null;
}

export function listingImage(db: Database, imageId: number): Promise<ListingImageRow | null> {
  return db
    .prepare(
      `SELECT i.seed, i.width, i.height, i.position, l.property_type
         FROM listing_images i JOIN listings l ON l.id = i.listing_id
        WHERE i.id = ? AND i.photo_key IS NULL`,
    )
    .bind(imageId)
    .first<ListingImageRow>();
}

/**
 * SQL: listing `id` (a parameter or a column) is one whose changes a moderator reviews before the public
 * sees them (decision 053): it was approved (active, or archived and able to return without review), or it
 * has changes waiting already. A photo added to it waits as `pending`.
 */
export const reviewedListing = (id: string) =>
  `(EXISTS (SELECT 1 FROM listings WHERE id = ${id} AND status IN ('active', 'archived'))
  OR EXISTS (SELECT 1 FROM listing_revisions WHERE listing_id = ${id}))`;

/** An uploaded photo and the owner of its listing. */
export interface PhotoRow {
  id: number;
  listing_id: number;
  position: number;
  width: number;
  height: number;
  rotation: number;
  photo_key: string;
  master_key: string;
  owner_id: number | null;
  /** `pending`: added to an approved listing, not public until a moderator approves it (decision 053). */
  state: "public" | "pending";
}

const PHOTO_COLUMNS = `i.id, i.listing_id, i.position, i.width, i.height, i.rotation, i.photo_key, i.master_key, l.owner_id,
  i.state`;

/**
 * Whether the user may change the listing's photos: its owner, or a manager of its agency (decision 098);
 * false when there is no such listing — or it was deleted (decision 038: its photos are gone and none may
 * be added).
 */
export async function mayEditPhotos(db: Database, listingId: number, userId: number): Promise<boolean> {
  const row = await db
    .prepare(
      `SELECT 1 AS ok FROM listings l WHERE l.id = ?1 AND l.deleted_at IS NULL
         AND (l.owner_id = ?2 OR ${managedBy("?2")})`,
    )
    .bind(listingId, userId)
    .first<{ ok: number }>();
  return row !== null;
}

export async function photoById(db: Database, imageId: number): Promise<PhotoRow | null> {
  return db
    .prepare(
      `SELECT ${PHOTO_COLUMNS} FROM listing_images i JOIN listings l ON l.id = i.listing_id
        WHERE i.id = ? AND i.photo_key IS NOT NULL`,
    )
    .bind(imageId)
    .first<PhotoRow>();
}

export async function listingPhotos(db: Database, listingId: number): Promise<PhotoRow[]> {
  const { results } = await db
    .prepare(
      `SELECT ${PHOTO_COLUMNS} FROM listing_images i JOIN listings l ON l.id = i.listing_id
        WHERE i.listing_id = ? AND i.photo_key IS NOT NULL ORDER BY i.position`,
    )
    .bind(listingId)
    .all<PhotoRow>();
  return results;
}

/**
 * Adds a photo after the listing's last picture, unless the listing already has `max` pictures or was
 * deleted meanwhile (checked in the same statement, so two uploads at once cannot pass it together, nor
 * an upload outlive the listing's deletion): its id, or null when refused. A photo added to an approved
 * listing (or one with changes waiting) waits for a moderator (decision 053).
 */
export async function insertPhoto(
  db: Database,
  photo: {
    listingId: number;
    photoKey: string;
    masterKey: string;
    width: number;
    height: number;
    now: number;
    fingerprint: { hash: string; bands: number[] } | null;
  },
  max: number,
): Promise<{ id: number; state: PhotoRow["state"] } | null> {
  const bands = photo.fingerprint?.bands ?? [null, null, null, null];
  const row = await db
    .prepare(
      `INSERT INTO listing_images (listing_id, position, width, height, seed, photo_key, master_key, rotation, created_at,
                                   fingerprint, fp_band0, fp_band1, fp_band2, fp_band3, state)
       SELECT ?1, COALESCE(MAX(position) + 1, 0), ?2, ?3, 0, ?4, ?5, 0, ?6, ?8, ?9, ?10, ?11, ?12,
              CASE WHEN ${reviewedListing("?1")} THEN 'pending' ELSE 'public' END
         FROM listing_images WHERE listing_id = ?1
       HAVING COUNT(*) < ?7 AND EXISTS (SELECT 1 FROM listings WHERE id = ?1 AND deleted_at IS NULL)
       RETURNING id, state`,
    )
    .bind(
      photo.listingId,
      photo.width,
      photo.height,
      photo.photoKey,
      photo.masterKey,
      photo.now,
      max,
      photo.fingerprint?.hash ?? null,
      ...bands,
    )
    .first<{ id: number; state: PhotoRow["state"] }>();
  return row ?? null;
}

export async function countListingImages(db: Database, listingId: number): Promise<number> {
  const row = await db
    .prepare("SELECT COUNT(*) AS n FROM listing_images WHERE listing_id = ?")
    .bind(listingId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/**
 * Takes the photo for one rotation until `until` (decision 050): the row as it is now, or null when
 * another rotation holds it (or it is gone). One statement, so two rotations cannot both take it.
 */
export async function claimRotation(db: Database, imageId: number, now: number, until: number) {
  return db
    .prepare(
      `UPDATE listing_images SET rotating_until = ?3
        WHERE id = ?1 AND photo_key IS NOT NULL AND (rotating_until IS NULL OR rotating_until <= ?2)
       RETURNING photo_key, master_key, width, height, rotation`,
    )
    .bind(imageId, now, until)
    .first<{ photo_key: string; master_key: string; width: number; height: number; rotation: number }>();
}

/**
 * A rotated photo's new variants key, rotation and served size, and its hold released — only if its
 * variants are still `previousKey` (the photo was not deleted meanwhile): whether it was written.
 */
export async function updatePhotoRotation(
  db: Database,
  imageId: number,
  previousKey: string,
  photo: { photoKey: string; rotation: number; width: number; height: number },
): Promise<boolean> {
  const result = await db
    .prepare(
      `UPDATE listing_images SET photo_key = ?, rotation = ?, width = ?, height = ?, rotating_until = NULL
        WHERE id = ? AND photo_key = ?`,
    )
    .bind(photo.photoKey, photo.rotation, photo.width, photo.height, imageId, previousKey)
    .run();
  return result.meta.changes > 0;
}

/** Releases a rotation's hold on a photo whose rotation failed. */
export async function releaseRotation(db: Database, imageId: number): Promise<void> {
  await db.prepare("UPDATE listing_images SET rotating_until = NULL WHERE id = ?").bind(imageId).run();
}

/** A deleted photo as it was at the moment it went (a rotation may have changed its key since it was read). */
export interface DeletedPhoto {
  photo_key: string;
  master_key: string;
  width: number;
  height: number;
}

/** Deletes a photo: the row as deleted, or null when it was gone already. */
export async function deletePhoto(db: Database, imageId: number): Promise<DeletedPhoto | null> {
  return db
    .prepare(
      "DELETE FROM listing_images WHERE id = ? AND photo_key IS NOT NULL RETURNING photo_key, master_key, width, height",
    )
    .bind(imageId)
    .first<DeletedPhoto>();
}

/** Deletes every picture of a listing: the photos among them as deleted. */
export async function deleteListingPictures(db: Database, listingId: number): Promise<DeletedPhoto[]> {
  const { results } = await db
    .prepare("DELETE FROM listing_images WHERE listing_id = ? RETURNING photo_key, master_key, width, height")
    .bind(listingId)
    .all<DeletedPhoto | { photo_key: null }>();
  return results.filter((row): row is DeletedPhoto => row.photo_key !== null);
}

/**
 * Puts the listing's pictures in the order of `ids` (positions 0, 1, …; the first is the cover). Positions
 * are unique per listing, so they are first moved out of the way (negative), all in one transaction.
 */
export async function reorderPhotos(db: Database, listingId: number, ids: readonly number[]): Promise<void> {
  await db.batch([
    db.prepare("UPDATE listing_images SET position = -1 - position WHERE listing_id = ?").bind(listingId),
    ...ids.map((id, position) =>
      db
        .prepare("UPDATE listing_images SET position = ? WHERE id = ? AND listing_id = ?")
        .bind(position, id, listingId),
    ),
  ]);
}

/**
 * Photos of other listings that share a fingerprint band with one of `listingId`'s photos: the candidates
 * of the duplicate check (decision 036), which measures their distance. Only the owner's own listings
 * (not archived) and other owners' public ones count: a private listing of someone else is never named.
 */
export function photoFingerprintCandidates(db: Database, listingId: number, ownerId: number) {
  return db
    .prepare(
      `SELECT mine.id AS photo_id, mine.fingerprint AS mine, other.listing_id, other.fingerprint AS theirs,
              l.status, l.title, l.owner_id = ?2 AS own
         FROM listing_images mine
         JOIN listing_images other ON other.listing_id != mine.listing_id AND other.fingerprint IS NOT NULL
          AND (other.fp_band0 = mine.fp_band0 OR other.fp_band1 = mine.fp_band1
               OR other.fp_band2 = mine.fp_band2 OR other.fp_band3 = mine.fp_band3)
         JOIN listings l ON l.id = other.listing_id
        WHERE mine.listing_id = ?1 AND mine.fingerprint IS NOT NULL
          AND l.deleted_at IS NULL AND ((l.owner_id = ?2 AND l.status != 'archived') OR l.status = 'active')`,
    )
    .bind(listingId, ownerId)
    .all<{
      photo_id: number;
      mine: string;
      listing_id: number;
      theirs: string;
      status: ListingStatus;
      title: string | null;
      /** 1: the owner's own listing. */
      own: number;
    }>()
    .then((r) => r.results);
}

/** How many of a listing's pictures are uploaded photos with a fingerprint. */
export function fingerprintedPhotoCount(db: Database, listingId: number) {
  return db
    .prepare("SELECT COUNT(*) AS n FROM listing_images WHERE listing_id = ? AND fingerprint IS NOT NULL")
    .bind(listingId)
    .first<{ n: number }>()
    .then((r) => r?.n ?? 0);
}
