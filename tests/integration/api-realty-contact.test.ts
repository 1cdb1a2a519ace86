import { env } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type {
  PromotionOptionsResponse,
  RevealedPhoneResponse,
  RevealPhoneResponse,
  SendMessageResponse,
} from "#shared/api/contact.ts";
import { MESSAGE_MAX_LENGTH, MESSAGES_PER_HOUR } from "#shared/constants.ts";
import { PROMOTION_PRODUCT_IDS } from "#shared/products.ts";
import { call, errorOf, type Jar, signUpByPhone } from "./auth-fixtures.ts";
import { complete, createIntent, fail, intentOf, ledgerOf } from "./payment-fixtures.ts";
import { REFERENCE_PRICES } from "#worker/db/reference/prices.ts";
import { statisticsWritten } from "./statistics-fixtures.ts";

/** An active listing of the seed that the test user does not own. */
async function someListing(offset = 0) {
  return (await env.DB.prepare(
    "SELECT id, phone, owner_id FROM listings WHERE status = 'active' ORDER BY id LIMIT 1 OFFSET ?",
  )
    .bind(offset)
    .first<{ id: number; phone: string; owner_id: number }>())!;
}
const intentsOf = (userId: number) =>
  env.DB.prepare("SELECT product, listing_id, amount_cents, currency FROM payment_intents WHERE user_id = ?")
    .bind(userId)
    .all()
    .then((r) => r.results);

describe("GET /api/cabinet/realties/promotion", () => {
  it("gives the phone reveal price to signed-in visitors, 401 to others", async () => {
    expect((await call("/api/cabinet/realties/promotion")).status).toBe(401);
    const { jar } = await signUpByPhone();
    const res = await call("/api/cabinet/realties/promotion", { jar });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const { data } = await res.json<PromotionOptionsResponse>();
    expect(data.phone_reveal).toEqual({ amount: REFERENCE_PRICES.phone_reveal / 100, currency: "EUR" });
    // The promotion packages, priced from shared/products.ts.
    expect(data.promotions.map((p) => p.product)).toEqual(PROMOTION_PRODUCT_IDS);
    expect(data.promotions.find((p) => p.product === "top_7")).toEqual({
      product: "top_7",
      placement: "top",
      days: 7,
      refundable: false,
      amount: REFERENCE_PRICES.top_7 / 100,
      currency: "EUR",
    });
  });
});

