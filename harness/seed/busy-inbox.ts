/**
 * A busy inbox for the development user (the messages pages with 200 conversations and a
 * thread of 1 000 messages stay within the page budgets): 200 conversations about other people's public
 * listings, three messages each, and one thread of 1 000 messages, the newest activity. Plain SQL, for a
 * local D1 the audits serve (`npm run lighthouse`); it does nothing when the user has that many already.
 */
const BUSY_INBOX_CONVERSATIONS = 200;
const BUSY_THREAD_MESSAGES = 1000;

export function busyInboxSql(email: string, now: number): string[] {
  const user = `(SELECT id FROM users WHERE email = '${email.replaceAll("'", "''")}')`;
  const mine = `SELECT id FROM conversations WHERE visitor_id = ${user}`;
  const hour = 60 * 60 * 1000;
  return [
    `INSERT INTO conversations (listing_id, visitor_id, owner_id, created_at, last_message_at)
     SELECT l.id, ${user}, l.owner_id, ${now} - rn * ${hour}, ${now} - rn * ${hour}
     FROM (SELECT id, owner_id, ROW_NUMBER() OVER (ORDER BY id) AS rn FROM listings
           WHERE status = 'active' AND owner_id <> ${user}
             AND id NOT IN (SELECT listing_id FROM conversations WHERE visitor_id = ${user})) l
     WHERE rn <= ${BUSY_INBOX_CONVERSATIONS} - (SELECT COUNT(*) FROM conversations WHERE visitor_id = ${user})`,
    // Three messages in each conversation that has none: a question, the owner's answer, a thank-you.
    `WITH RECURSIVE n(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM n WHERE k < 2)
     INSERT INTO messages (listing_id, sender_id, recipient_id, body, created_at, delivered_at, read_at, conversation_id)
     SELECT c.listing_id, CASE n.k WHEN 1 THEN c.owner_id ELSE c.visitor_id END,
       CASE n.k WHEN 1 THEN c.visitor_id ELSE c.owner_id END,
       CASE n.k WHEN 0 THEN 'Is it still available? Could I see it this week?'
                WHEN 1 THEN 'Yes, it is. Saturday at 11 suits me — does it suit you?'
                ELSE 'Saturday at 11 is fine, thank you!' END,
       c.created_at - (2 - n.k) * 600000, c.created_at, c.created_at, c.id
     FROM conversations c JOIN n
     WHERE c.id IN (${mine}) AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id)`,
    // The newest conversation becomes a thread of BUSY_THREAD_MESSAGES messages.
    `WITH RECURSIVE n(k) AS (SELECT 3 UNION ALL SELECT k + 1 FROM n WHERE k < ${BUSY_THREAD_MESSAGES - 1}),
       busiest AS (SELECT * FROM conversations WHERE id IN (${mine}) ORDER BY last_message_at DESC LIMIT 1)
     INSERT INTO messages (listing_id, sender_id, recipient_id, body, created_at, delivered_at, read_at, conversation_id)
     SELECT b.listing_id, CASE k % 2 WHEN 0 THEN b.visitor_id ELSE b.owner_id END,
       CASE k % 2 WHEN 0 THEN b.owner_id ELSE b.visitor_id END,
       'Message ' || k || ' of a long conversation about the flat, its street, the neighbours and the move-in date.',
       b.created_at - (${BUSY_THREAD_MESSAGES} - k) * 60000, b.created_at, b.created_at, b.id
     FROM busiest b JOIN n
     WHERE (SELECT COUNT(*) FROM messages WHERE conversation_id = b.id) < ${BUSY_THREAD_MESSAGES}`,
    // Each conversation's last message, as the writes keep it.
    `UPDATE conversations SET
       last_message_id = (SELECT MAX(id) FROM messages WHERE conversation_id = conversations.id),
       last_message_at = (SELECT MAX(created_at) FROM messages WHERE conversation_id = conversations.id),
       visitor_read_id = (SELECT MAX(id) FROM messages WHERE conversation_id = conversations.id),
       owner_read_id = (SELECT MAX(id) FROM messages WHERE conversation_id = conversations.id)
     WHERE id IN (${mine})`,
  ];
}
