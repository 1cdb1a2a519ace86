/**
 * The listings' statistics events (product §7 "Statistics": views, phone reveals, map opens, list shows) go
 * to D1 through a Queue (wrangler.toml `STATISTICS`, decision 093): a request only hands its event over, and
 * the consumer (worker/queue.ts) adds a batch of them to the counters in one write. D1's one writer keeps
 * to the data; a guest's page view and its beacons write nothing there themselves.
 */
import type { StatKind } from "#shared/api/content.ts";
import { type ListingEventCount, statDay } from "#worker/db/statistics.ts";

/** One event, as the queue carries it: its UTC day is the request's, whenever the consumer writes it. */
interface ListingEvent {
  listingId: number;
  kind: StatKind;
  day: string;
}

const KINDS: ReadonlySet<string> = new Set<StatKind>(["view", "phone", "map", "list"]);

/** Hands one event on an active listing to the queue (the caller has checked it is active). */
export async function queueListingEvent(
  env: Pick<Env, "STATISTICS">,
  listingId: number,
  kind: StatKind,
  now: number,
): Promise<void> {
  await env.STATISTICS.send({ listingId, kind, day: statDay(now) } satisfies ListingEvent);
}

/**
 * The events as counts per listing, UTC day and kind; anything that is not an event (none is sent, but a
 * queue's messages are data from outside the request) is left out.
 */
export function tallyListingEvents(events: readonly unknown[]): ListingEventCount[] {
  const counts = new Map<string, ListingEventCount>();
  for (const event of events) {
    if (!isListingEvent(event)) continue;
    const key = `${event.listingId}|${event.day}|${event.kind}`;
    const kept = counts.get(key);
    if (kept) kept.count += 1;
    else counts.set(key, { listingId: event.listingId, day: event.day, kind: event.kind, count: 1 });
  }
  return [...counts.values()];
}

function isListingEvent(value: unknown): value is ListingEvent {
  if (typeof value !== "object" || value === null) return false;
  const { listingId, kind, day } = value as Record<string, unknown>;
  return (
    Number.isSafeInteger(listingId) &&
    (listingId as number) > 0 &&
    typeof kind === "string" &&
    KINDS.has(kind) &&
    typeof day === "string" &&
    /^\d{4}-\d{2}-\d{2}$/.test(day)
  );
}
