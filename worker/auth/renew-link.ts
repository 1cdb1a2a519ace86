/**
 * The one-click renewal link of the expiry reminder (issue 19 item 3, decision 038): a token that signs a
 * listing's id and the `expires_at` of the run the reminder was sent for, with the JWT secret (HMAC-SHA256).
 * A renewal moves `expires_at`, so a token renews once and only the run it was sent for; it needs no
 * session and is stored nowhere.
 *
 * Token: `{expiresAt in base 36}.{base64url signature}` — the run it names is readable, so a genuine link
 * that was already used (410) is told apart from a forged one (403).
 */
import { bytesToBase64Url } from "#shared/base64.ts";
import { authEnv } from "./auth-env.ts";
import { constantTimeEqualText } from "./secret-bytes.ts";
import { jwtSecret } from "./tokens.ts";

const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
    ]);
    keys.set(secret, key);
  }
  return key;
}

async function signature(env: Env, listingId: number, expiresAt: number): Promise<string> {
  // Throws AuthConfigError outside development without a usable JWT_SECRET, as sign-in does.
  const key = await hmacKey(jwtSecret(authEnv(env)));
  const signed = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`renew:${listingId}:${expiresAt}`));
  return bytesToBase64Url(new Uint8Array(signed));
}

/** The renewal token of a listing's current run (`expiresAt`, ms): the reminder e-mail's link carries it. */
export async function renewToken(env: Env, listingId: number, expiresAt: number): Promise<string> {
  return `${expiresAt.toString(36)}.${await signature(env, listingId, expiresAt)}`;
}

const TOKEN = /^([0-9a-z]{1,11})\.([\w-]{43})$/;

/**
 * The run (`expires_at`) a genuine token of this listing was signed for; null for a malformed or forged
 * token, or one of another listing. The signature is compared in constant time.
 */
export async function renewTokenRun(env: Env, listingId: number, token: string): Promise<number | null> {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const expiresAt = parseInt(match[1]!, 36);
  if (!Number.isSafeInteger(expiresAt)) return null;
  return constantTimeEqualText(await signature(env, listingId, expiresAt), match[2]!) ? expiresAt : null;
}

/** Whether `token` renews this listing's run ending at `expiresAt` (its current one). */
export async function verifyRenewToken(
  env: Env,
  listingId: number,
  expiresAt: number,
  token: string,
): Promise<boolean> {
  return (await renewTokenRun(env, listingId, token)) === expiresAt;
}
