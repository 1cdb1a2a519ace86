/**
 * Agencies' listing photos from their feeds (decision 102): each photo fetched from the test's photo server
 * (photo-server.ts) through the owners' pipeline, an unchanged one not fetched again, a changed one fetched
 * in place, order and removals applied, and every photo that cannot be fetched reported while the others
 * are kept. The messages go through the built worker's FEEDS consumer (its photo codecs installed).
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, inject, it, vi } from "vitest";
import type { ApiFeedPhotoProblems } from "#shared/api/agency-feeds.ts";
import { photoVariants } from "#shared/photo-variants.ts";
import { syncFeedPhotos } from "#worker/workflows/feed-photos.ts";
import { enqueueFeedPhotos, type FeedPhotosMessage } from "#worker/workflows/feed-photos-message.ts";
import { GPS_SECONDS_BYTES } from "#tests/fixtures/photos.ts";
import type { ApiListingDetail } from "#shared/api/realty.ts";
import { call, ORIGIN, signUpByPhone, type SignedIn, uniqueIp } from "./auth-fixtures.ts";
import { deliverFeedMessage } from "./feed-import-fixtures.ts";
import { adminJar } from "./moderation-fixtures.ts";

const server = inject("photoServer");
/** The origin the consumer purges the edge cache for (worker/http/site-origin.ts, in development). */
const CONSUMER_ORIGIN = "http://localhost:8787";

let manager: SignedIn;
let agencyId: number;
let nextListing = 970_000 + Math.floor(Math.random() * 10_000) * 10;
let names = 0;
const uniqueName = () => `photos-${Date.now().toString(36)}-${names++}`;

/**
 * A listing of the agency, written straight to D1 (the import writes them from offers): by default one
 * waiting for its first review, as a new offer's listing does.
 */
