/**
 * Listings written from an agency's feed (decision 101), against YRL files the test stores on the local feed
 * server (tests/integration/feed-server.ts, `/{name}/feed.xml`): an offer creates the agency's listing
 * (pending), an unchanged one writes nothing, a changed one updates it under the moderation rule, one gone
 * archives it and its return restores it; repeated ids, an offer the database refuses mid-batch, another
 * agency's same internal-ids, batches over several messages, and the managers' e-mail.
 */
import { env } from "cloudflare:test";
import { describe, expect, inject, it, vi } from "vitest";
import { FEED_IMPORT_BATCH } from "#shared/constants.ts";
import { FLAT_FOR_SALE, yrlFeed, yrlOffer, type YrlOfferFields } from "#tests/fixtures/yrl-feeds.ts";
import { call, outbox, signUpByPhone } from "./auth-fixtures.ts";
import { type FeedRetireMessage, retireFeedBatch } from "#worker/workflows/feed-import.ts";
import { runFeed } from "./feed-import-fixtures.ts";

const server = inject("feedServer");
let names = 0;
const uniqueName = () => `imp${Date.now() % 1_000_000}-${++names}`;
const location = FLAT_FOR_SALE.location as Record<string, string>;

/**
 * An offer of FLAT_FOR_SALE with some values changed. Its photos' host does not exist: each listing written
 * queues a photos message the FEEDS consumer works through, so the tests of many offers give them none.
 */
const offer = (id: string, fields: YrlOfferFields = {}) => yrlOffer(id, { ...FLAT_FOR_SALE, ...fields });

