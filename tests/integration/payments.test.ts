/**
 * Payments and promotion through the sandbox provider (decision 040): intents and their ledger,
 * the success batch with its promotion period, stacking and expiry, stopping early, the person's
 * transactions, and idempotency under concurrent calls.
 */
import { createScheduledController, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Paged, Single } from "#shared/api/conventions.ts";
import type { ApiListingOptions, ApiTransaction } from "#shared/api/payments.ts";
import { PROMOTION_PRODUCT_IDS } from "#shared/products.ts";
import { closeEndedPromotions } from "#worker/db/promotions.ts";
import { scheduled } from "#worker/scheduled.ts";
import { call, errorOf, type SignedIn, signUpByPhone } from "./auth-fixtures.ts";
import { complete, createIntent, fail, intentOf, ledgerOf, payFor } from "./payment-fixtures.ts";
import { fixtureListing, listingPlacements, periodsOf } from "./payment-listings.ts";
import { REFERENCE_PRICES } from "#worker/db/reference/prices.ts";

const DAY = 86_400_000;

async function owner(): Promise<SignedIn & { listing: number }> {
  const signed = await signUpByPhone();
  return { ...signed, listing: await fixtureListing(signed.user.id) };
}

const options = async (jar: SignedIn["jar"], id: number) => {
  const res = await call(`/api/cabinet/payment/realty-options?realty_id=${id}`, { jar });
  expect(res.status).toBe(200);
  return (await res.json<Single<ApiListingOptions>>()).data;
};

/** Moves a listing's placement periods (and its columns) back in time by `ms`, as if bought earlier. */
async function age(listing: number, ms: number) {
  await env.DB.batch([
    env.DB.prepare(
      "UPDATE promotions SET starts_at = starts_at - ?1, ends_at = ends_at - ?1 WHERE listing_id = ?2",
    ).bind(ms, listing),
    env.DB.prepare(
      `UPDATE listings SET promoted_until = promoted_until - ?1, highlight_until = highlight_until - ?1,
         home_until = home_until - ?1 WHERE id = ?2`,
    ).bind(ms, listing),
  ]);
}

describe("POST /api/cabinet/payment/intent", () => {
  it("makes an intent for one's own active listing, priced from the products only", async () => {
    const { jar, listing } = await owner();
    const res = await call("/api/cabinet/payment/intent", {
      jar,
      // A client's amount is not part of the call: ignored.
      body: { realty_id: listing, product: "top_7", amount_cents: 1, amount: 0.01 },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const intent = await intentOf(res);
    expect(intent).toMatchObject({
      product: "top_7",
      realty_id: listing,
      amount_cents: REFERENCE_PRICES.top_7,
      amount: REFERENCE_PRICES.top_7 / 100,
      currency: "EUR",
      status: "created",
      provider: "sandbox",
      promotion: null,
      failure_reason: null,
    });
    expect(intent.id).toMatch(/^pi_[0-9a-f]{32}$/);
    expect(intent.checkout_url).toBe(`/cabinet/payment/sandbox/?intent=${intent.id}`);
    expect(await ledgerOf(intent.id)).toEqual(["created"]);
    const row = await env.DB.prepare("SELECT amount_cents FROM payment_intents WHERE id = ?")
      .bind(intent.id)
      .first<{ amount_cents: number }>();
    expect(row!.amount_cents).toBe(REFERENCE_PRICES.top_7);
  });

  it("answers the same intent for the same idempotency key, also when asked at once", async () => {
    const { jar, listing } = await owner();
    const key = "buy-top-once-1";
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => createIntent(jar, listing, "top_7", { idempotency_key: key })),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(7);
    const ids = new Set(await Promise.all(answers.map(async (res) => (await intentOf(res)).id)));
    expect(ids.size).toBe(1);
    const later = await createIntent(jar, listing, "top_7", { idempotency_key: key });
    expect(later.status).toBe(200);
    expect((await intentOf(later)).id).toBe([...ids][0]);
    // Another key for the same purchase while it is open pays the open one (decision 049); once that one
    // ended, another key is another purchase.
    const open = await createIntent(jar, listing, "top_7", { idempotency_key: "buy-top-once-2" });
    expect(open.status).toBe(200);
    expect((await intentOf(open)).id).toBe([...ids][0]);
    expect((await fail(jar, [...ids][0]!)).status).toBe(200);
    expect((await createIntent(jar, listing, "top_7", { idempotency_key: "buy-top-once-3" })).status).toBe(201);
  });

  it("refuses someone else's listing (404), a listing not active (409), a missing one (404), and guests (401)", async () => {
    const { jar, user, listing } = await owner();
    const other = await signUpByPhone();
    const theirs = await createIntent(other.jar, listing, "top_7");
    expect(theirs.status).toBe(404);
    expect(await errorOf(theirs)).toMatchObject({ code: "not_found" });
    for (const status of ["draft", "pending", "archived", "rejected"]) {
      const inactive = await fixtureListing(user.id, status);
      const res = await createIntent(jar, inactive, "home_7");
      expect(res.status, status).toBe(409);
      expect((await errorOf(res)).code).toBe("listing_not_active");
    }
    expect((await createIntent(jar, 999_999_999, "top_7")).status).toBe(404);
    expect((await call("/api/cabinet/payment/intent", { body: { realty_id: listing, product: "top_7" } })).status).toBe(
      401,
    );
    const bad = await call("/api/cabinet/payment/intent", { jar, body: { realty_id: listing, product: "gold_1" } });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).fields).toHaveProperty("product");
  });
});

