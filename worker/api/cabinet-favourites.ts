/**
 * Product §7 "Cabinet" favourites: `GET /api/cabinet/realties/favorite-ids`, `…/favorite-realties`,
 * `POST …/add-favorite` (`{ id }` or, to merge a guest's cookie, `{ ids }`), `…/delete-favorite`,
 * `…/delete-all-favorite`. Signed-in only. The listings keep their place among the favourites when they leave
 * the site: `favorite-realties?include_unavailable=true` gives them as "no longer available" items (decision 041).
 */
import { type Context, Hono } from "hono";
import {
  AddFavouriteBody,
  type ApiFavouriteItem,
  DeleteFavouriteBody,
  FavouriteListingsQuery,
} from "#shared/api/favourites.ts";
import type { AppEnv } from "#worker/app-env.ts";
import {
  addFavourites,
  clearFavourites,
  favouriteIds,
  favouritePage,
  favouriteSummaries,
  removeFavourite,
} from "#worker/db/favourites.ts";
import { listingsByIds } from "#worker/db/listings.ts";
import { apiLocale } from "#worker/http/api-locale.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { requireAuth } from "#worker/middleware/session.ts";
import { toUnavailableFavourite } from "./shapes/favourite.ts";
import { toListing } from "./shapes/listing.ts";
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
  .get(`${BASE}/favorite-realties`, valid("query", FavouriteListingsQuery), async (c) => {
    const { page, per_page, include_unavailable: includeUnavailable } = c.req.valid("query");
    const db = c.env.DB;
    const locale = apiLocale(c);
    const { rows, total } = await favouritePage(db, userId(c), { page, perPage: per_page, includeUnavailable });
    const now = nowOf(c);
    const available = rows.filter((row) => row.available).map((row) => row.listing_id);
    const listings = new Map(
      (await listingsByIds(db, available, locale)).map((listing) => [listing.id, toListing(listing, now, locale)]),
    );
    // Taken off the site, or in the moment between the two reads.
    const gone = includeUnavailable
      ? await favouriteSummaries(
          db,
          userId(c),
          rows.filter((row) => !listings.has(row.listing_id)).map((row) => row.listing_id),
          locale,
        )
      : new Map();
    const items = rows.flatMap((row): ApiFavouriteItem[] => {
      const saved_at = new Date(row.saved_at).toISOString();
      const listing = listings.get(row.listing_id);
      if (listing) {
        const before = row.price_when_saved;
        return [
          {
            ...listing,
            available: true,
            saved_at,
            price_reduced_from: before !== null && before > listing.price ? before : null,
          },
        ];
      }
      const summary = gone.get(row.listing_id);
      return summary ? [toUnavailableFavourite(summary, locale, saved_at)] : [];
    });
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
