/**
 * Password hashing (decision 006): PBKDF2-SHA256 through WebCrypto — the slow KDF workerd has —
 * with a random 16-byte salt per password and the iteration count stored beside the hash, so the
 * count can be raised later without invalidating old hashes.
 */
import { PASSWORD_PBKDF2_ITERATIONS } from "#shared/constants.ts";
import { base64ToBytes, bytesToBase64 } from "#shared/base64.ts";
import type { PasswordHash } from "#worker/db/users.ts";
import { constantTimeEqual, randomBytes } from "./secret-bytes.ts";

const KEY_BITS = 256;

async function pbkdf2(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, KEY_BITS);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, iterations = PASSWORD_PBKDF2_ITERATIONS): Promise<PasswordHash> {
  const salt = randomBytes(16);
  return { hash: bytesToBase64(await pbkdf2(password, salt, iterations)), salt: bytesToBase64(salt), iterations };
}

export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  let expected: Uint8Array;
  let salt: Uint8Array<ArrayBuffer>;
  try {
    expected = base64ToBytes(stored.hash);
    salt = base64ToBytes(stored.salt);
  } catch {
    return false;
  }
  if (!Number.isInteger(stored.iterations) || stored.iterations < 1 || stored.iterations > PASSWORD_PBKDF2_ITERATIONS) {
    return false;
  }
  return constantTimeEqual(await pbkdf2(password, salt, stored.iterations), expected);
}

/**
 * Spends the same time as a real check when there is no account or no password, so the answer's
 * timing does not tell whether an account exists.
 */
const DUMMY: PasswordHash = {
  hash: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
  salt: "AAAAAAAAAAAAAAAAAAAAAA==",
  iterations: PASSWORD_PBKDF2_ITERATIONS,
};
export async function burnPasswordCheck(password: string): Promise<false> {
  await verifyPassword(password, DUMMY);
  return false;
}