/** An agency with its manager, and a feed of its whose file `publish` sets. */
async function agencyFeed() {
  const who = await signUpByPhone({ name: "Manager Mila" });
  const res = await call("/api/agency", {
    body: { name: `Import ${uniqueName()}`, licence_number: "360-00-00123/2014-10" },
    jar: who.jar,
    ip: who.ip,
  });
  expect(res.status).toBe(201);
  const agencyId = (await res.json<{ data: { id: number } }>()).data.id;
  const name = uniqueName();
  const url = `${server}/${name}/feed.xml`;
  const feed = await env.DB.prepare(
    `INSERT INTO agency_feeds (agency_id, url, created_by, created_at, next_run_at) VALUES (?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(agencyId, url, who.user.id, Date.now(), Date.now() + 3_600_000)
    .first<{ id: number }>();
  /** Stores the feed's offers, or a whole file as it is. */
  const publish = async (offers: string[] | string) => {
    const put = await fetch(url, { method: "PUT", body: typeof offers === "string" ? offers : yrlFeed(offers) });
    expect(put.status).toBe(204);
  };
  return { who, agencyId, feedId: feed!.id, publish };
}

interface Written {
  internal_id: string;
  listing_id: number;
  status: string;
  owner_id: number;
  agency_id: number;
  price: number;
  rooms: number | null;
  description: string;
  updated_at: number;
  written_at: number;
  revision: string | null;
}

/** The feed's listings by internal-id. */
async function listingsOf(feedId: number): Promise<Map<string, Written>> {
  const { results } = await env.DB.prepare(
    `SELECT f.internal_id, f.listing_id, l.status, l.owner_id, l.agency_id, l.price, l.rooms, l.description,
       l.updated_at, f.written_at, r.description AS revision
     FROM feed_listings f JOIN listings l ON l.id = f.listing_id LEFT JOIN listing_revisions r ON r.listing_id = l.id
     WHERE f.feed_id = ? ORDER BY f.internal_id`,
  )
    .bind(feedId)
    .all<Written>();
  return new Map(results.map((r) => [r.internal_id, r]));
}

const lastRun = (feedId: number) =>
  env.DB.prepare("SELECT * FROM agency_feed_runs WHERE feed_id = ? ORDER BY id DESC LIMIT 1")
    .bind(feedId)
    .first<Record<string, number | string>>();

/** A moderator's approval, as far as the import can tell: active and published. */
async function approve(listingId: number) {
  const now = Date.now();
  await env.DB.prepare(
    "UPDATE listings SET status = 'active', published_at = ?1, expires_at = ?2 WHERE id = ?3 AND status = 'pending'",
  )
    .bind(now, now + 30 * 86_400_000, listingId)
    .run();
}

describe("a feed's import", () => {
  it("creates the agency's listings, pending, its manager their agent; an unchanged feed writes nothing", async () => {
    const { who, agencyId, feedId, publish } = await agencyFeed();
    await publish([offer("a"), offer("b", { price: { value: "99000", currency: "EUR" } }), offer("c")]);
    const first = await runFeed(feedId);
    expect(first.run).toMatchObject({ outcome: "fetched", offersValid: 3, staged: true });
    expect(await lastRun(feedId)).toMatchObject({ created: 3, updated: 0, archived: 0, unchanged: 0, importing: 0 });
    const written = await listingsOf(feedId);
    expect([...written.keys()]).toEqual(["a", "b", "c"]);
    for (const listing of written.values()) {
      expect(listing).toMatchObject({ status: "pending", owner_id: who.user.id, agency_id: agencyId });
    }
    expect(written.get("b")!.price).toBe(99000);
    // The moderation queue has them, as any submission.
    const events = await env.DB.prepare("SELECT status, reason FROM listing_events WHERE listing_id = ?")
      .bind(written.get("a")!.listing_id)
      .all();
    expect(events.results).toEqual([{ status: "pending", reason: "feed" }]);

    const second = await runFeed(feedId, Date.now() + 1000);
    expect(second.run).toMatchObject({ outcome: "fetched", staged: false, unchanged: 3 });
    expect(second.batches).toEqual([]);
    expect(await lastRun(feedId)).toMatchObject({ created: 0, updated: 0, archived: 0, unchanged: 3, importing: 0 });
    const again = await listingsOf(feedId);
    for (const [id, listing] of again) {
      expect(listing.updated_at).toBe(written.get(id)!.updated_at);
      expect(listing.written_at).toBe(written.get(id)!.written_at);
    }
    const staged = await env.DB.prepare("SELECT COUNT(*) AS n FROM feed_staged").first<{ n: number }>();
    expect(staged!.n).toBe(0);
  });

  it("updates a waiting listing whole; an approved one's facts at once and its text as a revision", async () => {
    const { feedId, publish } = await agencyFeed();
    await publish([offer("waiting"), offer("approved")]);
    await runFeed(feedId);
    const before = await listingsOf(feedId);
    await approve(before.get("approved")!.listing_id);
    const text = "Светлая трёхкомнатная квартира на Врачаре после ремонта, рядом храм Святого Саввы и парк.";
    await publish([
      offer("waiting", { rooms: "3", description: text }),
      offer("approved", { rooms: "3", description: text }),
    ]);
    await runFeed(feedId, Date.now() + 1000);
    expect(await lastRun(feedId)).toMatchObject({ created: 0, updated: 2, unchanged: 0 });
    const after = await listingsOf(feedId);
    expect(after.get("waiting")).toMatchObject({ status: "pending", rooms: 3, description: text, revision: null });
    // The public keeps the approved text until a moderator approves the new one (decision 053).
    expect(after.get("approved")).toMatchObject({
      status: "active",
      rooms: 3,
      description: FLAT_FOR_SALE.description,
      revision: text,
    });
  });

  it("sends an approved listing back to the queue when its place changes or its price trips the flag, not otherwise", async () => {
    const { feedId, publish } = await agencyFeed();
    const ids = ["p1", "p2", "p3", "p4", "p5", "p6", "moved", "cheap", "dearer"];
    await publish(ids.map((id) => offer(id)));
    await runFeed(feedId);
    for (const listing of (await listingsOf(feedId)).values()) await approve(listing.listing_id);
    await publish([
      ...ids.slice(0, 6).map((id) => offer(id)),
      offer("moved", { location: { ...location, "sub-locality-name": "Стари град", address: "Кнез Михаилова, 5" } }),
      // Under half the district's median price per m² (decision 088's flag).
      offer("cheap", { price: { value: "20000", currency: "EUR" } }),
      offer("dearer", { price: { value: "190000", currency: "EUR" } }),
    ]);
    await runFeed(feedId, Date.now() + 1000);
    const after = await listingsOf(feedId);
    expect(after.get("moved")!.status).toBe("pending");
    expect(after.get("cheap")).toMatchObject({ status: "pending", price: 20000 });
    expect(after.get("dearer")).toMatchObject({ status: "active", price: 190000 });
    expect(after.get("p1")!.status).toBe("active");
    const reasons = await env.DB.prepare(
      `SELECT f.internal_id, e.reason FROM listing_events e JOIN feed_listings f ON f.listing_id = e.listing_id
       WHERE f.feed_id = ? AND e.status = 'pending' AND e.reason != 'feed' ORDER BY f.internal_id`,
    )
      .bind(feedId)
      .all();
    expect(reasons.results).toEqual([
      { internal_id: "cheap", reason: "feed: price flagged" },
      { internal_id: "moved", reason: "feed: place or type changed" },
    ]);
    expect(await lastRun(feedId)).toMatchObject({ updated: 3, unchanged: 6 });
  });

  it("archives a listing whose offer left a feed read to its end, and restores it when the offer is back", async () => {
    const { feedId, publish } = await agencyFeed();
    await publish([offer("stays"), offer("leaves")]);
    await runFeed(feedId);
    for (const listing of (await listingsOf(feedId)).values()) await approve(listing.listing_id);
    await publish([offer("stays")]);
    await runFeed(feedId, Date.now() + 1000);
    expect(await lastRun(feedId)).toMatchObject({ archived: 1, unchanged: 1, created: 0 });
    expect((await listingsOf(feedId)).get("leaves")!.status).toBe("archived");

    // A feed broken off is no proof that an offer left: nothing is archived.
    await publish(yrlFeed([offer("leaves"), "  <offer internal-id='broken'><type>x</typ></offer>\n"]));
    await runFeed(feedId, Date.now() + 2000);
    expect(await lastRun(feedId)).toMatchObject({ outcome: "failed", created: 0, updated: 0, archived: 0 });
    expect((await listingsOf(feedId)).get("stays")!.status).toBe("active");
    expect((await listingsOf(feedId)).get("leaves")!.status).toBe("archived");

    await publish([offer("stays"), offer("leaves")]);
    await runFeed(feedId, Date.now() + 3000);
    expect(await lastRun(feedId)).toMatchObject({ outcome: "fetched", updated: 1, unchanged: 1, archived: 0 });
    expect((await listingsOf(feedId)).get("leaves")!.status).toBe("active");
  });

  it("refuses every offer of a repeated internal-id and leaves its listing as it was", async () => {
    const { feedId, publish } = await agencyFeed();
    await publish([offer("twice"), offer("once")]);
    await runFeed(feedId);
    await publish([
      offer("twice"),
      offer("twice", { price: { value: "1", currency: "EUR" } }),
      offer("once"),
      offer("new"),
    ]);
    await runFeed(feedId, Date.now() + 1000);
    const run = await lastRun(feedId);
    expect(run).toMatchObject({ created: 1, updated: 0, archived: 0, unchanged: 1, refusals_count: 2 });
    const written = await listingsOf(feedId);
    expect([...written.keys()]).toEqual(["new", "once", "twice"]);
    expect(written.get("twice")).toMatchObject({ status: "pending", price: 185000 });
  });

  it("writes an offer the database refuses mid-batch not at all, and the others whole", async () => {
    const { agencyId, feedId, publish } = await agencyFeed();
    await publish([offer("before"), offer("boom"), offer("after")]);
    // The listing's insert goes through; the offer's row after it fails: the whole offer must be undone.
    await env.DB.prepare(
      `CREATE TRIGGER test_feed_boom BEFORE INSERT ON feed_listings WHEN new.internal_id = 'boom'
       BEGIN SELECT RAISE(ABORT, 'boom'); END`,
    ).run();
    try {
      await runFeed(feedId);
    } finally {
      await env.DB.prepare("DROP TRIGGER test_feed_boom").run();
    }
    expect([...(await listingsOf(feedId)).keys()]).toEqual(["after", "before"]);
    const orphans = await env.DB.prepare("SELECT COUNT(*) AS n FROM listings WHERE agency_id = ?")
      .bind(agencyId)
      .first<{ n: number }>();
    expect(orphans!.n).toBe(2);
    const run = await lastRun(feedId);
    expect(run).toMatchObject({ created: 2, offers_valid: 2, refusals_count: 1, importing: 0 });
    expect(JSON.parse(run!.refusals as string)).toEqual([
      expect.objectContaining({ internal_id: "boom", code: "write_failed", message: "feed.refusal.write_failed" }),
    ]);
    // The next check writes it.
    await runFeed(feedId, Date.now() + 1000);
    expect([...(await listingsOf(feedId)).keys()]).toEqual(["after", "before", "boom"]);
  });

  it("keeps another agency's offers of the same internal-ids apart", async () => {
    const one = await agencyFeed();
    const two = await agencyFeed();
    await one.publish([offer("shared")]);
    await two.publish([offer("shared", { price: { value: "150000", currency: "EUR" } })]);
    await runFeed(one.feedId);
    await runFeed(two.feedId);
    const a = (await listingsOf(one.feedId)).get("shared")!;
    const b = (await listingsOf(two.feedId)).get("shared")!;
    expect(a.listing_id).not.toBe(b.listing_id);
    expect([a.agency_id, a.price]).toEqual([one.agencyId, 185000]);
    expect([b.agency_id, b.price]).toEqual([two.agencyId, 150000]);
    // The second agency's feed dropping it archives nothing of the first's.
    await two.publish([]);
    await runFeed(two.feedId, Date.now() + 1000);
    expect((await listingsOf(one.feedId)).get("shared")!.status).toBe("pending");
  });

  it(`writes a large feed in batches of ${FEED_IMPORT_BATCH}, each its own message`, async () => {
    const { feedId, publish } = await agencyFeed();
    const count = FEED_IMPORT_BATCH * 2 + 7;
    await publish(
      Array.from({ length: count }, (_, i) =>
        offer(`n${i}`, { price: { value: String(100_000 + i), currency: "EUR" }, image: [] }),
      ),
    );
    const { batches } = await runFeed(feedId);
    expect(batches).toEqual([
      { written: FEED_IMPORT_BATCH, done: false },
      { written: FEED_IMPORT_BATCH, done: false },
      { written: 7, done: true },
    ]);
    expect(await lastRun(feedId)).toMatchObject({ created: count, importing: 0 });
    expect((await listingsOf(feedId)).size).toBe(count);
  });

  it("archives a removed feed's listings in batches; the feed added again at its address restores them", async () => {
    const { feedId, publish } = await agencyFeed();
    const count = FEED_IMPORT_BATCH + 3;
    const ids = Array.from({ length: count }, (_, i) => `r${i}`);
    await publish(ids.map((id, i) => offer(id, { price: { value: String(150_000 + i), currency: "EUR" }, image: [] })));
    await runFeed(feedId);
    for (const listing of (await listingsOf(feedId)).values()) await approve(listing.listing_id);
    await env.DB.prepare("UPDATE agency_feeds SET disabled_at = ? WHERE id = ?").bind(Date.now(), feedId).run();
    const next: FeedRetireMessage[] = [];
    const queue = async (message: FeedRetireMessage) => void next.push(message);
    expect(await retireFeedBatch(env, { kind: "retire", feedId }, Date.now(), queue)).toBe(FEED_IMPORT_BATCH);
    expect(next).toEqual([{ kind: "retire", feedId }]);
    expect(await retireFeedBatch(env, next.pop()!, Date.now(), queue)).toBe(3);
    expect(next).toEqual([]);
    const retired = await listingsOf(feedId);
    expect([...retired.values()].every((l) => l.status === "archived")).toBe(true);

    const { url, agency_id, created_by } = (await env.DB.prepare("SELECT * FROM agency_feeds WHERE id = ?")
      .bind(feedId)
      .first<{ url: string; agency_id: number; created_by: number }>())!;
    const again = await env.DB.prepare(
      `INSERT INTO agency_feeds (agency_id, url, created_by, created_at, next_run_at) VALUES (?, ?, ?, ?, ?) RETURNING id`,
    )
      .bind(agency_id, url, created_by, Date.now(), Date.now() + 3_600_000)
      .first<{ id: number }>();
    await runFeed(again!.id, Date.now() + 1000);
    expect(await lastRun(again!.id)).toMatchObject({ created: 0, updated: count });
    const restored = await listingsOf(again!.id);
    expect(restored.size).toBe(count);
    for (const [id, listing] of restored) {
      expect(listing).toMatchObject({ listing_id: retired.get(id)!.listing_id, status: "active" });
    }
  });

  it("queues the photos of each listing whose photo addresses changed, and of no other", async () => {
    const { feedId, publish } = await agencyFeed();
    const sent = vi.spyOn(env.FEED_PHOTOS, "sendBatch");
    try {
      await publish([offer("same"), offer("new-photos"), offer("none", { image: [] })]);
      await runFeed(feedId);
      const written = await listingsOf(feedId);
      const photos = () => sent.mock.calls.flatMap(([messages]) => [...messages].map((m) => m.body));
      expect(photos()).toEqual([
        { kind: "photos", listingId: written.get("same")!.listing_id, urls: FLAT_FOR_SALE.image },
        { kind: "photos", listingId: written.get("new-photos")!.listing_id, urls: FLAT_FOR_SALE.image },
      ]);
      sent.mockClear();
      const urls = ["https://photos.example.rs/9.jpg"];
      await publish([offer("same"), offer("new-photos", { image: urls }), offer("none", { image: [] })]);
      await runFeed(feedId, Date.now() + 1000);
      expect(photos()).toEqual([{ kind: "photos", listingId: written.get("new-photos")!.listing_id, urls }]);
      expect(await lastRun(feedId)).toMatchObject({ updated: 1, unchanged: 2 });

      // A queue that refuses the photos loses nothing: the next check asks for them again.
      sent.mockClear();
      sent.mockRejectedValueOnce(new Error("queue unavailable"));
      const moved = ["https://photos.example.rs/10.jpg"];
      await publish([offer("same"), offer("new-photos", { image: moved }), offer("none", { image: [] })]);
      await runFeed(feedId, Date.now() + 2000);
      await runFeed(feedId, Date.now() + 3000);
      expect(photos()).toEqual([
        { kind: "photos", listingId: written.get("new-photos")!.listing_id, urls: moved },
        { kind: "photos", listingId: written.get("new-photos")!.listing_id, urls: moved },
      ]);
    } finally {
      sent.mockRestore();
    }
  });

  it("fetches a new offer's photos through the FEEDS queue into its listing, in the feed's order", async () => {
    const { feedId, publish } = await agencyFeed();
    const photos = `${inject("photoServer")}/${uniqueName()}`;
    const urls = [`${photos}/photo-2.jpg`, `${photos}/photo-1.jpg`];
    await publish([offer("with-photos", { image: urls })]);
    await runFeed(feedId);
    const listingId = (await listingsOf(feedId)).get("with-photos")!.listing_id;
    const stored = () =>
      env.DB.prepare("SELECT source_url FROM listing_images WHERE listing_id = ? ORDER BY position")
        .bind(listingId)
        .all<{ source_url: string }>()
        .then(({ results }) => results.map((row) => row.source_url));
    await vi.waitFor(async () => expect(await stored()).toEqual(urls), { timeout: 20_000, interval: 200 });
  });

  it("writes nothing when no member with a verified phone can own the listings, and says so", async () => {
    const { who, feedId, publish } = await agencyFeed();
    await env.DB.prepare("UPDATE users SET phone_verified_at = NULL WHERE id = ?").bind(who.user.id).run();
    await publish([offer("orphan")]);
    await runFeed(feedId);
    expect(await lastRun(feedId)).toMatchObject({
      outcome: "failed",
      problem_code: "feed_no_agent",
      created: 0,
      importing: 0,
    });
    expect((await listingsOf(feedId)).size).toBe(0);
    const feed = await env.DB.prepare("SELECT etag, last_modified FROM agency_feeds WHERE id = ?").bind(feedId).first();
    expect(feed).toEqual({ etag: null, last_modified: null });
  });

  it("mails the agency's managers the refusals in their language", async () => {
    const { who, feedId, publish } = await agencyFeed();
    const email = `${uniqueName()}@example.rs`;
    await env.DB.prepare("UPDATE users SET email = ?, email_verified_at = ?, locale = 'ru' WHERE id = ?")
      .bind(email, Date.now(), who.user.id)
      .run();
    await publish([offer("fine"), offer("nowhere", { location: { ...location, "locality-name": "Атлантида" } })]);
    await runFeed(feedId);
    const [mail] = await outbox(email);
    expect(mail).toMatchObject({ purpose: "feed_refusals", subject: "Ваш фид: отклонено 1 предложение" });
    expect(mail!.body).toContain("nowhere");
    expect(mail!.body).toContain("/ru/cabinet/agency/");
    // A run refusing nothing sends nothing.
    await publish([offer("fine")]);
    await runFeed(feedId, Date.now() + 1000);
    expect(await outbox(email)).toHaveLength(1);
  });
});