describe("the intent's states", () => {
  it("created → pending → succeeded: the period is written with the success, once", async () => {
    const { jar, listing } = await owner();
    const before = Date.now();
    const intent = await payFor(jar, listing, "top_7");
    expect(intent.checkout_url).toBeNull();
    expect(await ledgerOf(intent.id)).toEqual(["created", "pending", "succeeded"]);
    const [period] = await periodsOf(listing);
    expect(period).toMatchObject({ placement: "top", intent_id: intent.id, stopped_at: null, closed_at: null });
    expect(period!.starts_at).toBeGreaterThanOrEqual(before);
    expect(period!.ends_at - period!.starts_at).toBe(7 * DAY);
    expect(intent.promotion).toEqual({
      placement: "top",
      starts_at: new Date(period!.starts_at).toISOString(),
      ends_at: new Date(period!.ends_at).toISOString(),
    });
    expect(await listingPlacements(listing)).toEqual({
      promoted_until: period!.ends_at,
      highlight_until: null,
      home_until: null,
    });
    // Completing again changes nothing and answers the same.
    const again = await complete(jar, intent.id);
    expect(again.status).toBe(200);
    expect((await intentOf(again)).status).toBe("succeeded");
    expect(await periodsOf(listing)).toHaveLength(1);
    expect(await ledgerOf(intent.id)).toEqual(["created", "pending", "succeeded"]);
    // A failure after the success is refused; the success stands.
    const late = await fail(jar, intent.id);
    expect(late.status).toBe(409);
    expect((await errorOf(late)).code).toBe("intent_succeeded");
    expect(await ledgerOf(intent.id)).toEqual(["created", "pending", "succeeded"]);
  });

  it("created → failed: no success after it, nothing bought", async () => {
    const { jar, listing } = await owner();
    const intent = await intentOf(await createIntent(jar, listing, "highlight_7"));
    const failed = await fail(jar, intent.id, "Card declined");
    expect(failed.status).toBe(200);
    expect(await intentOf(failed)).toMatchObject({
      status: "failed",
      failure_reason: "Card declined",
      checkout_url: null,
    });
    expect((await fail(jar, intent.id)).status).toBe(200);
    const paid = await complete(jar, intent.id);
    expect(paid.status).toBe(409);
    expect((await errorOf(paid)).code).toBe("intent_failed");
    expect(await ledgerOf(intent.id)).toEqual(["created", "failed"]);
    expect(await periodsOf(listing)).toEqual([]);
    expect((await listingPlacements(listing))!.highlight_until).toBeNull();
  });

  it("PUT changes the product only while the intent is created, within its kind", async () => {
    const { jar, listing } = await owner();
    const intent = await intentOf(await createIntent(jar, listing, "top_7"));
    const put = (product: string, id = intent.id, who = jar) =>
      call("/api/cabinet/payment/intent", { jar: who, method: "PUT", body: { intent_id: id, product } });
    const changed = await put("top_30");
    expect(changed.status).toBe(200);
    expect(await intentOf(changed)).toMatchObject({
      id: intent.id,
      product: "top_30",
      amount_cents: REFERENCE_PRICES.top_30,
      status: "created",
    });
    const otherKind = await put("phone_reveal");
    expect(otherKind.status).toBe(400);
    expect((await errorOf(otherKind)).fields).toHaveProperty("product");
    const stranger = await signUpByPhone();
    expect((await put("top_14", intent.id, stranger.jar)).status).toBe(404);
    expect((await put("top_14", "pi_doesnotexist00")).status).toBe(404);
    expect((await complete(jar, intent.id)).status).toBe(200);
    const locked = await put("top_14");
    expect(locked.status).toBe(409);
    expect((await errorOf(locked)).code).toBe("intent_locked");
    // What was paid is the product at the time: top_30, 30 days.
    const [period] = await periodsOf(listing);
    expect(period!.ends_at - period!.starts_at).toBe(30 * DAY);
  });

  it("GET intent/{id}: one's own only", async () => {
    const { jar, listing } = await owner();
    const intent = await intentOf(await createIntent(jar, listing, "home_7"));
    const mine = await call(`/api/cabinet/payment/intent/${intent.id}`, { jar });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    expect(await intentOf(mine)).toEqual(intent);
    const stranger = await signUpByPhone();
    expect((await call(`/api/cabinet/payment/intent/${intent.id}`, { jar: stranger.jar })).status).toBe(404);
    expect((await complete(stranger.jar, intent.id)).status).toBe(404);
    expect((await fail(stranger.jar, intent.id)).status).toBe(404);
    expect(await ledgerOf(intent.id)).toEqual(["created"]);
    expect((await call(`/api/cabinet/payment/intent/${intent.id}`)).status).toBe(401);
    expect((await call("/api/cabinet/payment/intent/nonsense", { jar })).status).toBe(400);
  });
});

