/**
 * Phone reveals (migrations 0008, 0018): a visitor's paid look at a listing's number, once per visitor and
 * listing, pointing at the intent that paid for it (worker/db/payments.ts writes it in the payment's
 * success batch). Messages are conversations' (conversations.ts).
 */
import type { Database } from "#worker/app-env.ts";

export interface ListingContact {
  owner_id: number;
  phone: string;
}

/** The owner and number of an active listing; null for any other listing. */
export function activeListingContact(db: Database, listingId: number): Promise<ListingContact | null> {
  return db
    .prepare("SELECT owner_id, phone FROM listings WHERE id = ? AND status = 'active'")
    .bind(listingId)
    .first<ListingContact>();
}

/** The reveal of this listing's number to this person, if they paid for it: the intent that did. */
export function revealOf(
  db: Database,
  userId: number,
  listingId: number,
): Promise<{ intent_id: string | null } | null> {
  return db
    .prepare("SELECT intent_id FROM phone_reveals WHERE user_id = ? AND listing_id = ?")
    .bind(userId, listingId)
    .first<{ intent_id: string | null }>();
}

export async function hasRevealed(db: Database, userId: number, listingId: number): Promise<boolean> {
  return (await revealOf(db, userId, listingId)) !== null;
}

/**
 * The reveal a succeeded `phone_reveal` intent bought, as a statement of its success batch: written only
 * when the statement before it (the success event) inserted its row, and never a second time for the same
 * person and listing (a reveal paid twice changes nothing: the batch's caller sees nothing delivered).
 */
export function revealStatement(
  db: Database,
  reveal: { userId: number; listingId: number; intentId: string; now: number },
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO phone_reveals (user_id, listing_id, intent_id, created_at)
       SELECT ?1, ?2, ?3, ?4 WHERE changes() > 0
       ON CONFLICT DO NOTHING`,
    )
    .bind(reveal.userId, reveal.listingId, reveal.intentId, reveal.now);
}
