/**
 * Agencies' YRL feeds (decision 100):
 * - `POST /api/agency/feeds {url}` (managers) → 201 `{data: {id}}`: the feed is queued for its first check at
 *   once; 400 naming `url` when it is no address or one never fetched (feedUrlProblem: private networks are
 *   allowed in development only), 409 `feed_limit` past FEEDS_PER_AGENCY live feeds, 409 `feed_duplicate`;
 * - `GET /api/agency/feeds` (members): the agency's feeds, each with its last run's report;
 * - `GET /api/agency/feeds/{id}/runs` (members): the feed's runs' reports, newest first;
 * - `GET /api/agency/feeds/photo-problems` (members): the agency's listings' photos its feeds name that could
 *   not be fetched, the latest first (decision 102);
 * - `DELETE /api/agency/feeds/{id}` (managers): the feed is checked no more.
 * Another agency's feed, a removed one and none at all are the same 404. Writes are rate-limited per account.
 */
import { type Context, Hono } from "hono";
import {
  AddFeedBody,
  AGENCY_FEED_ADDS_PER_HOUR,
  AGENCY_FEED_REMOVALS_PER_HOUR,
  FeedParam,
} from "#shared/api/agency-feeds.ts";
import { FEED_PHOTO_PROBLEMS_SHOWN } from "#shared/constants.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { feedUrlProblem } from "#worker/adapters/feed-source.ts";
import { config } from "#worker/config.ts";
import {
  disableFeed,
  feedOfAgency,
  feedsOf,
  insertFeed,
  lastRuns,
  runsOf,
  unclaimFeed,
} from "#worker/db/agency-feeds.ts";
import { membershipOf } from "#worker/db/agencies.ts";
import { apiError } from "#worker/http/api-error.ts";
import { apiLocale } from "#worker/http/api-locale.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { requireAuth } from "#worker/middleware/session.ts";
import { perUser, throttle } from "#worker/middleware/throttle.ts";
import { enqueueFeedChecks, enqueueFeedRetire } from "#worker/workflows/feed-queue.ts";
import { agencyPhotoProblems } from "#worker/db/feed-photos.ts";
import { toAgencyFeed, toFeedPhotoProblem, toFeedRun } from "./shapes/agency-feed.ts";
import { valid } from "./validate.ts";

export const agencyFeeds = new Hono<AppEnv>();

agencyFeeds.use("/agency/feeds", requireAuth);
agencyFeeds.use("/agency/feeds/*", requireAuth);

const userId = (c: Context<AppEnv>) => c.get("user")!.id;
const noFeed = (c: Context<AppEnv>) => apiError(c, 404, "not_found", "No such feed");

/** The caller's agency membership; a 403 answer when they belong to none, or are not its manager when asked. */
async function member(c: Context<AppEnv>, managerOnly: boolean) {
  const membership = await membershipOf(c.env.DB, userId(c));
  if (membership && (!managerOnly || membership.role === "manager")) return membership;
  return apiError(
    c,
    403,
    "forbidden",
    managerOnly ? "Only an agency's managers may do this" : "Not an agency's member",
  );
}

agencyFeeds.post(
  "/agency/feeds",
  throttle((c) => [perUser(c, "agency_feed_add", AGENCY_FEED_ADDS_PER_HOUR, 3600)], { field: "url" }),
  valid("json", AddFeedBody),
  async (c) => {
    const membership = await member(c, true);
    if (membership instanceof Response) return membership;
    // As the URL parser writes it (host in lower case, default port dropped): one feed, one address.
    const url = new URL(c.req.valid("json").url).href;
    const refused = feedUrlProblem(url, config(c.env).ENVIRONMENT === "development");
    if (refused) {
      return apiError(c, 400, "feed_url_refused", "This address cannot be fetched as a feed", {
        url: `feed.url.${refused.code === "feed_url_refused" ? refused.reason : "malformed"}`,
      });
    }
    const now = nowOf(c);
    const added = await insertFeed(c.env.DB, { agencyId: membership.agency_id, url, createdBy: userId(c) }, now);
    if (added === "limit") {
      return apiError(c, 409, "feed_limit", "The agency has as many feeds as it may", { url: "feed.url.limit" });
    }
    if (added === "duplicate") {
      return apiError(c, 409, "feed_duplicate", "The agency has this feed already", { url: "feed.url.duplicate" });
    }
    // Checked at once; if the queue refuses, the next Cron run finds it due.
    c.executionCtx.waitUntil(
      enqueueFeedChecks(c.env, [added.id]).catch(async (error) => {
        console.error(`feed ${added.id} not queued:`, error);
        await unclaimFeed(c.env.DB, added.id, now);
      }),
    );
    return c.json({ data: { id: added.id } }, 201);
  },
);

agencyFeeds.get("/agency/feeds", async (c) => {
  c.header("Cache-Control", "private, no-store");
  const membership = await member(c, false);
  if (membership instanceof Response) return membership;
  const feeds = await feedsOf(c.env.DB, membership.agency_id);
  const runs = await lastRuns(
    c.env.DB,
    feeds.map((f) => f.id),
  );
  return c.json({ data: feeds.map((f) => toAgencyFeed(f, runs.get(f.id))) });
});

agencyFeeds.get("/agency/feeds/photo-problems", async (c) => {
  c.header("Cache-Control", "private, no-store");
  const membership = await member(c, false);
  if (membership instanceof Response) return membership;
  const locale = apiLocale(c);
  const { items, count } = await agencyPhotoProblems(c.env.DB, membership.agency_id, FEED_PHOTO_PROBLEMS_SHOWN, locale);
  return c.json({ data: { count, items: items.map((row) => toFeedPhotoProblem(row, locale)) } });
});

agencyFeeds.get("/agency/feeds/:id/runs", valid("param", FeedParam), async (c) => {
  c.header("Cache-Control", "private, no-store");
  const membership = await membershipOf(c.env.DB, userId(c));
  if (!membership) return noFeed(c);
  const feed = await feedOfAgency(c.env.DB, c.req.valid("param").id, membership.agency_id);
  if (!feed) return noFeed(c);
  return c.json({ data: (await runsOf(c.env.DB, feed.id)).map(toFeedRun) });
});

agencyFeeds.delete(
  "/agency/feeds/:id",
  throttle((c) => [perUser(c, "agency_feed_remove", AGENCY_FEED_REMOVALS_PER_HOUR, 3600)]),
  valid("param", FeedParam),
  async (c) => {
    const membership = await member(c, true);
    if (membership instanceof Response) return membership;
    const feedId = c.req.valid("param").id;
    if (!(await disableFeed(c.env.DB, feedId, membership.agency_id, nowOf(c)))) return noFeed(c);
    // Its listings are archived by the queue, a batch a message (decision 101).
    c.executionCtx.waitUntil(
      enqueueFeedRetire(c.env, feedId).catch((error) => console.error(`feed ${feedId}: listings not archived:`, error)),
    );
    return c.body(null, 204);
  },
);
