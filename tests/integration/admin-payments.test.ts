/**
 * The back office's payments and prices API (decision 061): admins only (404 for everyone
 * else), fields named on bad input, refunds through the payment's own provider — the sandbox here, Stripe
 * against its local stand-in below — recorded with the ledger, what the refund takes back and the audit row,
 * idempotent and once under concurrency; the ledger's filters and totals; a price change reaching the next
 * intent and not an existing one.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { AdminPaymentsResponse, ApiAdminPayment, ApiProductPrice } from "#shared/api/admin-payments.ts";
import type { Collection, Single } from "#shared/api/conventions.ts";
import type { ApiIntent } from "#shared/api/payments.ts";
import { api } from "#worker/api/index.ts";
import { REFERENCE_PRICES } from "#worker/db/reference/prices.ts";
import { call, devSession, errorOf, Jar, ORIGIN, signUpBearer, signUpByPhone, uniqueIp } from "./auth-fixtures.ts";
import { complete, createIntent, intentOf, ledgerOf, payFor } from "./payment-fixtures.ts";
import { fixtureListing, listingPlacements, periodsOf } from "./payment-listings.ts";
import { FakeStripe, STRIPE } from "./stripe-fixtures.ts";

let admin: string;
const asAdmin = (path: string, body?: unknown, headers: Record<string, string> = {}, method?: string) =>
  call(path, { body, method, headers: { cookie: admin, ...headers }, ip: uniqueIp() });
const refund = (id: string, body: unknown, key?: string) =>
  asAdmin(`/api/admin/payments/${id}/refund`, body, key ? { "idempotency-key": key } : {});
const dataOf = async (res: Response) => (await res.json<Single<ApiAdminPayment>>()).data;
const grant = (userId: number, role: string) =>
  env.DB.prepare("INSERT INTO user_roles (user_id, role, granted_at) VALUES (?, ?, 0) ON CONFLICT DO NOTHING")
    .bind(userId, role)
    .run();
const auditOf = async (kind: string, id: string) =>
  (
    await env.DB.prepare(
      "SELECT action, actor_id, before, after, reason FROM audit_log WHERE target_kind = ? AND target_id = ? ORDER BY id",
    )
      .bind(kind, id)
      .all<{ action: string; actor_id: number; before: string; after: string; reason: string | null }>()
  ).results;
const refundEvents = async (id: string) =>
  (
    await env.DB.prepare(
      "SELECT amount_cents, source, reason FROM payment_events WHERE intent_id = ? AND status = 'refunded' ORDER BY id",
    )
      .bind(id)
      .all<{ amount_cents: number; source: string; reason: string | null }>()
  ).results;

/** A person who bought `product` for a listing of their own (or, for a reveal, of someone else's). */
async function paidPurchase(product: "top_7" | "top_30" | "highlight_7" | "phone_reveal" = "top_7") {
  const buyer = await signUpByPhone({ name: "Payer Petar" });
  const owner = product === "phone_reveal" ? (await signUpByPhone()).user.id : buyer.user.id;
  const listing = await fixtureListing(owner);
  const intent = await payFor(buyer.jar, listing, product);
  return { buyer, listing, intent };
}

beforeAll(async () => {
  admin = await devSession("admin");
});

describe("who may use it", () => {
  it("is a 404 for guests, users and moderators on every path", async () => {
    const { intent } = await paidPurchase();
    const moderator = await signUpByPhone();
    await grant(moderator.user.id, "moderator");
    await grant(moderator.user.id, "editor");
    const user = await signUpByPhone();
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/admin/payments"],
      ["GET", `/api/admin/payments/${intent.id}`],
      ["POST", `/api/admin/payments/${intent.id}/refund`, { reason: "goodwill" }],
      ["GET", "/api/admin/prices"],
      ["PUT", "/api/admin/prices", { prices: { top_7: 100 } }],
    ];
    for (const jar of [new Jar(), user.jar, moderator.jar]) {
      for (const [method, path, body] of calls) {
        const res = await call(path, { method, body, jar, ip: uniqueIp() });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
    }
    expect(await refundEvents(intent.id)).toEqual([]);
    const prices = await env.DB.prepare("SELECT amount_cents FROM product_prices WHERE product = 'top_7'").first();
    expect(prices).toEqual({ amount_cents: REFERENCE_PRICES.top_7 });
  });
});