async function agencyListing(status: "pending" | "active" = "pending"): Promise<number> {
  const id = ++nextListing;
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO listings (id, type_id, deal, property_type, city_id, address, lat, lng, price, area, rooms,
       title, description, lang, owner_id, agency_id, phone, status, created_at, updated_at, expires_at)
     VALUES (?, 1, 'sale', 'apartment', 1, 'Knez Mihailova 1', 44.8176, 20.4569, 150000, 60, 2,
       'Imported flat', 'A flat from an agency feed.', 'en', ?, ?, '+381601234567', ?, ?, ?, ?)`,
  )
    .bind(id, manager.user.id, agencyId, status, now, now, now + 30 * 86_400_000)
    .run();
  return id;
}

/** Hands one photos message to the built worker's FEEDS consumer and waits for it to be done. */
async function sync(listingId: number, urls: string[]) {
  const body: FeedPhotosMessage = { kind: "photos", listingId, urls };
  await deliverFeedMessage(body, `m-${listingId}`);
}

interface Stored {
  id: number;
  position: number;
  photo_key: string;
  master_key: string;
  width: number;
  height: number;
  source_url: string;
  source_etag: string | null;
  fingerprint: string | null;
  state: string;
}
const stored = async (listingId: number) =>
  (
    await env.DB.prepare(
      `SELECT id, position, photo_key, master_key, width, height, source_url, source_etag, fingerprint, state
         FROM listing_images WHERE listing_id = ? ORDER BY position`,
    )
      .bind(listingId)
      .all<Stored>()
  ).results;

const requests = async (name: string) =>
  (await fetch(`${server}/requests/${name}`)).json<
    { path: string; ifNoneMatch: string | null; ifModifiedSince: string | null }[]
  >();
const photoUrl = (name: string, file: string) => `${server}/${name}/${file}`;
const variantUrls = (photo: Stored) => photoVariants(photo.photo_key, photo.width, photo.height).map((v) => v.url);
const objectsOf = (photo: Stored) => [photo.master_key, ...variantUrls(photo).map((url) => url.replace(/^\//, ""))];
const exists = async (object: string) => (await env.PHOTOS.head(object)) !== null;

function contains(haystack: Uint8Array, needle: readonly number[]): boolean {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}
const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

beforeAll(async () => {
  manager = await signUpByPhone({ name: "Manager Mira" });
  const res = await call("/api/agency", {
    body: { name: `Photos ${uniqueName()}`, licence_number: "360-00-00124/2014-10" },
    jar: manager.jar,
    ip: manager.ip,
  });
  expect(res.status).toBe(201);
  agencyId = (await res.json<{ data: { id: number } }>()).data.id;
});

describe("syncFeedPhotos", () => {
  it("stores a new listing's photos through the pipeline in its order, served without EXIF, public with it", async () => {
    const name = uniqueName();
    const listing = await agencyListing();
    const urls = [1, 2, 3].map((n) => photoUrl(name, `photo-${n}.jpg`));
    await sync(listing, urls);
    const photos = await stored(listing);
    expect(photos.map((p) => [p.position, p.source_url, p.source_etag])).toEqual([
      [0, urls[0], '"photo-1-v1"'],
      [1, urls[1], '"photo-2-v1"'],
      [2, urls[2], '"photo-3-v1"'],
    ]);
    // Fetched FETCHES_AT_ONCE at a time: the server may see them in any order.
    expect((await requests(name)).map((r) => [r.path, r.ifNoneMatch]).sort()).toEqual([
      ["photo-1.jpg", null],
      ["photo-2.jpg", null],
      ["photo-3.jpg", null],
    ]);
    // The moderator approves the listing: its photos are served with it.
    await env.DB.prepare("UPDATE listings SET status = 'active' WHERE id = ?").bind(listing).run();
    for (const photo of photos) {
      expect(photo.state).toBe("public");
      expect(photo.fingerprint).toMatch(/^[0-9a-f]{16}$/);
      expect([photo.width, photo.height]).toEqual([640, 480]);
      expect(await exists(photo.master_key)).toBe(true);
      for (const url of variantUrls(photo)) {
        const res = await SELF.fetch(`${CONSUMER_ORIGIN}${url}`);
        expect(res.status, url).toBe(200);
        const bytes = new Uint8Array(await res.arrayBuffer());
        for (const marker of [ascii("Exif"), ascii("GPS"), GPS_SECONDS_BYTES])
          expect(contains(bytes, marker)).toBe(false);
      }
    }
    // The source's EXIF was there to strip.
    const source = new Uint8Array(await (await fetch(urls[0]!)).arrayBuffer());
    expect(contains(source, GPS_SECONDS_BYTES)).toBe(true);
    // The public listing shows them, the first as its cover.
    const detail = await SELF.fetch(`${CONSUMER_ORIGIN}/api/realty/${listing}`);
    expect(detail.status).toBe(200);
    expect(await detail.text()).toContain(photos[0]!.photo_key);
  });

  it("asks nothing for the same list again, nor to put it in another order", async () => {
    const name = uniqueName();
    const listing = await agencyListing();
    const urls = [1, 2, 3].map((n) => photoUrl(name, `photo-${n}.jpg`));
    await sync(listing, urls);
    const first = await stored(listing);
    await sync(listing, urls);
    expect(await requests(name)).toHaveLength(3);
    expect(await stored(listing)).toEqual(first);
    await sync(listing, [urls[2]!, urls[0]!, urls[1]!]);
    expect(await requests(name)).toHaveLength(3);
    const reordered = await stored(listing);
    expect(reordered.map((p) => [p.position, p.photo_key])).toEqual([
      [0, first[2]!.photo_key],
      [1, first[0]!.photo_key],
      [2, first[1]!.photo_key],
    ]);
  });

  it("asks a photo checked long ago conditionally: a 304 keeps it, a new ETag fetches it in place", async () => {
    const name = uniqueName();
    const listing = await agencyListing();
    const urls = [1, 2, 3].map((n) => photoUrl(name, `photo-${n}.jpg`));
    await sync(listing, urls);
    const before = await stored(listing);
    // A week on, photo 2 is another picture at the same address.
    await env.DB.prepare("UPDATE listing_images SET source_checked_at = 0 WHERE listing_id = ?").bind(listing).run();
    await fetch(`${server}/${name}/change/photo-2.jpg`, { method: "POST" });
    await sync(listing, urls);
    const asked = (await requests(name)).slice(3).sort((a, b) => a.path.localeCompare(b.path));
    expect(asked).toEqual(
      [1, 2, 3].map((n) => ({
        path: `photo-${n}.jpg`,
        ifNoneMatch: `"photo-${n}-v1"`,
        ifModifiedSince: "Sun, 29 Nov 2026 12:00:00 GMT",
      })),
    );
    const after = await stored(listing);
    expect(after.map((p) => p.id)).toEqual(before.map((p) => p.id));
    expect(after[0]!.photo_key).toBe(before[0]!.photo_key);
    expect(after[2]!.photo_key).toBe(before[2]!.photo_key);
    expect(after[1]!.photo_key).not.toBe(before[1]!.photo_key);
    expect(after[1]!.source_etag).toBe('"photo-2-v2"');
    expect(after[1]!.fingerprint).not.toBe(before[1]!.fingerprint);
    for (const object of objectsOf(before[1]!)) expect(await exists(object), object).toBe(false);
    for (const object of objectsOf(after[1]!)) expect(await exists(object), object).toBe(true);
    // The unchanged ones are trusted again for the next interval: nothing asked.
    await sync(listing, urls);
    expect(await requests(name)).toHaveLength(6);
  });

  it("deletes a photo the list drops, its objects and its served copies; pictures the feed did not give go too", async () => {
    const name = uniqueName();
    const listing = await agencyListing();
    // An illustration the listing had before the feed named its photos.
    await env.DB.prepare(
      "INSERT INTO listing_images (listing_id, position, width, height, seed) VALUES (?, 0, 800, 600, 7)",
    )
      .bind(listing)
      .run();
    const urls = [1, 2].map((n) => photoUrl(name, `photo-${n}.jpg`));
    await sync(listing, urls);
    const before = await stored(listing);
    expect(before.map((p) => p.source_url)).toEqual(urls);
    const dropped = before[0]!;
    const served = variantUrls(dropped);
    // Served once, so the edge cache keeps a copy.
    for (const url of served) expect((await SELF.fetch(`${CONSUMER_ORIGIN}${url}`)).status).toBe(200);
    await sync(listing, [urls[1]!]);
    const after = await stored(listing);
    expect(after.map((p) => [p.position, p.photo_key])).toEqual([[0, before[1]!.photo_key]]);
    for (const object of objectsOf(dropped)) expect(await exists(object), object).toBe(false);
    for (const url of served) expect((await SELF.fetch(`${CONSUMER_ORIGIN}${url}`)).status, url).toBe(404);
    expect(await requests(name)).toHaveLength(2);
  });

  it("reports a missing, an HTML, an oversized and a slow photo and keeps the others; the report empties when they go", async () => {
    const name = uniqueName();
    const listing = await agencyListing();
    const good = [photoUrl(name, "photo-1.jpg"), photoUrl(name, "photo-2.jpg")];
    const bad = ["missing.jpg", "page.jpg", "huge.jpg", "slow.jpg"].map((file) => photoUrl(name, file));
    await sync(listing, [good[0]!, ...bad, good[1]!]);
    expect((await stored(listing)).map((p) => [p.position, p.source_url])).toEqual([
      [0, good[0]],
      [1, good[1]],
    ]);
    const res = await call("/api/agency/feeds/photo-problems", { jar: manager.jar, ip: manager.ip });
    expect(res.status).toBe(200);
    const report = (await res.json<{ data: ApiFeedPhotoProblems }>()).data;
    const mine = report.items.filter((p) => p.listing_id === listing);
    expect(mine.map((p) => [p.url, p.message, p.args]).sort()).toEqual(
      [
        [bad[0], "feedPhoto.problem.http_status", { status: 404 }],
        [bad[1], "feedPhoto.problem.not_image", {}],
        [bad[2], "feedPhoto.problem.too_large", { max: 15 }],
        [bad[3], "feedPhoto.problem.timeout", { seconds: 10 }],
      ].sort(),
    );
    expect(mine.every((p) => p.listing_title === "Imported flat")).toBe(true);
    expect(report.count).toBeGreaterThanOrEqual(4);
    // The cabinet's page lists them, in the page's language.
    for (const [path, heading, reason] of [
      ["/cabinet/agency/", "Photos not fetched", "(HTTP 404)"],
      ["/ru/cabinet/agency/", "Не загруженные фото", "Фото больше 15 МБ."],
      ["/sr/cabinet/agency/", "Nepreuzete fotografije", "nije poslao fotografiju za 10 sekundi"],
    ]) {
      const page = await SELF.fetch(`${ORIGIN}${path}`, { headers: { cookie: manager.jar.header() } });
      expect(page.status, path).toBe(200);
      const html = await page.text();
      expect(html, path).toContain(heading);
      expect(html, path).toContain(reason);
      expect(html, path).toContain(bad[0]);
    }
    // Another agency's member, or none, sees none of them.
    const stranger = await signUpByPhone();
    expect((await call("/api/agency/feeds/photo-problems", { jar: stranger.jar, ip: stranger.ip })).status).toBe(403);
    // The feed drops them: the report forgets them, and the good photos are not asked again.
    await sync(listing, good);
    const after = (await call("/api/agency/feeds/photo-problems", { jar: manager.jar, ip: manager.ip })).json<{
      data: ApiFeedPhotoProblems;
    }>();
    expect((await after).data.items.filter((p) => p.listing_id === listing)).toEqual([]);
    expect((await requests(name)).filter((r) => r.path.startsWith("photo-"))).toHaveLength(2);
  }, 40_000);

  it("refuses private and loopback addresses and plain http in production, asking nothing", async () => {
    const listing = await agencyListing();
    const asked: string[] = [];
    const fetcher = (async (input: RequestInfo | URL) => {
      asked.push(String(input instanceof Request ? input.url : input));
      return new Response("no", { status: 500 });
    }) as typeof fetch;
    const urls = [
      photoUrl(uniqueName(), "photo-1.jpg"),
      "https://127.0.0.1/photo.jpg",
      "https://[::1]/photo.jpg",
      "https://photos.agency.example/inward.jpg",
    ];
    const result = await syncFeedPhotos(
      { ...env, ENVIRONMENT: "production" },
      { listingId: listing, urls },
      Date.now(),
      { fetcher, resolve: async (host) => (host === "photos.agency.example" ? ["10.1.2.3"] : null) },
    );
    expect(result).toMatchObject({ fetched: 0, failed: 4 });
    expect(asked).toEqual([]);
    const problems = await env.DB.prepare(
      "SELECT url, code, args FROM listing_photo_problems WHERE listing_id = ? ORDER BY url",
    )
      .bind(listing)
      .all<{ url: string; code: string; args: string }>();
    expect(problems.results.map((p) => [p.url, p.code, JSON.parse(p.args)]).sort()).toEqual(
      [
        [urls[0], "url_refused", { reason: "scheme" }],
        [urls[1], "url_refused", { reason: "private_address" }],
        [urls[2], "url_refused", { reason: "private_address" }],
        [urls[3], "url_refused", { reason: "private_address" }],
      ].sort(),
    );
    expect(await stored(listing)).toEqual([]);
  });

  it("syncs the photos the import queues: enqueueFeedPhotos reaches the FEEDS consumer", async () => {
    const name = uniqueName();
    const [first, second] = [await agencyListing(), await agencyListing()];
    await enqueueFeedPhotos(env, [
      { listingId: first, urls: [photoUrl(name, "photo-1.jpg")] },
      { listingId: second, urls: [photoUrl(name, "photo-2.jpg"), photoUrl(name, "photo-3.jpg")] },
    ]);
    await vi.waitFor(
      async () => {
        expect((await stored(first)).map((p) => p.source_url)).toEqual([photoUrl(name, "photo-1.jpg")]);
        expect((await stored(second)).map((p) => p.source_url)).toEqual([
          photoUrl(name, "photo-2.jpg"),
          photoUrl(name, "photo-3.jpg"),
        ]);
      },
      { timeout: 20_000, interval: 200 },
    );
  });

  it("two syncs of one listing at once leave each photo once, in order, and no object of the loser's", async () => {
    const name = uniqueName();
    const listing = await agencyListing();
    const urls = [1, 2, 3].map((n) => photoUrl(name, `photo-${n}.jpg`));
    const objects = async () => {
      let count = 0;
      let cursor: string | undefined;
      do {
        const page = await env.PHOTOS.list({ cursor });
        count += page.objects.length;
        cursor = page.truncated ? page.cursor : undefined;
      } while (cursor);
      return count;
    };
    const before = await objects();
    await Promise.all([sync(listing, urls), sync(listing, urls)]);
    const photos = await stored(listing);
    expect(photos.map((p) => [p.position, p.source_url])).toEqual(urls.map((url, i) => [i, url]));
    const kept = photos.reduce((n, p) => n + objectsOf(p).length, 0);
    expect(await objects()).toBe(before + kept);
  });

  it("on an approved listing, new pixels wait for a moderator as an owner's photos do; what leaves goes at once", async () => {
    const name = uniqueName();
    const listing = await agencyListing("active");
    const [one, two, three, four] = [1, 2, 3, 4].map((n) => photoUrl(name, `photo-${n}.jpg`));
    const states = async () => (await stored(listing)).map((p) => [p.source_url, p.state]);
    const revision = () =>
      env.DB.prepare("SELECT status FROM listing_revisions WHERE listing_id = ?")
        .bind(listing)
        .first<{ status: string }>();
    const publicImages = async () => {
      const res = await SELF.fetch(`${ORIGIN}/api/realty/${listing}`);
      expect(res.status).toBe(200);
      return (await res.json<{ data: ApiListingDetail }>()).data.images.length;
    };
    // Its photos as approved: public.
    await env.DB.prepare("UPDATE listings SET status = 'pending' WHERE id = ?").bind(listing).run();
    await sync(listing, [one!, two!]);
    await env.DB.prepare("UPDATE listings SET status = 'active' WHERE id = ?").bind(listing).run();
    expect(await publicImages()).toBe(2);

    // A photo added and a photo changed at its address: both wait, the old pixels are gone at once.
    await env.DB.prepare("UPDATE listing_images SET source_checked_at = 0 WHERE listing_id = ?").bind(listing).run();
    await fetch(`${server}/${name}/change/photo-2.jpg`, { method: "POST" });
    await sync(listing, [one!, two!, three!]);
    expect(await states()).toEqual([
      [one, "public"],
      [two, "pending"],
      [three, "pending"],
    ]);
    expect(await revision()).toEqual({ status: "pending" });
    expect(await publicImages()).toBe(1);

    // The moderator's approval publishes them.
    const admin = await adminJar();
    const approved = await call(`/api/admin/realty/${listing}/approve`, { body: {}, jar: admin, ip: uniqueIp() });
    expect(approved.status).toBe(200);
    expect((await states()).map(([, state]) => state)).toEqual(["public", "public", "public"]);
    expect(await revision()).toBeNull();
    expect(await publicImages()).toBe(3);

    // A photo that waits and is dropped from the list leaves no revision behind; a public one dropped
    // leaves the public at once.
    await sync(listing, [one!, two!, three!, four!]);
    expect(await revision()).toEqual({ status: "pending" });
    await sync(listing, [one!, three!]);
    expect(await states()).toEqual([
      [one, "public"],
      [three, "public"],
    ]);
    expect(await revision()).toBeNull();
    expect(await publicImages()).toBe(2);
  });

  it("does nothing for a deleted listing", async () => {
    const name = uniqueName();
    const listing = await agencyListing();
    await env.DB.prepare("UPDATE listings SET deleted_at = ? WHERE id = ?").bind(Date.now(), listing).run();
    await sync(listing, [photoUrl(name, "photo-1.jpg")]);
    expect(await requests(name)).toEqual([]);
    expect(await stored(listing)).toEqual([]);
  });
});
