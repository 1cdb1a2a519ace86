/**
 * Agencies' listing photos fetched from their feeds (migration 0050, decision 102): the listing's pictures
 * with the address each photo came from and its validators, the photos written and replaced in place, and
 * the problems of the photos that could not be fetched, as the agency's cabinet lists them.
 */
import type { Database } from "#worker/app-env.ts";
import type { Locale } from "#shared/locales.ts";
import { FEED_PHOTO_RETRY_AFTER_H, FEED_PHOTO_TRIES } from "#shared/feed-limits.ts";
import { type DeletedPhoto, type PhotoRow, reviewedListing } from "./images.ts";
import type { TitleRow } from "./listing-titles.ts";

/** A picture of the listing; `source_url` null: an owner's upload or an illustration. */
export interface SourcedPicture {
  id: number;
  position: number;
  photo_key: string | null;
  master_key: string | null;
  width: number;
  height: number;
  source_url: string | null;
  source_etag: string | null;
  source_last_modified: string | null;
  source_checked_at: number | null;
}

/** The listing whose photos are synced: null when there is none or it was deleted (its photos went with it). */
export function syncedListing(db: Database, listingId: number) {
  return db
    .prepare("SELECT id, agency_id FROM listings WHERE id = ? AND deleted_at IS NULL")
    .bind(listingId)
    .first<{ id: number; agency_id: number | null }>();
}

export async function sourcedPictures(db: Database, listingId: number): Promise<SourcedPicture[]> {
  const { results } = await db
    .prepare(
      `SELECT id, position, photo_key, master_key, width, height, source_url, source_etag, source_last_modified,
              source_checked_at
         FROM listing_images WHERE listing_id = ? ORDER BY position`,
    )
    .bind(listingId)
    .all<SourcedPicture>();
  return results;
}

/** Deletes the listing's pictures `ids`: the photos among them as deleted (their objects are the caller's). */
export async function deletePictures(db: Database, listingId: number, ids: number[]): Promise<DeletedPhoto[]> {
  if (ids.length === 0) return [];
  const { results } = await db
    .prepare(
      `DELETE FROM listing_images WHERE listing_id = ? AND id IN (SELECT value FROM json_each(?))
       RETURNING photo_key, master_key, width, height`,
    )
    .bind(listingId, JSON.stringify(ids))
    .all<DeletedPhoto | { photo_key: null }>();
  return results.filter((row): row is DeletedPhoto => row.photo_key !== null);
}

/** A photo as stored in R2 (photo-store.ts `storePhoto`), with where it came from. */
export interface FetchedPhoto {
  photoKey: string;
  masterKey: string;
  width: number;
  height: number;
  fingerprint: { hash: string; bands: number[] } | null;
  url: string;
  etag: string | null;
  lastModified: string | null;
}

const bandsOf = (photo: FetchedPhoto) => photo.fingerprint?.bands ?? [null, null, null, null];

/**
 * Adds a fetched photo at `position` (its place in the feed's list), or after the last picture when another
 * holds that place (the sync sets the order afterwards when the list and the pictures differ): its id,
 * position and state, or null when the listing has the photo of this address already (another sync of it
 * wrote it meanwhile) or was deleted. A photo added to an approved listing waits for a moderator as an
 * owner's does (decisions 053 and 111).
 */
export async function insertFetchedPhoto(
  db: Database,
  listingId: number,
  photo: FetchedPhoto,
  position: number,
  now: number,
): Promise<{ id: number; position: number; state: PhotoRow["state"] } | null> {
  return db
    .prepare(
      `INSERT INTO listing_images (listing_id, position, width, height, seed, photo_key, master_key, rotation,
                                   created_at, fingerprint, fp_band0, fp_band1, fp_band2, fp_band3, state,
                                   source_url, source_etag, source_last_modified, source_checked_at)
       SELECT ?1, CASE WHEN EXISTS (SELECT 1 FROM listing_images WHERE listing_id = ?1 AND position = ?15)
                  THEN (SELECT MAX(position) + 1 FROM listing_images WHERE listing_id = ?1) ELSE ?15 END, ?2, ?3, 0,
              ?4, ?5, 0, ?6, ?7, ?8, ?9, ?10, ?11, CASE WHEN ${reviewedListing("?1")} THEN 'pending' ELSE 'public' END,
              ?12, ?13, ?14, ?6
        WHERE EXISTS (SELECT 1 FROM listings WHERE id = ?1 AND deleted_at IS NULL)
       ON CONFLICT DO NOTHING
       RETURNING id, position, state`,
    )
    .bind(
      listingId,
      photo.width,
      photo.height,
      photo.photoKey,
      photo.masterKey,
      now,
      photo.fingerprint?.hash ?? null,
      ...bandsOf(photo),
      photo.url,
      photo.etag,
      photo.lastModified,
      position,
    )
    .first<{ id: number; position: number; state: PhotoRow["state"] }>();
}

