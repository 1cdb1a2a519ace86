/**
 * Product §7 "Statistics" for the owner (decision 038): `GET /api/cabinet/realties/{id}/statistics`
 * — a listing's views, phone reveals, map opens and list shows (listing_stats), messages and favourites per
 * UTC day for the last OWNER_STATS_DAYS days, every day present. Signed-in owner only: someone else's
 * listing, a deleted one and a missing one answer 404 alike; a state with nothing to count (a listing never
 * public) is 409 `invalid_state` (OWNER_ACTIONS.statistics).
 */
import { Hono } from "hono";
import * as v from "valibot";
import type { ApiListingStatistics, ApiStatisticsDay } from "#shared/api/cabinet.ts";
import { allows } from "#shared/listing-states.ts";
import { IdParam } from "#shared/api/conventions.ts";
import { OWNER_STATS_DAYS } from "#shared/constants.ts";
import { paths } from "#shared/paths.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { listingStatistics, statDay, type StatisticsRow } from "#worker/db/statistics.ts";
import { shownTitle } from "#worker/db/listing-titles.ts";
import { apiError } from "#worker/http/api-error.ts";
import { apiLocale } from "#worker/http/api-locale.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { requireAuth } from "#worker/middleware/session.ts";
import { valid } from "./validate.ts";

const IdParams = v.object({ id: IdParam });
const DAY_MS = 24 * 60 * 60 * 1000;
const COUNTED = ["views", "phone", "map", "list", "messages", "favourites"] as const;
const zeros = (): ApiListingStatistics["totals"] => ({
  views: 0,
  phone: 0,
  map: 0,
  list: 0,
  messages: 0,
  favourites: 0,
});
/** listing_stats kinds by the name the API gives them. */
const FIELD_OF = {
  view: "views",
  phone: "phone",
  map: "map",
  list: "list",
  messages: "messages",
  favourites: "favourites",
} as const;

/** Every one of the `count` days ending today, oldest first, zeros where nothing happened. */
function statisticsDays(rows: StatisticsRow[], count: number, now: number): ApiStatisticsDay[] {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const days: ApiStatisticsDay[] = Array.from({ length: count }, (_, i) => ({
    day: statDay(today - (count - 1 - i) * DAY_MS),
    ...zeros(),
  }));
  const byDay = new Map(days.map((day) => [day.day, day]));
  for (const row of rows) {
    const day = byDay.get(row.day);
    if (day) day[FIELD_OF[row.kind]] += row.count;
  }
  return days;
}

export const cabinetStatistics = new Hono<AppEnv>();
cabinetStatistics.use("/cabinet/realties/:id/statistics", requireAuth, async (c, next) => {
  await next();
  c.header("Cache-Control", "private, no-store");
});

cabinetStatistics.get("/cabinet/realties/:id/statistics", valid("param", IdParams), async (c) => {
  const { id } = c.req.valid("param");
  const locale = apiLocale(c);
  const now = nowOf(c);
  const found = await listingStatistics(c.env.DB, id, c.get("user")!.id, locale, OWNER_STATS_DAYS, now);
  if (!found) return apiError(c, 404, "not_found", "No such listing");
  const { head, rows } = found;
  if (!allows("statistics", head.status)) {
    return apiError(c, 409, "invalid_state", `A ${head.status} listing has no statistics`);
  }
  const days = statisticsDays(rows, OWNER_STATS_DAYS, now);
  const totals = zeros();
  for (const day of days) for (const field of COUNTED) totals[field] += day[field];
  const path =
    head.status === "active" && head.city_slug !== null
      ? paths.detail(head.deal, head.property_type, head.city_slug, id)
      : null;
  const data: ApiListingStatistics = { id, ...shownTitle(head, locale), status: head.status, path, days, totals };
  return c.json({ data });
});
