import type { SubscriptionState } from "#shared/api/content.ts";
import { SUBSCRIPTION_LISTS, type SubscriptionList } from "#shared/api/limits.ts";

/** The address an unsubscribe token stands for, if any. */
export async function emailOfToken(db: D1Database, token: string): Promise<string | null> {
  const row = await db
    .prepare("SELECT email FROM email_subscriptions WHERE token = ? LIMIT 1")
    .bind(token)
    .first<{ email: string }>();
  return row?.email ?? null;
}

/** Every list with the address's state; lists it never joined are `subscribed: false`. */
export async function subscriptionStates(db: D1Database, email: string): Promise<SubscriptionState[]> {
  const { results } = await db
    .prepare("SELECT list, subscribed FROM email_subscriptions WHERE email = ?")
    .bind(email)
    .all<{ list: string; subscribed: number }>();
  const on = new Set(results.filter((r) => r.subscribed).map((r) => r.list));
  return SUBSCRIPTION_LISTS.map((list) => ({ list, subscribed: on.has(list) }));
}

/** Leaves one list, or every list when `list` is omitted. Idempotent. */
export async function unsubscribe(
  db: D1Database,
  email: string,
  list?: SubscriptionList,
  now = Date.now(),
): Promise<void> {
  if (list === undefined) {
    await db
      .prepare("UPDATE email_subscriptions SET subscribed = 0, updated_at = ? WHERE email = ? AND subscribed <> 0")
      .bind(now, email)
      .run();
  } else {
    await db
      .prepare(
        "UPDATE email_subscriptions SET subscribed = 0, updated_at = ? WHERE email = ? AND list = ? AND subscribed <> 0",
      )
      .bind(now, email, list)
      .run();
  }
}

/**
 * The address's row of one list, made (subscribed, with `token`) when it has none: what an e-mail of that
 * list links to for leaving it. Two runs making it at once keep the first token.
 */
export async function listSubscription(
  db: D1Database,
  email: string,
  list: SubscriptionList,
  token: string,
  now: number,
): Promise<{ token: string; subscribed: boolean }> {
  const [, row] = await db.batch([
    db
      .prepare(
        `INSERT INTO email_subscriptions (email, list, token, subscribed, updated_at) VALUES (?1, ?2, ?3, 1, ?4)
         ON CONFLICT (email, list) DO NOTHING`,
      )
      .bind(email, list, token, now),
    db.prepare("SELECT token, subscribed FROM email_subscriptions WHERE email = ?1 AND list = ?2").bind(email, list),
  ]);
  const found = row!.results[0] as { token: string; subscribed: number };
  return { token: found.token, subscribed: found.subscribed === 1 };
}

/**
 * Back on a list the address left: what turning a saved search's alerts on means (issue 22). Upserts the
 * row as subscribed, so an address that never left (no row: notification lists are on) is unchanged in effect.
 */
export async function rejoinList(db: D1Database, email: string, list: SubscriptionList, now: number): Promise<void> {
  await db
    .prepare(
      `INSERT INTO email_subscriptions (email, list, subscribed, updated_at) VALUES (?1, ?2, 1, ?3)
       ON CONFLICT (email, list) DO UPDATE SET subscribed = 1, updated_at = ?3 WHERE subscribed <> 1`,
    )
    .bind(email, list, now)
    .run();
}
