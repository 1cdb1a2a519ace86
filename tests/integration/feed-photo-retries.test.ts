/**
 * A feed's photo that could not be fetched is tried again at its feed's later checks with a backoff
 * (decision 108), not only when its listing's photo list changes: the feed is served by the local feed
 * server, its photos by the local photo server (`flaky-{n}.jpg` answers 404 until the test fixes it), and the
 * checks and photo syncs go through the built worker's FEEDS consumer (its photo codecs installed).
 */
import { env } from "cloudflare:test";
import { describe, expect, inject, it, vi } from "vitest";
import type { ApiFeedPhotoProblems } from "#shared/api/agency-feeds.ts";
import { FEED_PHOTO_TRIES } from "#shared/feed-limits.ts";
import { listingsWithDuePhotos } from "#worker/db/feed-photos.ts";
import { checkFeed } from "#worker/workflows/feed-check.ts";
import { type FeedImportMessage, importFeedBatch } from "#worker/workflows/feed-import.ts";
import { FLAT_FOR_SALE, yrlFeed, yrlOffer } from "#tests/fixtures/yrl-feeds.ts";
import { call, signUpByPhone } from "./auth-fixtures.ts";
import { deliverFeedMessage } from "./feed-import-fixtures.ts";

const feedServer = inject("feedServer");
const photoServer = inject("photoServer");
const HOUR = 3_600_000;
let names = 0;
const uniqueName = () => `retry${Date.now() % 1_000_000}-${++names}`;

