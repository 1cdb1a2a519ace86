/**
 * The measurement of decision 102: a listing of 10 camera-sized photos (4000 × 3000 JPEGs of 2–4 MB) synced
 * from the photo server through the built worker's FEEDS consumer — the time, and the peak growth of
 * workerd's memory (sampled from Node every 5 ms). Run with BENCH_FEED_PHOTOS=1; the bounds are the
 * platform's: an isolate's 128 MB, and a queue consumer's 15 minutes by far.
 */
import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { expect, inject, it, vi } from "vitest";
import type { FeedPhotosMessage } from "#worker/workflows/feed-photos-message.ts";

const server = inject("photoServer");
const PHOTOS = 10;
const worker = (exports as unknown as { default: { queue(batch: unknown): Promise<void> } }).default;

it.runIf(inject("measureFeedPhotos"))(
  "syncs a listing of 10 camera-sized photos one at a time, well within an isolate's memory",
  async () => {
    const sizes = await (await fetch(`${server}/prepare/${PHOTOS}`)).json<number[]>();
    const listing = 990_000 + Math.floor(Math.random() * 9_000);
    const now = Date.now();
    await env.DB.prepare(
      `INSERT INTO listings (id, type_id, deal, property_type, city_id, address, lat, lng, price, area, rooms,
         title, description, lang, owner_id, phone, status, created_at, updated_at, expires_at)
       VALUES (?, 1, 'sale', 'apartment', 1, 'Knez Mihailova 1', 44.8176, 20.4569, 150000, 60, 2,
         'Measured flat', 'Ten photos.', 'en', 1, '+381601234567', 'draft', ?, ?, ?)`,
    )
      .bind(listing, now, now, now + 86_400_000)
      .run();
    const name = `measure-${now}`;
    const body: FeedPhotosMessage = {
      kind: "photos",
      listingId: listing,
      urls: Array.from({ length: PHOTOS }, (_, n) => `${server}/${name}/large-${n + 1}.jpg`),
    };
    const acked: string[] = [];
    await fetch(`${server}/memory/start`);
    const started = performance.now();
    await worker.queue({
      queue: "nekretnine-feeds",
      messages: [
        { id: "measure", timestamp: new Date(), attempts: 1, body, ack: () => acked.push("ack"), retry: () => {} },
      ],
    });
    await vi.waitFor(() => expect(acked).toEqual(["ack"]));
    const seconds = (performance.now() - started) / 1000;
    const memory = await (
      await fetch(`${server}/memory/stop`)
    ).json<{ pid: number; first: number; growth: number; peak: number }[]>();
    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
    console.log(
      `${PHOTOS} photos (${mb(sizes.reduce((a, b) => a + b, 0))} MB, ${sizes.map((s) => (s / 1024 / 1024).toFixed(2)).join(", ")} MB): ${seconds.toFixed(1)} s; workerd RSS ${memory.map((m) => `pid ${m.pid}: ${mb(m.first)} → ${mb(m.peak)} MB (+${mb(m.growth)})`).join("; ")}`,
    );
    const stored = await env.DB.prepare("SELECT COUNT(*) AS n FROM listing_images WHERE listing_id = ?")
      .bind(listing)
      .first<{ n: number }>();
    expect(stored!.n).toBe(PHOTOS);
    expect(Math.max(...memory.map((m) => m.growth))).toBeLessThan(128 * 1024 * 1024);
    expect(seconds).toBeLessThan(15 * 60);
  },
  300_000,
);
