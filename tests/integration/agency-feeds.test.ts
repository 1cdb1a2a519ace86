/**
 * Agencies' YRL feeds (decision 100): the feeds' API (who may add, read and remove; the address's checks, the
 * agency's allowance, the rate limit; another agency's feed never shown), a feed's check against YRL files
 * served by a local server (tests/integration/feed-server.ts) — a good feed with its refusals, the second run
 * answered 304, a malformed feed, a server error — and the Cron run queueing the feeds due, whose checks the
 * queue's consumer records.
 */
import { createScheduledController, env } from "cloudflare:test";
import { describe, expect, inject, it, vi } from "vitest";
import { AGENCY_FEED_ADDS_PER_HOUR, type ApiAgencyFeed, type ApiFeedRun } from "#shared/api/agency-feeds.ts";
import { FEED_CHECK_INTERVAL_H, FEED_RUNS_KEPT, FEEDS_PER_AGENCY } from "#shared/constants.ts";
import { checkAndImport } from "./feed-import-fixtures.ts";
import { scheduled } from "#worker/scheduled.ts";
import { call, errorOf, signUpByPhone, type SignedIn } from "./auth-fixtures.ts";
import { setRateLimitCount } from "./rate-limit-fixtures.ts";

const server = inject("feedServer");
let names = 0;
/** A path of its own on the feed server: `/requests/{name}` tells what the worker asked of it. */
const uniqueName = () => `t${Date.now() % 1_000_000}-${++names}`;
const feedUrl = (name: string, file = "good.xml") => `${server}/${name}/${file}`;
const requestsOf = async (name: string) =>
  (await (await fetch(`${server}/requests/${name}`)).json()) as { path: string; ifNoneMatch: string | null }[];

const as = (who: SignedIn, path: string, body?: unknown, method?: string) =>
  call(path, { body, jar: who.jar, ip: who.ip, method });
const dataOf = async <T>(res: Response) => (await res.json<{ data: T }>()).data;

/** A new account that founds an agency; the account and the agency's id. */
async function founder() {
  const who = await signUpByPhone({ name: "Manager Mila" });
  const res = await as(who, "/api/agency", { name: `Feeds ${uniqueName()}`, licence_number: "360-00-00123/2014-10" });
  expect(res.status).toBe(201);
  return { who, id: (await dataOf<{ id: number }>(res)).id };
}

/** A new account joined to the agency as an agent (the invitation's flow is agency-accounts.test.ts's). */
async function agentOf(agencyId: number) {
  const who = await signUpByPhone({ name: "Agent Ana" });
  await env.DB.prepare("INSERT INTO agency_members (agency_id, user_id, role, joined_at) VALUES (?, ?, 'agent', ?)")
    .bind(agencyId, who.user.id, Date.now())
    .run();
  return who;
}

async function addFeed(manager: SignedIn, url: string) {
  const res = await as(manager, "/api/agency/feeds", { url });
  expect(res.status).toBe(201);
  return (await dataOf<{ id: number }>(res)).id;
}