/** The built worker's queue handler, over RPC: its photo codecs are installed. */
/** An agency with its manager, a feed of its on the feed server, and one offer naming `photos`. */
async function feedListing(photos: string[]) {
  const who = await signUpByPhone({ name: "Manager Petra" });
  const res = await call("/api/agency", {
    body: { name: `Retries ${uniqueName()}`, licence_number: "360-00-00125/2014-10" },
    jar: who.jar,
    ip: who.ip,
  });
  expect(res.status).toBe(201);
  const agencyId = (await res.json<{ data: { id: number } }>()).data.id;
  const url = `${feedServer}/${uniqueName()}/feed.xml`;
  const feed = await env.DB.prepare(
    `INSERT INTO agency_feeds (agency_id, url, created_by, created_at, next_run_at) VALUES (?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(agencyId, url, who.user.id, Date.now(), Date.now() + HOUR)
    .first<{ id: number }>();
  const put = await fetch(url, { method: "PUT", body: yrlFeed([yrlOffer("a", { ...FLAT_FOR_SALE, image: photos })]) });
  expect(put.status).toBe(204);
  // The import, with its queue caught: the photos message it sends is handed to the worker below.
  const sent: { kind?: string }[] = [];
  const FEED_PHOTOS = {
    send: async (body: { kind?: string }) => void sent.push(body),
    sendBatch: async (messages: { body: { kind?: string } }[]) => void sent.push(...messages.map((m) => m.body)),
  };
  const importEnv = { ...env, FEED_PHOTOS } as unknown as typeof env;
  const waiting: FeedImportMessage[] = [];
  const next = async (message: FeedImportMessage) => void waiting.push(message);
  await checkFeed(importEnv, feed!.id, Date.now(), next);
  for (let message = waiting.shift(); message; message = waiting.shift()) {
    await importFeedBatch(importEnv, message, Date.now(), next);
  }
  const photosMessage = sent.find((m) => m.kind === "photos") as { listingId: number; urls: string[] };
  expect(photosMessage.urls).toEqual(photos);
  await deliverFeedMessage(photosMessage);
  return { who, agencyId, feedId: feed!.id, listingId: photosMessage.listingId };
}

interface Problem {
  url: string;
  tries: number;
  tried_at: number;
  next_try_at: number | null;
  position: number | null;
}
const problemsOf = async (listingId: number) =>
  (
    await env.DB.prepare(
      "SELECT url, tries, tried_at, next_try_at, position FROM listing_photo_problems WHERE listing_id = ? ORDER BY url",
    )
      .bind(listingId)
      .all<Problem>()
  ).results;
const heldOf = async (listingId: number) =>
  (
    await env.DB.prepare(
      "SELECT source_url FROM listing_images WHERE listing_id = ? AND photo_key IS NOT NULL ORDER BY position",
    )
      .bind(listingId)
      .all<{ source_url: string }>()
  ).results.map((row) => row.source_url);
/** How many times the photo server was asked for `file` under `name`. */
const asked = async (name: string, file: string) =>
  (await (await fetch(`${photoServer}/requests/${name}`)).json<{ path: string }[]>()).filter((r) => r.path === file)
    .length;
/** Time passes for the listing's problems: each was tried `ms` earlier, and its next try is as much nearer. */
const later = (listingId: number, ms: number) =>
  env.DB.prepare(
    "UPDATE listing_photo_problems SET tried_at = tried_at - ?1, next_try_at = next_try_at - ?1 WHERE listing_id = ?2",
  )
    .bind(ms, listingId)
    .run();

describe("a feed photo that failed", () => {
  it("is tried again at its feed's checks after 1 h, then 6 h, and fetched in its place once it serves", async () => {
    const name = uniqueName();
    const photos = ["photo-1.jpg", "flaky-2.jpg", "photo-3.jpg"].map((file) => `${photoServer}/${name}/${file}`);
    const { who, feedId, listingId } = await feedListing(photos);
    expect(await heldOf(listingId)).toEqual([photos[0], photos[2]]);
    const [first] = await problemsOf(listingId);
    expect(first).toMatchObject({ url: photos[1], tries: 1, position: 1 });
    expect(first!.next_try_at).toBe(first!.tried_at + HOUR);
    // The cabinet's API says when it is tried next.
    const res = await call("/api/agency/feeds/photo-problems", { jar: who.jar, ip: who.ip });
    const mine = (await res.json<{ data: ApiFeedPhotoProblems }>()).data.items.filter(
      (p) => p.listing_id === listingId,
    );
    expect(mine.map((p) => [p.url, p.tries, p.next_try_at])).toEqual([[photos[1], 1, first!.next_try_at]]);

    // Before the hour is up, neither a check nor a retry message asks the server again.
    expect(await listingsWithDuePhotos(env.DB, feedId, Date.now(), 10)).toEqual([]);
    await deliverFeedMessage({ kind: "photos-retry", listingId });
    await deliverFeedMessage({ feedId });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await asked(name, "flaky-2.jpg")).toBe(1);

    // An hour later the feed's check retries it; it still fails, and waits 6 hours now.
    await later(listingId, HOUR);
    expect(await listingsWithDuePhotos(env.DB, feedId, Date.now(), 10)).toEqual([listingId]);
    await deliverFeedMessage({ feedId });
    await vi.waitFor(async () => expect((await problemsOf(listingId))[0]?.tries).toBe(2), { timeout: 10_000 });
    const second = (await problemsOf(listingId))[0]!;
    expect(second.next_try_at).toBe(second.tried_at + 6 * HOUR);
    expect(await asked(name, "flaky-2.jpg")).toBe(2);
    // The photos it holds were checked within FEED_PHOTO_RECHECK_H: not asked again.
    expect(await asked(name, "photo-1.jpg")).toBe(1);
    expect(await asked(name, "photo-3.jpg")).toBe(1);

    // The server serves it now; 6 hours later the check fetches it into its place, and the problem is gone.
    expect((await fetch(`${photoServer}/${name}/fix/flaky-2.jpg`, { method: "POST" })).status).toBe(204);
    await later(listingId, 6 * HOUR);
    await deliverFeedMessage({ feedId });
    await vi.waitFor(async () => expect(await heldOf(listingId)).toEqual(photos), { timeout: 10_000 });
    expect(await problemsOf(listingId)).toEqual([]);
    expect(await asked(name, "flaky-2.jpg")).toBe(3);
    expect(await listingsWithDuePhotos(env.DB, feedId, Date.now() + 30 * 24 * HOUR, 10)).toEqual([]);
  });

  it(`is not tried by itself after ${FEED_PHOTO_TRIES} failed tries, and the cabinet says so`, async () => {
    const name = uniqueName();
    const photos = [`${photoServer}/${name}/photo-1.jpg`, `${photoServer}/${name}/missing.jpg`];
    const { who, feedId, listingId } = await feedListing(photos);
    // Its tries but the last have failed, and the last is due.
    await env.DB.prepare("UPDATE listing_photo_problems SET tries = ? WHERE listing_id = ?")
      .bind(FEED_PHOTO_TRIES - 1, listingId)
      .run();
    await later(listingId, HOUR);
    await deliverFeedMessage({ kind: "photos-retry", listingId });
    const [last] = await problemsOf(listingId);
    expect(last).toMatchObject({ url: photos[1], tries: FEED_PHOTO_TRIES, next_try_at: null });
    expect(await asked(name, "missing.jpg")).toBe(2);
    expect(await listingsWithDuePhotos(env.DB, feedId, Date.now() + 365 * 24 * HOUR, 10)).toEqual([]);
    const res = await call("/api/agency/feeds/photo-problems", { jar: who.jar, ip: who.ip });
    const mine = (await res.json<{ data: ApiFeedPhotoProblems }>()).data.items.filter(
      (p) => p.listing_id === listingId,
    );
    expect(mine.map((p) => [p.tries, p.next_try_at])).toEqual([[FEED_PHOTO_TRIES, null]]);
  });

  it("is not retried for a listing another feed or agency holds, nor for a removed feed", async () => {
    const name = uniqueName();
    const photos = [`${photoServer}/${name}/missing.jpg`];
    const one = await feedListing(photos);
    const other = await feedListing([`${photoServer}/${uniqueName()}/missing.jpg`]);
    await later(one.listingId, HOUR);
    await later(other.listingId, HOUR);
    expect(await listingsWithDuePhotos(env.DB, one.feedId, Date.now(), 10)).toEqual([one.listingId]);
    expect(await listingsWithDuePhotos(env.DB, other.feedId, Date.now(), 10)).toEqual([other.listingId]);
    await env.DB.prepare("UPDATE agency_feeds SET disabled_at = ? WHERE id = ?").bind(Date.now(), one.feedId).run();
    expect(await listingsWithDuePhotos(env.DB, one.feedId, Date.now(), 10)).toEqual([]);
  });
});
