import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { beforeAll, expect, it } from "vitest";
import { queue } from "#worker/queue.ts";

/** Fixture listings (ids 930000+): two active, one archived. */
const A = 930001;
const B = 930002;
const ARCHIVED = 930003;
const DAY = "2026-03-14";

beforeAll(async () => {
  const db = env.DB;
  const now = Date.now();
  const owner = (await db.prepare("SELECT id FROM users ORDER BY id LIMIT 1").first<{ id: number }>())!.id;
  const listing = (id: number, status: string) =>
    db
      .prepare(
        `INSERT INTO listings (id, type_id, deal, property_type, city_id, address, lat, lng, price, area, rooms,
           title, description, lang, owner_id, phone, status, created_at, updated_at, expires_at)
         VALUES (?, 1, 'sale', 'apartment', 1, 'Knez Mihailova 1', 44.8176, 20.4569, 150000, 60, 2,
           'Fixture flat', 'A fixture flat for the statistics queue.', 'en', ?, '+381601234567', ?, ?, ?, ?)`,
      )
      .bind(id, owner, status, now, now, now + 30 * 86_400_000);
  await db.batch([listing(A, "active"), listing(B, "active"), listing(ARCHIVED, "archived")]);
});

/** env whose D1 counts the statements the consumer prepares (each one statement sent). */
function countingEnv() {
  const sent = { statements: 0 };
  const DB = {
    prepare(sql: string) {
      sent.statements++;
      return env.DB.prepare(sql);
    },
    batch() {
      throw new Error("the consumer writes one statement, not a batch of them");
    },
  };
  return { env: { ...env, DB } as unknown as Env, sent };
}

const counts = async () =>
  (
    await env.DB.prepare(
      "SELECT listing_id, day, kind, count FROM listing_stats WHERE listing_id BETWEEN 930000 AND 939999 ORDER BY listing_id, kind",
    ).all()
  ).results;

it("adds a batch of events to the counters in one D1 statement, per listing, day and kind, active listings only", async () => {
  const events = [
    ...Array.from({ length: 40 }, () => ({ listingId: A, kind: "list", day: DAY })),
    ...Array.from({ length: 7 }, () => ({ listingId: A, kind: "view", day: DAY })),
    ...Array.from({ length: 3 }, () => ({ listingId: B, kind: "view", day: DAY })),
    { listingId: B, kind: "phone", day: "2026-03-15" },
    ...Array.from({ length: 5 }, () => ({ listingId: ARCHIVED, kind: "view", day: DAY })),
    // Not events: left out, the rest counted.
    { listingId: A, kind: "share", day: DAY },
    { listingId: "930001", kind: "view", day: DAY },
    { listingId: A, kind: "view", day: "yesterday" },
    null,
  ];
  const batch = createMessageBatch(
    "nekretnine-statistics",
    events.map((body, i) => ({ id: `m${i}`, timestamp: new Date(), attempts: 1, body })),
  );
  const { env: counted, sent } = countingEnv();
  const ctx = createExecutionContext();
  await queue(batch, counted);
  const result = await getQueueResult(batch, ctx);
  expect(result.explicitAcks.length + (result.ackAll ? events.length : 0)).toBe(events.length);
  expect(result.retryBatch.retry).toBe(false);
  expect(sent.statements).toBe(1);
  expect(await counts()).toEqual([
    { listing_id: A, day: DAY, kind: "list", count: 40 },
    { listing_id: A, day: DAY, kind: "view", count: 7 },
    { listing_id: B, day: "2026-03-15", kind: "phone", count: 1 },
    { listing_id: B, day: DAY, kind: "view", count: 3 },
  ]);
  // A second batch adds to the same counters.
  await queue(
    createMessageBatch("nekretnine-statistics", [
      { id: "n1", timestamp: new Date(), attempts: 1, body: { listingId: B, kind: "view", day: DAY } },
    ]),
    env,
  );
  expect((await counts()).find((row) => row.listing_id === B && row.kind === "view")).toMatchObject({ count: 4 });
});

it("a batch whose write fails is not acknowledged: the queue delivers it again, and nothing of it was counted", async () => {
  const before = await counts();
  const failing = {
    ...env,
    DB: { prepare: () => ({ bind: () => ({ run: () => Promise.reject(new Error("D1 down")) }) }) },
  };
  const batch = createMessageBatch("nekretnine-statistics", [
    { id: "f1", timestamp: new Date(), attempts: 1, body: { listingId: A, kind: "view", day: DAY } },
  ]);
  await expect(queue(batch, failing as unknown as Env)).rejects.toThrow("D1 down");
  const result = await getQueueResult(batch, createExecutionContext());
  expect(result.ackAll).toBe(false);
  expect(result.explicitAcks).toEqual([]);
  expect(await counts()).toEqual(before);
});
