/**
 * Payments through Stripe (decision 040) with Stripe's API mocked (`fetch`): the requests the
 * adapter makes, `complete` asking Stripe rather than trusting the client, the signed webhook (valid, bad
 * signature, replayed, too old, out of order), and the race of 50 completes with 50 webhook deliveries for
 * one intent. The API runs in this isolate (`api.fetch` with Stripe's settings), so the mock is the fetch
 * it calls.
 */
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Single } from "#shared/api/conventions.ts";
import type { ApiIntent } from "#shared/api/payments.ts";
import {
  PAYMENT_COMPLETES_PER_HOUR,
  PAYMENT_FAILURES_PER_HOUR,
  PAYMENT_INTENT_READS_PER_HOUR,
  PAYMENT_INTENT_WRITES_PER_HOUR,
  PAYMENT_PROVIDER_CALL_WINDOW_S,
  STRIPE_WEBHOOK_TOLERANCE_S,
} from "#shared/constants.ts";
import { type ProductId } from "#shared/products.ts";
import { api } from "#worker/api/index.ts";
import { siteOrigin } from "#worker/http/site-origin.ts";
import { signWebhook, stripeForm, verifyWebhook } from "#worker/adapters/payments/stripe.ts";
import { ORIGIN, passwordAccount, signUpBearer, signUpByPhone, uniqueIp } from "./auth-fixtures.ts";
import { ledgerOf } from "./payment-fixtures.ts";
import { fixtureListing, listingPlacements, periodsOf } from "./payment-listings.ts";
import { REFERENCE_PRICES } from "#worker/db/reference/prices.ts";
import { FakeStripe, SECRET_KEY, type Session, STRIPE, WEBHOOK_SECRET } from "./stripe-fixtures.ts";

const DAY = 86_400_000;