describe("idempotency under concurrency", () => {
  it("20 concurrent completes: one success, one period", async () => {
    const { jar, listing } = await owner();
    const intent = await intentOf(await createIntent(jar, listing, "top_14"));
    const answers = await Promise.all(Array.from({ length: 20 }, () => complete(jar, intent.id)));
    for (const res of answers) expect(res.status).toBe(200);
    expect(await ledgerOf(intent.id)).toEqual(["created", "pending", "succeeded"]);
    const periods = await periodsOf(listing);
    expect(periods).toHaveLength(1);
    expect((await listingPlacements(listing))!.promoted_until).toBe(periods[0]!.ends_at);
  });

  it("complete and failure at once: exactly one final state, and the period only with a success", async () => {
    const { jar, listing } = await owner();
    const intent = await intentOf(await createIntent(jar, listing, "highlight_30"));
    await Promise.all([complete(jar, intent.id), fail(jar, intent.id), complete(jar, intent.id), fail(jar, intent.id)]);
    const ledger = await ledgerOf(intent.id);
    const finals = ledger.filter((s) => s === "succeeded" || s === "failed");
    expect(finals).toHaveLength(1);
    expect(await periodsOf(listing)).toHaveLength(finals[0] === "succeeded" ? 1 : 0);
  });
});

