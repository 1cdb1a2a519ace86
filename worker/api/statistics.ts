import { Hono } from "hono";
import * as v from "valibot";
import { IdParam } from "#shared/api/conventions.ts";
import type { StatKind } from "#shared/api/content.ts";
import {
  LIST_STATISTICS_EVENTS_PER_IP_PER_HOUR,
  STATISTICS_EVENTS_PER_IP_PER_HOUR,
  STATISTICS_REPEAT_WINDOW_S,
} from "#shared/constants.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { activeListingExists, countListingEvent } from "#worker/db/statistics.ts";
import { apiError } from "#worker/http/api-error.ts";
import { clientIp } from "#worker/http/client-ip.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { overLimit, perAddress } from "#worker/middleware/throttle.ts";
import { hit } from "#worker/services/rate-limit.ts";
import { valid } from "./validate.ts";

const ListingParam = v.object({ id: IdParam });

/**
 * SPEC §7 "Statistics": per-day counters of an active listing's views, phone, map and list shows. Beacons
 * are anonymous writes: one visitor's repeats of an event on a listing count once an hour (answered 204 all
 * the same, free), and distinct events are throttled per address (429 past the hourly allowance), so a script
 * can neither inflate the counters nor flood the table.
 */
export const statistics = new Hono<AppEnv>();

for (const kind of ["view", "phone", "map", "list"] as const satisfies readonly StatKind[]) {
  const path = kind === "view" ? "/statistics/realty/:id" : `/statistics/realty/:id/${kind}`;
  const allowance = kind === "list" ? LIST_STATISTICS_EVENTS_PER_IP_PER_HOUR : STATISTICS_EVENTS_PER_IP_PER_HOUR;
  const bucket = kind === "list" ? "stats-list" : "stats";
  statistics.post(path, valid("param", ListingParam), async (c) => {
    const { id } = c.req.valid("param");
    const now = nowOf(c);
    // A repeat is answered like a counted event and costs nothing of the hourly allowance.
    const repeat = !(
      await hit(
        c.env.DB,
        { key: `stat:${kind}:${id}:ip:${clientIp(c.req.raw)}`, limit: 1, windowS: STATISTICS_REPEAT_WINDOW_S },
        now,
      )
    ).allowed;
    if (!repeat) {
      const refused = await overLimit(c, [perAddress(c, bucket, allowance, 3600)]);
      if (refused) return refused;
    }
    const known = repeat ? await activeListingExists(c.env.DB, id) : await countListingEvent(c.env.DB, id, kind, now);
    if (!known) return apiError(c, 404, "not_found", "No such listing");
    return c.body(null, 204);
  });
}
