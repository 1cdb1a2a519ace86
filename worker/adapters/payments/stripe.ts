/**
 * Stripe over `fetch` (no SDK; `fetch` injected so tests mock it): a Checkout Session per intent — Stripe's
 * hosted page, a PaymentIntent underneath — created with the intent's id as its `Idempotency-Key`, the
 * intent's id in its metadata, and return addresses to the site's success and error pages. Whether a
 * payment succeeded is asked of Stripe (`confirm` retrieves the session) or told by Stripe (a webhook whose
 * `Stripe-Signature` is verified here), never taken from a client.
 *
 * Which of Stripe's events change the ledger (`webhookChange`):
 * - `checkout.session.completed` (paid), `checkout.session.async_payment_succeeded`, `payment_intent.succeeded`
 *   → succeeded; `checkout.session.completed` still unpaid (a method that settles later) → pending;
 * - `checkout.session.expired`, `checkout.session.async_payment_failed` → failed: the session can no longer
 *   be paid. `payment_intent.payment_failed` changes nothing: on Stripe's page the payer may try another
 *   card in the same session, so one declined attempt is not the payment's end;
 * - `charge.refunded` → refunded, with the charge's refunded total so far (`amount_refunded`; a refund made in
 *   Stripe's dashboard, or the echo of one made here): the ledger adds what it does not hold yet (decision 049);
 * - anything else is acknowledged and ignored.
 */
import { STRIPE_WEBHOOK_TOLERANCE_S } from "#shared/constants.ts";
import { config, type ConfigSource } from "#worker/config.ts";
import type { CheckoutRequest, Confirmation, Fetch, PaymentProvider, ProviderIntent } from "./provider.ts";
import { PaymentsUnavailable } from "./provider.ts";

const STRIPE_API_BASE = "https://api.stripe.com";

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Stripe's API origin; another only for a local stand-in of it (scripts/payments-race.ts). */
  apiBase: string;
  toleranceS: number;
}

/** Stripe's settings, when both secrets are set. */
export function stripeConfig(env: ConfigSource): StripeConfig | null {
  const settings = config(env);
  if (!settings.STRIPE_SECRET_KEY || !settings.STRIPE_WEBHOOK_SECRET) return null;
  return {
    secretKey: settings.STRIPE_SECRET_KEY,
    webhookSecret: settings.STRIPE_WEBHOOK_SECRET,
    apiBase: (settings.STRIPE_API_BASE ?? STRIPE_API_BASE).replace(/\/+$/, ""),
    toleranceS: STRIPE_WEBHOOK_TOLERANCE_S,
  };
}

/** Stripe refused or could not be reached: nothing was decided, the caller answers 503. */
class StripeError extends PaymentsUnavailable {
  readonly status: number | undefined;
  /** Stripe's error code, e.g. `charge_already_refunded`. */
  readonly code: string | undefined;