describe("stacking and expiry", () => {
  it("7 days bought while 3 remain run to 10 days from now; other placements are separate", async () => {
    const { jar, listing } = await owner();
    await payFor(jar, listing, "top_7");
    await age(listing, 4 * DAY);
    const now = Date.now();
    const second = await payFor(jar, listing, "top_7");
    const [first, next] = await periodsOf(listing);
    expect(next!.starts_at).toBe(first!.ends_at);
    expect(next!.ends_at - now).toBeGreaterThan(10 * DAY - 60_000);
    expect(next!.ends_at - now).toBeLessThanOrEqual(10 * DAY + 60_000);
    expect(second.promotion!.ends_at).toBe(new Date(next!.ends_at).toISOString());
    expect((await listingPlacements(listing))!.promoted_until).toBe(next!.ends_at);
    await payFor(jar, listing, "home_7");
    const placements = await listingPlacements(listing);
    expect(placements!.home_until! - Date.now()).toBeLessThanOrEqual(7 * DAY);
    expect(placements!.promoted_until).toBe(next!.ends_at);
    const running = await options(jar, listing);
    expect(running.active).toEqual(
      expect.arrayContaining([
        { placement: "top", ends_at: new Date(next!.ends_at).toISOString(), product: "top_7", refund: 0 },
        {
          placement: "home",
          ends_at: new Date(placements!.home_until!).toISOString(),
          product: "home_7",
          refund: 0,
        },
      ]),
    );
    expect(running.active).toHaveLength(2);
  });

  it("reads drop a period at once after its end; the scheduled run closes it and clears the listing's end", async () => {
    const { jar, listing } = await owner();
    await payFor(jar, listing, "highlight_7");
    await age(listing, 7 * DAY + 1000);
    // Not closed yet, but over: not running.
    expect((await options(jar, listing)).active).toEqual([]);
    expect((await periodsOf(listing))[0]!.closed_at).toBeNull();
    const now = Date.now();
    await scheduled(createScheduledController({ scheduledTime: now, cron: "17 * * * *" }), env);
    expect((await periodsOf(listing))[0]!.closed_at).not.toBeNull();
    expect((await listingPlacements(listing))!.highlight_until).toBeNull();
    // Idempotent: a second run closes nothing more.
    expect(await closeEndedPromotions(env.DB, Date.now())).toBe(0);
  });

  it("the scheduled run leaves the running period of a listing whose earlier period ended", async () => {
    const { jar, listing } = await owner();
    await payFor(jar, listing, "top_7");
    await age(listing, 8 * DAY);
    await payFor(jar, listing, "top_7");
    const closed = await closeEndedPromotions(env.DB, Date.now());
    expect(closed).toBeGreaterThanOrEqual(1);
    const [old, running] = await periodsOf(listing);
    expect(old!.closed_at).not.toBeNull();
    expect(running!.closed_at).toBeNull();
    expect((await listingPlacements(listing))!.promoted_until).toBe(running!.ends_at);
  });
});

