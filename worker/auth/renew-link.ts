/**
 * The one-click renewal link of the expiry reminder (decision 038): a token that signs a
 * listing's id and the `expires_at` of the run the reminder was sent for, with the JWT secret (HMAC-SHA256).
 * A renewal moves `expires_at`, so a token renews once and only the run it was sent for; it needs no
 * session and is stored nowhere.
 *
 * Token: `{expiresAt in base 36}.{base64url signature}` — the run it names is readable, so a genuine link
 * that was already used (410) is told apart from a forged one (403).
 */
import { constantTimeEqualText } from "./secret-bytes.ts";
import { signText } from "./signing.ts";
import type { RequestEnv } from "#worker/app-env.ts";

const signature = (env: RequestEnv, listingId: number, expiresAt: number) =>
  signText(env, `renew:${listingId}:${expiresAt}`);

/** The renewal token of a listing's current run (`expiresAt`, ms): the reminder e-mail's link carries it. */
export async function renewToken(env: RequestEnv, listingId: number, expiresAt: number): Promise<string> {
  return `${expiresAt.toString(36)}.${await signature(env, listingId, expiresAt)}`;
}

const TOKEN = /^([0-9a-z]{1,11})\.([\w-]{43})$/;

/**
 * The run (`expires_at`) a genuine token of this listing was signed for; null for a malformed or forged
 * token, or one of another listing. The signature is compared in constant time.
 */
export async function renewTokenRun(env: RequestEnv, listingId: number, token: string): Promise<number | null> {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const expiresAt = parseInt(match[1]!, 36);
  if (!Number.isSafeInteger(expiresAt)) return null;
  return constantTimeEqualText(await signature(env, listingId, expiresAt), match[2]!) ? expiresAt : null;
}

/** Whether `token` renews this listing's run ending at `expiresAt` (its current one). */
export async function verifyRenewToken(
  env: RequestEnv,
  listingId: number,
  expiresAt: number,
  token: string,
): Promise<boolean> {
  return (await renewTokenRun(env, listingId, token)) === expiresAt;
}
