/**
 * How often a password may be tried (decision 026), for sign-in and for changing the
 * password. Every attempt counts against its address. Failures count per identity and address, and per
 * identity from all addresses; a success gives its reserved slots back, so successes never count. Past
 * the identity-wide ceiling an address that has already failed gets one attempt per delay, doubling with
 * every further failure — the account slows down for its attackers instead of locking, and an address
 * with no failures (the owner's) is never held back by it.
 *
 * The failure slots are taken before the check, in the same atomic step as the count (worker/http/
 * rate-limit.ts), so racing guesses cannot overshoot a limit; `settle(true)` refunds them.
 */
import {
  LOGIN_ATTEMPTS_PER_IP,
  LOGIN_FAILURES_PER_IDENTITY,
  LOGIN_FAILURES_PER_IDENTITY_PER_ADDRESS,
  LOGIN_SLOWDOWN_BASE_S,
  LOGIN_WINDOW_S,
} from "#shared/constants.ts";
import { hit, refund, type RateLimitRule } from "#worker/http/rate-limit.ts";
import type { Database } from "#worker/app-env.ts";

export type PasswordGate =
  { allowed: true; settle(succeeded: boolean): Promise<void> } | { allowed: false; retryAfterS: number };

/**
 * How many doublings of LOGIN_SLOWDOWN_BASE_S an address that has failed must keep to, once the identity
 * is `over` failures past its ceiling (the longest wait stays within the window).
 */
function slowdownLevel(over: number): number {
  const most = Math.floor(Math.log2(LOGIN_WINDOW_S / LOGIN_SLOWDOWN_BASE_S));
  return Math.min(Math.max(over - 1, 0), most);
}

export async function passwordAttempt(
  db: Database,
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
    // At most one attempt per 2 s, per 4 s, … up to the level the overage reached: every level's fixed
    // window must have room, so the wait grows with each failure and never exceeds the window.
    const level = slowdownLevel(overall.count - LOGIN_FAILURES_PER_IDENTITY);
    for (let step = 0; step <= level; step++) {
      const windowS = LOGIN_SLOWDOWN_BASE_S * 2 ** step;
      const slow = await hit(db, { key: `${scope}:slow:${identity}:ip:${address}:${windowS}`, limit: 1, windowS }, now);
      if (!slow.allowed) {
        await giveBack();
        return { allowed: false, retryAfterS: slow.retryAfterS };
      }
    }
  }
  return {
    allowed: true,
    settle: async (succeeded) => {
      if (succeeded) await giveBack();
    },
  };
}