describe("DELETE /api/cabinet/realties/{id}/promotion (stop early)", () => {
  const stop = (jar: SignedIn["jar"], id: number, placement: string) =>
    call(`/api/cabinet/realties/${id}/promotion?placement=${placement}`, { jar, method: "DELETE" });

  it("a product that is not refundable stops without a refund", async () => {
    const { jar, listing } = await owner();
    const intent = await payFor(jar, listing, "top_7");
    const res = await stop(jar, listing, "top");
    expect(res.status).toBe(200);
    expect((await res.json<Single<ApiListingOptions>>()).data.active).toEqual([]);
    const [period] = await periodsOf(listing);
    expect(period!.stopped_at).not.toBeNull();
    expect(period!.ends_at).toBe(period!.stopped_at);
    expect((await listingPlacements(listing))!.promoted_until).toBeNull();
    expect(await ledgerOf(intent.id)).toEqual(["created", "pending", "succeeded"]);
    // Nothing runs any more: 409.
    const again = await stop(jar, listing, "top");
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("not_promoted");
  });

  it("a refundable product gives back its whole unused days, once", async () => {
    const { jar, listing } = await owner();
    const intent = await payFor(jar, listing, "top_30");
    // 10 days and an hour used: 19 whole days unused.
    await age(listing, 10 * DAY + 3_600_000);
    const refundCents = Math.floor((REFERENCE_PRICES.top_30 * 19) / 30);
    // The options say beforehand what stopping now gives back.
    expect((await options(jar, listing)).active).toEqual([
      expect.objectContaining({ placement: "top", product: "top_30", refund: refundCents / 100 }),
    ]);
    expect((await stop(jar, listing, "top")).status).toBe(200);
    expect(await ledgerOf(intent.id)).toEqual(["created", "pending", "succeeded", "refunded"]);
    const refund = await env.DB.prepare(
      "SELECT amount_cents FROM payment_events WHERE intent_id = ? AND status = 'refunded'",
    )
      .bind(intent.id)
      .first<{ amount_cents: number }>();
    expect(refund!.amount_cents).toBe(refundCents);
    const seen = await intentOf(await call(`/api/cabinet/payment/intent/${intent.id}`, { jar }));
    expect(seen.status).toBe("refunded");
    // No success after the refund, and no failure either.
    expect((await intentOf(await complete(jar, intent.id))).status).toBe("refunded");
    expect((await fail(jar, intent.id)).status).toBe(409);
    expect(await ledgerOf(intent.id)).toEqual(["created", "pending", "succeeded", "refunded"]);
    expect(await periodsOf(listing)).toHaveLength(1);
  });

  it("the options name the refund of a refundable period queued behind one that is not refundable", async () => {
    const { jar, listing } = await owner();
    await payFor(jar, listing, "top_7");
    const queued = await payFor(jar, listing, "top_30");
    // The running period is top_7 (no refund); the queued top_30 has not started: all of it comes back.
    expect((await options(jar, listing)).active).toEqual([
      expect.objectContaining({ placement: "top", product: "top_7", refund: REFERENCE_PRICES.top_30 / 100 }),
    ]);
    expect((await stop(jar, listing, "top")).status).toBe(200);
    expect(await ledgerOf(queued.id)).toEqual(["created", "pending", "succeeded", "refunded"]);
  });

  it("stops only one's own listing's promotion and names a bad placement", async () => {
    const { jar, listing } = await owner();
    await payFor(jar, listing, "home_7");
    const stranger = await signUpByPhone();
    expect((await stop(stranger.jar, listing, "home")).status).toBe(404);
    const bad = await stop(jar, listing, "banner");
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).fields).toHaveProperty("placement");
    expect((await listingPlacements(listing))!.home_until).not.toBeNull();
  });
});

describe("POST /api/cabinet/realties/{id}/promotion", () => {
  it("makes an intent for the product, as intent does", async () => {
    const { jar, listing } = await owner();
    const res = await call(`/api/cabinet/realties/${listing}/promotion`, { jar, body: { product: "highlight_7" } });
    expect(res.status).toBe(201);
    const intent = await intentOf(res);
    expect(intent).toMatchObject({ product: "highlight_7", realty_id: listing, status: "created" });
    const reveal = await call(`/api/cabinet/realties/${listing}/promotion`, { jar, body: { product: "phone_reveal" } });
    expect(reveal.status).toBe(400);
    const stranger = await signUpByPhone();
    expect(
      (await call(`/api/cabinet/realties/${listing}/promotion`, { jar: stranger.jar, body: { product: "top_7" } }))
        .status,
    ).toBe(404);
  });
});

describe("GET /api/cabinet/payment/realty-options", () => {
  it("lists the promotion products and what runs, for one's own listing only", async () => {
    const { jar, listing } = await owner();
    const data = await options(jar, listing);
    expect(data.realty_id).toBe(listing);
    expect(data.products.map((p) => p.product)).toEqual(PROMOTION_PRODUCT_IDS);
    expect(data.products.find((p) => p.product === "top_30")).toEqual({
      product: "top_30",
      placement: "top",
      days: 30,
      amount: REFERENCE_PRICES.top_30 / 100,
      currency: "EUR",
      refundable: true,
    });
    expect(data.active).toEqual([]);
    const stranger = await signUpByPhone();
    expect((await call(`/api/cabinet/payment/realty-options?realty_id=${listing}`, { jar: stranger.jar })).status).toBe(
      404,
    );
    expect((await call("/api/cabinet/payment/realty-options?realty_id=x", { jar })).status).toBe(400);
    expect((await call(`/api/cabinet/payment/realty-options?realty_id=${listing}`)).status).toBe(401);
  });
});