describe("POST /api/realty/{id}/reveal-phone-number", () => {
  it("asks for payment (402) until a phone_reveal intent is paid, then reveals the number for free", async () => {
    const listing = await someListing();
    const { jar, user } = await signUpByPhone();
    const first = await call(`/api/realty/${listing.id}/reveal-phone-number`, { method: "POST", jar });
    expect(first.status).toBe(402);
    const refused = await first.json<{ error: { code: string; product: string } }>();
    expect(refused.error).toMatchObject({ code: "payment_required", product: "phone_reveal" });
    expect(JSON.stringify(refused)).not.toContain(listing.phone);
    // Nothing was charged by asking.
    expect(await intentsOf(user.id)).toEqual([]);
    // An intent not paid yet reveals nothing.
    const open = await intentOf(await createIntent(jar, listing.id, "phone_reveal"));
    expect((await call(`/api/realty/${listing.id}/reveal-phone-number`, { method: "POST", jar })).status).toBe(402);
    expect((await complete(jar, open.id)).status).toBe(200);
    const paid = await call(`/api/realty/${listing.id}/reveal-phone-number`, { method: "POST", jar });
    expect(paid.status).toBe(200);
    const body = await paid.json<RevealPhoneResponse>();
    expect(body.data).toEqual({ phone: listing.phone, charged: { amount: 0, currency: "EUR" }, payment_id: open.id });
    const again = await call(`/api/realty/${listing.id}/reveal-phone-number`, { method: "POST", jar });
    expect((await again.json<RevealPhoneResponse>()).data.phone).toBe(listing.phone);
    expect(await intentsOf(user.id)).toEqual([
      { product: "phone_reveal", listing_id: listing.id, amount_cents: REFERENCE_PRICES.phone_reveal, currency: "EUR" },
    ]);
    expect(await ledgerOf(open.id)).toEqual(["created", "pending", "succeeded"]);
    // Paid once: another intent for the same number is refused.
    const twice = await createIntent(jar, listing.id, "phone_reveal");
    expect(twice.status).toBe(409);
    expect((await errorOf(twice)).code).toBe("already_revealed");
    await statisticsWritten();
    const stats = await env.DB.prepare(
      "SELECT SUM(count) AS n FROM listing_stats WHERE listing_id = ? AND kind = 'phone'",
    )
      .bind(listing.id)
      .first<{ n: number }>();
    expect(stats!.n).toBeGreaterThanOrEqual(1);
  });

  it("a failed payment reveals nothing", async () => {
    const listing = await someListing(6);
    const { jar } = await signUpByPhone();
    const intent = await intentOf(await createIntent(jar, listing.id, "phone_reveal"));
    expect((await fail(jar, intent.id)).status).toBe(200);
    expect((await complete(jar, intent.id)).status).toBe(409);
    expect((await call(`/api/realty/${listing.id}/reveal-phone-number`, { method: "POST", jar })).status).toBe(402);
    expect(await ledgerOf(intent.id)).toEqual(["created", "failed"]);
  });

  it("is free for the listing's owner", async () => {
    const listing = await someListing(1);
    const { jar, user } = await signUpByPhone();
    await env.DB.prepare("UPDATE listings SET owner_id = ? WHERE id = ?").bind(user.id, listing.id).run();
    try {
      const res = await call(`/api/realty/${listing.id}/reveal-phone-number`, { method: "POST", jar });
      expect(res.status).toBe(200);
      expect((await res.json<RevealPhoneResponse>()).data).toEqual({
        phone: listing.phone,
        charged: { amount: 0, currency: "EUR" },
        payment_id: null,
      });
      expect(await intentsOf(user.id)).toEqual([]);
      // One's own number is never sold.
      const own = await createIntent(jar, listing.id, "phone_reveal");
      expect(own.status).toBe(409);
      expect((await errorOf(own)).code).toBe("own_listing");
    } finally {
      await env.DB.prepare("UPDATE listings SET owner_id = ? WHERE id = ?").bind(listing.owner_id, listing.id).run();
    }
  });

  it("is 401 signed out, 404 for a listing that is not active or does not exist, 400 for a bad id", async () => {
    const listing = await someListing();
    const out = await call(`/api/realty/${listing.id}/reveal-phone-number`, { method: "POST" });
    expect(out.status).toBe(401);
    expect(JSON.stringify(await out.json())).not.toContain(listing.phone);
    const { jar } = await signUpByPhone();
    const archived = await env.DB.prepare("SELECT id FROM listings WHERE status != 'active' LIMIT 1").first<{
      id: number;
    }>();
    if (archived)
      expect((await call(`/api/realty/${archived.id}/reveal-phone-number`, { method: "POST", jar })).status).toBe(404);
    expect((await call("/api/realty/999999999/reveal-phone-number", { method: "POST", jar })).status).toBe(404);
    const bad = await call("/api/realty/abc/reveal-phone-number", { method: "POST", jar });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).fields).toHaveProperty("id");
  });
});

describe("GET /api/realty/{id}/revealed-phone-number", () => {
  const revealed = async (id: number | string, jar?: Jar) => {
    const res = await call(`/api/realty/${id}/revealed-phone-number`, { jar });
    return { status: res.status, body: res.status === 200 ? await res.json<RevealedPhoneResponse>() : null };
  };
  const phoneEvents = async (id: number) => (
    await statisticsWritten(),
    env.DB.prepare("SELECT COALESCE(SUM(count), 0) AS n FROM listing_stats WHERE listing_id = ? AND kind = 'phone'")
      .bind(id)
      .first<{ n: number }>()
      .then((row) => row!.n)
  );

  it("is null until the number is paid for, then the number and its payment; it never asks or counts", async () => {
    const listing = await someListing(3);
    const { jar } = await signUpByPhone();
    const counted = await phoneEvents(listing.id);
    expect(await revealed(listing.id, jar)).toEqual({ status: 200, body: { data: null } });
    const intent = await intentOf(await createIntent(jar, listing.id, "phone_reveal"));
    expect((await revealed(listing.id, jar)).body).toEqual({ data: null });
    expect((await complete(jar, intent.id)).status).toBe(200);
    expect((await revealed(listing.id, jar)).body).toEqual({ data: { phone: listing.phone, payment_id: intent.id } });
    expect(await phoneEvents(listing.id)).toBe(counted);
  });

  it("is the owner's own number, 401 signed out, 404 for no such listing, 400 for a bad id", async () => {
    const owner = await signUpByPhone();
    const { id } = await env.DB.prepare(
      "UPDATE listings SET owner_id = ?, phone = ? WHERE id = (SELECT id FROM listings WHERE status = 'active' ORDER BY id DESC LIMIT 1) RETURNING id",
    )
      .bind(owner.user.id, owner.phone)
      .first<{ id: number }>()
      .then((row) => row!);
    expect((await revealed(id, owner.jar)).body).toEqual({ data: { phone: owner.phone, payment_id: null } });
    expect((await revealed(id)).status).toBe(401);
    expect((await revealed(999999999, owner.jar)).status).toBe(404);
    expect((await revealed("abc", owner.jar)).status).toBe(400);
  });
});

