/** Phone reveals, their payments, and messages to listing owners (migration 0008). */

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

export async function insertMessage(
  db: D1Database,
  message: { listingId: number; senderId: number; recipientId: number; body: string; now: number },
): Promise<number> {
  const row = await db
    .prepare(
      "INSERT INTO messages (listing_id, sender_id, recipient_id, body, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(message.listingId, message.senderId, message.recipientId, message.body, message.now)
    .first<{ id: number }>();
  return row!.id;
}
