/**
 * The network a request comes from, as a keyed hash (decision 047): an IPv4 address, or the /64 of an
 * IPv6 address (one subscriber's line or one server gets a whole /64, so its addresses are one client).
 * The hash is an HMAC keyed with the token secret, so stored values cannot be turned back into networks.
 */
import { clientIp } from "#worker/http/client-ip.ts";
import { authEnv } from "./auth-env.ts";
import { toHex } from "./secret-bytes.ts";
import { AuthConfigError, jwtSecret, reportAuthConfigError } from "./tokens.ts";

/** Parses one IPv6 group; NaN unless it is 1–4 hex digits. */
const group = (text: string) => (/^[0-9a-f]{1,4}$/.test(text) ? parseInt(text, 16) : Number.NaN);

/**
 * `2001:db8:1:2:aa::1` → `2001:db8:1:2::/64`; an IPv4 address (also IPv4-mapped, `::ffff:192.0.2.1`) is
 * itself; anything unparsable is itself too (a network of one).
 */
export function networkOf(ip: string): string {
  const address = ip.trim().toLowerCase();
  if (!address.includes(":")) return address;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped) return mapped[1]!;
  const halves = address.split("::");
  if (halves.length > 2) return address;
  const words = (part: string | undefined) =>
    // An embedded IPv4 tail (`::ffff:1.2.3.4`, `64:ff9b::1.2.3.4`) fills the last two groups.
    part ? part.split(":").flatMap((word) => (word.includes(".") ? [0, 0] : [group(word)])) : [];
  const head = words(halves[0]);
  const tail = words(halves[1]);
  const gap = 8 - head.length - tail.length;
  if (halves.length === 2 ? gap < 1 : gap !== 0) return address;
  const groups = [...head, ...new Array<number>(gap).fill(0), ...tail];
  if (groups.some(Number.isNaN)) return address;
  return `${groups
    .slice(0, 4)
    .map((word) => word.toString(16))
    .join(":")}::/64`;
}

/** The keyed hash (hex) of the request's network; null, logged, when the secret is not usable here. */
export async function networkKey(env: Env, request: Request): Promise<string | null> {
  let secret: string;
  try {
    secret = jwtSecret(authEnv(env));
  } catch (error) {
    if (!(error instanceof AuthConfigError)) throw error;
    reportAuthConfigError(request, error);
    return null;
  }
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`network:${networkOf(clientIp(request))}`));
  return toHex(new Uint8Array(mac));
}