describe("POST /api/realty/{id}/send-message", () => {
  it("stores the message for the owner", async () => {
    const listing = await someListing(2);
    const { jar, user } = await signUpByPhone();
    const res = await call(`/api/realty/${listing.id}/send-message`, {
      jar,
      body: { text: "  Is it still available?  " },
    });
    expect(res.status).toBe(201);
    const { data } = await res.json<SendMessageResponse>();
    const row = await env.DB.prepare("SELECT listing_id, sender_id, recipient_id, body FROM messages WHERE id = ?")
      .bind(data.id)
      .first();
    expect(row).toEqual({
      listing_id: listing.id,
      sender_id: user.id,
      recipient_id: listing.owner_id,
      body: "Is it still available?",
    });
  });

  it("names the text when it is empty or too long, and refuses one's own listing", async () => {
    const listing = await someListing(3);
    const { jar, user } = await signUpByPhone();
    for (const text of ["   ", "x".repeat(MESSAGE_MAX_LENGTH + 1)]) {
      const res = await call(`/api/realty/${listing.id}/send-message`, { jar, body: { text } });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).fields).toHaveProperty("text");
    }
    const missing = await call(`/api/realty/${listing.id}/send-message`, { jar, body: {} });
    expect((await errorOf(missing)).fields).toHaveProperty("text");
    expect((await call(`/api/realty/${listing.id}/send-message`, { body: { text: "hi" } })).status).toBe(401);
    expect((await call("/api/realty/999999999/send-message", { jar, body: { text: "hi" } })).status).toBe(404);
    await env.DB.prepare("UPDATE listings SET owner_id = ? WHERE id = ?").bind(user.id, listing.id).run();
    try {
      expect((await call(`/api/realty/${listing.id}/send-message`, { jar, body: { text: "hi" } })).status).toBe(403);
    } finally {
      await env.DB.prepare("UPDATE listings SET owner_id = ? WHERE id = ?").bind(listing.owner_id, listing.id).run();
    }
  });

  it(`allows ${MESSAGES_PER_HOUR} messages an hour, then 429`, async () => {
    const listing = await someListing(4);
    const { jar } = await signUpByPhone();
    for (let i = 0; i < MESSAGES_PER_HOUR; i++) {
      expect((await call(`/api/realty/${listing.id}/send-message`, { jar, body: { text: `n${i}` } })).status).toBe(201);
    }
    expect((await call(`/api/realty/${listing.id}/send-message`, { jar, body: { text: "one more" } })).status).toBe(
      429,
    );
  });
});

describe("junk from a signed-in visitor", () => {
  it("never gives a 5xx", async () => {
    const { jar } = await signUpByPhone();
    const listing = await someListing(5);
    const segment = fc.oneof(
      fc.constant(String(listing.id)),
      fc.nat().map(String),
      fc.string({ minLength: 1, maxLength: 40 }),
    );
    const body = fc.oneof(
      fc.json(),
      fc.string(),
      fc
        .record({
          text: fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.string({ minLength: 1990, maxLength: 2100 })),
        })
        .map((v) => JSON.stringify(v)),
    );
    await fc.assert(
      fc.asyncProperty(
        segment,
        body,
        fc.constantFrom("send-message", "reveal-phone-number"),
        async (id, text, action) => {
          const res = await call(`/api/realty/${encodeURIComponent(id)}/${action}`, {
            jar,
            method: "POST",
            body: text,
          });
          await res.arrayBuffer();
          expect(res.status, `${action} ${id} ${text.slice(0, 80)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 15 },
    );
  });
});
