/**
 * The FEEDS queue (wrangler.toml, decisions 100 and 101). Its messages:
 * - a feed's check, `{feedId}` (kind `check`, or none), sent by the Cron Trigger for the feeds due and by
 *   `POST /api/agency/feeds` for a new one: `checkFeed` fetches, reads and stages its offers;
 * - a batch of a run's import, `{kind: "import", feedId, runId, validators}`, sent by the check and by each
 *   batch for the next: `importFeedBatch` writes at most FEED_IMPORT_BATCH staged offers;
 * - a listing's photos to fetch, `{kind: "photos", …}` (feed-photos-message.ts).
 * A message that throws (D1 unavailable) is retried by the queue (max_retries); what the feed itself did
 * wrong is the run's report, not an error.
 */
import { checkFeed } from "./feed-check.ts";
import { type FeedImportMessage, importFeedBatch } from "./feed-import.ts";
import type { FeedPhotosMessage } from "./feed-photos-message.ts";

interface FeedCheckMessage {
  kind?: "check";
  feedId: number;
}

type FeedsMessage = FeedCheckMessage | FeedImportMessage | FeedPhotosMessage;

const isId = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) > 0;

function feedsMessage(body: unknown): FeedsMessage | null {
  if (typeof body !== "object" || body === null) return null;
  const m = body as Record<string, unknown>;
  if ((m.kind === undefined || m.kind === "check") && isId(m.feedId)) return body as FeedCheckMessage;
  if (m.kind === "import" && isId(m.feedId) && isId(m.runId) && typeof m.validators === "object" && m.validators) {
    return body as FeedImportMessage;
  }
  if (m.kind === "photos" && isId(m.listingId) && Array.isArray(m.urls)) return body as FeedPhotosMessage;
  return null;
}

/** Queues a check of each feed (at most 100 ids: a queue's batch). */
export async function enqueueFeedChecks(env: Pick<Env, "FEEDS">, feedIds: number[]): Promise<void> {
  if (feedIds.length === 0) return;
  await env.FEEDS.sendBatch(feedIds.map((feedId) => ({ body: { feedId } satisfies FeedCheckMessage })));
}

/** Queues a run's next import batch. */
export const enqueueFeedImport = (env: Pick<Env, "FEEDS">) => async (message: FeedImportMessage) => {
  await env.FEEDS.send(message);
};

async function consume(message: FeedsMessage, env: Env): Promise<string> {
  const now = Date.now();
  if (message.kind === "photos") {
    return `photos of listing ${message.listingId}: not fetched here`;
  }
  if (message.kind === "import") {
    const batch = await importFeedBatch(env, message, now, enqueueFeedImport(env));
    return `feed ${message.feedId} run ${message.runId}: ${batch ? `${batch.written} written${batch.done ? ", done" : ""}` : "no longer importing"}`;
  }
  const run = await checkFeed(env, message.feedId, now, enqueueFeedImport(env));
  return `feed ${message.feedId}: ${run ? `${run.outcome}, ${run.offersRead} offers read, ${run.offersValid} valid, ${run.refusalsCount} refused` : "removed, not checked"}`;
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
      console.log(await consume(body, env));
      message.ack();
    } catch (error) {
      console.error(`feeds queue: ${body.kind ?? "check"} failed (attempt ${message.attempts}):`, error);
      message.retry();
    }
  }
}
