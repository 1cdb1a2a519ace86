/**
 * Signatures of the links the site e-mails (renewal, unsubscribe): HMAC-SHA256 with the JWT secret, so a
 * link needs no stored token and no session, and cannot be made without the secret. Each kind of link
 * signs its own prefixed text (`renew:…`, `unsubscribe:…`), so a signature of one kind is never valid as
 * another. Compare a claimed signature with `constantTimeEqualText`.
 */
import { bytesToBase64Url } from "#shared/base64.ts";
import { jwtSecret } from "./tokens.ts";
import type { RequestEnv } from "#worker/app-env.ts";

/** Imported keys by secret: importing costs more than signing. */
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

/**
 * The base64url HMAC-SHA256 of `text` under the JWT secret (43 characters). Throws AuthConfigError
 * outside development without a usable JWT_SECRET, as sign-in does.
 */
export async function signText(env: RequestEnv, text: string): Promise<string> {
  const key = await hmacKey(jwtSecret(env));
  const signed = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(text));
  return bytesToBase64Url(new Uint8Array(signed));
}
