/** Phone reveals and their payments (migration 0008); messages are conversations' (conversations.ts). */

export interface ListingContact {
  owner_id: number;
  phone: string;
}

/** The owner and number of an active listing; null for any other listing. */
export function activeListingContact(db: D1Database, listingId: number): Promise<ListingContact | null> {
  return db
    .prepare("SELECT owner_id, phone FROM listings WHERE id = ? AND status = 'active'")
    .bind(listingId)
    .first<ListingContact>();
}

export async function hasRevealed(db: D1Database, userId: number, listingId: number): Promise<boolean> {
  const row = await db
    .prepare("SELECT 1 AS yes FROM phone_reveals WHERE user_id = ? AND listing_id = ?")
    .bind(userId, listingId)
    .first();
  return row !== null;
}

/** Records a paid reveal: the payment and the reveal together, or neither. */
export async function recordPaidReveal(
  db: D1Database,
  reveal: {
    userId: number;
    listingId: number;
    paymentId: string;
    provider: string;
    amountCents: number;
    currency: string;
    now: number;
  },
): Promise<void> {
  await db.batch([
    db
      .prepare(
        `INSERT INTO payments (id, user_id, provider, purpose, listing_id, amount_cents, currency, status, created_at)
         VALUES (?, ?, ?, 'phone_reveal', ?, ?, ?, 'succeeded', ?)`,
      )
      .bind(
        reveal.paymentId,
        reveal.userId,
        reveal.provider,
        reveal.listingId,
        reveal.amountCents,
        reveal.currency,
        reveal.now,
      ),
    db
      .prepare("INSERT OR IGNORE INTO phone_reveals (user_id, listing_id, payment_id, created_at) VALUES (?, ?, ?, ?)")
      .bind(reveal.userId, reveal.listingId, reveal.paymentId, reveal.now),
  ]);
}