describe("bad input", () => {
  it("answers 400 naming the field, and changes nothing", async () => {
    const { intent } = await paidPurchase();
    const cases: [unknown, string][] = [
      [{}, "reason"],
      [{ reason: "x" }, "reason"],
      [{ reason: "a".repeat(501) }, "reason"],
      [{ reason: "goodwill", amount_cents: 0 }, "amount_cents"],
      [{ reason: "goodwill", amount_cents: 1.5 }, "amount_cents"],
      [{ reason: "goodwill", amount_cents: "300" }, "amount_cents"],
      [{ reason: "goodwill", amount_cents: REFERENCE_PRICES.top_7 + 1 }, "amount_cents"],
    ];
    for (const [body, field] of cases) {
      const res = await refund(intent.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((await errorOf(res)).fields ?? {}), JSON.stringify(body)).toEqual([field]);
    }
    const badKey = await refund(intent.id, { reason: "goodwill" }, "not a key!");
    expect((await errorOf(badKey)).fields).toEqual({ "Idempotency-Key": expect.any(String) });
    expect(await refundEvents(intent.id)).toEqual([]);
    expect(await auditOf("payment", intent.id)).toEqual([]);

    for (const [query, field] of [
      ["from=yesterday", "from"],
      ["to=2026-13-01", "to"],
      ["from=2026-05-02&to=2026-05-01", "to"],
      ["status=paid", "status"],
      ["realty_id=abc", "realty_id"],
      [`person=${"9".repeat(101)}`, "person"],
    ] as const) {
      const res = await asAdmin(`/api/admin/payments?${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys((await errorOf(res)).fields ?? {}), query).toEqual([field]);
    }

    for (const [prices, field] of [
      [{ top_7: 0 }, "prices.top_7"],
      [{ top_7: -5 }, "prices.top_7"],
      [{ top_7: 9.9 }, "prices.top_7"],
      [{ top_7: 100_001 }, "prices.top_7"],
      [{ top_7: "990" }, "prices.top_7"],
      [{ gold_1: 990 }, "prices.gold_1"],
      [{}, "prices"],
    ] as const) {
      const res = await asAdmin("/api/admin/prices", { prices }, {}, "PUT");
      expect(res.status, JSON.stringify(prices)).toBe(400);
      expect(Object.keys((await errorOf(res)).fields ?? {}), JSON.stringify(prices)).toEqual([field]);
    }
    expect(await asAdmin(`/api/admin/payments/pi_${"0".repeat(32)}/refund`, { reason: "goodwill" })).toHaveProperty(
      "status",
      404,
    );
  });

  it("refuses payments that did not succeed", async () => {
    const buyer = await signUpByPhone();
    const listing = await fixtureListing(buyer.user.id);
    const open = await intentOf(await createIntent(buyer.jar, listing, "top_7"));
    const res = await refund(open.id, { reason: "goodwill" });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("not_refundable");
  });
});

describe("refunds through the sandbox", () => {
  it("a partial then the rest: ledger, audit, the period shortened then ended; repeats refund nothing", async () => {
    const { listing, intent } = await paidPurchase("top_7");
    const price = REFERENCE_PRICES.top_7;
    const [period] = await periodsOf(listing);

    const first = await refund(intent.id, { reason: "Shown late", amount_cents: 300 }, "refund-a");
    expect(first.status, await first.clone().text()).toBe(200);
    expect(await dataOf(first)).toMatchObject({
      id: intent.id,
      status: "refunded",
      amount_cents: price,
      refunded_cents: 300,
      refundable_cents: price - 300,
      provider: "sandbox",
    });
    // Decision 049: the period keeps (price − refunded) / price of its length.
    const [cut] = await periodsOf(listing);
    const length = period!.ends_at - period!.starts_at;
    expect(cut!.ends_at).toBe(period!.starts_at + Math.floor((length * (price - 300)) / price));

    // The same request again (a retry): the same answer, nothing refunded twice.
    const again = await refund(intent.id, { reason: "Shown late", amount_cents: 300 }, "refund-a");
    expect(again.status).toBe(200);
    expect((await dataOf(again)).refunded_cents).toBe(300);
    const reused = await refund(intent.id, { reason: "Shown late", amount_cents: 200 }, "refund-a");
    expect((await errorOf(reused)).code).toBe("idempotency_key_reused");

    const rest = await refund(intent.id, { reason: "Customer left" });
    expect(rest.status).toBe(200);
    expect(await dataOf(rest)).toMatchObject({ refunded_cents: price, refundable_cents: 0 });
    expect((await periodsOf(listing))[0]!.stopped_at).not.toBeNull();
    expect((await listingPlacements(listing))!.promoted_until).toBeNull();

    const done = await refund(intent.id, { reason: "Customer left" });
    expect(done.status).toBe(409);
    expect((await errorOf(done)).code).toBe("already_refunded");

    expect(await ledgerOf(intent.id)).toEqual(["created", "pending", "succeeded", "refunded", "refunded"]);
    expect(await refundEvents(intent.id)).toEqual([
      { amount_cents: 300, source: "api", reason: "Shown late" },
      { amount_cents: price - 300, source: "api", reason: "Customer left" },
    ]);
    const audit = await auditOf("payment", intent.id);
    expect(audit.map((row) => [row.action, JSON.parse(row.before), JSON.parse(row.after), row.reason])).toEqual([
      [
        "payment.refund",
        { refunded_cents: 0 },
        { refunded_cents: 300, amount_cents: 300, provider: "sandbox" },
        "Shown late",
      ],
      [
        "payment.refund",
        { refunded_cents: 300 },
        { refunded_cents: price, amount_cents: price - 300, provider: "sandbox" },
        "Customer left",
      ],
    ]);
  });

  it("two refunds at once refund once, with one key or with two", async () => {
    for (const keys of [
      ["same-key", "same-key"],
      ["key-one", "key-two"],
    ]) {
      const { intent } = await paidPurchase("top_7");
      const answers = await Promise.all(keys.map((key) => refund(intent.id, { reason: "Double click" }, key)));
      const statuses = answers.map((res) => res.status).sort();
      // The loser waits for nothing: it is told the refund runs (409), was done (409), or what it did (200).
      expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
      for (const res of answers) expect([200, 409]).toContain(res.status);
      expect(await refundEvents(intent.id)).toHaveLength(1);
      expect(await auditOf("payment", intent.id)).toHaveLength(1);
      const claims = await env.DB.prepare(
        "SELECT count(*) AS n FROM payment_refunds WHERE intent_id = ? AND state = 'done'",
      )
        .bind(intent.id)
        .first<{ n: number }>();
      expect(claims!.n).toBe(1);
    }
  });

  it("a full refund of a phone reveal withdraws it, as Stripe's refund does", async () => {
    const { buyer, listing, intent } = await paidPurchase("phone_reveal");
    const revealed = await call(`/api/realty/${listing}/reveal-phone-number`, { jar: buyer.jar, body: {} });
    expect(revealed.status).toBe(200);
    const res = await refund(intent.id, { reason: "Wrong number shown" });
    expect(res.status).toBe(200);
    const asked = await call(`/api/realty/${listing}/reveal-phone-number`, { jar: buyer.jar, body: {} });
    expect(asked.status).toBe(402);
  });
});

describe("the ledger", () => {
  it("filters by person, listing, period and state, newest first, with the filter's totals", async () => {
    const { buyer, listing, intent: first } = await paidPurchase("top_7");
    const second = await payFor(buyer.jar, listing, "highlight_7");
    const open = await intentOf(await createIntent(buyer.jar, listing, "home_7"));
    expect((await refund(second.id, { reason: "Goodwill", amount_cents: 100 })).status).toBe(200);

    const list = async (query: string) => {
      const res = await asAdmin(`/api/admin/payments?${query}`);
      expect(res.status, query).toBe(200);
      return res.json<AdminPaymentsResponse>();
    };
    const byPerson = await list(`person=${buyer.user.id}`);
    expect(byPerson.items.map((item) => item.id)).toEqual([open.id, second.id, first.id]);
    expect(byPerson.totals).toEqual({
      succeeded_cents: REFERENCE_PRICES.top_7 + REFERENCE_PRICES.highlight_7,
      refunded_cents: 100,
      currency: "EUR",
    });
    expect(byPerson.items[1]).toMatchObject({
      person: { id: buyer.user.id, name: "Payer Petar", phone: buyer.phone },
      realty_id: listing,
      product: "highlight_7",
      placement: "highlight",
      status: "refunded",
      refunded_cents: 100,
      refundable_cents: REFERENCE_PRICES.highlight_7 - 100,
    });
    expect(byPerson.items[0]).toMatchObject({ status: "created", refundable_cents: 0, placement: null });

    expect((await list(`person=${encodeURIComponent(buyer.phone)}`)).total).toBe(3);
    expect((await list(`person=0${buyer.phone.slice(4)}`)).total).toBe(3);
    expect((await list(`realty_id=${listing}&status=succeeded`)).items.map((item) => item.id)).toEqual([first.id]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`realty_id=${listing}&from=${today}&to=${today}`)).total).toBe(3);
    expect((await list(`realty_id=${listing}&to=2020-01-01`)).total).toBe(0);
    const all = await list("");
    expect(all.per_page).toBe(50);
    expect(all.total).toBeGreaterThanOrEqual(3);
  });
});

describe("prices", () => {
  it("a change reaches the next intent, not one that exists, and is audited", async () => {
    const buyer = await signUpByPhone();
    const listing = await fixtureListing(buyer.user.id);
    const before = await intentOf(await createIntent(buyer.jar, listing, "highlight_7"));
    expect(before.amount_cents).toBe(REFERENCE_PRICES.highlight_7);

    const res = await asAdmin(
      "/api/admin/prices",
      { prices: { highlight_7: 455, top_7: REFERENCE_PRICES.top_7 } },
      {},
      "PUT",
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const items = (await res.json<Collection<ApiProductPrice>>()).items;
    expect(items.find((item) => item.product === "highlight_7")).toMatchObject({
      amount_cents: 455,
      currency: "EUR",
      updated_by: { id: expect.any(Number) },
    });
    // Unchanged prices stay the reference's (no change, no audit row).
    expect(items.find((item) => item.product === "top_7")).toMatchObject({ updated_by: null, updated_at: null });
    const audit = await auditOf("product", "highlight_7");
    expect(audit.map((row) => [row.action, JSON.parse(row.before), JSON.parse(row.after)])).toEqual([
      ["price.change", { amount_cents: REFERENCE_PRICES.highlight_7 }, { amount_cents: 455 }],
    ]);
    expect(await auditOf("product", "top_7")).toEqual([]);

    // The intent made before keeps its price, paid or not.
    const paid = await complete(buyer.jar, before.id);
    expect((await paid.json<Single<ApiIntent>>()).data).toMatchObject({
      status: "succeeded",
      amount_cents: REFERENCE_PRICES.highlight_7,
    });
    const other = await fixtureListing(buyer.user.id);
    const after = await intentOf(await createIntent(buyer.jar, other, "highlight_7"));
    expect(after.amount_cents).toBe(455);
    const offer = await call("/api/cabinet/realties/promotion", { jar: buyer.jar });
    const { data } = await offer.json<{ data: { promotions: { product: string; amount: number }[] } }>();
    expect(data.promotions.find((item) => item.product === "highlight_7")!.amount).toBe(4.55);
  });
});

describe("refunds through Stripe (its local stand-in)", () => {
  let stripe: FakeStripe;
  beforeEach(() => {
    stripe = new FakeStripe();
    vi.spyOn(globalThis, "fetch").mockImplementation(stripe.handle);
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  async function viaApi(path: string, token: string, body: unknown, headers: Record<string, string> = {}) {
    const ctx = createExecutionContext();
    const res = await api.fetch(
      new Request(`${ORIGIN}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      }),
      STRIPE,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return res;
  }

  it("gives the money back through Stripe keyed by the claim, once; a Stripe failure refunds nothing and can be retried", async () => {
    const buyer = await signUpBearer();
    const staff = await signUpBearer();
    await grant(staff.data.user.id, "admin");
    const listing = await fixtureListing(buyer.data.user.id);
    const made = await viaApi("/api/cabinet/payment/intent", buyer.access_token, {
      realty_id: listing,
      product: "top_30",
    });
    const intent = (await made.json<Single<ApiIntent>>()).data;
    const session = (await env.DB.prepare("SELECT provider_ref FROM payment_intents WHERE id = ?")
      .bind(intent.id)
      .first<{ provider_ref: string }>())!.provider_ref;
    const paidAt = stripe.pay(session);
    const paid = await viaApi("/api/cabinet/payment/complete", buyer.access_token, { intent_id: intent.id });
    expect((await paid.json<Single<ApiIntent>>()).data.status).toBe("succeeded");

    // Stripe is down: nothing recorded, the claim released.
    vi.mocked(globalThis.fetch).mockImplementation(async () =>
      Response.json({ error: { message: "down" } }, { status: 500 }),
    );
    const down = await viaApi(
      `/api/admin/payments/${intent.id}/refund`,
      staff.access_token,
      { reason: "Goodwill", amount_cents: 1000 },
      { "idempotency-key": "stripe-1" },
    );
    expect(down.status).toBe(503);
    expect(await refundEvents(intent.id)).toEqual([]);
    expect(await auditOf("payment", intent.id)).toEqual([]);

    const working = new FakeStripe();
    vi.mocked(globalThis.fetch).mockImplementation(working.handle);
    const res = await viaApi(
      `/api/admin/payments/${intent.id}/refund`,
      staff.access_token,
      { reason: "Goodwill", amount_cents: 1000 },
      { "idempotency-key": "stripe-1" },
    );
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json<Single<ApiAdminPayment>>()).data).toMatchObject({
      refunded_cents: 1000,
      provider: "stripe",
    });
    const claim = (await env.DB.prepare("SELECT id FROM payment_refunds WHERE intent_id = ?")
      .bind(intent.id)
      .first<{ id: number }>())!;
    const refunds = working.requests.filter((request) => request.path === "/v1/refunds");
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.headers.get("idempotency-key")).toBe(`${intent.id}-refund-${claim.id}`);
    expect(Object.fromEntries(refunds[0]!.form)).toMatchObject({
      payment_intent: paidAt.payment_intent!,
      amount: "1000",
      "metadata[intent_id]": intent.id,
    });

    // Retried: Stripe is not asked again.
    const again = await viaApi(
      `/api/admin/payments/${intent.id}/refund`,
      staff.access_token,
      { reason: "Goodwill" },
      { "idempotency-key": "stripe-1" },
    );
    expect(again.status).toBe(200);
    expect(working.requests.filter((request) => request.path === "/v1/refunds")).toHaveLength(1);
    expect(await refundEvents(intent.id)).toEqual([{ amount_cents: 1000, source: "api", reason: "Goodwill" }]);
    expect(await auditOf("payment", intent.id)).toHaveLength(1);
  });
});
