/**
 * The FEEDS queue (wrangler.toml, decision 100): one message per feed check, sent by the Cron Trigger for the
 * feeds due and by `POST /api/agency/feeds` for a new one; its consumer runs `checkFeed` for each. A check
 * that throws (D1 unavailable) is retried by the queue (max_retries); what the feed itself did wrong is the
 * run's report, not an error. A `photos` message (decision 102) has a listing's photos made equal to its
 * feed's list by `syncFeedPhotos`, on the same terms.
 */
import { checkFeed } from "./feed-check.ts";
import { isFeedPhotosMessage, syncFeedPhotos } from "./feed-photos.ts";

interface FeedCheckMessage {
  feedId: number;
}

const isFeedCheck = (body: unknown): body is FeedCheckMessage =>
  typeof body === "object" &&
  body !== null &&
  Number.isSafeInteger((body as FeedCheckMessage).feedId) &&
  (body as FeedCheckMessage).feedId > 0;

/** Queues a check of each feed (at most 100 ids: a queue's batch). */
export async function enqueueFeedChecks(env: Pick<Env, "FEEDS">, feedIds: number[]): Promise<void> {
  if (feedIds.length === 0) return;
  await env.FEEDS.sendBatch(feedIds.map((feedId) => ({ body: { feedId } satisfies FeedCheckMessage })));
}

/** The consumer: each message's feed checked in turn, acknowledged or retried on its own. */
export async function consumeFeedChecks(batch: MessageBatch, env: Env): Promise<void> {
  for (const message of batch.messages) {
    if (isFeedPhotosMessage(message.body)) {
      const { listingId } = message.body;
      try {
        const sync = await syncFeedPhotos(env, message.body, Date.now());
        console.log(
          `listing ${listingId} photos: ${sync ? `${sync.fetched} fetched, ${sync.trusted + sync.unchanged} kept (${sync.unchanged} after a 304), ${sync.failed} failed, ${sync.removed} removed` : "listing gone"}`,
        );
        message.ack();
      } catch (error) {
        console.error(`listing ${listingId} photos failed (attempt ${message.attempts}):`, error);
        message.retry();
      }
      continue;
    }
    if (!isFeedCheck(message.body)) {
      console.error(`feeds queue: not a feed check, dropped: ${JSON.stringify(message.body)?.slice(0, 200)}`);
      message.ack();
      continue;
    }
    try {
      const run = await checkFeed(env, message.body.feedId, Date.now());
      console.log(
        `feed ${message.body.feedId}: ${run ? `${run.outcome}, ${run.offersRead} offers read, ${run.offersValid} valid, ${run.refusalsCount} refused` : "removed, not checked"}`,
      );
      message.ack();
    } catch (error) {
      console.error(`feed ${message.body.feedId} check failed (attempt ${message.attempts}):`, error);
      message.retry();
    }
  }
}
