/**
 * One-time codes (issue 6 item 4): 6 digits, single use, valid 10 minutes, bound to an identity (E.164
 * phone or lower-case e-mail) and a purpose. Only a hash is stored. A new code for the same identity and
 * purpose replaces the old one. A code takes at most 5 wrong attempts: the fifth locks it (429) and only a
 * new code helps. Consumption is a guarded UPDATE, so two requests cannot both use one code.
 */
import { CODE_LENGTH, CODE_MAX_ATTEMPTS, CODE_TTL_S } from "#shared/constants.ts";
import { bytesToBase64Url } from "#shared/base64.ts";
import { claimCode, countWrongAttempt, currentCode, replaceCode } from "#worker/db/verification-codes.ts";
import { constantTimeEqualText, randomBytes, sha256Hex } from "./secret-bytes.ts";

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

const codeHash = (identity: string, purpose: string, code: string) => sha256Hex(`code:${purpose}:${identity}:${code}`);

/** Stores a fresh code (retiring earlier unused ones of the identity and purpose) and returns it. */
export async function createCode(
  db: D1Database,
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
  /** Too many wrong attempts on this code (429): a new one is needed. */
  | { ok: false; reason: "locked" };

/** Checks and, when right, consumes the identity's current code for the purpose. */
export async function consumeCode(
  db: D1Database,
  options: { identity: string; purpose: CodePurpose; code: string; now: number },
): Promise<CheckResult> {
  const row = await currentCode(db, options.identity, options.purpose);
  if (!row || row.expires_at <= options.now) return { ok: false, reason: "expired" };
  if (row.attempts >= CODE_MAX_ATTEMPTS) return { ok: false, reason: "locked" };

  const right = constantTimeEqualText(await codeHash(options.identity, options.purpose, options.code), row.code_hash);
  if (!right) {
    const attempts = (await countWrongAttempt(db, row.id)) ?? CODE_MAX_ATTEMPTS;
    if (attempts >= CODE_MAX_ATTEMPTS) return { ok: false, reason: "locked" };
    return { ok: false, reason: "wrong", attemptsLeft: CODE_MAX_ATTEMPTS - attempts };
  }
  if (!(await claimCode(db, row.id, options.now, CODE_MAX_ATTEMPTS))) return { ok: false, reason: "expired" };
  return { ok: true, payload: row.payload === null ? null : JSON.parse(row.payload) };
}

/** A password-reset ticket: a long random secret handed out after the recovery code, stored like a code. */
export async function createResetTicket(db: D1Database, userId: number, now: number, ttlS: number): Promise<string> {
  const ticket = bytesToBase64Url(randomBytes(32));
  await createCode(db, { identity: `user:${userId}`, purpose: "reset_ticket", now, code: ticket, ttlS });
  return `${userId}.${ticket}`;
}

/** The user a ticket resets, consuming it; null when unknown, used or expired. */
export async function consumeResetTicket(db: D1Database, value: string, now: number): Promise<number | null> {
  const match = /^([1-9]\d{0,15})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!match) return null;
  const userId = Number(match[1]);
  const result = await consumeCode(db, { identity: `user:${userId}`, purpose: "reset_ticket", code: match[2]!, now });
  return result.ok ? userId : null;
}
