/**
 * Ending sessions (decision 048): a refresh-token family revoked in D1 — so its access tokens stop at once
 * (decision 006) — and its open live sockets closed (worker/live/publish.ts), so a page left open after
 * logout, a password change or the account's deletion receives nothing more.
 */
import { revokeFamily, revokeUserSessions } from "#worker/db/refresh-tokens.ts";
import { endLiveSessions } from "#worker/live/publish.ts";
import type { RequestEnv } from "#worker/app-env.ts";

/** Ends one session (logout, a reused refresh token, an account gone). */
export async function endSession(env: RequestEnv, familyId: string, now: number): Promise<void> {
  const userId = await revokeFamily(env.DB, familyId, now);
  if (userId !== null) await endLiveSessions(env, userId, [familyId]);
}

/** Ends every session of a user, or every one but `exceptFamily` (a password change keeps its own). */
export async function endUserSessions(
  env: RequestEnv,
  userId: number,
  now: number,
  exceptFamily?: string,
): Promise<void> {
  await endLiveSessions(env, userId, await revokeUserSessions(env.DB, userId, now, exceptFamily));
}