/** A feed written straight to D1 (no queued check racing the test's own), due at `nextRunAt`. */
async function insertFeed(agencyId: number, url: string, createdBy: number, nextRunAt = Date.now() + 3_600_000) {
  const row = await env.DB.prepare(
    `INSERT INTO agency_feeds (agency_id, url, created_by, created_at, next_run_at) VALUES (?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(agencyId, url, createdBy, Date.now(), nextRunAt)
    .first<{ id: number }>();
  return row!.id;
}

const runs = async (who: SignedIn, feedId: number) => as(who, `/api/agency/feeds/${feedId}/runs`);

describe("POST /api/agency/feeds", () => {
  it("adds a manager's feed and checks it at once: the list shows it with its first run", async () => {
    const { who } = await founder();
    const name = uniqueName();
    const id = await addFeed(who, feedUrl(name));
    const feeds = async () => dataOf<ApiAgencyFeed[]>(await as(who, "/api/agency/feeds"));
    expect((await feeds()).map((f) => [f.id, f.url])).toEqual([[id, feedUrl(name)]]);
    const feed = await vi.waitFor(
      async () => {
        const [first] = await feeds();
        // A run is listed from its start (importing, nothing read yet): the report is whole once imported.
        if (!first?.last_run || first.last_run.importing) throw new Error("not checked yet");
        return first;
      },
      { timeout: 15_000, interval: 200 },
    );
    expect(feed.last_run).toMatchObject({ outcome: "fetched", problem: null, offers_read: 6, offers_valid: 2 });
    // Checked now, next in FEED_CHECK_INTERVAL_H hours.
    expect(feed.next_run_at - feed.created_at).toBeGreaterThanOrEqual(FEED_CHECK_INTERVAL_H * 3600 * 1000 - 1000);
    expect((await requestsOf(name)).map((r) => r.path)).toEqual(["good.xml"]);
  });

  it("refuses a guest (401), an agent and an account of no agency (403)", async () => {
    const { id: agencyId } = await founder();
    expect((await call("/api/agency/feeds", { body: { url: feedUrl("guest") } })).status).toBe(401);
    const agent = await agentOf(agencyId);
    expect((await as(agent, "/api/agency/feeds", { url: feedUrl("agent") })).status).toBe(403);
    const loner = await signUpByPhone();
    expect((await as(loner, "/api/agency/feeds", { url: feedUrl("loner") })).status).toBe(403);
    expect((await as(loner, "/api/agency/feeds")).status).toBe(403);
  });

  it("refuses what is no feed's address with a 400 naming url", async () => {
    const { who } = await founder();
    for (const url of [
      "",
      "not an address",
      "ftp://feeds.example.rs/feed.xml",
      "https://user:secret@feeds.example.rs/f.xml",
      `https://x.rs/${"a".repeat(2100)}`,
      42,
    ]) {
      const res = await as(who, "/api/agency/feeds", { url });
      expect(res.status, String(url)).toBe(400);
      expect(Object.keys((await errorOf(res)).fields!)).toEqual(["url"]);
    }
    const res = await as(who, "/api/agency/feeds", {});
    expect(res.status).toBe(400);
    expect(Object.keys((await errorOf(res)).fields!)).toEqual(["url"]);
  });

  it("refuses a duplicate address and more than the agency's allowance (409)", async () => {
    const { who } = await founder();
    const name = uniqueName();
    await addFeed(who, feedUrl(name, "status-500"));
    const again = await as(who, "/api/agency/feeds", { url: feedUrl(name, "status-500").replace("http:", "HTTP:") });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("feed_duplicate");
    for (let n = 1; n < FEEDS_PER_AGENCY; n++) await addFeed(who, feedUrl(name, `status-500?n=${n}`));
    const over = await as(who, "/api/agency/feeds", { url: feedUrl(name, "status-500?n=over") });
    expect(over.status).toBe(409);
    const error = await errorOf(over);
    expect(error.code).toBe("feed_limit");
    expect(Object.keys(error.fields!)).toEqual(["url"]);
    // A removed feed frees its place, and its address may be added again.
    const [first] = await dataOf<ApiAgencyFeed[]>(await as(who, "/api/agency/feeds"));
    expect((await as(who, `/api/agency/feeds/${first!.id}`, undefined, "DELETE")).status).toBe(204);
    await addFeed(who, feedUrl(name, "status-500"));
  });

  it("is counted per account (429)", async () => {
    const { who } = await founder();
    await addFeed(who, feedUrl(uniqueName(), "status-500"));
    await setRateLimitCount(`agency_feed_add:user:${who.user.id}`, AGENCY_FEED_ADDS_PER_HOUR);
    expect((await as(who, "/api/agency/feeds", { url: feedUrl(uniqueName(), "status-500") })).status).toBe(429);
  });
});

