/**
 * Agencies' public pages (decision 103): what `GET /api/agency/{slug}` adds to the profile for its page —
 * the agency's cities and how it answers messages — and the directory of `GET /api/agencies`.
 */
import type { LicenceState } from "./advertiser.ts";
import type { ApiAgencyProfile } from "./agency.ts";

/** Below this many conversations in the window an agency's response figures say nothing (null). */
export const RESPONSE_MIN_CONVERSATIONS = 5;

/** A city the agency has public listings in, and how many. */
export interface ApiAgencyCity {
  slug: string;
  name: string;
  listings: number;
}

/**
 * How the agency answers messages: conversations visitors started about its listings in the `window_days`
 * days that ended `grace_days` ago, how many it answered, the share answered (0–1) and the median time to
 * its first answer in minutes — both null below RESPONSE_MIN_CONVERSATIONS conversations (or none answered).
 */
export interface ApiAgencyResponse {
  window_days: number;
  grace_days: number;
  conversations: number;
  answered: number;
  answered_share: number | null;
  median_reply_minutes: number | null;
}

/** What the agency's page adds to its profile. */
export interface ApiAgencyPageFacts {
  /**
   * The number in the register of brokers, present once a moderator checked it (decision 087): an
   * unchecked one may be anyone's, and the API does not repeat it.
   */
  licence_number?: string;
  cities: ApiAgencyCity[];
  response: ApiAgencyResponse;
}

/** `GET /api/agency/{slug}`: the profile (decision 098) and its page's facts. */
export type ApiAgencyPage = ApiAgencyProfile & ApiAgencyPageFacts;

/** An agency in the directory. */
interface ApiDirectoryAgency {
  slug: string;
  name: string;
  licence: LicenceState;
  licensed: boolean;
  /** Its public listings in this city. */
  listings: number;
}

/** `GET /api/agencies`: the public agencies with public listings, by city (cities by name, agencies by name). */
export interface ApiAgencyDirectory {
  cities: { slug: string; name: string; agencies: ApiDirectoryAgency[] }[];
}