let stripe: FakeStripe;
beforeEach(() => {
  stripe = new FakeStripe();
  vi.spyOn(globalThis, "fetch").mockImplementation(stripe.handle);
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

async function viaApi(path: string, init: RequestInit & { token?: string } = {}, bindings: object = STRIPE) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  if (init.body && !headers.has("content-type")) headers.set("content-type", "application/json");
  const ctx = createExecutionContext();
  const res = await api.fetch(new Request(`${ORIGIN}${path}`, { ...init, headers }), bindings, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const json = (body: unknown) => JSON.stringify(body);
const intentOf = async (res: Response) => (await res.json<Single<ApiIntent>>()).data;

async function buyer() {
  const signed = await signUpBearer();
  return { token: signed.access_token, userId: signed.data.user.id };
}

async function stripeIntent(product: ProductId = "top_7") {
  const who = await buyer();
  const listing = await fixtureListing(who.userId);
  const res = await viaApi("/api/cabinet/payment/intent", {
    method: "POST",
    token: who.token,
    body: json({ realty_id: listing, product }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const intent = await intentOf(res);
  const row = await env.DB.prepare("SELECT provider_ref FROM payment_intents WHERE id = ?")
    .bind(intent.id)
    .first<{ provider_ref: string }>();
  return { ...who, listing, intent, session: row!.provider_ref };
}

/** `complete`; with `now`, at that time (`X-Debug-Now`). */
const complete = (token: string, id: string, now?: number) =>
  viaApi("/api/cabinet/payment/complete", {
    method: "POST",
    token,
    body: json({ intent_id: id }),
    headers: now === undefined ? {} : { "x-debug-now": String(now) },
  });

let eventCount = 0;
function sessionEvent(type: string, session: Session, id = `evt_${++eventCount}_${crypto.randomUUID()}`) {
  return {
    id,
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object: { object: "checkout.session", ...session } },
  };
}

async function deliver(event: unknown, options: { secret?: string; at?: number; raw?: string } = {}) {
  const raw = options.raw ?? JSON.stringify(event);
  const signature = await signWebhook(
    options.secret ?? WEBHOOK_SECRET,
    raw,
    options.at ?? Math.floor(Date.now() / 1000),
  );
  return viaApi("/api/payments/stripe/webhook", {
    method: "POST",
    headers: { "stripe-signature": signature, "content-type": "application/json" },
    body: raw,
  });
}

describe("the Stripe adapter's requests", () => {
  it("an intent makes a Checkout Session keyed by the intent, priced from the products, returning to our pages", async () => {
    const { intent, session } = await stripeIntent("top_14");
    expect(intent).toMatchObject({ provider: "stripe", status: "created", amount_cents: REFERENCE_PRICES.top_14 });
    expect(intent.checkout_url).toBe(`https://checkout.stripe.com/c/pay/${session}`);
    const [made] = stripe.requests;
    expect(stripe.requests).toHaveLength(1);
    expect(made!.method).toBe("POST");
    expect(made!.path).toBe("/v1/checkout/sessions");
    expect(made!.headers.get("idempotency-key")).toBe(intent.id);
    expect(made!.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(made!.form)).toMatchObject({
      mode: "payment",
      client_reference_id: intent.id,
      success_url: `${siteOrigin(env) ?? ORIGIN}/cabinet/payment/success/?intent=${intent.id}`,
      cancel_url: `${siteOrigin(env) ?? ORIGIN}/cabinet/payment/error/?intent=${intent.id}`,
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "eur",
      "line_items[0][price_data][unit_amount]": String(REFERENCE_PRICES.top_14),
      "metadata[intent_id]": intent.id,
      "payment_intent_data[metadata][intent_id]": intent.id,
    });
  });

  it("complete asks Stripe: an open session stays pending, a paid one succeeds with its period", async () => {
    const { token, intent, session, listing } = await stripeIntent("home_7");
    const at = Date.now();
    const open = await complete(token, intent.id, at);
    expect(open.status).toBe(200);
    expect((await intentOf(open)).status).toBe("pending");
    expect(stripe.requests.at(-1)).toMatchObject({ method: "GET", path: `/v1/checkout/sessions/${session}` });
    expect(await periodsOf(listing)).toEqual([]);
    stripe.pay(session);
    // Asked again within the same provider window: the intent as it stands, Stripe not asked (decision 049).
    const soon = await complete(token, intent.id, at);
    expect((await intentOf(soon)).status).toBe("pending");
    expect(stripe.requests.filter((r) => r.method === "GET")).toHaveLength(1);
    const paid = await complete(token, intent.id, at + PAYMENT_PROVIDER_CALL_WINDOW_S * 1000);
    expect((await intentOf(paid)).status).toBe("succeeded");
    expect(await periodsOf(listing)).toHaveLength(1);
    const row = await env.DB.prepare("SELECT provider_payment_ref FROM payment_intents WHERE id = ?")
      .bind(intent.id)
      .first<{ provider_payment_ref: string }>();
    expect(row!.provider_payment_ref).toBe(`pi_stripe_${session}`);
  });

  it("failure expires the session first; a session paid meanwhile is recorded as the success it is", async () => {
    const first = await stripeIntent();
    const failed = await viaApi("/api/cabinet/payment/failure", {
      method: "POST",
      token: first.token,
      body: json({ intent_id: first.intent.id, reason: "cancelled" }),
    });
    expect((await intentOf(failed)).status).toBe("failed");
    expect(stripe.sessions.get(first.session)!.status).toBe("expired");
    expect(stripe.requests.at(-1)!.path).toBe(`/v1/checkout/sessions/${first.session}/expire`);

    const second = await stripeIntent();
    stripe.pay(second.session);
    const late = await viaApi("/api/cabinet/payment/failure", {
      method: "POST",
      token: second.token,
      body: json({ intent_id: second.intent.id, reason: "cancelled" }),
    });
    expect(late.status).toBe(409);
    expect(await ledgerOf(second.intent.id)).toEqual(["created", "succeeded"]);
    expect(await periodsOf(second.listing)).toHaveLength(1);
  });

  it("stopping a refundable promotion refunds its unused days at Stripe, keyed by the intent", async () => {
    const { token, intent, session, listing } = await stripeIntent("top_30");
    stripe.pay(session);
    await complete(token, intent.id);
    const res = await viaApi(`/api/cabinet/realties/${listing}/promotion?placement=top`, { method: "DELETE", token });
    expect(res.status).toBe(200);
    const refund = stripe.requests.find((r) => r.path === "/v1/refunds")!;
    expect(refund.headers.get("idempotency-key")).toBe(`${intent.id}-refund`);
    expect(refund.form.get("payment_intent")).toBe(`pi_stripe_${session}`);
    // Stopped right away: 29 whole days of 30 unused.
    expect(refund.form.get("amount")).toBe(String(Math.floor((REFERENCE_PRICES.top_30 * 29) / 30)));
    expect(await ledgerOf(intent.id)).toEqual(["created", "pending", "succeeded", "refunded"]);
  });

  it("Stripe unreachable: 503, and the same purchase made again gets its checkout once Stripe answers", async () => {
    const who = await buyer();
    const listing = await fixtureListing(who.userId);
    const body = json({ realty_id: listing, product: "highlight_7", idempotency_key: "stripe-down-0001" });
    vi.mocked(globalThis.fetch).mockImplementationOnce(() => Promise.reject(new TypeError("network down")));
    const down = await viaApi("/api/cabinet/payment/intent", { method: "POST", token: who.token, body });
    expect(down.status).toBe(503);
    expect((await down.json<{ error: { code: string } }>()).error.code).toBe("payments_unavailable");
    const again = await viaApi("/api/cabinet/payment/intent", { method: "POST", token: who.token, body });
    expect(again.status).toBe(200);
    const intent = await intentOf(again);
    expect(intent.checkout_url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    expect(stripe.sessions.size).toBe(1);
    // Both asks of Stripe carried the intent's key: Stripe would have made one session however it went.
    const keys = stripe.requests
      .filter((r) => r.path === "/v1/checkout/sessions")
      .map((r) => r.headers.get("idempotency-key"));
    expect(keys).toEqual([intent.id]);
  });

  it("a refund Stripe refuses stops nothing (503)", async () => {
    const { token, intent, session, listing } = await stripeIntent("top_30");
    stripe.pay(session);
    await complete(token, intent.id);
    vi.mocked(globalThis.fetch).mockImplementationOnce(async () =>
      Response.json({ error: { message: "boom", code: "api_error" } }, { status: 500 }),
    );
    const res = await viaApi(`/api/cabinet/realties/${listing}/promotion?placement=top`, { method: "DELETE", token });
    expect(res.status).toBe(503);
    expect(await ledgerOf(intent.id)).toEqual(["created", "pending", "succeeded"]);
    expect((await periodsOf(listing))[0]!.stopped_at).toBeNull();
    expect((await listingPlacements(listing))!.promoted_until).not.toBeNull();
  });

  it("Stripe's form encoding nests objects and arrays", () => {
    expect(stripeForm({ a: 1, b: { c: "x", d: [{ e: 2 }] }, skip: undefined }).toString()).toBe(
      "a=1&b%5Bc%5D=x&b%5Bd%5D%5B0%5D%5Be%5D=2",
    );
  });
});

describe("POST /api/payments/stripe/webhook", () => {
  it("a valid checkout.session.completed settles the intent once; its replay changes nothing", async () => {
    const { intent, session, listing } = await stripeIntent();
    const event = sessionEvent("checkout.session.completed", stripe.pay(session));
    const res = await deliver(event);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    expect(await ledgerOf(intent.id)).toEqual(["created", "succeeded"]);
    const [period] = await periodsOf(listing);
    expect((await listingPlacements(listing))!.promoted_until).toBe(period!.ends_at);
    const replay = await deliver(event);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, replayed: true });
    expect(await ledgerOf(intent.id)).toEqual(["created", "succeeded"]);
    expect(await periodsOf(listing)).toHaveLength(1);
  });

  it("refuses a bad signature, another secret's, a changed body and a missing header (400), changing nothing", async () => {
    const { intent, session } = await stripeIntent();
    const event = sessionEvent("checkout.session.completed", stripe.pay(session));
    const wrong = await deliver(event, { secret: "whsec_someone_else" });
    expect(wrong.status).toBe(400);
    expect((await wrong.json<{ error: { code: string } }>()).error.code).toBe("invalid_signature");
    const raw = JSON.stringify(event);
    const signature = await signWebhook(WEBHOOK_SECRET, raw, Math.floor(Date.now() / 1000));
    const changed = await viaApi("/api/payments/stripe/webhook", {
      method: "POST",
      headers: { "stripe-signature": signature },
      body: raw.replace("checkout.session.completed", "checkout.session.expired"),
    });
    expect(changed.status).toBe(400);
    for (const header of [undefined, "t=1,v1=zz", "garbage", `v1=${"0".repeat(64)}`]) {
      const res = await viaApi("/api/payments/stripe/webhook", {
        method: "POST",
        headers: header ? { "stripe-signature": header } : {},
        body: raw,
      });
      expect(res.status, String(header)).toBe(400);
    }
    expect(await ledgerOf(intent.id)).toEqual(["created"]);
  });

  it("refuses a delivery older than the tolerance even with a genuine signature", async () => {
    const { intent, session } = await stripeIntent();
    const event = sessionEvent("checkout.session.completed", stripe.pay(session));
    const old = await deliver(event, { at: Math.floor(Date.now() / 1000) - STRIPE_WEBHOOK_TOLERANCE_S - 5 });
    expect(old.status).toBe(400);
    expect((await old.json<{ error: { code: string } }>()).error.code).toBe("signature_expired");
    expect(await ledgerOf(intent.id)).toEqual(["created"]);
    const verdict = await verifyWebhook(
      { webhookSecret: WEBHOOK_SECRET, toleranceS: STRIPE_WEBHOOK_TOLERANCE_S },
      await signWebhook(WEBHOOK_SECRET, "{}", 1000),
      "{}",
      1000 + STRIPE_WEBHOOK_TOLERANCE_S,
    );
    // At the tolerance it still passes the clock (and then fails as no Stripe event).
    expect(verdict).toMatchObject({ ok: false, code: "invalid_signature" });
  });

  it("out of order: an expiry after the success changes nothing", async () => {
    const { intent, session, listing } = await stripeIntent();
    const paid = sessionEvent("checkout.session.completed", stripe.pay(session));
    const expired = sessionEvent("checkout.session.expired", { ...stripe.sessions.get(session)!, status: "expired" });
    expect((await deliver(paid)).status).toBe(200);
    expect((await deliver(expired)).status).toBe(200);
    expect(await ledgerOf(intent.id)).toEqual(["created", "succeeded"]);
    expect(await periodsOf(listing)).toHaveLength(1);
  });

  it("out of order: a success after the failure leaves it failed and refunds the money", async () => {
    const { intent, session, listing } = await stripeIntent();
    const expired = sessionEvent("checkout.session.expired", { ...stripe.sessions.get(session)!, status: "expired" });
    expect((await deliver(expired)).status).toBe(200);
    const paid = sessionEvent("checkout.session.completed", stripe.pay(session));
    expect((await deliver(paid)).status).toBe(200);
    expect(await ledgerOf(intent.id)).toEqual(["created", "failed"]);
    expect(await periodsOf(listing)).toEqual([]);
    expect(stripe.refunds).toHaveLength(1);
    expect(stripe.refunds[0]!.get("payment_intent")).toBe(`pi_stripe_${session}`);
    expect(stripe.refunds[0]!.get("amount")).toBe(String(REFERENCE_PRICES.top_7));
  });

  it("a webhook before complete, and complete before a webhook: one success either way", async () => {
    const a = await stripeIntent();
    await deliver(sessionEvent("checkout.session.completed", stripe.pay(a.session)));
    expect((await intentOf(await complete(a.token, a.intent.id))).status).toBe("succeeded");
    expect(await ledgerOf(a.intent.id)).toEqual(["created", "succeeded"]);
    const b = await stripeIntent();
    const session = stripe.pay(b.session);
    expect((await intentOf(await complete(b.token, b.intent.id))).status).toBe("succeeded");
    await deliver(sessionEvent("checkout.session.completed", session));
    expect(await ledgerOf(b.intent.id)).toEqual(["created", "pending", "succeeded"]);
    expect(await periodsOf(a.listing)).toHaveLength(1);
    expect(await periodsOf(b.listing)).toHaveLength(1);
  });

  it("a refund made in Stripe's dashboard ends the period it paid for", async () => {
    const { intent, session, listing } = await stripeIntent("home_7");
    await deliver(sessionEvent("checkout.session.completed", stripe.pay(session)));
    const refunded = {
      id: `evt_refund_${crypto.randomUUID()}`,
      type: "charge.refunded",
      data: {
        object: { object: "charge", payment_intent: `pi_stripe_${session}`, amount_refunded: 1490, metadata: {} },
      },
    };
    expect((await deliver(refunded)).status).toBe(200);
    expect(await ledgerOf(intent.id)).toEqual(["created", "succeeded", "refunded"]);
    expect((await periodsOf(listing))[0]!.stopped_at).not.toBeNull();
    expect((await listingPlacements(listing))!.home_until).toBeNull();
  });

  it("acknowledges events about nothing of ours, and is exempt from the CSRF check but nothing else is", async () => {
    const unknown = { id: `evt_${crypto.randomUUID()}`, type: "customer.created", data: { object: {} } };
    expect(await (await deliver(unknown)).json()).toEqual({ received: true, ignored: true });
    // Through the built worker, with a session cookie and no CSRF headers: not a 403 (the Stripe settings are
    // not set there, so 503), while the cabinet's writes still are refused.
    const { jar } = await signUpByPhone();
    const webhook = await SELF.fetch(`${ORIGIN}/api/payments/stripe/webhook`, {
      method: "POST",
      headers: { cookie: jar.header(), "stripe-signature": "t=1,v1=00" },
      body: "{}",
    });
    expect(webhook.status).toBe(503);
    const cabinet = await SELF.fetch(`${ORIGIN}/api/cabinet/payment/complete`, {
      method: "POST",
      headers: { cookie: jar.header(), "content-type": "application/json" },
      body: json({ intent_id: "pi_0123456789abcdef" }),
    });
    expect(cabinet.status).toBe(403);
  });
});

describe("junk to the webhook", () => {
  it("never gives a 5xx, signed or not", async () => {
    const { session } = await stripeIntent();
    const paid = stripe.pay(session);
    const object = fc.oneof(
      fc.constant(paid as unknown as Record<string, unknown>),
      fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue()),
      fc.record({ metadata: fc.oneof(fc.jsonValue(), fc.constant({ intent_id: paid.metadata.intent_id })) }),
    );
    const event = fc.record(
      {
        id: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
        type: fc.oneof(
          fc.constantFrom(
            "checkout.session.completed",
            "checkout.session.expired",
            "checkout.session.async_payment_failed",
            "payment_intent.succeeded",
            "charge.refunded",
          ),
          fc.string(),
        ),
        data: fc.oneof(fc.record({ object }), fc.jsonValue()),
      },
      { requiredKeys: [] },
    );
    const raw = fc.oneof(
      event.map((e) => JSON.stringify(e)),
      fc.string(),
      fc.json(),
    );
    await fc.assert(
      fc.asyncProperty(raw, fc.boolean(), fc.string(), async (body, signed, header) => {
        const res = await viaApi("/api/payments/stripe/webhook", {
          method: "POST",
          headers: {
            "stripe-signature": signed
              ? await signWebhook(WEBHOOK_SECRET, body, Math.floor(Date.now() / 1000))
              : header,
          },
          body,
        });
        await res.arrayBuffer();
        expect(res.status, body.slice(0, 200)).toBeLessThan(500);
      }),
      { numRuns: 80 },
    );
  });
});

describe("no provider", () => {
  const PRODUCTION = { ...env, ENVIRONMENT: "production", JWT_SECRET: "test-production-secret-0123456789abcdef" };

  /** A bearer token of a new password account, signed in under `bindings`. */
  async function signedIn(bindings: object) {
    const account = await passwordAccount("production pass");
    const res = await viaApi(
      "/api/auth/login",
      {
        method: "POST",
        headers: { "x-auth-mode": "bearer", "cf-connecting-ip": uniqueIp() },
        body: json({ login: account.email, password: "production pass", remember_me: false }),
      },
      bindings,
    );
    expect(res.status).toBe(200);
    return { token: (await res.json<{ access_token: string }>()).access_token, userId: account.id };
  }

  it("answers 503 payments_unavailable outside development without Stripe, and with Stripe half configured", async () => {
    for (const bindings of [
      PRODUCTION,
      { ...PRODUCTION, PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: SECRET_KEY },
      { ...env, PAYMENT_PROVIDER: "stripe", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
    ]) {
      const who = await signedIn(bindings);
      const listing = await fixtureListing(who.userId);
      const res = await viaApi(
        "/api/cabinet/payment/intent",
        { method: "POST", token: who.token, body: json({ realty_id: listing, product: "top_7" }) },
        bindings,
      );
      expect(res.status).toBe(503);
      expect((await res.json<{ error: { code: string } }>()).error.code).toBe("payments_unavailable");
      expect(
        await env.DB.prepare("SELECT COUNT(*) AS n FROM payment_intents WHERE user_id = ?").bind(who.userId).first("n"),
      ).toBe(0);
    }
    // Stripe's webhook is not taken without its secret either.
    const hook = await viaApi("/api/payments/stripe/webhook", { method: "POST", body: "{}" }, PRODUCTION);
    expect(hook.status).toBe(503);
  });
});

describe("the race: 50 completes and 50 webhook deliveries of one payment at once", () => {
  it("records exactly one success and one promotion period", async () => {
    const { token, intent, session, listing } = await stripeIntent("top_7");
    const paid = stripe.pay(session);
    const calls = [
      ...Array.from({ length: 50 }, () => complete(token, intent.id)),
      // Stripe retries the same event; distinct events (completed, async succeeded) race too.
      ...Array.from({ length: 50 }, (_, i) =>
        deliver(
          sessionEvent(
            i % 2 ? "checkout.session.completed" : "checkout.session.async_payment_succeeded",
            paid,
            i % 5 === 0 ? "evt_race_same" : undefined,
          ),
        ),
      ),
    ];
    const answers = await Promise.all(calls);
    for (const res of answers) expect(res.status).toBe(200);
    const succeeded = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM payment_events WHERE intent_id = ? AND status = 'succeeded'",
    )
      .bind(intent.id)
      .first<{ n: number }>();
    expect(succeeded!.n).toBe(1);
    const periods = await periodsOf(listing);
    expect(periods).toHaveLength(1);
    expect(periods[0]!.ends_at - periods[0]!.starts_at).toBe(7 * DAY);
    expect((await listingPlacements(listing))!.promoted_until).toBe(periods[0]!.ends_at);
    expect(stripe.refunds).toEqual([]);
  });
});

describe("limits on what one account makes the site ask of Stripe (decision 049)", () => {
  it("a burst of completes on one unpaid intent asks Stripe once a window; past the hourly limit, 429 with Retry-After", async () => {
    const { token, intent, session } = await stripeIntent();
    const at = Date.now();
    const over = 10;
    const answers = await Promise.all(
      Array.from({ length: PAYMENT_COMPLETES_PER_HOUR + over }, () => complete(token, intent.id, at)),
    );
    const ok = answers.filter((res) => res.status === 200);
    const refused = answers.filter((res) => res.status === 429);
    expect(ok).toHaveLength(PAYMENT_COMPLETES_PER_HOUR);
    expect(refused).toHaveLength(over);
    for (const res of refused) {
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await res.json<{ error: { code: string } }>()).error.code).toBe("rate_limited");
    }
    const asked = stripe.requests.filter((r) => r.method === "GET" && r.path === `/v1/checkout/sessions/${session}`);
    expect(asked).toHaveLength(1);
  }, 60_000);

  it("one purchase asked for many times makes one intent and one Checkout Session; intents past the limit are 429", async () => {
    const who = await buyer();
    const listing = await fixtureListing(who.userId);
    const over = 5;
    const answers = await Promise.all(
      Array.from({ length: PAYMENT_INTENT_WRITES_PER_HOUR + over }, (_, i) =>
        viaApi("/api/cabinet/payment/intent", {
          method: "POST",
          token: who.token,
          headers: { "x-debug-now": String(Date.now()) },
          body: json({ realty_id: listing, product: "top_7", idempotency_key: `many-tabs-${i}` }),
        }),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(PAYMENT_INTENT_WRITES_PER_HOUR - 1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(over);
    const ids = new Set(
      await Promise.all(answers.filter((res) => res.status !== 429).map(async (res) => (await intentOf(res)).id)),
    );
    expect(ids.size).toBe(1);
    expect(stripe.sessions.size).toBe(1);
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM payment_intents WHERE user_id = ?").bind(who.userId).first("n"),
    ).toBe(1);
  }, 60_000);

  it("intent reads and failures past their hourly limits are 429; a failed intent asks Stripe no more", async () => {
    const { token, intent, session } = await stripeIntent();
    const headers = { "x-debug-now": String(Date.now()) };
    const tally = (answers: Response[]) => answers.map((res) => res.status).filter((status) => status === 429).length;
    const reads = await Promise.all(
      Array.from({ length: PAYMENT_INTENT_READS_PER_HOUR + 3 }, () =>
        viaApi(`/api/cabinet/payment/intent/${intent.id}`, { token, headers }),
      ),
    );
    expect(tally(reads)).toBe(3);
    expect(reads.filter((res) => res.status === 200)).toHaveLength(PAYMENT_INTENT_READS_PER_HOUR);

    // One after another: calls at once on one intent take turns at the provider (429 for the waiting ones).
    const failures: Response[] = [];
    for (let i = 0; i < PAYMENT_FAILURES_PER_HOUR + 4; i++) {
      failures.push(
        await viaApi("/api/cabinet/payment/failure", {
          method: "POST",
          token,
          headers,
          body: json({ intent_id: intent.id, reason: "cancelled" }),
        }),
      );
    }
    expect(tally(failures)).toBe(4);
    for (const res of failures.filter((r) => r.status === 429)) {
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    const expiries = stripe.requests.filter((r) => r.path === `/v1/checkout/sessions/${session}/expire`);
    expect(failures.slice(0, PAYMENT_FAILURES_PER_HOUR).every((res) => res.status === 200)).toBe(true);
    expect(expiries).toHaveLength(1);
    expect(await ledgerOf(intent.id)).toEqual(["created", "failed"]);
  }, 60_000);
});

describe("refunds add up (decision 049)", () => {
  /** Stripe's `charge.refunded`: the charge's refunded total so far. */
  const refunded = (session: string, total: number, id = `evt_refund_${crypto.randomUUID()}`) => ({
    id,
    type: "charge.refunded",
    data: {
      object: { object: "charge", payment_intent: `pi_stripe_${session}`, amount_refunded: total, metadata: {} },
    },
  });
  const refundsOf = async (intentId: string) =>
    (
      await env.DB.prepare(
        "SELECT amount_cents FROM payment_events WHERE intent_id = ? AND status = 'refunded' ORDER BY id",
      )
        .bind(intentId)
        .all<{ amount_cents: number }>()
    ).results.map((row) => row.amount_cents);

  async function paidTop7() {
    const made = await stripeIntent("top_7");
    expect((await deliver(sessionEvent("checkout.session.completed", stripe.pay(made.session)))).status).toBe(200);
    const [period] = await periodsOf(made.listing);
    return { ...made, period: period! };
  }

  it("300 of 990 takes back that share of the period; the cumulative 990 later refunds the rest and ends it", async () => {
    const { token, intent, session, listing, period } = await paidTop7();
    const partial = refunded(session, 300);
    expect((await deliver(partial)).status).toBe(200);
    expect(await refundsOf(intent.id)).toEqual([300]);
    const [shortened] = await periodsOf(listing);
    const end = period.starts_at + Math.floor((7 * DAY * (990 - 300)) / 990);
    expect(shortened).toMatchObject({ starts_at: period.starts_at, ends_at: end, stopped_at: null });
    expect((await listingPlacements(listing))!.promoted_until).toBe(end);
    // The same delivery again, and the same total told by another event: nothing more.
    expect(await (await deliver(partial)).json()).toEqual({ received: true, replayed: true });
    expect((await deliver(refunded(session, 300))).status).toBe(200);
    expect(await refundsOf(intent.id)).toEqual([300]);
    expect((await periodsOf(listing))[0]!.ends_at).toBe(end);

    expect((await deliver(refunded(session, 990))).status).toBe(200);
    expect(await refundsOf(intent.id)).toEqual([300, 690]);
    const [ended] = await periodsOf(listing);
    expect(ended!.stopped_at).not.toBeNull();
    expect(ended!.ends_at).toBeLessThanOrEqual(Date.now());
    expect((await listingPlacements(listing))!.promoted_until).toBeNull();
    const shown = await intentOf(await viaApi(`/api/cabinet/payment/intent/${intent.id}`, { token }));
    expect(shown).toMatchObject({ status: "refunded", refunded_cents: 990, refunded: 9.9 });
  });

  it("out of order: an older, smaller total after a larger one records nothing; a later larger one the rest", async () => {
    const { intent, session, listing, period } = await paidTop7();
    expect((await deliver(refunded(session, 600))).status).toBe(200);
    expect((await deliver(refunded(session, 300))).status).toBe(200);
    expect(await refundsOf(intent.id)).toEqual([600]);
    const end = period.starts_at + Math.floor((7 * DAY * (990 - 600)) / 990);
    expect((await periodsOf(listing))[0]).toMatchObject({ ends_at: end, stopped_at: null });
    expect((await deliver(refunded(session, 990))).status).toBe(200);
    expect((await deliver(refunded(session, 300))).status).toBe(200);
    expect(await refundsOf(intent.id)).toEqual([600, 390]);
    expect((await periodsOf(listing))[0]!.stopped_at).not.toBeNull();
    expect((await listingPlacements(listing))!.promoted_until).toBeNull();
    // Never more than was paid, whatever a total says.
    expect((await deliver(refunded(session, 5000))).status).toBe(200);
    expect(await refundsOf(intent.id)).toEqual([600, 390]);
  });

  it("a partial refund of a period with another queued after it moves that one up by the time taken back", async () => {
    const first = await paidTop7();
    const again = await viaApi("/api/cabinet/payment/intent", {
      method: "POST",
      token: first.token,
      body: json({ realty_id: first.listing, product: "top_7" }),
    });
    expect(again.status).toBe(201);
    const second = await intentOf(again);
    const ref = await env.DB.prepare("SELECT provider_ref FROM payment_intents WHERE id = ?")
      .bind(second.id)
      .first<{ provider_ref: string }>();
    await deliver(sessionEvent("checkout.session.completed", stripe.pay(ref!.provider_ref)));
    const [, queued] = await periodsOf(first.listing);
    expect(queued!.starts_at).toBe(first.period.ends_at);

    await deliver(refunded(first.session, 495));
    const half = Math.floor((7 * DAY * 495) / 990);
    const [cut, moved] = await periodsOf(first.listing);
    expect(cut!.ends_at).toBe(first.period.ends_at - half);
    expect(moved).toMatchObject({ starts_at: queued!.starts_at - half, ends_at: queued!.ends_at - half });
    expect((await listingPlacements(first.listing))!.promoted_until).toBe(queued!.ends_at - half);
  });

  it("a phone reveal stays after a partial refund and is withdrawn by a full one", async () => {
    const seller = await buyer();
    const listing = await fixtureListing(seller.userId);
    const who = await buyer();
    const made = await viaApi("/api/cabinet/payment/intent", {
      method: "POST",
      token: who.token,
      body: json({ realty_id: listing, product: "phone_reveal" }),
    });
    expect(made.status).toBe(201);
    const intent = await intentOf(made);
    const ref = await env.DB.prepare("SELECT provider_ref FROM payment_intents WHERE id = ?")
      .bind(intent.id)
      .first<{ provider_ref: string }>();
    const session = ref!.provider_ref;
    await deliver(sessionEvent("checkout.session.completed", stripe.pay(session)));
    const reveal = () => viaApi(`/api/realty/${listing}/reveal-phone-number`, { method: "POST", token: who.token });
    expect((await reveal()).status).toBe(200);
    const price = REFERENCE_PRICES.phone_reveal;
    await deliver(refunded(session, price - 20));
    expect((await reveal()).status).toBe(200);
    await deliver(refunded(session, price));
    expect(await refundsOf(intent.id)).toEqual([price - 20, 20]);
    expect((await reveal()).status).toBe(402);
  });
});
