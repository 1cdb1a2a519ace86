/**
 * Which agencies are public, in one place (decision 103): the agency (alias `a`) with a name (its name and
 * licence are its own columns, decision 104) whose licence account (alias `au`, `agencies.account_id`,
 * decision 098) is an agency account, neither deleted nor blocked. Its page, its listings' links to it, the
 * directory and the sitemap all ask this; the profile of `GET /api/agency/{slug}` (worker/db/agencies.ts)
 * asks the same.
 */

/** The join of an agency's licence account, whose standing decides whether the agency is public. */
export const AGENCY_ACCOUNT = "JOIN users au ON au.id = a.account_id";

/** SQL: the agency `a` (with `AGENCY_ACCOUNT` joined) is public. */
export const LIVE_AGENCY =
  "a.name IS NOT NULL AND au.advertiser_type = 'agency' AND au.deleted_at IS NULL AND au.blocked_at IS NULL";

/** SQL: the agency's licence is checked, its badge shown (decision 087; `licenceStateOf`'s "licensed"). */
const AGENCY_LICENSED = "(a.licence_number IS NOT NULL AND a.licence_checked_at IS NOT NULL)";

/**
 * SQL: the agency of the listing aliased `listing`, when it has one and it is public, as JSON `{slug, name,
 * licensed}` (`agency_json`), read by key: it, not the owning agent's account, offers the listing.
 */
export const agencyJsonOf = (listing: string) => `(SELECT json_object('slug', a.slug, 'name', a.name,
  'licensed', ${AGENCY_LICENSED}) FROM agencies a ${AGENCY_ACCOUNT} WHERE a.id = ${listing}.agency_id AND ${LIVE_AGENCY})
  AS agency_json`;

/** SQL columns of `a` and `au`: the agency's slug, name and the licence check's columns (`licenceStateOf`). */
export const AGENCY_PUBLIC_COLUMNS = `a.id, a.slug, a.name, au.advertiser_type, a.licence_number,
  a.licence_checked_at, a.licence_refused_at`;

/** The columns `AGENCY_PUBLIC_COLUMNS` reads. */
export interface AgencyPublicRow {
  id: number;
  slug: string;
  name: string;
  advertiser_type: "owner" | "agency";
  licence_number: string | null;
  licence_checked_at: number | null;
  licence_refused_at: number | null;
}
