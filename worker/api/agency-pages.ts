/**
 * Agencies' public pages (decision 103):
 * - `GET /api/agencies`: the public agencies with public listings, by city (the directory, `/agencies/`);
 * - what `GET /api/agency/{slug}` (worker/api/agency.ts) adds to the profile for its page: the agency's
 *   cities and how it answers messages (`agencyPageFacts`).
 * Public reads of public facts; the figures are of the hour (the window ends at the hour's start), so every
 * render within it says the same and a kept page is as true as a fresh one.
 */
import type { Context } from "hono";
import { Hono } from "hono";
import type { ApiAgencyPageFacts } from "#shared/api/agency-pages.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { agencyCities, agencyDirectory, agencyResponse } from "#worker/db/agency-pages.ts";
import { licenceStateOf } from "#worker/db/users.ts";
import { apiLocale } from "#worker/http/api-locale.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { toAgencyCity, toAgencyDirectory, toAgencyResponse } from "./shapes/agency-pages.ts";

const HOUR_MS = 60 * 60 * 1000;

/** The agency's checked licence number, cities and response figures, for its page. */
export async function agencyPageFacts(
  c: Context<AppEnv>,
  agency: { id: number } & Parameters<typeof licenceStateOf>[0],
): Promise<ApiAgencyPageFacts> {
  const agencyId = agency.id;
  const hour = Math.floor(nowOf(c) / HOUR_MS) * HOUR_MS;
  const [cities, response] = await Promise.all([
    agencyCities(c.env.DB, agencyId, apiLocale(c)),
    agencyResponse(c.env.DB, agencyId, hour),
  ]);
  const checked = licenceStateOf(agency) === "licensed" && agency.licence_number !== null;
  return {
    ...(checked ? { licence_number: agency.licence_number! } : {}),
    cities: cities.map(toAgencyCity),
    response: toAgencyResponse(response),
  };
}

export const agencyPages = new Hono<AppEnv>().get("/agencies", async (c) => {
  return c.json({ data: toAgencyDirectory(await agencyDirectory(c.env.DB, apiLocale(c))) });
});
