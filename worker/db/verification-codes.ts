/** Typed D1 queries of one-time codes (table `verification_codes`; the rules are in worker/auth/codes.ts). */
import type { Database } from "#worker/app-env.ts";

export interface CodeRow {
  id: number;
  code_hash: string;
  payload: string | null;
  attempts: number;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

/** Retires the identity's unused codes for the purpose and stores the new one, in one batch. */
export async function replaceCode(
  db: Database,
  code: { identity: string; purpose: string; codeHash: string; payload: string | null; now: number; expiresAt: number },
): Promise<void> {
  await db.batch([
    db
      .prepare(
        "UPDATE verification_codes SET consumed_at = ? WHERE identity = ? AND purpose = ? AND consumed_at IS NULL",
      )
      .bind(code.now, code.identity, code.purpose),
    db
      .prepare(
        "INSERT INTO verification_codes (identity, purpose, code_hash, payload, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)",
      )
      .bind(code.identity, code.purpose, code.codeHash, code.payload, code.now, code.expiresAt),
  ]);
}

/** The identity's newest unused code for the purpose. */
export function currentCode(db: Database, identity: string, purpose: string): Promise<CodeRow | null> {
  return db
    .prepare(
      "SELECT id, code_hash, payload, attempts, created_at, expires_at, consumed_at FROM verification_codes WHERE identity = ? AND purpose = ? AND consumed_at IS NULL ORDER BY id DESC LIMIT 1",
    )
    .bind(identity, purpose)
    .first<CodeRow>();
}

/** Counts a wrong attempt on a still unused code; the new count, or null when the code was used meanwhile. */
export async function countWrongAttempt(db: Database, id: number): Promise<number | null> {
  const row = await db
    .prepare(
      "UPDATE verification_codes SET attempts = attempts + 1 WHERE id = ? AND consumed_at IS NULL RETURNING attempts",
    )
    .bind(id)
    .first<{ attempts: number }>();
  return row?.attempts ?? null;
}

/** Marks a code used unless it was used or locked meanwhile (the guarded UPDATE lets one request win). */
export async function claimCode(db: Database, id: number, now: number, maxAttempts: number): Promise<boolean> {
  const consumed = await db
    .prepare(
      "UPDATE verification_codes SET consumed_at = ? WHERE id = ? AND consumed_at IS NULL AND attempts < ? RETURNING id",
    )
    .bind(now, id, maxAttempts)
    .first();
  return consumed !== null;
}

/** When the identity's newest code for the purpose was made (used or not), for the resend interval. */
export async function lastCodeCreatedAt(db: Database, identity: string, purpose: string): Promise<number | null> {
  const last = await db
    .prepare("SELECT created_at FROM verification_codes WHERE identity = ? AND purpose = ? ORDER BY id DESC LIMIT 1")
    .bind(identity, purpose)
    .first<{ created_at: number }>();
  return last?.created_at ?? null;
}

/**
 * Uses a password-reset ticket, found by its hash (the ticket's identity), in one guarded UPDATE: a
 * ticket that does not exist, expired or was used matches nothing and changes nothing. The account id, or null.
 */
export async function claimResetTicket(db: Database, identity: string, now: number): Promise<number | null> {
  const row = await db
    .prepare(
      `UPDATE verification_codes SET consumed_at = ?1
       WHERE identity = ?2 AND purpose = 'reset_ticket' AND consumed_at IS NULL AND expires_at > ?1
       RETURNING json_extract(payload, '$.user_id') AS user_id`,
    )
    .bind(now, identity)
    .first<{ user_id: number | null }>();
  return typeof row?.user_id === "number" ? row.user_id : null;
}

/** Retires a user's unused reset tickets (a newer ticket or a new password makes them void). */
export async function retireResetTickets(db: Database, userId: number, now: number): Promise<void> {
  await db
    .prepare(
      `UPDATE verification_codes SET consumed_at = ?1
       WHERE purpose = 'reset_ticket' AND consumed_at IS NULL AND json_extract(payload, '$.user_id') = ?2`,
    )
    .bind(now, userId)
    .run();
}
