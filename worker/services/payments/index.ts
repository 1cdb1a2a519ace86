/**
 * Payments (DESIGN §4, issue 21, decision 040): the provider chosen by env.
 * - `PAYMENT_PROVIDER=stripe` with the secrets `STRIPE_SECRET_KEY` and `STRIPE_WEBHOOK_SECRET` set: Stripe
 *   (./stripe.ts), in any environment;
 * - otherwise, in development and the tests (`ENVIRONMENT=development`): the local sandbox (./sandbox.ts);
 * - otherwise none: payment calls answer 503 `payments_unavailable` instead of giving paid things away.
 * An intent keeps the provider it was made with; settling it needs that one (`providerNamed`).
 */
import type { ProviderName } from "#worker/db/payments.ts";
import { isDevelopment } from "#worker/http/environment.ts";
import { type Fetch, type PaymentProvider, PaymentsUnavailable } from "./provider.ts";
import { sandboxProvider } from "./sandbox.ts";
import { type StripeEnv, stripeConfig, stripeProvider } from "./stripe.ts";

export { PaymentsUnavailable, type PaymentProvider } from "./provider.ts";

/** Settings the payments read: [vars] and secrets (wrangler.toml), not all in the generated `Env`. */
export interface PaymentsEnv extends StripeEnv {
  ENVIRONMENT?: string;
  PAYMENT_PROVIDER?: string;
}

const paymentsEnv = (env: object) => env as PaymentsEnv;

/** The provider new intents go to, or null when payments are not available here. */
export function currentProvider(env: object, doFetch?: Fetch): PaymentProvider | null {
  const settings = paymentsEnv(env);
  if (settings.PAYMENT_PROVIDER === "stripe") return providerNamed(env, "stripe", doFetch);
  return isDevelopment(settings) ? sandboxProvider : null;
}

/** The provider an intent was made with, when it is available here. */
export function providerNamed(env: object, name: ProviderName, doFetch?: Fetch): PaymentProvider | null {
  const settings = paymentsEnv(env);
  if (name === "stripe") {
    const config = stripeConfig(settings);
    return config ? stripeProvider(config, doFetch) : null;
  }
  // The sandbox moves no money: never anywhere but development.
  return isDevelopment(settings) ? sandboxProvider : null;
}

/** `currentProvider`, or the error that says why there is none (for the log and the 503). */
export function requireProvider(env: object, what: string, doFetch?: Fetch): PaymentProvider {
  const provider = currentProvider(env, doFetch);
  if (!provider) {
    const named = paymentsEnv(env).PAYMENT_PROVIDER;
    throw new PaymentsUnavailable(
      named === "stripe"
        ? `Stripe is not configured (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET) for ${what}`
        : `No payment provider configured for ${what}`,
    );
  }
  return provider;
}
