/**
 * The new listings an agency's feeds may put into the moderation queue within 24 hours (decision 108):
 * FEED_NEW_LISTINGS_PER_DAY while its licence is unchecked, FEED_NEW_LISTINGS_PER_DAY_CHECKED once a
 * moderator checked it. New offers over it are neither refused nor lost: they wait, the run's report counts
 * them, the feed keeps no validators, and a later check writes them; updates are not capped.
 */
import { env, SELF } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import type { ApiFeedRun } from "#shared/api/agency-feeds.ts";
import { FEED_NEW_LISTINGS_PER_DAY, FEED_NEW_LISTINGS_PER_DAY_CHECKED } from "#shared/feed-limits.ts";
import { newListingsAllowed } from "#worker/db/agency-feeds.ts";
import { FLAT_FOR_SALE, yrlFeed, yrlOffer, type YrlOfferFields } from "#tests/fixtures/yrl-feeds.ts";
import { call, ORIGIN, signUpByPhone } from "./auth-fixtures.ts";
import { runFeed } from "./feed-import-fixtures.ts";

const server = inject("feedServer");
const DAY = 24 * 3_600_000;
let names = 0;
const uniqueName = () => `cap${Date.now() % 1_000_000}-${++names}`;
/** Offers without photos: the photos' queue is not what these tests read. */
const offer = (id: string, fields: YrlOfferFields = {}) => yrlOffer(id, { ...FLAT_FOR_SALE, image: [], ...fields });
const priced = (prefix: string, count: number, from = 0) =>
  Array.from({ length: count }, (_, i) =>
    offer(`${prefix}${i + from}`, { price: { value: String(100_000 + i + from), currency: "EUR" } }),
  );

async function agency() {
  const who = await signUpByPhone({ name: "Manager Vesna" });
  const res = await call("/api/agency", {
    body: { name: `Cap ${uniqueName()}`, licence_number: "360-00-00126/2014-10" },
    jar: who.jar,
    ip: who.ip,
  });
  expect(res.status).toBe(201);
  return { who, agencyId: (await res.json<{ data: { id: number } }>()).data.id };
}

