/**
 * How often a password may be tried (issue 17 item 3, decision 026), for sign-in and for changing the
 * password. Every attempt counts against its address. Failures count per identity and address, and per
 * identity from all addresses; a success gives its reserved slots back, so successes never count. Past
 * the identity-wide ceiling an address that has already failed gets one attempt per delay, doubling with
 * every further failure — the account slows down for its attackers instead of locking, and an address
 * with no failures (the owner's) is never held back by it.
 *
 * The failure slots are taken before the check, in the same atomic step as the count (worker/services/
 * rate-limit.ts), so racing guesses cannot overshoot a limit; `settle(true)` refunds them.
 */
import {
  LOGIN_ATTEMPTS_PER_IP,
  LOGIN_FAILURES_PER_IDENTITY,
  LOGIN_FAILURES_PER_IDENTITY_PER_ADDRESS,
  LOGIN_SLOWDOWN_BASE_S,
  LOGIN_WINDOW_S,
} from "#shared/constants.ts";
import { hit, refund, type RateLimitRule } from "#worker/services/rate-limit.ts";

export type PasswordGate =
  { allowed: true; settle(succeeded: boolean): Promise<void> } | { allowed: false; retryAfterS: number };

/** The wait of an address that has failed, once the identity is `over` failures past its ceiling. */
export function slowdownS(over: number): number {
  return Math.min(LOGIN_WINDOW_S, LOGIN_SLOWDOWN_BASE_S * 2 ** Math.min(Math.max(over - 1, 0), 16));
}

export async function passwordAttempt(
  db: D1Database,
  options: { scope: "login" | "password"; identity: string; address: string; now: number },
): Promise<PasswordGate> {
  const { scope, identity, address, now } = options;
  const window = { windowS: LOGIN_WINDOW_S };
  const perAddress = await hit(db, { key: `${scope}:ip:${address}`, limit: LOGIN_ATTEMPTS_PER_IP, ...window }, now);
  if (!perAddress.allowed) return { allowed: false, retryAfterS: perAddress.retryAfterS };

  const mine: RateLimitRule = {
    key: `${scope}:fail:${identity}:ip:${address}`,
    limit: LOGIN_FAILURES_PER_IDENTITY_PER_ADDRESS,
    ...window,
  };
  const all: RateLimitRule = { key: `${scope}:fail:${identity}`, limit: LOGIN_FAILURES_PER_IDENTITY, ...window };
  const own = await hit(db, mine, now);
  if (!own.allowed) {
    await refund(db, mine, now);
    return { allowed: false, retryAfterS: own.retryAfterS };
  }
  const overall = await hit(db, all, now);
  const giveBack = async () => {
    await refund(db, mine, now);
    await refund(db, all, now);
  };
  // `own.count` includes this attempt's slot: above 1, this address has failed (or is trying) already.
  if (!overall.allowed && own.count > 1) {
    const delayS = slowdownS(overall.count - LOGIN_FAILURES_PER_IDENTITY);
    const slow = await hit(
      db,
      { key: `${scope}:slow:${identity}:ip:${address}:${delayS}`, limit: 1, windowS: delayS },
      now,
    );
    if (!slow.allowed) {
      await giveBack();
      return { allowed: false, retryAfterS: slow.retryAfterS };
    }
  }
  return {
    allowed: true,
    settle: async (succeeded) => {
      if (succeeded) await giveBack();
    },
  };
}
