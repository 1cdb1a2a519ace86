/**
 * What the back office's page about a person shows besides them: their listings,
 * payments, the reports of their listings and the reports on their conversations — newest first, bounded.
 */
import type { Locale } from "#shared/locales.ts";
import { type AdminListingRow, ownerAdminListings } from "./admin-listings.ts";
import type { Database } from "#worker/app-env.ts";

interface PaymentActivityRow {
  id: string;
  product: string;
  listing_id: number | null;
  amount_cents: number;
  currency: string;
  provider: string;
  created_at: number;
  /** The payment's last event, or `created`. */
  status: string;
}

interface ListingReportActivityRow {
  id: number;
  listing_id: number;
  reason: string;
  text: string | null;
  created_at: number;
  resolved_at: number | null;
}

interface ConversationReportActivityRow {
  id: number;
  conversation_id: number;
  listing_id: number;
  reporter_id: number;
  reporter_name: string;
  reason: string;
  text: string | null;
  created_at: number;
  resolved_at: number | null;
}

export interface UserActivityRows {
  listings: AdminListingRow[];
  payments: PaymentActivityRow[];
  listingReports: ListingReportActivityRow[];
  conversationReports: ConversationReportActivityRow[];
}

/** A person's activity, each list newest first and at most `limit` long. */
export async function userActivity(
  db: Database,
  userId: number,
  limit: number,
  locale: Locale,
): Promise<UserActivityRows> {
  const [listings, [payments, listingReports, conversationReports]] = await Promise.all([
    ownerAdminListings(db, userId, limit, locale),
    db.batch([
      db
        .prepare(
          `SELECT p.id, p.product, p.listing_id, p.amount_cents, p.currency, p.provider, p.created_at,
             ifnull((SELECT e.status FROM payment_events e WHERE e.intent_id = p.id ORDER BY e.id DESC LIMIT 1),
               'created') AS status
           FROM payment_intents p WHERE p.user_id = ?1 ORDER BY p.created_at DESC LIMIT ?2`,
        )
        .bind(userId, limit),
      db
        .prepare(
          `SELECT r.id, r.listing_id, r.reason, r.text, r.created_at, r.resolved_at
           FROM listing_reports r JOIN listings l ON l.id = r.listing_id
           WHERE l.owner_id = ?1 ORDER BY r.created_at DESC, r.id DESC LIMIT ?2`,
        )
        .bind(userId, limit),
      db
        .prepare(
          `SELECT r.id, r.conversation_id, c.listing_id, r.reporter_id, u.name AS reporter_name, r.reason, r.text,
             r.created_at, r.resolved_at
           FROM conversation_reports r JOIN conversations c ON c.id = r.conversation_id
             JOIN users u ON u.id = r.reporter_id
           WHERE c.id IN (SELECT id FROM conversations WHERE visitor_id = ?1
                          UNION ALL SELECT id FROM conversations WHERE owner_id = ?1)
           ORDER BY r.created_at DESC, r.id DESC LIMIT ?2`,
        )
        .bind(userId, limit),
    ]),
  ]);
  return {
    listings,
    payments: payments!.results as PaymentActivityRow[],
    listingReports: listingReports!.results as ListingReportActivityRow[],
    conversationReports: conversationReports!.results as ConversationReportActivityRow[],
  };
}
