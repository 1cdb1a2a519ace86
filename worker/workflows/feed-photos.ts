/**
 * An agency's listing photos kept equal to its feed's list (decision 102), one FEED_PHOTOS queue message per
 * listing (feed-photos-message.ts). Each photo goes through the owners' pipeline (photo-admission.ts,
 * photo-store.ts: the type by its bytes, the size limits, a master and WebP variants with no metadata, the
 * fingerprint). With the Images binding, FETCHES_AT_ONCE photos are fetched and made at a time: a listing's
 * sync waits on the agency's server and the service, not on the isolate, and holds at most that many
 * photos' bytes. The isolate's own codecs (no binding) take one at a time: one decoding is most of 128 MB.
 *
 * A photo is not fetched again while it is unchanged: within FEED_PHOTO_RECHECK_H of its last check the
 * address alone is trusted (no request at all); after that it is asked conditionally with its ETag and
 * Last-Modified, and a 304 keeps it. A photo the list drops is deleted with its objects, as an owner's
 * deletion does; pictures the feed did not give (an upload, an illustration) go too: the feed is the list.
 * A photo that cannot be fetched (refused address, error status, not an image, too large, too slow) is
 * recorded as the listing's photo problem for the agency's cabinet and the others go on; a copy fetched
 * earlier stays until the feed drops the address. A problem is tried again with a backoff at its feed's
 * checks (`queueFeedPhotoRetries`, `retryFeedPhotos`; decision 108), not only when the list changes.
 */
import { FEED_PHOTO_RECHECK_H, PHOTO_MAX_PIXELS, PHOTOS_PER_LISTING } from "#shared/constants.ts";
import { FEED_PHOTO_RETRY_LISTINGS } from "#shared/feed-limits.ts";
import { dnsOverHttps, resolvingOnce, type ResolveHost } from "#worker/adapters/guarded-fetch.ts";
import { fetchPhoto, type PhotoFetchProblem } from "#worker/adapters/photo-source.ts";
import type { Database } from "#worker/app-env.ts";
import { config, type ConfigSource } from "#worker/config.ts";
import {
  deletePictures,
  feedPhotoList,
  type FetchedPhoto,
  insertFetchedPhoto,
  listingsWithDuePhotos,
  markPhotosChecked,
  type PhotoProblem,
  recordPhotoProblems,
  replaceFetchedPhoto,
  type SourcedPicture,
  sourcedPictures,
  syncedListing,
} from "#worker/db/feed-photos.ts";
import { reorderPhotos } from "#worker/db/images.ts";
import { pruneRevision, submitRevisionPhotos } from "#worker/db/listing-revisions.ts";
import { siteOrigin } from "#worker/http/site-origin.ts";
import { enqueueFeedPhotoRetries, type FeedPhotosMessage, type FeedPhotosRetryMessage } from "./feed-photos-message.ts";
import { admitPhoto, type PhotoRefusal } from "./photo-admission.ts";
import { type PhotoBindings, photoObjects, removePhotoObjects, storePhoto } from "./photo-store.ts";

export type FeedPhotosEnv = { DB: Database } & PhotoBindings & ConfigSource;

/** For tests: how photos are fetched and host names resolved, and the deadline of one photo. */
export interface FeedPhotosOptions {
  fetcher?: typeof fetch;
  resolve?: ResolveHost;
  timeoutMs?: number;
}

/**
 * What one sync did: photos fetched and stored (`waiting` of them for a moderator), kept without a request,
 * kept after a 304, failed, removed.
 */
export interface FeedPhotosSync {
  fetched: number;
  waiting: number;
  trusted: number;
  unchanged: number;
  failed: number;
  removed: number;
}

const RECHECK_MS = FEED_PHOTO_RECHECK_H * 3600 * 1000;

/**
 * Photos of one listing fetched and made at once with the Images binding (decision 111): a listing's ten
 * photos take four waits instead of ten, and an agency's server sees no more than a browser's few
 * connections.
 */
const FETCHES_AT_ONCE = 3;

/**
 * Runs `work` on each item, at most `limit` at a time. Every started item is finished before the first
 * failure is thrown, so nothing is left half done behind the invocation's end.
 */
