/**
 * A feed's check and its whole import run in the test itself (decision 101): the import's messages are
 * taken in turn instead of going through the FEEDS queue, so a test reads the run when it is done.
 */
import { env } from "cloudflare:test";
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