describe("GET /api/cabinet/payment/transactions", () => {
  it("lists one's own intents, newest first, each with its ledger", async () => {
    const { jar, listing } = await owner();
    const paid = await payFor(jar, listing, "top_7");
    const failed = await intentOf(await createIntent(jar, listing, "home_7"));
    await fail(jar, failed.id, "Abandoned");
    const open = await intentOf(await createIntent(jar, listing, "highlight_7"));
    const res = await call("/api/cabinet/payment/transactions", { jar });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const page = await res.json<Paged<ApiTransaction>>();
    expect(page.total).toBe(3);
    expect(page.items.map((t) => t.id)).toEqual([open.id, failed.id, paid.id]);
    expect(page.items.map((t) => t.status)).toEqual(["created", "failed", "succeeded"]);
    expect(page.items[2]!.events.map((e) => e.status)).toEqual(["created", "pending", "succeeded"]);
    expect(page.items[1]!.failure_reason).toBe("Abandoned");
    // Its title as the listing's page shows it (a generated one, composed in the reader's language).
    const shown = await (await call(`/api/realty/${listing}`)).json<{ data: { title: string } }>();
    expect(page.items[0]!.listing).toEqual({ id: listing, title: shown.data.title, title_lang: "en" });
    const second = await call("/api/cabinet/payment/transactions?page=2&per_page=2", { jar });
    expect((await second.json<Paged<ApiTransaction>>()).items.map((t) => t.id)).toEqual([paid.id]);
    const stranger = await signUpByPhone();
    const theirs = await call("/api/cabinet/payment/transactions", { jar: stranger.jar });
    expect((await theirs.json<Paged<ApiTransaction>>()).items).toEqual([]);
  });
  it("names a listing with a generated title in the reader's language", async () => {
    const buyer = await signUpByPhone();
    const search = await call("/api/realty/search?per_page=1&deal=sale&type=4");
    const seeded = (await search.json<{ items: { id: number }[] }>()).items[0]!.id;
    await createIntent(buyer.jar, seeded, "phone_reveal");
    for (const locale of ["ru", "sr"]) {
      const shown = await (await call(`/api/realty/${seeded}?locale=${locale}`)).json<{ data: { title: string } }>();
      const res = await call(`/api/cabinet/payment/transactions?locale=${locale}`, { jar: buyer.jar });
      const [item] = (await res.json<Paged<ApiTransaction>>()).items;
      expect(item!.listing).toEqual({ id: seeded, title: shown.data.title, title_lang: locale });
    }
  });
});

describe("the phone reveal through an intent", () => {
  it("for someone else's active listing; paying it writes the reveal once", async () => {
    const seller = await owner();
    const buyer = await signUpByPhone();
    // Two intents paid side by side cannot happen: the second call answers the open one.
    const first = await intentOf(await createIntent(buyer.jar, seller.listing, "phone_reveal"));
    const second = await createIntent(buyer.jar, seller.listing, "phone_reveal");
    expect(second.status).toBe(200);
    expect((await intentOf(second)).id).toBe(first.id);
    await Promise.all(Array.from({ length: 10 }, () => complete(buyer.jar, first.id)));
    expect(await ledgerOf(first.id)).toEqual(["created", "pending", "succeeded"]);
    const reveals = await env.DB.prepare("SELECT intent_id FROM phone_reveals WHERE user_id = ? AND listing_id = ?")
      .bind(buyer.user.id, seller.listing)
      .all();
    expect(reveals.results).toEqual([{ intent_id: first.id }]);
    const phone = await call(`/api/realty/${seller.listing}/reveal-phone-number`, { jar: buyer.jar, method: "POST" });
    expect(phone.status).toBe(200);
  });
});
