/**
 * The way out of every e-mail that is not an account security code (decision 041): a signed token
 * (worker/auth/unsubscribe-token.ts) for what the e-mail is about, in the RFC 8058 headers a mail client's
 * own "Unsubscribe" button posts to, and in the body's link to the unsubscribe page. Services sit below
 * auth (worker/app-env.ts), so whoever sends hands the signer down (`unsubscribeSigner(env)`).
 */
import type { SubscriptionList } from "#shared/subscription-lists.ts";
import { paths } from "#shared/paths.ts";

/** What an unsubscribe link stops: one list, or the alerts of one saved search. */
export type UnsubscribeScope = { kind: "list"; list: SubscriptionList } | { kind: "saved_search"; id: number };

/** Makes the token of an e-mail sent `now` to `userId` about `scope`. */
export type UnsubscribeSigner = (userId: number, scope: UnsubscribeScope, now: number) => Promise<string>;

export interface UnsubscribeParts {
  /** The unsubscribe page's locale-free path with the token (`/unsubscribe/?token=…`), for the body. */
  unsubscribePath: string;
  /** `List-Unsubscribe` (the one-click address) and `List-Unsubscribe-Post`. */
  headers: Record<string, string>;
}

/** The unsubscribe page's locale-free path for a token. */
const unsubscribePagePath = (token: string) => `${paths.page("unsubscribe")}?token=${encodeURIComponent(token)}`;

/** The one-click address of a token: a mail client posts `List-Unsubscribe=One-Click` to it. */
const oneClickUrl = (origin: string, token: string) =>
  `${origin}/api/unsubscribe/one-click?token=${encodeURIComponent(token)}`;

/** The unsubscribe parts of an e-mail sent `now` to `userId` about `scope`. */
export async function unsubscribeParts(
  sign: UnsubscribeSigner,
  origin: string,
  userId: number,
  scope: UnsubscribeScope,
  now: number,
): Promise<UnsubscribeParts> {
  const token = await sign(userId, scope, now);
  return {
    unsubscribePath: unsubscribePagePath(token),
    headers: {
      "List-Unsubscribe": `<${oneClickUrl(origin, token)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
