/**
 * Payments (DESIGN §4 "payments go to a local sandbox provider"). Development and the tests charge the
 * sandbox, which accepts every charge and records it; other environments need a configured provider
 * and, until one exists, answer that payments are unavailable instead of giving paid things away.
 */
import { isDevelopment } from "#worker/http/environment.ts";

export interface Charge {
  userId: number;
  amountCents: number;
  currency: string;
  description: string;
}

export interface ChargeResult {
  id: string;
  provider: string;
}

export class PaymentsUnavailable extends Error {}

export async function charge(env: { ENVIRONMENT?: string }, request: Charge): Promise<ChargeResult> {
  if (!isDevelopment(env)) {
    throw new PaymentsUnavailable(`No payment provider configured for ${request.description}`);
  }
  return { id: `sandbox_${crypto.randomUUID()}`, provider: "sandbox" };
}
