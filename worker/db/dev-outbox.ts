/** Typed D1 queries of the development outbox (table `dev_outbox`): the codes the development sender "sent". */

export interface OutboxRow {
  recipient: string;
  purpose: string;
  code: string;
  created_at: number;
}

export async function insertOutboxMessage(
  db: D1Database,
  message: { channel: string; recipient: string; purpose: string; code: string; body: string; now: number },
): Promise<void> {
  await db
    .prepare("INSERT INTO dev_outbox (channel, recipient, purpose, code, body, created_at) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(message.channel, message.recipient, message.purpose, message.code, message.body, message.now)
    .run();
}

/** The newest 50 messages, to one recipient or to anyone. */
export async function recentOutbox(db: D1Database, recipient?: string): Promise<OutboxRow[]> {
  const statement =
    recipient !== undefined
      ? db
          .prepare(
            "SELECT recipient, purpose, code, created_at FROM dev_outbox WHERE recipient = ? ORDER BY id DESC LIMIT 50",
          )
          .bind(recipient)
      : db.prepare("SELECT recipient, purpose, code, created_at FROM dev_outbox ORDER BY id DESC LIMIT 50");
  const { results } = await statement.all<OutboxRow>();
  return results;
}