async function eachAtMost<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const failures: unknown[] = [];
  const lane = async () => {
    while (next < items.length && !failures.length) {
      try {
        await work(items[next++]!);
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failures.length) throw failures[0];
}

/** A message on the FEED_PHOTOS queue that asks for a listing's failed photos to be tried again. */
export function isFeedPhotosRetryMessage(body: unknown): body is FeedPhotosRetryMessage {
  const m = body as FeedPhotosRetryMessage | null;
  return (
    typeof m === "object" &&
    m !== null &&
    m.kind === "photos-retry" &&
    Number.isSafeInteger(m.listingId) &&
    m.listingId > 0
  );
}

/** A message on the FEED_PHOTOS queue that asks for a listing's photos. */
export function isFeedPhotosMessage(body: unknown): body is FeedPhotosMessage {
  const m = body as FeedPhotosMessage | null;
  return (
    typeof m === "object" &&
    m !== null &&
    m.kind === "photos" &&
    Number.isSafeInteger(m.listingId) &&
    m.listingId > 0 &&
    Array.isArray(m.urls) &&
    m.urls.every((url) => typeof url === "string")
  );
}

const problemOf = (url: string, problem: PhotoFetchProblem): PhotoProblem => {
  const { code, ...args } = problem;
  return { url, code, args };
};

/** Why the pipeline refused the bytes (photo-admission.ts), as the cabinet tells it. */
function refusalProblem(url: string, refusal: PhotoRefusal): PhotoProblem {
  switch (refusal.code) {
    case "unsupported_photo_type":
      return { url, code: "not_image", args: {} };
    case "photo_too_many_pixels":
      return { url, code: "too_many_pixels", args: { max: Math.round(PHOTO_MAX_PIXELS / 1e5) / 10 } };
    case "photo_too_heavy":
      return { url, code: "too_heavy", args: {} };
    default:
      return { url, code: "unreadable", args: {} };
  }
}

/**
 * Makes listing `message.listingId`'s photos the photos at `message.urls`, in that order (the first is the
 * cover). Null when the listing is gone. Throws only when D1, R2 or the Images service fails (the queue
 * retries the message); what a photo's server does wrong is a problem recorded, not an error.
 */
export async function syncFeedPhotos(
  env: FeedPhotosEnv,
  message: Pick<FeedPhotosMessage, "listingId" | "urls">,
  now: number,
  options: FeedPhotosOptions = {},
): Promise<FeedPhotosSync | null> {
  const listing = await syncedListing(env.DB, message.listingId);
  if (!listing) return null;
  // The sender promises these; a message is still never trusted for more than a listing may hold.
  const urls = [...new Set(message.urls)].slice(0, PHOTOS_PER_LISTING);
  const wanted = new Set(urls);
  const development = config(env).ENVIRONMENT === "development";
  const origin = siteOrigin(env);
  const bindings: PhotoBindings = env;
  const fetchOptions = {
    allowPrivateAddresses: development,
    resolve: resolvingOnce(options.resolve ?? dnsOverHttps(options.fetcher)),
    userAgent: `Kvadrat real estate feed reader (${config(env).SITE_ORIGIN ?? "development"})`,
    timeoutMs: options.timeoutMs,
    fetcher: options.fetcher,
  };
  const removeObjects = (objects: string[]) =>
    origin ? removePhotoObjects(env.PHOTOS, origin, objects) : env.PHOTOS.delete(objects);
  const sync: FeedPhotosSync = { fetched: 0, waiting: 0, trusted: 0, unchanged: 0, failed: 0, removed: 0 };

  const pictures = await sourcedPictures(env.DB, listing.id);
  const bySource = new Map<string, SourcedPicture>();
  for (const picture of pictures) {
    if (picture.source_url && picture.photo_key) bySource.set(picture.source_url, picture);
  }
  // What the list no longer holds goes first: the listing never holds more than PHOTOS_PER_LISTING.
  const dropped = pictures.filter((p) => !p.source_url || !p.photo_key || !wanted.has(p.source_url));
  const deleted = await deletePictures(
    env.DB,
    listing.id,
    dropped.map((p) => p.id),
  );
  if (deleted.length) await removeObjects(deleted.flatMap(photoObjects));
  sync.removed = dropped.length;

  const problems: PhotoProblem[] = [];
  const checked: number[] = [];
  /** The picture id of each address stored, for the order. */
  const ids = new Map<string, number>();
  /** The pictures added, at the positions they were written at. */
  const added: { id: number; position: number }[] = [];
  let raced = false;
  for (const url of urls) {
    const kept = bySource.get(url);
    if (kept) ids.set(url, kept.id);
  }
  const due = urls.filter((url) => {
    const kept = bySource.get(url);
    return !kept || now - (kept.source_checked_at ?? 0) >= RECHECK_MS;
  });
  sync.trusted = urls.length - due.length;
  await eachAtMost(due, bindings.IMAGES ? FETCHES_AT_ONCE : 1, async (url) => {
    const kept = bySource.get(url);
    const answer = await fetchPhoto(url, {
      ...fetchOptions,
      previous: kept ? { etag: kept.source_etag, lastModified: kept.source_last_modified } : null,
    });
    if (answer.outcome === "unchanged") {
      sync.unchanged++;
      checked.push(kept!.id);
      return;
    }
    if (answer.outcome === "failed") {
      sync.failed++;
      problems.push(problemOf(url, answer.problem));
      return;
    }
    const admitted = admitPhoto(answer.bytes, bindings);
    if ("refusal" in admitted) {
      sync.failed++;
      problems.push(refusalProblem(url, admitted.refusal));
      return;
    }
    const stored = await storePhoto(bindings, answer.bytes, admitted.photo);
    if (!stored) {
      sync.failed++;
      problems.push({ url, code: "unreadable", args: {} });
      return;
    }
    const photo: FetchedPhoto = { ...stored, url, etag: answer.etag, lastModified: answer.lastModified };
    if (kept) {
      const state = await replaceFetchedPhoto(env.DB, kept.id, kept.photo_key!, photo, now);
      if (state) {
        sync.fetched++;
        if (state === "pending") sync.waiting++;
        await removeObjects(photoObjects({ ...kept, master_key: kept.master_key!, photo_key: kept.photo_key! }));
        return;
      }
    } else {
      const inserted = await insertFetchedPhoto(env.DB, listing.id, photo, urls.indexOf(url), now);
      if (inserted) {
        sync.fetched++;
        if (inserted.state === "pending") sync.waiting++;
        ids.set(url, inserted.id);
        added.push(inserted);
        return;
      }
    }
    // Another sync of the listing wrote this address (or an owner turned the photo) meanwhile, or the
    // listing was deleted: this copy is nobody's.
    await env.PHOTOS.delete([stored.masterKey, ...stored.objects]);
    raced = true;
  });
  await markPhotosChecked(env.DB, checked, now);

  // New photos were written at their places in the list, kept ones are where they were: positions are made
  // 0, 1, … in the list's order unless they are so already (a photo failed, the list changed its order).
  if (raced) {
    // Someone else wrote pictures meanwhile: the order is made of the pictures as they are now, every one
    // placed (reorderPhotos leaves out none), the list's first.
    const fresh = await sourcedPictures(env.DB, listing.id);
    const rank = (p: SourcedPicture) =>
      p.source_url && wanted.has(p.source_url) ? urls.indexOf(p.source_url) : urls.length;
    const order = fresh.sort((a, b) => rank(a) - rank(b) || a.position - b.position).map((p) => p.id);
    if (order.length) await reorderPhotos(env.DB, listing.id, order);
  } else {
    const order = urls.flatMap((url) => (ids.has(url) ? [ids.get(url)!] : []));
    const positions = new Map(pictures.filter((p) => !dropped.includes(p)).map((p) => [p.id, p.position]));
    for (const { id, position } of added) positions.set(id, position);
    if (positions.size !== order.length || order.some((id, i) => positions.get(id) !== i)) {
      await reorderPhotos(env.DB, listing.id, order);
    }
  }
  for (const problem of problems) problem.position = urls.indexOf(problem.url);
  problems.sort((a, b) => a.position! - b.position!);
  await recordPhotoProblems(env.DB, listing, problems, now);
  // New pixels on an approved listing wait for a moderator in its revision; a photo that waited and is
  // dropped may leave a revision with nothing in it.
  if (sync.waiting) await submitRevisionPhotos(env.DB, listing.id, now);
  else if (deleted.length) await pruneRevision(env.DB, listing.id);
  return sync;
}

/**
 * Tries a feed listing's failed photos again (decision 108): its list rebuilt from what the last sync left
 * (the photos held and the problems at their places) and synced, when a problem of it is due at `now`. A
 * message is read when it is handled, so one queued before a newer list's sync syncs that newer list, never
 * an older one. Null when nothing was due (tried meanwhile) or the listing is gone.
 */
export async function retryFeedPhotos(
  env: FeedPhotosEnv,
  listingId: number,
  now: number,
  options: FeedPhotosOptions = {},
): Promise<FeedPhotosSync | null> {
  const { urls, due } = await feedPhotoList(env.DB, listingId, now);
  if (!due) return null;
  return syncFeedPhotos(env, { listingId, urls }, now, options);
}

/**
 * Queues a retry of the photos of each listing of feed `feedId` with a photo problem due at `now`, at most
 * FEED_PHOTO_RETRY_LISTINGS (the rest at its next check): how many were queued.
 */
export async function queueFeedPhotoRetries(
  env: { DB: Database } & Pick<Env, "FEED_PHOTOS">,
  feedId: number,
  now: number,
): Promise<number> {
  const listingIds = await listingsWithDuePhotos(env.DB, feedId, now, FEED_PHOTO_RETRY_LISTINGS);
  await enqueueFeedPhotoRetries(env, listingIds);
  return listingIds.length;
}
