/** What the back office's page about a person shows besides them (worker/db/admin-user-activity.ts), in the API's shape. */
import type { ApiAdminUserActivity } from "#shared/api/admin-listings.ts";
import type { Locale } from "#shared/locales.ts";
import type { UserActivityRows } from "#worker/db/admin-user-activity.ts";
import { toAdminListing } from "./admin-listing.ts";

const iso = (ms: number) => new Date(ms).toISOString();

export function toUserActivity(rows: UserActivityRows, locale: Locale): ApiAdminUserActivity {
  return {
    listings: rows.listings.map((row) => toAdminListing(row, locale)),
    payments: rows.payments.map((row) => ({
      id: row.id,
      product: row.product,
      listing_id: row.listing_id,
      amount_cents: row.amount_cents,
      currency: row.currency,
      provider: row.provider,
      status: row.status,
      created_at: iso(row.created_at),
    })),
    listing_reports: rows.listingReports.map((row) => ({
      id: row.id,
      listing_id: row.listing_id,
      reason: row.reason,
      text: row.text,
      created_at: iso(row.created_at),
      resolved: row.resolved_at !== null,
    })),
    conversation_reports: rows.conversationReports.map((row) => ({
      id: row.id,
      conversation_id: row.conversation_id,
      listing_id: row.listing_id,
      reporter: { id: row.reporter_id, name: row.reporter_name },
      reason: row.reason,
      text: row.text,
      created_at: iso(row.created_at),
      resolved: row.resolved_at !== null,
    })),
  };
}
