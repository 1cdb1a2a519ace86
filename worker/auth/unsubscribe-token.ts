/**
 * The token of an e-mail's unsubscribe links (decision 041): it names a person (their user
 * id), what the link stops — one list of SUBSCRIPTION_LISTS or the alerts of one saved search — and when it
 * stops working (UNSUBSCRIBE_TOKEN_TTL_MS after the e-mail), signed with the JWT secret (worker/auth/signing.ts).
 * Nothing is stored: any e-mail can carry a fresh one, and a changed address is still the person's.
 *
 * Token: `{user id}.{scope}.{expires at}.{signature}`, numbers in base 36, the scope a list's name or
 * `s-{saved search id}` — URL-safe as it is. The parts are readable, so a genuine link that has expired is
 * told apart from a forged one: the signature is checked first (in constant time), then the date.
 */
import { UNSUBSCRIBE_TOKEN_TTL_MS } from "#shared/constants.ts";
import { SUBSCRIPTION_LISTS, type SubscriptionList } from "#shared/subscription-lists.ts";
import type { UnsubscribeScope, UnsubscribeSigner } from "#worker/workflows/unsubscribe-links.ts";
import { constantTimeEqualText } from "./secret-bytes.ts";
import { signText } from "./signing.ts";
import type { RequestEnv } from "#worker/app-env.ts";

export type { UnsubscribeScope };

export type TokenCheck =
  | { ok: true; userId: number; scope: UnsubscribeScope; expiresAt: number }
  | { ok: false; reason: "invalid" | "expired" };

const SEARCH_PREFIX = "s-";
const TOKEN = /^([0-9a-z]{1,11})\.([a-z_]{1,20}|s-[0-9a-z]{1,11})\.([0-9a-z]{1,11})\.([\w-]{43})$/;

const scopeText = (scope: UnsubscribeScope) =>
  scope.kind === "list" ? scope.list : `${SEARCH_PREFIX}${scope.id.toString(36)}`;

function scopeOf(text: string): UnsubscribeScope | null {
  if (text.startsWith(SEARCH_PREFIX)) {
    const id = parseInt(text.slice(SEARCH_PREFIX.length), 36);
    return Number.isSafeInteger(id) && id > 0 ? { kind: "saved_search", id } : null;
  }
  return (SUBSCRIPTION_LISTS as readonly string[]).includes(text)
    ? { kind: "list", list: text as SubscriptionList }
    : null;
}

const signature = (env: RequestEnv, payload: string) => signText(env, `unsubscribe:${payload}`);

/** A token for `userId`'s e-mail about `scope`, good until `now + UNSUBSCRIBE_TOKEN_TTL_MS`. */
export async function unsubscribeToken(
  env: RequestEnv,
  userId: number,
  scope: UnsubscribeScope,
  now: number,
): Promise<string> {
  const payload = `${userId.toString(36)}.${scopeText(scope)}.${(now + UNSUBSCRIBE_TOKEN_TTL_MS).toString(36)}`;
  return `${payload}.${await signature(env, payload)}`;
}

/** The signer the e-mailing workflows are handed (they sit below auth). */
export const unsubscribeSigner =
  (env: RequestEnv): UnsubscribeSigner =>
  (userId, scope, now) =>
    unsubscribeToken(env, userId, scope, now);

/**
 * Whose and what a token stops. `invalid`: malformed, or not signed with our secret (forged, altered);
 * `expired`: genuine, but past its date.
 */
export async function checkUnsubscribeToken(env: RequestEnv, token: string, now: number): Promise<TokenCheck> {
  const match = TOKEN.exec(token);
  if (!match) return { ok: false, reason: "invalid" };
  const [, user, scopePart, expires, signed] = match as unknown as [string, string, string, string, string];
  const userId = parseInt(user, 36);
  const expiresAt = parseInt(expires, 36);
  const scope = scopeOf(scopePart);
  if (!scope || !Number.isSafeInteger(userId) || userId < 1 || !Number.isSafeInteger(expiresAt)) {
    return { ok: false, reason: "invalid" };
  }
  const payload = `${user}.${scopePart}.${expires}`;
  if (!constantTimeEqualText(await signature(env, payload), signed)) return { ok: false, reason: "invalid" };
  if (expiresAt <= now) return { ok: false, reason: "expired" };
  return { ok: true, userId, scope, expiresAt };
}
