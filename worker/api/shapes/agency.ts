/** The answers of the agencies' API (decision 098) from their rows (worker/db/agencies.ts). */
import type { ApiAgencyMember, ApiAgencyProfile } from "#shared/api/agency.ts";
import type { AgencyProfileRow, MemberRow } from "#worker/db/agencies.ts";
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
