/** The answers of the agencies' API (decision 098) from their rows (worker/db/agencies.ts). */
import type { ApiAgencyMember, ApiAgencyProfile, ApiMyAgency } from "#shared/api/agency.ts";
import { avatarVariants } from "#shared/photo-variants.ts";
import type { AgencyProfileRow, MemberRow, MembershipRow } from "#worker/db/agencies.ts";
import { licenceStateOf } from "#worker/db/users.ts";

/** A JSON array of strings as stored; anything else is none. */
function strings(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

/** The logo's variants as a profile picture's (decision 050), or null without one. */
function logoOf(row: { logo_key: string | null; logo_side: number | null }): ApiAgencyProfile["logo"] {
  return row.logo_key && row.logo_side ? avatarVariants(row.logo_key, row.logo_side) : null;
}

/** The profile as the agency's managers edit it. */
export function toMyAgencyProfile(row: MembershipRow): NonNullable<ApiMyAgency["profile"]> {
  return {
    licence: licenceStateOf(row),
    licence_number: row.licence_number,
    address: row.address,
    phones: strings(row.phones),
    website: row.website,
    languages: strings(row.languages),
    logo: logoOf(row),
  };
}

export function toAgencyProfile(row: AgencyProfileRow): ApiAgencyProfile {
  const licence = licenceStateOf(row);
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    licence,
    licensed: licence === "licensed",
    address: row.address,
    phones: strings(row.phones),
    website: row.website,
    languages: strings(row.languages),
    logo: logoOf(row),
    members: row.members,
    active_listings: row.active_listings,
    since: new Date(row.created_at).toISOString(),
  };
}

export const toAgencyMember = (row: MemberRow): ApiAgencyMember => ({
  user_id: row.user_id,
  name: row.name,
  role: row.role,
  joined_at: new Date(row.joined_at).toISOString(),
});
