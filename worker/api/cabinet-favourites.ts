/**
 * SPEC §7 "Cabinet" favourites: `GET /api/cabinet/realties/favorite-ids`, `…/favorite-realties`,
 * `POST …/add-favorite` (`{ id }` or, to merge a guest's cookie, `{ ids }`), `…/delete-favorite`,
 * `…/delete-all-favorite`. Signed-in only.
 */
import { type Context, Hono } from "hono";
import { AddFavouriteBody, DeleteFavouriteBody, FavouriteRealtiesQuery } from "#shared/api/favourites.ts";
import type { AppEnv } from "#worker/app-env.ts";
import {
  activeFavouritePage,
  addFavourites,
  clearFavourites,
  favouriteIds,
  removeFavourite,
} from "#worker/db/favourites.ts";
import { listingsByIds } from "#worker/db/listings.ts";
import { apiLocale } from "#worker/http/api-locale.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { requireAuth } from "#worker/middleware/session.ts";
import { valid } from "./validate.ts";

const BASE = "/cabinet/realties";
const userId = (c: Context<AppEnv>) => c.get("user")!.id;

export const cabinetFavourites = new Hono<AppEnv>();
cabinetFavourites.use(`${BASE}/*`, requireAuth);
cabinetFavourites.use(`${BASE}/*`, async (c, next) => {
  await next();
  c.header("Cache-Control", "private, no-store");
});

cabinetFavourites
  .get(`${BASE}/favorite-ids`, async (c) => {
    const items = await favouriteIds(c.env.DB, userId(c));
    return c.json({ items, total: items.length });
  })
  .get(`${BASE}/favorite-realties`, valid("query", FavouriteRealtiesQuery), async (c) => {
    const { page, per_page } = c.req.valid("query");
    const { ids, total } = await activeFavouritePage(c.env.DB, userId(c), page, per_page);
    const items = await listingsByIds(c.env.DB, ids, apiLocale(c), nowOf(c));
    return c.json({ items, total, page, per_page });
  })
  .post(`${BASE}/add-favorite`, valid("json", AddFavouriteBody), async (c) => {
    const body = c.req.valid("json");
    const ids = "id" in body ? [body.id] : body.ids;
    const added = await addFavourites(c.env.DB, userId(c), ids, nowOf(c));
    return c.json({ data: { added, ids: await favouriteIds(c.env.DB, userId(c)) } });
  })
  .post(`${BASE}/delete-favorite`, valid("json", DeleteFavouriteBody), async (c) => {
    await removeFavourite(c.env.DB, userId(c), c.req.valid("json").id);
    return c.json({ data: { ids: await favouriteIds(c.env.DB, userId(c)) } });
  })
  .post(`${BASE}/delete-all-favorite`, async (c) => {
    await clearFavourites(c.env.DB, userId(c));
    return c.json({ data: { ids: [] } });
  });
