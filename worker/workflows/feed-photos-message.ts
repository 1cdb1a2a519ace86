/**
 * The FEED_PHOTOS queue's message asking for a listing's photos to be made equal to its feed's list (decision
 * 102; their own queue since decision 108): sent by the import for each listing it created or updated whose photo list changed, consumed by
 * `syncFeedPhotos` (feed-photos.ts). `urls` are https, in the feed's order (the first is the cover), at most
 * PHOTOS_PER_LISTING, none repeated.
 */
export interface FeedPhotosMessage {
  kind: "photos";
  listingId: number;
  urls: string[];
}

/**
 * The FEED_PHOTOS queue's message asking for a feed listing's failed photos to be tried again (decision 108): sent
 * by its feed's check when a problem is due, consumed by `retryFeedPhotos` (feed-photos.ts), which reads the
 * listing's list when it handles it.
 */
export interface FeedPhotosRetryMessage {
  kind: "photos-retry";
  listingId: number;
}

/** A queue's `sendBatch` takes at most 100 messages and 256 KB: batches are cut below both. */
const BATCH_MESSAGES = 100;
const BATCH_BYTES = 192 * 1024;

/** Queues one message per listing, in as few batches as the queue's limits allow. */
export async function enqueueFeedPhotos(
  env: Pick<Env, "FEED_PHOTOS">,
  items: { listingId: number; urls: string[] }[],
): Promise<void> {
  let batch: { body: FeedPhotosMessage }[] = [];
  let bytes = 0;
  for (const { listingId, urls } of items) {
    const body: FeedPhotosMessage = { kind: "photos", listingId, urls };
    // URLs are ASCII once parsed, so characters are bytes; the rest is the envelope's allowance.
    const size = JSON.stringify(body).length + 100;
    if (batch.length === BATCH_MESSAGES || (batch.length > 0 && bytes + size > BATCH_BYTES)) {
      await env.FEED_PHOTOS.sendBatch(batch);
      batch = [];
      bytes = 0;
    }
    batch.push({ body });
    bytes += size;
  }
  if (batch.length > 0) await env.FEED_PHOTOS.sendBatch(batch);
}

/** Queues one retry message per listing, at most 100 a `sendBatch`. */
export async function enqueueFeedPhotoRetries(env: Pick<Env, "FEED_PHOTOS">, listingIds: number[]): Promise<void> {
  for (let i = 0; i < listingIds.length; i += BATCH_MESSAGES) {
    await env.FEED_PHOTOS.sendBatch(
      listingIds
        .slice(i, i + BATCH_MESSAGES)
        .map((listingId) => ({ body: { kind: "photos-retry", listingId } satisfies FeedPhotosRetryMessage })),
    );
  }
}