describe("GET /api/agency/feeds/{id}/runs and DELETE /api/agency/feeds/{id}", () => {
  it("shows a feed's runs to its agency's members only: another agency's feed is a 404", async () => {
    const { who: manager, id: agencyId } = await founder();
    const feedId = await insertFeed(agencyId, feedUrl(uniqueName(), "status-500"), manager.user.id);
    await checkAndImport(feedId, Date.now());
    const agent = await agentOf(agencyId);
    for (const who of [manager, agent]) {
      const res = await runs(who, feedId);
      expect(res.status).toBe(200);
      expect((await dataOf<ApiFeedRun[]>(res)).map((r) => r.outcome)).toEqual(["failed"]);
    }
    // The agent reads the agency's list; another agency's list is its own.
    expect((await dataOf<ApiAgencyFeed[]>(await as(agent, "/api/agency/feeds"))).map((f) => f.id)).toEqual([feedId]);
    const { who: other } = await founder();
    expect(await dataOf<ApiAgencyFeed[]>(await as(other, "/api/agency/feeds"))).toEqual([]);
    const foreign = await runs(other, feedId);
    expect(foreign.status).toBe(404);
    expect((await runs(await signUpByPhone(), feedId)).status).toBe(404);
    expect((await runs(manager, 999_999_999)).status).toBe(404);
    expect((await runs(manager, 0)).status).toBe(400);
    expect((await call(`/api/agency/feeds/${feedId}/runs`)).status).toBe(401);
    // Nor may another agency's manager, nor the agency's agent, remove it.
    expect((await as(other, `/api/agency/feeds/${feedId}`, undefined, "DELETE")).status).toBe(404);
    expect((await as(agent, `/api/agency/feeds/${feedId}`, undefined, "DELETE")).status).toBe(403);
    expect((await as(manager, `/api/agency/feeds/${feedId}`, undefined, "DELETE")).status).toBe(204);
    expect((await as(manager, `/api/agency/feeds/${feedId}`, undefined, "DELETE")).status).toBe(404);
    expect((await runs(manager, feedId)).status).toBe(404);
    expect(await dataOf<ApiAgencyFeed[]>(await as(manager, "/api/agency/feeds"))).toEqual([]);
    // A removed feed is checked no more.
    expect(await checkAndImport(feedId, Date.now())).toBeNull();
  });
});

