/** Typed D1 queries of refresh tokens and their families (table `refresh_tokens`; rules in worker/auth/tokens.ts). */
import type { Database } from "#worker/app-env.ts";

export interface RefreshTokenRow {
  id: number;
  token_hash: string;
  family_id: string;
  user_id: number;
  remember: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  revoked_at: number | null;
}

export async function insertRefreshToken(
  db: Database,
  token: { tokenHash: string; familyId: string; userId: number; remember: boolean; now: number; expiresAt: number },
): Promise<void> {
  await db
    .prepare(
      "INSERT INTO refresh_tokens (token_hash, family_id, user_id, remember, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)",
    )
    .bind(token.tokenHash, token.familyId, token.userId, token.remember ? 1 : 0, token.now, token.expiresAt)
    .run();
}

export function refreshTokenByHash(db: Database, tokenHash: string): Promise<RefreshTokenRow | null> {
  return db.prepare("SELECT * FROM refresh_tokens WHERE token_hash = ?").bind(tokenHash).first<RefreshTokenRow>();
}

/** Marks a token used unless it was used or revoked meanwhile; false when another request got there first. */
export async function claimRefreshToken(db: Database, id: number, now: number): Promise<boolean> {
  const claimed = await db
    .prepare(
      "UPDATE refresh_tokens SET used_at = ? WHERE id = ? AND used_at IS NULL AND revoked_at IS NULL RETURNING id",
    )
    .bind(now, id)
    .first();
  return claimed !== null;
}

export async function familyOfTokenHash(db: Database, tokenHash: string): Promise<string | null> {
  const row = await db
    .prepare("SELECT family_id FROM refresh_tokens WHERE token_hash = ?")
    .bind(tokenHash)
    .first<{ family_id: string }>();
  return row?.family_id ?? null;
}

/** Revokes a family's live tokens; the family's user, or null when none was live. */
export async function revokeFamily(db: Database, familyId: string, now: number): Promise<number | null> {
  const { results } = await db
    .prepare("UPDATE refresh_tokens SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL RETURNING user_id")
    .bind(now, familyId)
    .all<{ user_id: number }>();
  return results[0]?.user_id ?? null;
}

/**
 * Ends every session of a user (password reset, account deletion), or every one but `exceptFamily`;
 * returns the families that were live.
 */
export async function revokeUserSessions(
  db: Database,
  userId: number,
  now: number,
  exceptFamily?: string,
): Promise<string[]> {
  const { results } = await db
    .prepare(
      "UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL AND family_id IS NOT ? RETURNING family_id",
    )
    .bind(now, userId, exceptFamily ?? null)
    .all<{ family_id: string }>();
  return [...new Set(results.map((row) => row.family_id))];
}