/**
 * Puts a changed photo (a new answer at the same address) in place of picture `id`, keeping its position,
 * if it still holds the variants `previousKey`: its state, or null when it was not written. Rotation starts
 * again at 0: the owner's turn was of the old pixels. On an approved listing the new pixels are a new photo:
 * the old ones leave the public at once, and the new ones wait for a moderator (decision 111).
 */
export async function replaceFetchedPhoto(
  db: Database,
  id: number,
  previousKey: string,
  photo: FetchedPhoto,
  now: number,
): Promise<PhotoRow["state"] | null> {
  const row = await db
    .prepare(
      `UPDATE listing_images SET photo_key = ?3, master_key = ?4, width = ?5, height = ?6, rotation = 0,
              fingerprint = ?7, fp_band0 = ?8, fp_band1 = ?9, fp_band2 = ?10, fp_band3 = ?11,
              source_etag = ?12, source_last_modified = ?13, source_checked_at = ?14,
              state = CASE WHEN ${reviewedListing("listing_images.listing_id")} THEN 'pending' ELSE state END
        WHERE id = ?1 AND photo_key = ?2
       RETURNING state`,
    )
    .bind(
      id,
      previousKey,
      photo.photoKey,
      photo.masterKey,
      photo.width,
      photo.height,
      photo.fingerprint?.hash ?? null,
      ...bandsOf(photo),
      photo.etag,
      photo.lastModified,
      now,
    )
    .first<{ state: PhotoRow["state"] }>();
  return row?.state ?? null;
}

/** Records that the photos `ids` were found unchanged at `now` (their servers answered 304). */
export async function markPhotosChecked(db: Database, ids: number[], now: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .prepare("UPDATE listing_images SET source_checked_at = ? WHERE id IN (SELECT value FROM json_each(?))")
    .bind(now, JSON.stringify(ids))
    .run();
}

export interface PhotoProblem {
  url: string;
  code: string;
  args: Record<string, string | number>;
  /** The photo's place in its listing's list (0: the cover). */
  position?: number;
}

/**
 * The waits before a photo that failed is tried again, in ms, by the number of tries failed so far (index
 * 0: after the first): FEED_PHOTO_RETRY_AFTER_H, then daily, FEED_PHOTO_TRIES − 1 of them; past the end
 * json_extract gives NULL, and the photo is not tried again by itself (decision 108).
 */
const RETRY_WAITS_MS = JSON.stringify(
  Array.from({ length: FEED_PHOTO_TRIES - 1 }, (_, i) => (FEED_PHOTO_RETRY_AFTER_H[i] ?? 24) * 3600 * 1000),
);

/**
 * The listing's photo problems after a sync, in one batch: `problems` recorded (a newer try replaces an
 * older one, counting the tries and setting when the next may be made), and every other address's problem
 * dropped — it was fetched, or it left the list.
 */
export async function recordPhotoProblems(
  db: Database,
  listing: { id: number; agency_id: number | null },
  problems: PhotoProblem[],
  now: number,
): Promise<void> {
  await db.batch([
    db
      .prepare(
        "DELETE FROM listing_photo_problems WHERE listing_id = ? AND url NOT IN (SELECT value FROM json_each(?))",
      )
      .bind(listing.id, JSON.stringify(problems.map((p) => p.url))),
    ...problems.map((p) =>
      db
        .prepare(
          `INSERT INTO listing_photo_problems (listing_id, url, agency_id, code, args, tried_at, position, tries,
                                              next_try_at)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 1, ?6 + json_extract(?8, '$[0]'))
           ON CONFLICT (listing_id, url) DO UPDATE SET agency_id = excluded.agency_id, code = excluded.code,
             args = excluded.args, tried_at = excluded.tried_at, position = excluded.position,
             tries = listing_photo_problems.tries + 1,
             next_try_at = excluded.tried_at + json_extract(?8, '$[' || listing_photo_problems.tries || ']')`,
        )
        .bind(
          listing.id,
          p.url,
          listing.agency_id,
          p.code,
          JSON.stringify(p.args),
          now,
          p.position ?? null,
          RETRY_WAITS_MS,
        ),
    ),
  ]);
}