describe("checkFeed", () => {
  it("reads a good feed, lists each refusal with its offer's id, line and reason, and asks again conditionally", async () => {
    const { who, id: agencyId } = await founder();
    const name = uniqueName();
    const feedId = await insertFeed(agencyId, feedUrl(name), who.user.id);
    const first = await checkAndImport(feedId, Date.now());
    expect(first).toMatchObject({ outcome: "fetched", problem: null, offersRead: 6, offersValid: 2, refusalsCount: 4 });
    const [report] = await dataOf<ApiFeedRun[]>(await runs(who, feedId));
    expect(report!.refusals.map((r) => [r.internal_id, r.code, r.message])).toEqual([
      [null, "missing_internal_id", "feed.refusal.missing_internal_id"],
      ["twice", "duplicate_internal_id", "feed.refusal.duplicate_internal_id"],
      ["twice", "duplicate_internal_id", "feed.refusal.duplicate_internal_id"],
      ["nowhere", "unknown_place", "feed.refusal.unknown_place"],
    ]);
    // Lines rise through the feed, each the offer's own.
    const lines = report!.refusals.map((r) => r.line);
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
    expect(new Set(lines).size).toBe(4);
    const stored = await env.DB.prepare("SELECT etag, last_modified FROM agency_feeds WHERE id = ?")
      .bind(feedId)
      .first();
    expect(stored).toEqual({ etag: '"good-1"', last_modified: "Sun, 29 Nov 2026 12:00:00 GMT" });

    const second = await checkAndImport(feedId, Date.now() + 1000);
    expect(second).toMatchObject({ outcome: "unchanged", offersRead: 0, refusalsCount: 0 });
    expect((await requestsOf(name)).map((r) => r.ifNoneMatch)).toEqual([null, '"good-1"']);
    const reports = await dataOf<ApiFeedRun[]>(await runs(who, feedId));
    expect(reports.map((r) => [r.outcome, r.refusals.length])).toEqual([
      ["unchanged", 0],
      ["fetched", 4],
    ]);
  });

  it("reports a malformed feed with its line, keeping the offers read before and no validators", async () => {
    const { who, id: agencyId } = await founder();
    const feedId = await insertFeed(agencyId, feedUrl(uniqueName(), "malformed.xml"), who.user.id);
    const run = await checkAndImport(feedId, Date.now());
    expect(run).toMatchObject({ outcome: "failed", offersRead: 1, offersValid: 1 });
    expect(run!.problem!.code).toBe("feed_malformed");
    const [report] = await dataOf<ApiFeedRun[]>(await runs(who, feedId));
    expect(report!.problem).toMatchObject({ code: "feed_malformed", message: "feed.problem.feed_malformed" });
    expect(report!.problem!.args.line).toBeGreaterThan(5);
    const stored = await env.DB.prepare("SELECT etag FROM agency_feeds WHERE id = ?").bind(feedId).first();
    expect(stored).toEqual({ etag: null });
  });

  it("reports a server's error with its status", async () => {
    const { who, id: agencyId } = await founder();
    const feedId = await insertFeed(agencyId, feedUrl(uniqueName(), "status-500"), who.user.id);
    await checkAndImport(feedId, Date.now());
    const [report] = await dataOf<ApiFeedRun[]>(await runs(who, feedId));
    expect(report).toMatchObject({
      outcome: "failed",
      offers_read: 0,
      problem: { code: "feed_http_status", message: "feed.problem.feed_http_status", args: { status: 500 } },
    });
  });

  it("keeps a feed's last FEED_RUNS_KEPT runs", async () => {
    const { who, id: agencyId } = await founder();
    const feedId = await insertFeed(agencyId, feedUrl(uniqueName(), "status-500"), who.user.id);
    await env.DB.batch(
      Array.from({ length: FEED_RUNS_KEPT + 5 }, (_, i) =>
        env.DB.prepare(
          "INSERT INTO agency_feed_runs (feed_id, started_at, finished_at, outcome) VALUES (?, ?, ?, 'unchanged')",
        ).bind(feedId, i, i),
      ),
    );
    await checkAndImport(feedId, Date.now());
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM agency_feed_runs WHERE feed_id = ?")
      .bind(feedId)
      .first<{ n: number }>();
    expect(count!.n).toBe(FEED_RUNS_KEPT);
    expect((await dataOf<ApiFeedRun[]>(await runs(who, feedId)))[0]!.outcome).toBe("failed");
  });
});

describe("the Cron Trigger", () => {
  it("queues the feeds due, once, and the consumer records their runs", async () => {
    const { who, id: agencyId } = await founder();
    const now = Date.now();
    const due = await insertFeed(agencyId, feedUrl(uniqueName()), who.user.id, now - 60_000);
    const later = await insertFeed(agencyId, feedUrl(uniqueName(), "status-500"), who.user.id, now + 3_600_000);
    const run = (at: number) => scheduled(createScheduledController({ scheduledTime: at, cron: "*/5 * * * *" }), env);
    await run(now);
    const [report] = await vi.waitFor(
      async () => {
        const list = await dataOf<ApiFeedRun[]>(await runs(who, due));
        if (list.length === 0) throw new Error("not run yet");
        return list;
      },
      { timeout: 15_000, interval: 200 },
    );
    expect(report).toMatchObject({ outcome: "fetched", offers_read: 6, offers_valid: 2, refusals_count: 4 });
    const next = await env.DB.prepare("SELECT next_run_at FROM agency_feeds WHERE id = ?")
      .bind(due)
      .first<{ next_run_at: number }>();
    expect(next!.next_run_at).toBe(now + FEED_CHECK_INTERVAL_H * 3600 * 1000);
    // A second run within the interval queues neither again.
    await run(now + 60_000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await dataOf<ApiFeedRun[]>(await runs(who, due))).toHaveLength(1);
    expect(await dataOf<ApiFeedRun[]>(await runs(who, later))).toHaveLength(0);
  });
});
