/**
 * The photos of a feed's listing to fetch into R2 (decision 101): the import sends one FEEDS message per
 * created or updated listing whose photo addresses changed; fetching them is the photos' consumer's.
 */

export interface FeedPhotosMessage {
  kind: "photos";
  listingId: number;
  urls: string[];
}

/** A queue's sendBatch takes at most 100 messages. */
const SEND_BATCH_MAX = 100;

export async function enqueueFeedPhotos(
  env: Pick<Env, "FEEDS">,
  items: { listingId: number; urls: string[] }[],
): Promise<void> {
  for (let i = 0; i < items.length; i += SEND_BATCH_MAX) {
    await env.FEEDS.sendBatch(
      items
        .slice(i, i + SEND_BATCH_MAX)
        .map(({ listingId, urls }) => ({ body: { kind: "photos", listingId, urls } satisfies FeedPhotosMessage })),
    );
  }
}
