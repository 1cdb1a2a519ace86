/**
 * The network a request comes from, as a keyed hash (decision 047): the client as per-address rules count
 * it (`clientIp`: an IPv4 address, or the /64 of an IPv6 one).
 * The hash is an HMAC keyed with the token secret, so stored values cannot be turned back into networks.
 */
import { clientIp } from "#worker/http/client-ip.ts";
import { toHex } from "./secret-bytes.ts";
import { AuthConfigError, jwtSecret, reportAuthConfigError } from "./tokens.ts";
import type { RequestEnv } from "#worker/app-env.ts";

/** The keyed hash (hex) of the request's network; null, logged, when the secret is not usable here. */
export async function networkKey(env: RequestEnv, request: Request): Promise<string | null> {
  let secret: string;
  try {
    secret = jwtSecret(env);
  } catch (error) {
    if (!(error instanceof AuthConfigError)) throw error;
    reportAuthConfigError(request, error);
    return null;
  }
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`network:${clientIp(request)}`));
  return toHex(new Uint8Array(mac));
}