  constructor(message: string, status?: number, code?: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** Stripe's form encoding: nested objects and arrays as `a[b][0][c]=v`. */
export function stripeForm(params: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams();
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) value.forEach((item, index) => add(`${key}[${index}]`, item));
    else if (typeof value === "object") {
      for (const [name, inner] of Object.entries(value)) add(`${key}[${name}]`, inner);
    } else form.append(key, String(value));
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return form;
}

interface StripeSession {
  id: string;
  url: string | null;
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid" | "no_payment_required";
  payment_intent: string | { id: string } | null;
  client_reference_id: string | null;
  metadata: Record<string, string> | null;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/** How a Checkout Session's payment stands. */
function sessionConfirmation(session: StripeSession): Confirmation {
  if (session.status === "complete" && session.payment_status !== "unpaid") {
    return { state: "succeeded", paymentRef: idOf(session.payment_intent) };
  }
  if (session.status === "expired") return { state: "failed", reason: "expired" };
  return { state: "open" };
}

export function stripeProvider(config: StripeConfig, doFetch: Fetch = (input, init) => fetch(input, init)) {
  async function call<T>(
    method: "GET" | "POST",
    path: string,
    { params, idempotencyKey }: { params?: Record<string, unknown>; idempotencyKey?: string } = {},
  ): Promise<T> {
    const headers: Record<string, string> = { authorization: `Bearer ${config.secretKey}` };
    if (params) headers["content-type"] = "application/x-www-form-urlencoded";
    if (idempotencyKey) headers["idempotency-key"] = idempotencyKey;
    let response: Response;
    try {
      response = await doFetch(`${config.apiBase}${path}`, {
        method,
        headers,
        body: params ? stripeForm(params).toString() : undefined,
      });
    } catch (error) {
      throw new StripeError(`Stripe could not be reached: ${String(error)}`);
    }
    const body = (await response.json().catch(() => null)) as { error?: { message?: string; code?: string } } | null;
    if (!response.ok) {
      throw new StripeError(
        `Stripe answered ${response.status}: ${body?.error?.message ?? ""}`,
        response.status,
        body?.error?.code,
      );
    }
    return body as T;
  }

  const session = (ref: string) => call<StripeSession>("GET", `/v1/checkout/sessions/${encodeURIComponent(ref)}`);

  const provider: PaymentProvider = {
    name: "stripe",
    async checkout(request: CheckoutRequest) {
      const metadata = { intent_id: request.intentId, product: request.product };
      const created = await call<StripeSession>("POST", "/v1/checkout/sessions", {
        idempotencyKey: request.idempotencyKey,
        params: {
          mode: "payment",
          client_reference_id: request.intentId,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amountCents,
                product_data: { name: request.description },
              },
            },
          ],
          metadata,
          payment_intent_data: { metadata },
        },
      });
      if (!created.url) throw new StripeError("Stripe made a checkout without a page");
      return { ref: created.id, url: created.url };
    },
    async confirm(intent: ProviderIntent) {
      if (!intent.provider_ref) return { state: "open" };
      return sessionConfirmation(await session(intent.provider_ref));
    },
    async cancel(intent: ProviderIntent) {
      if (!intent.provider_ref) return true;
      try {
        await call("POST", `/v1/checkout/sessions/${encodeURIComponent(intent.provider_ref)}/expire`, {
          idempotencyKey: `${intent.id}-expire-${intent.provider_ref}`,
          params: {},
        });
        return true;
      } catch (error) {
        // Stripe refuses to expire a session that is not open: it was paid, or had expired already.
        if (!(error instanceof StripeError) || error.status !== 400) throw error;
        const current = await session(intent.provider_ref);
        if (current.status === "expired") return true;
        if (current.status === "complete") return false;
        throw error;
      }
    },
    async refund(intent: ProviderIntent, amountCents: number, key = `${intent.id}-refund`) {
      if (!intent.provider_payment_ref) throw new StripeError(`No Stripe payment to refund for ${intent.id}`);
      try {
        await call("POST", "/v1/refunds", {
          idempotencyKey: key,
          params: {
            payment_intent: intent.provider_payment_ref,
            amount: amountCents,
            metadata: { intent_id: intent.id },
          },
        });
      } catch (error) {
        // Given back already (a retry after Stripe forgot the idempotency key, a refund in its dashboard).
        if (!(error instanceof StripeError) || error.code !== "charge_already_refunded") throw error;
      }
    },
  };
  return provider;
}

// ---- Webhooks -------------------------------------------------------------------------------------------

export interface StripeEvent {
  id: string;
  type: string;
  created?: number;
  data: { object: Record<string, unknown> };
}

export type WebhookVerdict =
  { ok: true; event: StripeEvent } | { ok: false; code: "invalid_signature" | "signature_expired"; message: string };

const encoder = new TextEncoder();

function hexBytes(hex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[0-9a-f]{64}$/i.test(hex)) return null;
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

const hmacKey = (secret: string, usage: "sign" | "verify") =>
  crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [usage]);

/**
 * Verifies a delivery as Stripe documents it: `Stripe-Signature: t=…,v1=…` where v1 is the hex HMAC-SHA256
 * of `{t}.{raw body}` under the endpoint's secret (`crypto.subtle.verify`, which compares in constant
 * time; any of several v1 may match, as during a secret's rotation), and t no older than the tolerance —
 * an old delivery replayed is refused even with its genuine signature.
 */
