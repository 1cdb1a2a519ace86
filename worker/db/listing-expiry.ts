/**
 * The expiry run's queries (decision 038): active listings whose run ended go to the
 * archive with an `expired` event; listings whose run ends within the reminder's days are claimed for
 * their reminder once (`reminded_at`), so two overlapping runs never e-mail the same owner twice.
 * Each call takes a bounded batch; the scheduled handler calls again until a batch comes back short.
 */
import type { Database } from "#worker/app-env.ts";

/** Archives up to `limit` active listings whose run ended by `now`; their ids. */
export async function archiveExpired(db: Database, now: number, limit: number): Promise<number[]> {
  const { results } = await db
    .prepare(
      `UPDATE listings SET status = 'archived', updated_at = ?1
       WHERE id IN (SELECT id FROM listings WHERE status = 'active' AND expires_at <= ?1 AND deleted_at IS NULL
                    ORDER BY expires_at LIMIT ?2)
       RETURNING id`,
    )
    .bind(now, limit)
    .all<{ id: number }>();
  const ids = results.map((row) => row.id);
  if (ids.length) {
    await db
      .prepare(
        `INSERT INTO listing_events (listing_id, status, actor_id, reason, created_at)
         SELECT value, 'archived', NULL, 'expired', ?2 FROM json_each(?1)`,
      )
      .bind(JSON.stringify(ids), now)
      .run();
  }
  return ids;
}

/** A listing claimed for its reminder, with whom to tell and in which language. */
export interface ReminderRow {
  id: number;
  owner_id: number;
  expires_at: number;
  email: string | null;
  email_verified_at: number | null;
  locale: string | null;
}

/**
 * Claims up to `limit` active listings whose run ends after `now` and by `until` and that were not reminded
 * of it yet: they are marked reminded at `now` and returned with their owner's address and language.
 */
export async function claimReminders(db: Database, now: number, until: number, limit: number): Promise<ReminderRow[]> {
  const { results: claimed } = await db
    .prepare(
      `UPDATE listings SET reminded_at = ?1
       WHERE id IN (SELECT id FROM listings
                    WHERE status = 'active' AND expires_at > ?1 AND expires_at <= ?2 AND reminded_at IS NULL
                      AND deleted_at IS NULL
                    ORDER BY expires_at LIMIT ?3)
       RETURNING id`,
    )
    .bind(now, until, limit)
    .all<{ id: number }>();
  if (!claimed.length) return [];
  const { results } = await db
    .prepare(
      `SELECT l.id, l.owner_id, l.expires_at, u.email, u.email_verified_at, u.locale
       FROM listings l JOIN users u ON u.id = l.owner_id
       WHERE l.id IN (SELECT value FROM json_each(?1)) AND u.deleted_at IS NULL ORDER BY l.expires_at`,
    )
    .bind(JSON.stringify(claimed.map((row) => row.id)))
    .all<ReminderRow>();
  return results;
}
