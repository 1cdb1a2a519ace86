/**
 * One-time sign-in links (`npm run ops -- admin`, decision 057): 256 random bits in the link, only their
 * SHA-256 stored (table `sign_in_links`), single use, SIGN_IN_LINK_TTL_S. The operator's command makes
 * them in Node (`scripts/ops/admin.ts`) with the same hash.
 */
import { sha256Hex } from "./secret-bytes.ts";

export const SIGN_IN_LINK_TTL_S = 30 * 60;
/** The link's path (under the locale's prefix); `?token=` carries the token. */
export const SIGN_IN_LINK_PATH = "/auth/link/";
/** A token as links carry it: 32 bytes in base64url. */
export const SIGN_IN_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const hashSignInToken = (token: string) => sha256Hex(`sign-in-link:${token}`);
