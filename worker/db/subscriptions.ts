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
