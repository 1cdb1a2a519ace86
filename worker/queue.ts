/**
 * The Worker's Queue consumers (wrangler.toml `[[queues.consumers]]`), told apart by the queue's name, whose
 * environment suffix (`-staging`, `-production`) is left aside:
 * - `nekretnine-feeds`: one agency feed's check per message (worker/workflows/feed-queue.ts, decision 100),
 *   and `nekretnine-feeds-photos`, one listing's feed photos per message (decisions 102 and 108), both
 *   handled by the same consumer, which tells its messages apart by their kind;
 * - `nekretnine-statistics` (decision 093): the listings' statistics events (worker/http/listing-events.ts), a
 *   batch at a time, added to the counters in one D1 write per batch — counts per listing, day and kind,
 *   however many events. The write is all or nothing: when it fails the whole batch is delivered again (the
 *   queue's retries), so no event of it is counted twice by this consumer. The queue itself delivers at least
 *   once: a batch whose write succeeded but whose acknowledgement was lost comes again and is counted again —
 *   a rare extra view on an owner's statistics, the price of keeping the beacons off D1's writer (no
 *   per-event receipt rows).
 */
import { addListingEventCounts } from "#worker/db/statistics.ts";
import { consumeFeedChecks } from "#worker/workflows/feed-queue.ts";
import { tallyListingEvents } from "#worker/http/listing-events.ts";

export async function queue(batch: MessageBatch, env: Env): Promise<void> {
  if (batch.queue.startsWith("nekretnine-feeds")) return consumeFeedChecks(batch, env);
  await addListingEventCounts(env.DB, tallyListingEvents(batch.messages.map((message) => message.body)));
  batch.ackAll();
}