export interface PhotoProblemRow extends TitleRow {
  listing_id: number;
  url: string;
  code: string;
  /** JSON object. */
  args: string;
  tried_at: number;
  tries: number;
  /** When it may be tried again; null: not by itself, only when the feed changes the listing's photos. */
  next_try_at: number | null;
}

/**
 * The agency's listings' photos that could not be fetched, the latest tries first: at most `limit`, and the
 * count of all. Listings deleted, or no longer the agency's, are left out.
 */
export async function agencyPhotoProblems(db: Database, agencyId: number, limit: number, locale: Locale) {
  const scope = `FROM listing_photo_problems p JOIN listings l ON l.id = p.listing_id
    WHERE p.agency_id = ?1 AND l.agency_id = ?1 AND l.deleted_at IS NULL`;
  const [rows, count] = await db.batch<PhotoProblemRow | { n: number }>([
    db
      // The listing's title facts, its place named in the reader's language (a known column, never user text).
      .prepare(
        `SELECT p.listing_id, l.title, l.title_generated, l.lang, l.deal, l.property_type, l.rooms, l.area,
           l.land_area, (SELECT name_${locale} FROM cities WHERE id = l.city_id) AS city_name,
           (SELECT name_${locale} FROM districts WHERE id = l.district_id) AS district_name,
           p.url, p.code, p.args, p.tried_at, p.tries, p.next_try_at ${scope}
         ORDER BY p.tried_at DESC, p.url LIMIT ?2`,
      )
      .bind(agencyId, limit),
    db.prepare(`SELECT COUNT(*) AS n ${scope}`).bind(agencyId),
  ]);
  return {
    items: rows!.results as PhotoProblemRow[],
    count: (count!.results[0] as { n: number } | undefined)?.n ?? 0,
  };
}

/**
 * The listings of live feed `feedId` with a photo problem due for another try at `now` (decision 108): at
 * most `limit`, read by the agency's due index.
 */
export async function listingsWithDuePhotos(
  db: Database,
  feedId: number,
  now: number,
  limit: number,
): Promise<number[]> {
  const { results } = await db
    .prepare(
      `SELECT DISTINCT p.listing_id FROM agency_feeds f
         JOIN listing_photo_problems p ON p.agency_id = f.agency_id AND p.next_try_at IS NOT NULL
                                     AND p.next_try_at <= ?2
         JOIN feed_listings fl ON fl.listing_id = p.listing_id AND fl.feed_id = f.id
         JOIN listings l ON l.id = p.listing_id AND l.deleted_at IS NULL
        WHERE f.id = ?1 AND f.disabled_at IS NULL
        LIMIT ?3`,
    )
    .bind(feedId, now, limit)
    .all<{ listing_id: number }>();
  return results.map((row) => row.listing_id);
}

/**
 * A feed listing's photo list as its last sync left it: the addresses of the photos it holds, in order, and
 * those of its problems at their places; and whether a problem is due for another try at `now`.
 */
export async function feedPhotoList(
  db: Database,
  listingId: number,
  now: number,
): Promise<{ urls: string[]; due: boolean }> {
  const [held, problems] = await db.batch<{ url: string; position: number | null; next_try_at: number | null }>([
    db
      .prepare(
        `SELECT source_url AS url, position, NULL AS next_try_at FROM listing_images
          WHERE listing_id = ? AND source_url IS NOT NULL ORDER BY position`,
      )
      .bind(listingId),
    db
      .prepare(
        `SELECT url, position, next_try_at FROM listing_photo_problems WHERE listing_id = ?
          ORDER BY position IS NULL, position, url`,
      )
      .bind(listingId),
  ]);
  const kept = held!.results.map((row) => row.url);
  const keptSet = new Set(kept);
  // A problem whose address still has an earlier copy is in the list already, at that copy's place.
  const placed = problems!.results.filter((p) => !keptSet.has(p.url));
  const fixed = placed.filter((p) => p.position !== null);
  const rest = [...kept, ...placed.filter((p) => p.position === null).map((p) => p.url)];
  const urls: string[] = [];
  let f = 0;
  let r = 0;
  while (f < fixed.length || r < rest.length) {
    if (f < fixed.length && (fixed[f]!.position! <= urls.length || r >= rest.length)) urls.push(fixed[f++]!.url);
    else urls.push(rest[r++]!);
  }
  const due = problems!.results.some((p) => p.next_try_at !== null && p.next_try_at <= now);
  return { urls, due };
}
