/**
 * Which e-mails an address gets (table `email_subscriptions`, migration 0020, decision 041). The lists
 * that tell a person about their own things — saved-search alerts, price drops of favourites, messages,
 * their listings' updates — are sent unless the address left them (a row with `subscribed = 0`); news and
 * listing tips only to an address that joined (`subscribed = 1`). Account security codes are on no list:
 * nothing here stops them.
 */
import type { SubscriptionState } from "#shared/api/content.ts";
import { SUBSCRIPTION_LISTS, type SubscriptionList } from "#shared/subscription-lists.ts";
import type { Database } from "#worker/app-env.ts";

/** The lists an address is on until it leaves them. */
const OPT_OUT_LISTS: readonly SubscriptionList[] = ["saved_searches", "price_drops", "messages", "listing_updates"];

const optOut = (list: SubscriptionList) => OPT_OUT_LISTS.includes(list);

/** Whether an address's stored row (or its absence) means it gets the list. */
const subscribedBy = (list: SubscriptionList, stored: number | undefined) =>
  stored === undefined ? optOut(list) : stored === 1;

/**
 * SQL that is true when the address in `emailColumn` gets `list` (for reads that pick recipients in bulk).
 * `list` is one of SUBSCRIPTION_LISTS, never user text.
 */
export function subscribedSql(emailColumn: string, list: SubscriptionList): string {
  if (!(SUBSCRIPTION_LISTS as readonly string[]).includes(list)) throw new Error(`No such list: ${list}`);
  return optOut(list)
    ? `NOT EXISTS (SELECT 1 FROM email_subscriptions es WHERE es.email = ${emailColumn} AND es.list = '${list}' AND es.subscribed = 0)`
    : `EXISTS (SELECT 1 FROM email_subscriptions es WHERE es.email = ${emailColumn} AND es.list = '${list}' AND es.subscribed = 1)`;
}

/** Every list with the address's state, in SUBSCRIPTION_LISTS order. */
export async function subscriptionStates(db: Database, email: string): Promise<SubscriptionState[]> {
  const { results } = await db
    .prepare("SELECT list, subscribed FROM email_subscriptions WHERE email = ?")
    .bind(email)
    .all<{ list: SubscriptionList; subscribed: number }>();
  const stored = new Map(results.map((row) => [row.list, row.subscribed]));
  return SUBSCRIPTION_LISTS.map((list) => ({ list, subscribed: subscribedBy(list, stored.get(list)) }));
}

/** Whether the address gets e-mails of `list`. */
export async function isSubscribed(db: Database, email: string, list: SubscriptionList): Promise<boolean> {
  const row = await db
    .prepare("SELECT subscribed FROM email_subscriptions WHERE email = ? AND list = ?")
    .bind(email, list)
    .first<{ subscribed: number }>();
  return subscribedBy(list, row?.subscribed);
}

/** The statement that takes the address off `list` (a row saying so; idempotent). */
const leaveStatement = (db: Database, email: string, list: SubscriptionList, now: number) =>
  db
    .prepare(
      `INSERT INTO email_subscriptions (email, list, subscribed, updated_at) VALUES (?1, ?2, 0, ?3)
       ON CONFLICT (email, list) DO UPDATE SET subscribed = 0, updated_at = ?3 WHERE subscribed <> 0`,
    )
    .bind(email, list, now);

/** Takes the address off one list. Idempotent. */
export async function leaveList(db: Database, email: string, list: SubscriptionList, now: number): Promise<void> {
  await leaveStatement(db, email, list, now).run();
}

/**
 * Statements that take the address off every list (run them in a batch with whatever else "stop all"
 * does). Account security codes are on no list and still go.
 */
export function leaveAllStatements(db: Database, email: string, now: number): D1PreparedStatement[] {
  return SUBSCRIPTION_LISTS.map((list) => leaveStatement(db, email, list, now));
}

/**
 * Back on a list the address left: what turning a saved search's alerts on means (decision 041). Upserts the
 * row as subscribed, so an address that never left (no row: notification lists are on) is unchanged in effect.
 */
export async function rejoinList(db: Database, email: string, list: SubscriptionList, now: number): Promise<void> {
  await db
    .prepare(
      `INSERT INTO email_subscriptions (email, list, subscribed, updated_at) VALUES (?1, ?2, 1, ?3)
       ON CONFLICT (email, list) DO UPDATE SET subscribed = 1, updated_at = ?3 WHERE subscribed <> 1`,
    )
    .bind(email, list, now)
    .run();
}