/** A feed of the agency at `file` on the feed server (`feed.xml`: what `publish` stores). */
async function feedOf({ who, agencyId }: Awaited<ReturnType<typeof agency>>, file = "feed.xml") {
  const name = uniqueName();
  const url = `${server}/${name}/${file}`;
  const feed = await env.DB.prepare(
    `INSERT INTO agency_feeds (agency_id, url, created_by, created_at, next_run_at) VALUES (?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(agencyId, url, who.user.id, Date.now(), Date.now() + DAY)
    .first<{ id: number }>();
  const publish = async (offers: string[]) =>
    expect((await fetch(url, { method: "PUT", body: yrlFeed(offers) })).status).toBe(204);
  return { name, feedId: feed!.id, publish };
}

const lastRun = (feedId: number) =>
  env.DB.prepare("SELECT * FROM agency_feed_runs WHERE feed_id = ? ORDER BY id DESC LIMIT 1")
    .bind(feedId)
    .first<Record<string, number | string | null>>();
const feedCount = async (feedId: number) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM feed_listings WHERE feed_id = ?")
    .bind(feedId)
    .first<{ n: number }>())!.n;

describe("the new listings an agency's feeds may submit a day", () => {
  it(`writes ${FEED_NEW_LISTINGS_PER_DAY} a day for an unchecked licence; the rest wait, are reported, and come later`, async () => {
    const owner = await agency();
    const { feedId, publish } = await feedOf(owner);
    const t0 = Date.now();
    await publish(priced("n", FEED_NEW_LISTINGS_PER_DAY + 5));
    await runFeed(feedId, t0);
    expect(await lastRun(feedId)).toMatchObject({
      offers_valid: FEED_NEW_LISTINGS_PER_DAY + 5,
      created: FEED_NEW_LISTINGS_PER_DAY,
      waiting: 5,
      refusals_count: 0,
      importing: 0,
    });
    expect(await feedCount(feedId)).toBe(FEED_NEW_LISTINGS_PER_DAY);
    // The report says how many wait, through the API, and on the cabinet's page in three languages.
    const runs = await call(`/api/agency/feeds/${feedId}/runs`, { jar: owner.who.jar, ip: owner.who.ip });
    expect(runs.status).toBe(200);
    const [latest] = (await runs.json<{ data: ApiFeedRun[] }>()).data;
    expect(latest).toMatchObject({ created: FEED_NEW_LISTINGS_PER_DAY, waiting: 5 });
    for (const [path, text] of [
      ["/cabinet/agency/", `5 new offers wait for the next checks`],
      ["/ru/cabinet/agency/", `5 новых предложений ждут следующих проверок`],
      ["/sr/cabinet/agency/", `5 novih ponuda čeka sledeće provere`],
    ]) {
      const page = await SELF.fetch(`${ORIGIN}${path}`, { headers: { cookie: owner.who.jar.header() } });
      expect(page.status, path).toBe(200);
      expect(await page.text(), path).toContain(text);
    }

    // An hour on, the allowance is still used up: an update is written, the new offers still wait.
    const changed = [
      offer("n0", { price: { value: "99000", currency: "EUR" } }),
      ...priced("n", FEED_NEW_LISTINGS_PER_DAY + 4, 1),
    ];
    await publish(changed);
    await runFeed(feedId, t0 + 3_600_000);
    expect(await lastRun(feedId)).toMatchObject({ created: 0, updated: 1, waiting: 5 });
    expect(await feedCount(feedId)).toBe(FEED_NEW_LISTINGS_PER_DAY);

    // A day after the first import, they are written.
    await runFeed(feedId, t0 + DAY + 1);
    expect(await lastRun(feedId)).toMatchObject({ created: 5, waiting: 0 });
    expect(await feedCount(feedId)).toBe(FEED_NEW_LISTINGS_PER_DAY + 5);
  });

  it("shares the allowance among the agency's feeds, keeps no validators while offers wait, and a checked licence gets the larger one", async () => {
    const owner = await agency();
    const other = await feedOf(owner);
    const now = Date.now();
    // The agency's other feed put all but one of its allowance into the queue today.
    await other.publish(priced("o", FEED_NEW_LISTINGS_PER_DAY - 1));
    await runFeed(other.feedId, now);
    expect(await newListingsAllowed(env.DB, other.feedId, now)).toBe(1);
    // good.xml has two valid offers and an ETag: one is written, one waits, and the ETag is not kept.
    const good = await feedOf(owner, "good.xml");
    await runFeed(good.feedId, now);
    expect(await lastRun(good.feedId)).toMatchObject({ offers_valid: 2, created: 1, waiting: 1 });
    const validators = () =>
      env.DB.prepare("SELECT etag, last_modified FROM agency_feeds WHERE id = ?").bind(good.feedId).first();
    expect(await validators()).toEqual({ etag: null, last_modified: null });
    // So the next check reads it whole (no If-None-Match) rather than being told it did not change.
    await runFeed(good.feedId, now + 60_000);
    const asked = await (await fetch(`${server}/requests/${good.name}`)).json<{ ifNoneMatch: string | null }[]>();
    expect(asked.map((r) => r.ifNoneMatch)).toEqual([null, null]);
    expect(await lastRun(good.feedId)).toMatchObject({ outcome: "fetched", created: 0, waiting: 1 });

    // A moderator checks the agency's licence: the larger allowance writes the waiting offer at once, and
    // the feed keeps its ETag again.
    await env.DB.prepare("UPDATE agencies SET licence_checked_at = ? WHERE id = ?").bind(now, owner.agencyId).run();
    expect(await newListingsAllowed(env.DB, good.feedId, now + 120_000)).toBe(
      FEED_NEW_LISTINGS_PER_DAY_CHECKED - FEED_NEW_LISTINGS_PER_DAY,
    );
    await runFeed(good.feedId, now + 120_000);
    expect(await lastRun(good.feedId)).toMatchObject({ created: 1, waiting: 0 });
    expect(await validators()).toMatchObject({ etag: '"good-1"' });
  });
});
