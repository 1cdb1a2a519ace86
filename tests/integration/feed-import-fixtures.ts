/**
 * A feed's check and its whole import run in the test itself (decision 101): the import's messages are
 * taken in turn instead of going through the FEEDS queue, so a test reads the run when it is done.
 */
import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { expect, vi } from "vitest";
import { checkFeed } from "#worker/workflows/feed-check.ts";
import { type FeedImportMessage, importFeedBatch } from "#worker/workflows/feed-import.ts";

export async function runFeed(feedId: number, now = Date.now()) {
  const waiting: FeedImportMessage[] = [];
  const next = async (message: FeedImportMessage) => void waiting.push(message);
  const run = await checkFeed(env, feedId, now, next);
  const batches = [];
  for (let message = waiting.shift(); message; message = waiting.shift()) {
    batches.push(await importFeedBatch(env, message, now, next));
  }
  return { run, batches };
}

/** The check alone, as the tests of decision 100 read it: the run's report once imported. */
export const checkAndImport = async (feedId: number, now = Date.now()) => (await runFeed(feedId, now)).run;

/**
 * The built worker's queue handler, called over RPC (workerd hands it the Worker's own env): its photo
 * codecs are installed, unlike in the modules a test imports.
 */
const worker = (exports as unknown as { default: { queue(batch: unknown): Promise<void> } }).default;

/** Hands one message to the built worker's FEEDS consumer and waits for it to be acknowledged. */
export async function deliverFeedMessage(body: unknown, id = `m-${crypto.randomUUID()}`) {
  const outcome: string[] = [];
  await worker.queue({
    queue: "nekretnine-feeds",
    messages: [
      {
        id,
        timestamp: new Date(),
        attempts: 1,
        body,
        ack: () => outcome.push("ack"),
        retry: () => outcome.push("retry"),
      },
    ],
  });
  await vi.waitFor(() => expect(outcome).toEqual(["ack"]));
}
