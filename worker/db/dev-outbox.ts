/** Typed D1 queries of the development outbox (table `dev_outbox`): the messages the development sender "sent". */
import type { Database } from "#worker/app-env.ts";

export interface OutboxRow {
  recipient: string;
  purpose: string;
  code: string;
  body: string;
  subject: string | null;
  /** JSON object of the e-mail's extra headers, or null. */
  headers: string | null;
  /** An e-mail's HTML part, or null. */
  html: string | null;
  created_at: number;
}

export async function insertOutboxMessage(
  db: Database,
  message: {
    channel: string;
    recipient: string;
    purpose: string;
    code: string;
    body: string;
    subject?: string;
    headers?: Record<string, string>;
    html?: string;
    now: number;
  },
): Promise<void> {
  await db
    .prepare(
      `INSERT INTO dev_outbox (channel, recipient, purpose, code, body, subject, headers, html, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(
      message.channel,
      message.recipient,
      message.purpose,
      message.code,
      message.body,
      message.subject ?? null,
      message.headers ? JSON.stringify(message.headers) : null,
      message.html ?? null,
      message.now,
    )
    .run();
}

/** The newest 50 messages to one recipient. */
export async function recentOutbox(db: Database, recipient: string): Promise<OutboxRow[]> {
  const { results } = await db
    .prepare(
      "SELECT recipient, purpose, code, body, subject, headers, html, created_at FROM dev_outbox WHERE recipient = ? ORDER BY id DESC LIMIT 50",
    )
    .bind(recipient)
    .all<OutboxRow>();
  return results;
}
