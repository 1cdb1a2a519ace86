/** Accounts as the API and the session show them (rows: worker/db/users.ts). */
import type { ApiUser, SessionUser } from "#shared/api/auth.ts";
import { avatarVariants } from "#shared/photo-variants.ts";
import type { Role } from "#shared/api/auth.ts";
import type { StaffRole } from "#shared/staff-roles.ts";
import type { ApiAccountAdvertiser } from "#shared/api/advertiser.ts";
import { licenceStateOf, type PasswordHash, rolesOf, type UserRow } from "#worker/db/users.ts";

/** The one-word role of older clients and the access token's claim: `admin` with the admin role. */
export const summaryRole = (roles: readonly StaffRole[]): Role => (roles.includes("admin") ? "admin" : "user");

export function toApiUser(row: UserRow): ApiUser {
  const roles = rolesOf(row.roles);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: summaryRole(roles),
    roles,
    phone_verified: row.phone_verified_at !== null,
    email_verified: row.email_verified_at !== null,
    has_password: row.password_hash !== null,
    ...profileImage(row),
    advertiser: accountAdvertiser(row),
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** How the account advertises, as its owner sees it: the refusal's reason only while refused. */
export function accountAdvertiser(row: UserRow): ApiAccountAdvertiser {
  const licence = licenceStateOf(row);
  return {
    type: row.advertiser_type,
    agency_name: row.advertiser_type === "agency" ? row.agency_name : null,
    licence_number: row.advertiser_type === "agency" ? row.licence_number : null,
    licence,
    licence_refused_reason: licence === "refused" ? row.licence_refused_reason : null,
  };
}

export function toSessionUser(
  row: Pick<UserRow, "id" | "name" | "roles" | "phone_verified_at" | "image_key" | "image_side">,
): SessionUser {
  const roles = rolesOf(row.roles);
  return {
    id: row.id,
    name: row.name,
    role: summaryRole(roles),
    roles,
    phone_verified: row.phone_verified_at !== null,
    image_variants: profileImage(row).image_variants,
  };
}

export function passwordOf(row: UserRow): PasswordHash | null {
  if (!row.password_hash || !row.password_salt || !row.password_iterations) return null;
  return { hash: row.password_hash, salt: row.password_salt, iterations: row.password_iterations };
}

/** The profile picture's URLs (decision 050): the AVATAR_SIDE variant, and every variant for `srcset`. */
function profileImage(row: Pick<UserRow, "image_key" | "image_side">): Pick<ApiUser, "image_url" | "image_variants"> {
  if (!row.image_key || !row.image_side) return { image_url: null, image_variants: [] };
  const { url, variants } = avatarVariants(row.image_key, row.image_side);
  return { image_url: url, image_variants: variants };
}
