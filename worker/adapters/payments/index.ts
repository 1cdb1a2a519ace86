/**
 * Payments (architecture §4, decision 040): the provider chosen by env.
 * - `PAYMENT_PROVIDER=stripe` with the secrets `STRIPE_SECRET_KEY` and `STRIPE_WEBHOOK_SECRET` set: Stripe
 *   (./stripe.ts), in any environment;
 * - otherwise, in development and the tests (`ENVIRONMENT=development`): the local sandbox (./sandbox.ts);
 * - otherwise none: payment calls answer 503 `payments_unavailable` instead of giving paid things away.
 * An intent keeps the provider it was made with; settling it needs that one (`providerNamed`).
 */
import { config, type ConfigSource } from "#worker/config.ts";
import type { ProviderName } from "#worker/db/payments.ts";
import { isDevelopment } from "#worker/http/environment.ts";
import { type Fetch, type PaymentProvider, PaymentsUnavailable } from "./provider.ts";
import { sandboxProvider } from "./sandbox.ts";
import { stripeConfig, stripeProvider } from "./stripe.ts";

export { PaymentsUnavailable, type PaymentProvider } from "./provider.ts";

/** The provider new intents go to, or null when payments are not available here. */
function currentProvider(env: ConfigSource, doFetch?: Fetch): PaymentProvider | null {
  if (config(env).PAYMENT_PROVIDER === "stripe") return providerNamed(env, "stripe", doFetch);
  return isDevelopment(env) ? sandboxProvider : null;
}

/** The provider an intent was made with, when it is available here. */
export function providerNamed(env: ConfigSource, name: ProviderName, doFetch?: Fetch): PaymentProvider | null {
  if (name === "stripe") {
    const stripe = stripeConfig(env);
    return stripe ? stripeProvider(stripe, doFetch) : null;
  }
  // The sandbox moves no money: never anywhere but development.
  return isDevelopment(env) ? sandboxProvider : null;
}

/** `currentProvider`, or the error that says why there is none (for the log and the 503). */
export function requireProvider(env: ConfigSource, what: string, doFetch?: Fetch): PaymentProvider {
  const provider = currentProvider(env, doFetch);
  if (!provider) {
    const named = config(env).PAYMENT_PROVIDER;
    throw new PaymentsUnavailable(
      named === "stripe"
        ? `Stripe is not configured (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET) for ${what}`
        : `No payment provider configured for ${what}`,
    );
  }
  return provider;
}
