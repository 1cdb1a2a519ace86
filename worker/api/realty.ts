import { type Context, Hono } from "hono";
import * as v from "valibot";
import { IdParam } from "#shared/api/conventions.ts";
import { ByIdsBody, type SearchFilters, SearchQuery, SeoListQuery, TotalQuery } from "#shared/api/realty.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { placeIds } from "#worker/db/gazetteer.ts";
import { publicAgencyId } from "#worker/db/agency-pages.ts";
import { referenceTables } from "#worker/db/reference-data.ts";
import { listingDetail } from "#worker/db/listing-detail.ts";
import { countListings, type ResolvedPlaces, searchListings } from "#worker/db/listing-search.ts";
import { listingsByIds, seoListingPage } from "#worker/db/listings.ts";
import { apiError } from "#worker/http/api-error.ts";
import { apiLocale } from "#worker/http/api-locale.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { toListing, toListingPreview, toSearchFacets, toSitemapListing } from "./shapes/listing.ts";
import { valid } from "./validate.ts";
import { INVALID } from "#shared/validation.ts";

/**
 * City and district slugs of a search as ids, and its agency's; an unknown one is the caller's mistake (400),
 * and so is an agency that is not public (its page answers 404).
 */
export async function resolvePlaces(c: Context<AppEnv>, filters: SearchFilters): Promise<ResolvedPlaces | Response> {
  if (filters.agency === undefined) return resolveCity(c, filters);
  const [places, agencyId] = await Promise.all([resolveCity(c, filters), publicAgencyId(c.env.DB, filters.agency)]);
  if (agencyId === null) return apiError(c, 400, "invalid_input", "Invalid agency", { agency: INVALID.choice });
  return places instanceof Response ? places : { ...places, agencyId };
}

async function resolveCity(c: Context<AppEnv>, filters: SearchFilters): Promise<ResolvedPlaces | Response> {
  if (!filters.city) {
    return filters.district
      ? apiError(c, 400, "invalid_input", "Invalid district", { district: INVALID.needsCity })
      : {};
  }
  const ids = placeIds(await referenceTables(c.env).gazetteer(), filters.city, filters.district);
  if (!ids) return apiError(c, 400, "invalid_input", "Invalid city", { city: INVALID.choice });
  if (!filters.district) return { cityId: ids.city_id };
  if (ids.district_id === null)
    return apiError(c, 400, "invalid_input", "Invalid district", { district: INVALID.choice });
  return { cityId: ids.city_id, districtId: ids.district_id };
}

const IdParams = v.object({ id: IdParam });

/** Product §7 "Listings", the public part. */
export const realty = new Hono<AppEnv>()
  .get("/realty/search", valid("query", SearchQuery), async (c) => {
    const query = c.req.valid("query");
    const places = await resolvePlaces(c, query);
    if (places instanceof Response) return places;
    const locale = apiLocale(c);
    const now = nowOf(c);
    const { rows, promotedRows, total, total_exact, facets } = await searchListings(c.env.DB, query, places, {
      sort: query.sort,
      page: query.page,
      perPage: query.per_page,
      facets: query.facets,
      locale,
      now,
    });
    return c.json({
      items: rows.map((row) => toListing(row, now, locale)),
      promoted: promotedRows.map((row) => ({ ...toListing(row, now, locale), promoted_slot: true })),
      total,
      total_exact,
      page: query.page,
      per_page: query.per_page,
      ...(facets ? { facets: toSearchFacets(facets) } : {}),
    });
  })
  .get("/realty/total", valid("query", TotalQuery), async (c) => {
    const query = c.req.valid("query");
    const places = await resolvePlaces(c, query);
    if (places instanceof Response) return places;
    return c.json({ data: await countListings(c.env.DB, query, places) });
  })
  .get("/realty/:id", valid("param", IdParams), async (c) => {
    const locale = apiLocale(c);
    const now = nowOf(c);
    const found = await listingDetail(c.env.DB, c.req.valid("param").id, locale);
    if (!found) return apiError(c, 404, "not_found", "No such listing");
    return c.json({ data: { ...toListingPreview(found, now, locale), status: "active" as const } });
  })
  .post("/realty-by-ids", valid("json", ByIdsBody), async (c) => {
    const locale = apiLocale(c);
    const now = nowOf(c);
    const rows = await listingsByIds(c.env.DB, c.req.valid("json").ids, locale);
    const items = rows.map((row) => toListing(row, now, locale));
    return c.json({ items, total: items.length });
  })
  .get("/seo/realty/list", valid("query", SeoListQuery), async (c) => {
    const { page, per_page } = c.req.valid("query");
    const { rows, total } = await seoListingPage(c.env.DB, page, per_page);
    return c.json({ items: rows.map(toSitemapListing), total, page, per_page });
  });
