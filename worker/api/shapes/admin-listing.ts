/** A listing as the back office reads it (worker/db/admin-listings.ts), in the API's shape. */
import type { ApiAdminListing } from "#shared/api/admin-listings.ts";
import type { Locale } from "#shared/locales.ts";
import { paths } from "#shared/paths.ts";
import type { AdminListingRow } from "#worker/db/admin-listings.ts";
import { shownTitle } from "#worker/db/listing-titles.ts";
import { firstImage } from "./image.ts";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function toAdminListing(row: AdminListingRow, locale: Locale): ApiAdminListing {
  const isPublic = row.status === "active" && row.deleted_at === null && row.city_slug !== null;
  return {
    id: row.id,
    status: row.status,
    ...shownTitle(row, locale),
    owner: {
      id: row.owner_id,
      name: row.owner_name,
      email: row.owner_email,
      phone: row.owner_phone,
      blocked: row.owner_blocked_at !== null,
    },
    city: row.city_name,
    district: row.district_name,
    address: row.address,
    price: row.price,
    currency: "EUR",
    rooms: row.rooms,
    area: row.area,
    deal: row.deal,
    property_type: row.property_type,
    hidden:
      row.staff_hidden_at === null
        ? null
        : { at: iso(row.staff_hidden_at)!, reason: row.staff_hidden_reason, from: row.staff_hidden_from ?? "active" },
    deleted: row.deleted_at !== null,
    path: isPublic ? paths.detail(row.deal, row.property_type, row.city_slug!, row.id) : null,
    image: firstImage(row.image_json),
    image_count: row.image_count,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    expires_at: row.status === "active" ? iso(row.expires_at) : null,
    published_at: iso(row.published_at),
  };
}
