/**
 * `GET /api/realty/map` (decision 044): a viewport's listings as clusters and single listings, the search's
 * filters applied, from the grid (worker/db/listing-map.ts). Public positions only.
 */
import { Hono } from "hono";
import { MapQuery } from "#shared/api/realty-map.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { mapFeatures } from "#worker/db/listing-map.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { resolvePlaces } from "./realty.ts";
import { toMapResponse } from "./shapes/map-feature.ts";
import { valid } from "./validate.ts";

/** Mounted before `realty`, whose `/realty/:id` would take `map` for an id. */
export const realtyMap = new Hono<AppEnv>().get("/realty/map", valid("query", MapQuery), async (c) => {
  const query = c.req.valid("query");
  const places = await resolvePlaces(c, query);
  if (places instanceof Response) return places;
  const { cells, level } = await mapFeatures(c.env.DB, query, places, query.bounds, query.zoom, nowOf(c));
  return c.json(toMapResponse(cells, level, query.zoom));
});
