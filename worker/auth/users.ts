/** Accounts as the API and the session show them (rows: worker/db/users.ts). */
import type { ApiUser, SessionUser } from "#shared/api/auth.ts";
import { avatarVariants } from "#shared/photo-variants.ts";
import type { PasswordHash, UserRow } from "#worker/db/users.ts";

export function toApiUser(row: UserRow): ApiUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    phone_verified: row.phone_verified_at !== null,
    email_verified: row.email_verified_at !== null,
    has_password: row.password_hash !== null,
    ...profileImage(row),
    created_at: new Date(row.created_at).toISOString(),
  };
}

export function toSessionUser(row: Pick<UserRow, "id" | "name" | "role" | "phone_verified_at">): SessionUser {
  return { id: row.id, name: row.name, role: row.role, phone_verified: row.phone_verified_at !== null };
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
