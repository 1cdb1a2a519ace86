import { Hono } from "hono";
import * as v from "valibot";
import { IdParam } from "#shared/api/conventions.ts";
import type { StatKind } from "#shared/api/content.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { countListingEvent } from "#worker/db/statistics.ts";
import { apiError } from "#worker/http/api-error.ts";
import { valid } from "./validate.ts";

const ListingParam = v.object({ id: IdParam });

/** SPEC §7 "Statistics": per-day counters of an active listing's views, phone, map and list shows. */
export const statistics = new Hono<AppEnv>();

for (const kind of ["view", "phone", "map", "list"] as const satisfies readonly StatKind[]) {
  const path = kind === "view" ? "/statistics/realty/:id" : `/statistics/realty/:id/${kind}`;
  statistics.post(path, valid("param", ListingParam), async (c) => {
    const { id } = c.req.valid("param");
    if (!(await countListingEvent(c.env.DB, id, kind))) return apiError(c, 404, "not_found", "No such listing");
    return c.body(null, 204);
  });
}
