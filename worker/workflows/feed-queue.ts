/**
 * The FEEDS queue (wrangler.toml, decisions 100 and 101). Its messages:
 * - a feed's check, `{feedId}` (kind `check`, or none), sent by the Cron Trigger for the feeds due and by
 *   `POST /api/agency/feeds` for a new one: `checkFeed` fetches, reads and stages its offers;
 * - a batch of a run's import, `{kind: "import", feedId, runId, validators}`, sent by the check and by each
 *   batch for the next: `importFeedBatch` writes at most FEED_IMPORT_BATCH staged offers;
 * - the archiving of a removed feed's listings, `{kind: "retire", feedId}`, sent when a manager removes it;
 * and, on the FEED_PHOTOS queue of their own (decision 108) with the same consumer:
 * - a listing's photos, `{kind: "photos", listingId, urls}` (feed-photos-message.ts), sent by an import batch
 *   for each listing whose photo list changed: `syncFeedPhotos` makes the listing's photos equal to it
 *   (decision 102);
 * - a retry of a listing's photos that failed, `{kind: "photos-retry", listingId}`, sent by its feed's check
 *   when one is due: `retryFeedPhotos` syncs the listing's list as its last sync left it (decision 108).
 * A message that throws (D1 unavailable) is retried by the queue (max_retries); what the feed itself did
 * wrong is the run's report, not an error.
 */
import { meterD1 } from "#worker/db/d1-meter.ts";
import { isDevelopment } from "#worker/http/environment.ts";
import { checkFeed } from "./feed-check.ts";
import { type FeedImportMessage, type FeedRetireMessage, importFeedBatch, retireFeedBatch } from "./feed-import.ts";
import type { FeedPhotosMessage, FeedPhotosRetryMessage } from "./feed-photos-message.ts";
import {
  isFeedPhotosMessage,
  isFeedPhotosRetryMessage,
  queueFeedPhotoRetries,
  retryFeedPhotos,
  syncFeedPhotos,
} from "./feed-photos.ts";

interface FeedCheckMessage {
  kind?: "check";
  feedId: number;
}

type FeedsMessage =
  FeedCheckMessage | FeedImportMessage | FeedRetireMessage | FeedPhotosMessage | FeedPhotosRetryMessage;

const isId = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) > 0;

function feedsMessage(body: unknown): FeedsMessage | null {
  if (typeof body !== "object" || body === null) return null;
  const m = body as Record<string, unknown>;
  if ((m.kind === undefined || m.kind === "check") && isId(m.feedId)) return body as FeedCheckMessage;
  if (m.kind === "import" && isId(m.feedId) && isId(m.runId) && typeof m.validators === "object" && m.validators) {
    return body as FeedImportMessage;
  }
  if (m.kind === "retire" && isId(m.feedId)) return body as FeedRetireMessage;
  if (isFeedPhotosMessage(body)) return body;
  if (isFeedPhotosRetryMessage(body)) return body;
  return null;
}

/** Queues a check of each feed (at most 100 ids: a queue's batch). */
export async function enqueueFeedChecks(env: Pick<Env, "FEEDS">, feedIds: number[]): Promise<void> {
  if (feedIds.length === 0) return;
  await env.FEEDS.sendBatch(feedIds.map((feedId) => ({ body: { feedId } satisfies FeedCheckMessage })));
}

/** Queues the archiving of a removed feed's listings. */
export async function enqueueFeedRetire(env: Pick<Env, "FEEDS">, feedId: number): Promise<void> {
  await env.FEEDS.send({ kind: "retire", feedId } satisfies FeedRetireMessage);
}

/** Queues a run's next import batch. */
const enqueueFeedImport = (env: Pick<Env, "FEEDS">) => async (message: FeedImportMessage) => {
  await env.FEEDS.send(message);
};

/**
 * In development each message's D1 use is metered (decision 091) and logged with it: `npm run bench:feed`
 * reads the statements, round trips, rows written and most parameters bound to one statement of every
 * message from these lines.
 */
async function consume(message: FeedsMessage, real: Env): Promise<string | null> {
  const metered = isDevelopment(real) ? meterD1(real.DB) : null;
  const env = metered ? { ...real, DB: metered.db } : real;
  const done = await handle(message, env);
  if (!metered || done === null) return done;
  const { statements, roundTrips, rowsWritten, mostBound } = metered.counts;
  return `${done} [d1: ${statements} statements, ${roundTrips} round trips, ${rowsWritten} rows written, ${mostBound} most bound]`;
}

async function handle(message: FeedsMessage, env: Env): Promise<string | null> {
  const now = Date.now();
  if (message.kind === "photos" || message.kind === "photos-retry") {
    const retry = message.kind === "photos-retry";
    const sync = retry ? await retryFeedPhotos(env, message.listingId, now) : await syncFeedPhotos(env, message, now);
    const kept = sync && `${sync.trusted + sync.unchanged} kept (${sync.unchanged} after a 304)`;
    const what = sync
      ? `${sync.fetched} fetched (${sync.waiting} for review), ${kept}, ${sync.failed} failed, ${sync.removed} removed`
      : retry
        ? "nothing due"
        : "listing gone";
    return `listing ${message.listingId} photos${retry ? " retried" : ""}: ${what}`;
  }
  if (message.kind === "retire") {
    const archived = await retireFeedBatch(env, message, now, (next) => enqueueFeedRetire(env, next.feedId));
    return `feed ${message.feedId} removed: ${archived} listings archived`;
  }
  if (message.kind === "import") {
    const batch = await importFeedBatch(env, message, now, enqueueFeedImport(env));
    return `feed ${message.feedId} run ${message.runId}: ${batch ? `${batch.written} written${batch.done ? ", done" : ""}` : "no longer importing"}`;
  }
  const run = await checkFeed(env, message.feedId, now, enqueueFeedImport(env));
  if (!run) return `feed ${message.feedId}: removed, not checked`;
  // Whatever the feed did, its listings' failed photos that are due are tried again (decision 108).
  const retried = await queueFeedPhotoRetries(env, message.feedId, now);
  const counts = `${run.offersRead} offers read, ${run.offersValid} valid, ${run.refusalsCount} refused`;
  const retries = retried ? `, ${retried} listings' photos retried` : "";
  return `feed ${message.feedId}: ${run.outcome}, ${counts}${retries}${run.staged ? ", importing" : ""}`;
}

/** The consumer: each message handled in turn, acknowledged or retried on its own. */
export async function consumeFeedChecks(batch: MessageBatch, env: Env): Promise<void> {
  for (const message of batch.messages) {
    const body = feedsMessage(message.body);
    if (!body) {
      console.error(`feeds queue: no such message, dropped: ${JSON.stringify(message.body)?.slice(0, 200)}`);
      message.ack();
      continue;
    }
    try {
      const done = await consume(body, env);
      if (done) console.log(done);
      message.ack();
    } catch (error) {
      console.error(`feeds queue: ${body.kind ?? "check"} failed (attempt ${message.attempts}):`, error);
      message.retry();
    }
  }
}
