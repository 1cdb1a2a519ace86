/**
 * Which agencies are public, in one place (decision 103): the agency (alias `a`) whose licence account
 * (alias `au`, `agencies.account_id`, decision 098) is an agency with a name, neither deleted nor blocked.
 * Its page, its listings' links to it, the directory and the sitemap all ask this; the profile of
 * `GET /api/agency/{slug}` (worker/db/agencies.ts) asks the same. When the name and licence move into
 * `agencies`, this and `AGENCY_ACCOUNT` are what change.
 */

/** The join of an agency's licence account, whose columns are the agency's name and licence. */
export const AGENCY_ACCOUNT = "JOIN users au ON au.id = a.account_id";

/** SQL: the agency `a` (with `AGENCY_ACCOUNT` joined) is public. */
export const LIVE_AGENCY =
  "au.advertiser_type = 'agency' AND au.agency_name IS NOT NULL AND au.deleted_at IS NULL AND au.blocked_at IS NULL";

/** SQL: the agency's licence is checked, its badge shown (decision 087; `licenceStateOf`'s "licensed"). */
const AGENCY_LICENSED =
  "(au.advertiser_type = 'agency' AND au.licence_number IS NOT NULL AND au.licence_checked_at IS NOT NULL)";

/**
 * SQL: the agency of the listing aliased `listing`, when it has one and it is public, as JSON `{slug, name,
 * licensed}` (`agency_json`), read by key: it, not the owning agent's account, offers the listing.
 */
export const agencyJsonOf = (listing: string) => `(SELECT json_object('slug', a.slug, 'name', au.agency_name,
  'licensed', ${AGENCY_LICENSED}) FROM agencies a ${AGENCY_ACCOUNT} WHERE a.id = ${listing}.agency_id AND ${LIVE_AGENCY})
  AS agency_json`;

/** SQL columns of `a` and `au`: the agency's slug, name and the licence check's columns (`licenceStateOf`). */
export const AGENCY_PUBLIC_COLUMNS = `a.id, a.slug, au.agency_name AS name, au.advertiser_type, au.licence_number,
  au.licence_checked_at, au.licence_refused_at`;

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
