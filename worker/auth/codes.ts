/**
 * One-time codes (decision 026): 6 digits, single use, valid 10 minutes, bound to an
 * identity (E.164 phone or lower-case e-mail) and a purpose. Only a hash is stored. A new code for the same
 * identity and purpose replaces the old one. Wrong attempts are counted per code and address: the fifth
 * from one address locks the code for that address (429) while the owner, elsewhere, can still use it;
 * CODE_MAX_WRONG_TOTAL wrong attempts from all addresses lock it for everyone, and a new code helps.
 * Consumption is a guarded UPDATE, so two requests cannot both use one code.
 */
import { CODE_LENGTH, CODE_MAX_ATTEMPTS, CODE_MAX_WRONG_TOTAL, CODE_TTL_S } from "#shared/constants.ts";
import { bytesToBase64Url } from "#shared/base64.ts";
import {
  claimCode,
  claimResetTicket,
  countWrongAttempt,
  currentCode,
  replaceCode,
  retireResetTickets,
} from "#worker/db/verification-codes.ts";
import { hit, type RateLimits } from "#worker/http/rate-limit.ts";
import { constantTimeEqualText, randomBytes, sha256Hex } from "./secret-bytes.ts";
import type { Database } from "#worker/app-env.ts";

export type CodePurpose = "register" | "login" | "recovery" | "verify_phone" | "verify_email" | "reset_ticket";

export function newCode(): string {
  // Rejection sampling keeps the digits uniform.
  const limit = 10 ** CODE_LENGTH;
  const max = Math.floor(0x1_0000_0000 / limit) * limit;
  for (;;) {
    const value = crypto.getRandomValues(new Uint32Array(1))[0]!;
    if (value < max) return String(value % limit).padStart(CODE_LENGTH, "0");
  }
}

/**
 * A stand-in for a code that is never sent (no account to sign in to, an account that already exists):
 * stored like a code so every later step — resend interval, wrong attempts, expiry — answers exactly as
 * for a real one, yet no six digits can match it.
 */
export function decoyCode(): string {
  return bytesToBase64Url(randomBytes(32));
}

const codeHash = (identity: string, purpose: string, code: string) => sha256Hex(`code:${purpose}:${identity}:${code}`);

/** Stores a fresh code (retiring earlier unused ones of the identity and purpose) and returns it. */
export async function createCode(
  db: Database,
  options: { identity: string; purpose: CodePurpose; now: number; payload?: unknown; code?: string; ttlS?: number },
): Promise<string> {
  const code = options.code ?? newCode();
  await replaceCode(db, {
    identity: options.identity,
    purpose: options.purpose,
    codeHash: await codeHash(options.identity, options.purpose, code),
    payload: options.payload === undefined ? null : JSON.stringify(options.payload),
    now: options.now,
    expiresAt: options.now + (options.ttlS ?? CODE_TTL_S) * 1000,
  });
  return code;
}

export type CheckResult =
  | { ok: true; payload: unknown }
  /** No live code: never sent, expired or already used — a new one is needed. */
  | { ok: false; reason: "expired" }
  | { ok: false; reason: "wrong"; attemptsLeft: number }
  /** Too many wrong attempts on this code from this address, or from all (429): a new one is needed. */
  | { ok: false; reason: "locked" };

/** Checks and, when right, consumes the identity's current code for the purpose. */
export async function consumeCode(
  db: Database,
  limits: RateLimits,
  options: { identity: string; purpose: CodePurpose; code: string; now: number; address: string },
): Promise<CheckResult> {
  const row = await currentCode(db, options.identity, options.purpose);
  if (!row || row.expires_at <= options.now) return { ok: false, reason: "expired" };
  if (row.attempts >= CODE_MAX_WRONG_TOTAL) return { ok: false, reason: "locked" };
  // This address's attempts on this code, counted before the check (atomic): racing guesses cannot overshoot.
  const mine = await hit(
    limits,
    {
      key: `code:attempt:${row.id}:ip:${options.address}`,
      limit: CODE_MAX_ATTEMPTS,
      // One window for the code's whole life: the counter never restarts while the code is valid.
      windowS: Math.ceil((row.expires_at - row.created_at) / 1000),
      since: row.created_at,
    },
    options.now,
  );
  if (!mine.allowed) return { ok: false, reason: "locked" };

  const right = constantTimeEqualText(await codeHash(options.identity, options.purpose, options.code), row.code_hash);
  if (!right) {
    const total = (await countWrongAttempt(db, row.id)) ?? CODE_MAX_WRONG_TOTAL;
    if (mine.count >= CODE_MAX_ATTEMPTS || total >= CODE_MAX_WRONG_TOTAL) return { ok: false, reason: "locked" };
    return { ok: false, reason: "wrong", attemptsLeft: CODE_MAX_ATTEMPTS - mine.count };
  }
  if (!(await claimCode(db, row.id, options.now, CODE_MAX_WRONG_TOTAL))) return { ok: false, reason: "expired" };
  return { ok: true, payload: row.payload === null ? null : JSON.parse(row.payload) };
}

const RESET_TICKET = /^[A-Za-z0-9_-]{43}$/;
const resetIdentity = async (ticket: string) => `reset:${await sha256Hex(`reset-ticket:${ticket}`)}`;

/**
 * A password-reset ticket: 256 random bits handed out after the recovery code, stored only as its hash,
 * which is also how it is found. It names no account, so a made-up ticket matches nothing and touches no
 * real one (decision 026). A new ticket retires the account's earlier ones.
 */
export async function createResetTicket(db: Database, userId: number, now: number, ttlS: number): Promise<string> {
  const ticket = bytesToBase64Url(randomBytes(32));
  await retireResetTickets(db, userId, now);
  await createCode(db, {
    identity: await resetIdentity(ticket),
    purpose: "reset_ticket",
    now,
    code: ticket,
    ttlS,
    payload: { user_id: userId },
  });
  return ticket;
}

/** The user a ticket resets, consuming it; null when unknown, used or expired. */
export async function consumeResetTicket(db: Database, value: string, now: number): Promise<number | null> {
  if (!RESET_TICKET.test(value)) return null;
  return claimResetTicket(db, await resetIdentity(value), now);
}
