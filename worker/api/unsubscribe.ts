import { type Context, Hono } from "hono";
import {
  UnsubscribeAllBody,
  UnsubscribeBody,
  UnsubscribeOneClickQuery,
  UnsubscribeQuery,
  type UnsubscribeResponse,
  type UnsubscribeScope,
  type UnsubscribeStatusResponse,
  maskEmail,
} from "#shared/api/content.ts";
import type { SubscriptionList } from "#shared/subscription-lists.ts";
import { parseCanonicalQuery } from "#shared/api/saved-searches.ts";
import { UNSUBSCRIBE_REQUESTS_PER_IP_PER_HOUR } from "#shared/constants.ts";
import { textCatalog } from "#shared/text-catalog.ts";
import { savedSearchLabel } from "#shared/saved-search-label.ts";
import type { AppEnv } from "#worker/app-env.ts";
import { checkUnsubscribeToken, type UnsubscribeScope as TokenScope } from "#worker/auth/unsubscribe-token.ts";
import { stopAllSearchAlerts } from "#worker/db/alerts.ts";
import { placeNames, savedSearchOf, setSavedSearchNotify } from "#worker/db/saved-searches.ts";
import { leaveAllStatements, leaveList, subscriptionStates } from "#worker/db/subscriptions.ts";
import { findUserById } from "#worker/db/users.ts";
import { apiError } from "#worker/http/api-error.ts";
import { apiLocale } from "#worker/http/api-locale.ts";
import { nowOf } from "#worker/http/request-clock.ts";
import { perAddress, throttle } from "#worker/middleware/throttle.ts";
import { valid } from "./validate.ts";

/** Leaving is an anonymous write: throttled per address. */
const unsubscribeThrottle = throttle((c) => [perAddress(c, "unsubscribe", UNSUBSCRIBE_REQUESTS_PER_IP_PER_HOUR, 3600)]);

interface Holder {
  userId: number;
  email: string;
  scope: TokenScope;
}

/**
 * The person and scope a token names, or the error response: 403 `invalid_token` for a malformed or forged
 * one, 410 `token_expired` for a genuine one past its date (the page says which), 404 when the account has
 * been deleted since (nothing is sent to it any more).
 */
async function holderOf(c: Context<AppEnv>, token: string): Promise<Holder | Response> {
  const check = await checkUnsubscribeToken(c.env, token, nowOf(c));
  if (!check.ok) {
    return check.reason === "expired"
      ? apiError(c, 410, "token_expired", "This unsubscribe link has expired")
      : apiError(c, 403, "invalid_token", "This unsubscribe link is not valid");
  }
  const user = await findUserById(c.env.DB, check.userId);
  if (!user?.email) return apiError(c, 404, "not_found", "No such subscription");
  return { userId: user.id, email: user.email, scope: check.scope };
}

/** The token's scope as the page shows it: a saved search named in the request's language. */
async function shownScope(c: Context<AppEnv>, holder: Holder): Promise<UnsubscribeScope> {
  if (holder.scope.kind === "list") return holder.scope;
  const search = await savedSearchOf(c.env.DB, holder.userId, holder.scope.id);
  const query = search ? parseCanonicalQuery(search.query) : null;
  if (!search || !query) return { kind: "saved_search", id: holder.scope.id, label: null, notify: false };
  const locale = apiLocale(c);
  const label =
    search.name ?? savedSearchLabel(query, await placeNames(c.env.DB, query, locale), textCatalog(locale).intl);
  return { kind: "saved_search", id: search.id, label, notify: search.notify === 1 };
}

async function status(c: Context<AppEnv>, holder: Holder): Promise<UnsubscribeStatusResponse["data"]> {
  return {
    email: maskEmail(holder.email),
    scope: await shownScope(c, holder),
    lists: await subscriptionStates(c.env.DB, holder.email),
  };
}

/** Stops one list (`list`), else what the token's link is for; what was stopped and the state after. */
async function leave(c: Context<AppEnv>, token: string, list: SubscriptionList | undefined) {
  const holder = await holderOf(c, token);
  if (holder instanceof Response) return holder;
  const now = nowOf(c);
  const scope: TokenScope = list ? { kind: "list", list } : holder.scope;
  if (scope.kind === "list") await leaveList(c.env.DB, holder.email, scope.list, now);
  else await setSavedSearchNotify(c.env.DB, holder.userId, scope.id, false, undefined, now);
  const after = await status(c, holder);
  // A saved search's scope after stopping is itself as the page names it (its label, alerts off).
  return c.json({
    data: { ...after, stopped: scope.kind === "list" ? scope : after.scope },
  } satisfies UnsubscribeResponse);
}

/**
 * Product §7 "Unsubscribe" (decision 041): the token of an e-mail's links (worker/auth/unsubscribe-token.ts)
 * names a person and what that e-mail is about — a list, or the alerts of one saved search. Leaving is
 * idempotent and needs no session.
 * - `GET /unsubscribe?token=` → what the link stops (`scope`), the masked address and every list's state;
 * - `POST /unsubscribe {token, list?}` stops the link's scope, or the list named;
 * - `POST /unsubscribe/all {token}` stops every e-mail but account security codes: every list, and the
 *   alerts of every saved search of the person;
 * - `POST /unsubscribe/one-click?token=&list=?` is RFC 8058's: a mail client posts `List-Unsubscribe=One-Click`
 *   (form-encoded) to the e-mail's `List-Unsubscribe` address, without our headers and perhaps with cookies
 *   (the CSRF check lets exactly this path through: the token is its only authority), and the link's scope
 *   is left at once. The body is not read: the POST is what keeps link scanners from unsubscribing. It is
 *   not throttled per address as the others are: a mail provider posts its users' one-clicks from a few
 *   addresses of its own, and a token cannot be made without the secret.
 * A forged token is 403 `invalid_token`, an expired one 410 `token_expired`; neither changes anything.
 */
export const unsubscribe = new Hono<AppEnv>()
  .get("/unsubscribe", valid("query", UnsubscribeQuery), async (c) => {
    const holder = await holderOf(c, c.req.valid("query").token);
    if (holder instanceof Response) return holder;
    return c.json({ data: await status(c, holder) } satisfies UnsubscribeStatusResponse);
  })
  .post("/unsubscribe", valid("json", UnsubscribeBody), unsubscribeThrottle, async (c) => {
    const { token, list } = c.req.valid("json");
    return leave(c, token, list);
  })
  .post("/unsubscribe/one-click", valid("query", UnsubscribeOneClickQuery), async (c) => {
    const { token, list } = c.req.valid("query");
    return leave(c, token, list);
  })
  .post("/unsubscribe/all", valid("json", UnsubscribeAllBody), unsubscribeThrottle, async (c) => {
    const holder = await holderOf(c, c.req.valid("json").token);
    if (holder instanceof Response) return holder;
    const db = c.env.DB;
    const now = nowOf(c);
    await db.batch([...leaveAllStatements(db, holder.email, now), ...stopAllSearchAlerts(db, holder.userId, now)]);
    return c.json({ data: { ...(await status(c, holder)), stopped: { kind: "all" } } } satisfies UnsubscribeResponse);
  });