export async function verifyWebhook(
  config: Pick<StripeConfig, "webhookSecret" | "toleranceS">,
  header: string | null | undefined,
  rawBody: string,
  nowS: number,
): Promise<WebhookVerdict> {
  const parts = (header ?? "").split(",").map((part) => {
    const index = part.indexOf("=");
    return [part.slice(0, index).trim(), part.slice(index + 1).trim()] as const;
  });
  const t = parts.find(([key]) => key === "t")?.[1];
  const signatures = parts.filter(([key]) => key === "v1").map(([, value]) => hexBytes(value));
  if (!t || !/^\d{1,12}$/.test(t) || signatures.length === 0) {
    return { ok: false, code: "invalid_signature", message: "No valid Stripe-Signature header" };
  }
  const key = await hmacKey(config.webhookSecret, "verify");
  const signed = encoder.encode(`${t}.${rawBody}`);
  let valid = false;
  for (const signature of signatures) {
    if (signature && (await crypto.subtle.verify("HMAC", key, signature, signed))) valid = true;
  }
  if (!valid) return { ok: false, code: "invalid_signature", message: "The Stripe-Signature does not match" };
  if (Number(t) < nowS - config.toleranceS) {
    return { ok: false, code: "signature_expired", message: "The delivery is older than the tolerance" };
  }
  let event: StripeEvent;
  try {
    event = JSON.parse(rawBody) as StripeEvent;
  } catch {
    return { ok: false, code: "invalid_signature", message: "The signed body is not JSON" };
  }
  if (typeof event?.id !== "string" || typeof event.type !== "string" || typeof event.data?.object !== "object") {
    return { ok: false, code: "invalid_signature", message: "The signed body is not a Stripe event" };
  }
  return { ok: true, event };
}

/** A `Stripe-Signature` header for a payload, as Stripe makes it (tests and the race script sign with it). */
export async function signWebhook(secret: string, payload: string, timestampS: number): Promise<string> {
  const mac = await crypto.subtle.sign(
    "HMAC",
    await hmacKey(secret, "sign"),
    encoder.encode(`${timestampS}.${payload}`),
  );
  const hex = [...new Uint8Array(mac)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `t=${timestampS},v1=${hex}`;
}

/** What a verified event says about one of our intents, or null when it concerns none. */
export interface WebhookChange {
  status: "pending" | "succeeded" | "failed" | "refunded";
  /** Our intent's id, from the metadata the checkout carried. */
  intentId: string | null;
  /** Stripe's Checkout Session and PaymentIntent ids, to find the intent without metadata. */
  checkoutRef: string | null;
  paymentRef: string | null;
  reason: string | null;
  /** A refund's total given back of the payment so far (cents), as Stripe counts it. */
  amountCents: number | null;
}

const text = (value: unknown) => (typeof value === "string" && value ? value : null);

export function webhookChange(event: StripeEvent): WebhookChange | null {
  const object = event.data.object;
  const metadata = (object.metadata ?? {}) as Record<string, unknown>;
  const base = { intentId: text(metadata.intent_id), reason: null, amountCents: null };
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
    case "checkout.session.async_payment_failed":
    case "checkout.session.expired": {
      const checkout = {
        ...base,
        intentId: base.intentId ?? text(object.client_reference_id),
        checkoutRef: text(object.id),
        paymentRef: idOf(object.payment_intent as StripeSession["payment_intent"]),
      };
      if (event.type === "checkout.session.expired") return { ...checkout, status: "failed", reason: "expired" };
      if (event.type === "checkout.session.async_payment_failed") {
        return { ...checkout, status: "failed", reason: "payment failed" };
      }
      const paid = event.type === "checkout.session.async_payment_succeeded" || object.payment_status !== "unpaid";
      return { ...checkout, status: paid ? "succeeded" : "pending" };
    }
    case "payment_intent.succeeded":
      return { ...base, status: "succeeded", checkoutRef: null, paymentRef: text(object.id) };
    case "charge.refunded":
      return {
        ...base,
        status: "refunded",
        checkoutRef: null,
        paymentRef: idOf(object.payment_intent as StripeSession["payment_intent"]),
        reason: "refunded at Stripe",
        amountCents:
          Number.isSafeInteger(object.amount_refunded) && (object.amount_refunded as number) >= 0
            ? (object.amount_refunded as number)
            : null,
      };
    default:
      return null;
  }
}
