import type { ApiAgencyCity, ApiAgencyResponse } from "#shared/api/agency-pages.ts";
import type { LicenceState } from "#shared/api/advertiser.ts";

/* What the agency page's loader (agency-page.server.ts) hands the page: the browser's modules import this. */

export interface AgencyView {
  slug: string;
  name: string;
  licensed: boolean;
  licence: LicenceState;
  /** Shown once checked only. */
  licence_number: string | null;
  address: string | null;
  phones: string[];
  /** An http(s) address, or null. */
  website: string | null;
  /** The languages' names in the page's language. */
  languages: string[];
  members: number;
  active_listings: number;
  since: string;
  cities: ApiAgencyCity[];
  response: ApiAgencyResponse;
}
