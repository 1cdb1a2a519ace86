/** The answers of agencies' public pages (decision 103) from their rows (worker/db/agency-pages.ts). */
import {
  type ApiAgencyCity,
  type ApiAgencyDirectory,
  type ApiAgencyResponse,
  RESPONSE_MIN_CONVERSATIONS,
} from "#shared/api/agency-pages.ts";
import type { AgencyCityRow, AgencyDirectoryRow, AgencyResponseRow } from "#worker/db/agency-pages.ts";
import { RESPONSE_GRACE_DAYS, RESPONSE_WINDOW_DAYS } from "#worker/db/agency-pages.ts";
import { licenceStateOf } from "#worker/db/users.ts";

export const toAgencyCity = (row: AgencyCityRow): ApiAgencyCity => ({
  slug: row.city_slug,
  name: row.city_name,
  listings: row.listings,
});

/** The figures, said only from RESPONSE_MIN_CONVERSATIONS conversations: one quick answer is no record. */
export function toAgencyResponse(row: AgencyResponseRow): ApiAgencyResponse {
  const enough = row.conversations >= RESPONSE_MIN_CONVERSATIONS;
  return {
    window_days: RESPONSE_WINDOW_DAYS,
    grace_days: RESPONSE_GRACE_DAYS,
    conversations: row.conversations,
    answered: row.answered,
    answered_share: enough ? Math.round((row.answered / row.conversations) * 1000) / 1000 : null,
    median_reply_minutes:
      enough && row.median_reply_ms !== null ? Math.max(1, Math.round(row.median_reply_ms / 60_000)) : null,
  };
}

/** The directory's rows (ordered by city, then agency) grouped by city. */
export function toAgencyDirectory(rows: AgencyDirectoryRow[]): ApiAgencyDirectory {
  const cities: ApiAgencyDirectory["cities"] = [];
  for (const row of rows) {
    let city = cities.at(-1);
    if (city?.slug !== row.city_slug) {
      city = { slug: row.city_slug, name: row.city_name, agencies: [] };
      cities.push(city);
    }
    const licence = licenceStateOf(row);
    city.agencies.push({
      slug: row.slug,
      name: row.name,
      licence,
      licensed: licence === "licensed",
      listings: row.listings,
    });
  }
  return { cities };
}
