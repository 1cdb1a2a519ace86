import { type Context, Hono } from "hono";
import * as v from "valibot";
import { IdParam } from "#shared/api/conventions.ts";
import type { StatKind } from "#shared/api/content.ts";
import {
  LIST_STATISTICS_EVENTS_PER_IP_PER_HOUR,
  STATISTICS_EVENTS_PER_IP_PER_HOUR,
  STATISTICS_REPEAT_WINDOW_S,
  VIEW_REPEAT_WINDOW_S,
} from "#shared/constants.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { hasRole } from "#shared/staff-roles.ts";
import { activeListingExists, mapTarget } from "#worker/db/statistics.ts";
import { apiError } from "#worker/http/api-error.ts";
import { isBotRequest } from "#worker/http/bot-request.ts";
import { clientIp } from "#worker/http/client-ip.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { overLimit, perAddress } from "#worker/middleware/throttle.ts";
import { hit } from "#worker/http/rate-limit.ts";
import { queueListingEvent } from "#worker/http/listing-events.ts";
import { valid } from "./validate.ts";

const ListingParam = v.object({ id: IdParam });

/**
 * Whether this visitor (address) already had this event on this listing in its window: a view counts once
 * a UTC day (VIEW_REPEAT_WINDOW_S, windows aligned to the epoch), other kinds once an hour. The first call
 * of a window takes it.
 */
async function isRepeat(c: Context<AppEnv>, kind: StatKind, id: number): Promise<boolean> {
  const windowS = kind === "view" ? VIEW_REPEAT_WINDOW_S : STATISTICS_REPEAT_WINDOW_S;
  const key = `stat:${kind}:${id}:ip:${clientIp(c.req.raw)}`;
  return !(await hit(c.env.RATE_LIMITS, { key, limit: 1, windowS }, nowOf(c))).allowed;
}

/** The hourly allowance of distinct events per address (one for list shows, one for the rest). */
function allowanceRule(c: Context<AppEnv>, kind: StatKind) {
  return kind === "list"
    ? perAddress(c, "stats-list", LIST_STATISTICS_EVENTS_PER_IP_PER_HOUR, 3600)
    : perAddress(c, "stats", STATISTICS_EVENTS_PER_IP_PER_HOUR, 3600);
}

/** A listing's place on OpenStreetMap, marked, at street level. */
const openStreetMapUrl = (lat: number, lng: number) =>
  `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`;

/**
 * Product §7 "Statistics": per-day counters of an active listing's views, phone, map and list shows. Beacons
 * are anonymous writes, counted through the statistics queue (worker/http/listing-events.ts, decision 093):
 * one visitor's repeats of an event on a listing count once a day (views) or an hour (the rest), answered
 * 204 all the same and free; bots are answered alike and never counted; distinct events are throttled per
 * address (429 past the hourly allowance), so a script can neither inflate the counters nor flood the
 * queue. Phone reveals also count themselves (realty-contact.ts); map opens count
 * through the detail page's map link, `GET …/map/open`, which leads on to the map.
 */
export const statistics = new Hono<AppEnv>();

for (const kind of ["view", "phone", "map", "list"] as const satisfies readonly StatKind[]) {
  const path = kind === "view" ? "/statistics/realty/:id" : `/statistics/realty/:id/${kind}`;
  statistics.post(path, valid("param", ListingParam), async (c) => {
    const { id } = c.req.valid("param");
    // A bot's or a repeated event is answered like a counted one and costs nothing of the allowance.
    const uncounted = isBotRequest(c) || (await isRepeat(c, kind, id));
    if (!uncounted) {
      const refused = await overLimit(c, [allowanceRule(c, kind)]);
      if (refused) return refused;
    }
    if (!(await activeListingExists(c.env.DB, id))) return apiError(c, 404, "not_found", "No such listing");
    // Counted by the statistics queue's consumer, in a batch (worker/queue.ts): this request writes no row.
    if (!uncounted) await queueListingEvent(c.env, id, kind, nowOf(c));
    return c.body(null, 204);
  });
}

/**
 * The detail page's "open on the map" link: counts a map open of an active listing and answers 302 to
 * the listing's place on OpenStreetMap — no script on the page. Not counted: bots, HEAD requests, one
 * address's repeats within the hour, addresses past the hourly allowance (they still reach the map: a
 * person followed a link), and the owner's and admins' own opens. A listing that is not public leads only
 * its owner and admins on (the previews show the same link); anyone else gets a 404, as a missing one.
 */
statistics.get("/statistics/realty/:id/map/open", valid("param", ListingParam), async (c) => {
  const { id } = c.req.valid("param");
  const listing = await mapTarget(c.env.DB, id);
  const user = c.get("user");
  const insider = user !== undefined && (user.id === listing?.owner_id || hasRole(user.roles, "moderator"));
  if (!listing || listing.lat === null || listing.lng === null || (listing.status !== "active" && !insider)) {
    return apiError(c, 404, "not_found", "No such listing");
  }
  // A HEAD is a link checker's, not a person opening the map.
  const counts = listing.status === "active" && !insider && c.req.method === "GET" && !isBotRequest(c);
  if (counts && !(await isRepeat(c, "map", id))) {
    const within = (await hit(c.env.RATE_LIMITS, allowanceRule(c, "map"), nowOf(c))).allowed;
    if (within) await queueListingEvent(c.env, id, "map", nowOf(c));
  }
  c.header("Cache-Control", "private, no-store");
  // The public is led to the shown point (decision 044): a hidden house is not on OpenStreetMap's pin either.
  const [lat, lng] = insider ? [listing.lat, listing.lng] : [listing.shown_lat!, listing.shown_lng!];
  return c.redirect(openStreetMapUrl(lat, lng), 302);
});
