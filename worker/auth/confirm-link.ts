/**
 * The one-click links of the availability question (decision 084): a token that signs a listing's id and
 * the moment its owner was asked (`confirm_asked_at`) with the JWT secret (HMAC-SHA256). Answering clears
 * that moment and the next question sets another, so a token answers once and only the question it was
 * sent with; it needs no session and is stored nowhere. The outcome (still available, let, sold) is the
 * owner's choice on the link's page, not part of the token: whoever holds the e-mail may give any answer.
 *
 * Token: `{askedAt in base 36}.{base64url signature}` — the question it names is readable, so a genuine link
 * already used or overtaken (410) is told apart from a forged one (403).
 */
import { constantTimeEqualText } from "./secret-bytes.ts";
import { signText } from "./signing.ts";
import type { RequestEnv } from "#worker/app-env.ts";

const signature = (env: RequestEnv, listingId: number, askedAt: number) =>
  signText(env, `confirm:${listingId}:${askedAt}`);

/** The token of a listing's open question (`askedAt`, ms): the availability e-mail's links carry it. */
export async function confirmToken(env: RequestEnv, listingId: number, askedAt: number): Promise<string> {
  return `${askedAt.toString(36)}.${await signature(env, listingId, askedAt)}`;
}

/** The shape of a token, for the link's page to tell a broken link before asking anything. */
const CONFIRM_TOKEN = /^([0-9a-z]{1,11})\.([\w-]{43})$/;

/**
 * The question (`confirm_asked_at`) a genuine token of this listing was signed for; null for a malformed or
 * forged token, or one of another listing. The signature is compared in constant time.
 */
export async function confirmTokenQuestion(env: RequestEnv, listingId: number, token: string): Promise<number | null> {
  const match = CONFIRM_TOKEN.exec(token);
  if (!match) return null;
  const askedAt = parseInt(match[1]!, 36);
  if (!Number.isSafeInteger(askedAt)) return null;
  return constantTimeEqualText(await signature(env, listingId, askedAt), match[2]!) ? askedAt : null;
}
