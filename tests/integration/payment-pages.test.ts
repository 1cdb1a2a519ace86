/**
 * The payment pages as a browser without JavaScript uses them (the "ui" slice, decision 040): the
 * payment page of a listing (packages to choose, or the phone reveal's price) posting to make an intent with
 * its idempotency key — one intent however often it is posted, changed before paying — the sandbox page
 * playing the provider (pay, decline, abandon; development only), the success and error pages with the
 * receipt or the reason and the way to try again, the transactions table with its pages, the detail page's
 * "Show phone" leading through the same flow, and the 404s for anything not the visitor's; in en, ru and sr.
 */
import { env, SELF } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiIntent, ApiListingOptions } from "#shared/api/payments.ts";
import { localeEntry, type Locale } from "#shared/locales.ts";
import { SITE_TIME_ZONE } from "#shared/constants.ts";
import { BROWSER_UA, ORIGIN, pageText } from "#tests/fixtures/requests.ts";
import { call, type Jar, signUpByPhone, type SignedIn, uniqueRemoteIp, formPost } from "./auth-fixtures.ts";
import { insertListing } from "./listing-fixtures.ts";
import { REFERENCE_PRICES } from "#worker/db/reference/prices.ts";

/** A page as a browser asks for it. */
function page(path: string, jar?: Jar, headers: Record<string, string> = {}) {
  return SELF.fetch(`${ORIGIN}${path}`, {
    redirect: "manual",
    headers: {
      "user-agent": BROWSER_UA,
      "accept-language": "en",
      ...(jar && jar.cookies.size ? { cookie: jar.header() } : {}),
      ...headers,
    },
  });
}

const html = async (res: Response) => pageText(await res.text());
const location = (res: Response) => res.headers.get("location") ?? "";
const intentOf = (res: Response) => new URL(location(res), ORIGIN).searchParams.get("intent") ?? "";
/** The hidden field's value in a document. */
const hidden = (doc: string, name: string) =>
  new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`).exec(doc)?.[1] ?? null;

/** The package chosen in a document (the checked radio button's value). */
const checkedProduct = (doc: string) =>
  /<input type="radio" name="product"(?=[^>]* checked="")[^>]* value="([^"]+)"/.exec(doc)?.[1] ?? null;

const intl = (locale: Locale) => localeEntry(locale).intl;
const money = (cents: number, locale: Locale = "en") =>
  new Intl.NumberFormat(intl(locale), { style: "currency", currency: "EUR", minimumFractionDigits: 2 }).format(
    cents / 100,
  );
const dateTime = (iso: string, locale: Locale = "en") =>
  new Intl.DateTimeFormat(intl(locale), { dateStyle: "long", timeStyle: "short", timeZone: SITE_TIME_ZONE }).format(
    new Date(iso),
  );

/**
 * An intent through the API, as a script pays without a browser: a new one, or the person's open one for the
 * same purchase (decision 049).
 */
async function apiIntent(who: SignedIn, body: Record<string, unknown>, now?: number) {
  const res = await call("/api/cabinet/payment/intent", { jar: who.jar, body, now });
  expect([200, 201]).toContain(res.status);
  return (await res.json<{ data: ApiIntent }>()).data;
}
async function intent(who: SignedIn, id: string) {
  const res = await call(`/api/cabinet/payment/intent/${id}`, { jar: who.jar });
  expect(res.status).toBe(200);
  return (await res.json<{ data: ApiIntent }>()).data;
}
async function options(who: SignedIn, id: number) {
  const res = await call(`/api/cabinet/payment/realty-options?realty_id=${id}`, { jar: who.jar });
  expect(res.status).toBe(200);
  return (await res.json<{ data: ApiListingOptions }>()).data;
}
const periods = (listingId: number) =>
  env.DB.prepare("SELECT COUNT(*) AS n FROM promotions WHERE listing_id = ?")
    .bind(listingId)
    .first<{ n: number }>()
    .then((row) => row!.n);

let owner: SignedIn;
let visitor: SignedIn;
let stranger: SignedIn;
/** The owner's listings: one to promote, one draft, and one someone else owns. */
const L = { active: 0, draft: 0, foreign: 0 };
let foreignPath = "";

beforeAll(async () => {
  owner = await signUpByPhone({ name: "Vesna Vlasnica" });
  visitor = await signUpByPhone({ name: "Goran Gost" });
  stranger = await signUpByPhone({ name: "Stranac" });
  L.active = await insertListing(owner.user.id, { title: "Promoted flat" });
  L.draft = await insertListing(owner.user.id, { status: "draft", title: "Draft flat" });
  L.foreign = await insertListing(stranger.user.id, { title: "Stranger's flat" });
  const res = await call(`/api/realty/${L.foreign}`);
  foreignPath = (await res.json<{ data: { path: string } }>()).data.path;
});

describe("the payment page of a listing", () => {
  it("asks a guest to sign in, coming back to it", async () => {
    const res = await page(`/ru/cabinet/payment/?realty_id=${L.active}`);
    expect(res.status).toBe(302);
    expect(location(res)).toBe(
      `/ru/?auth=signin&next=${encodeURIComponent(`/ru/cabinet/payment/?realty_id=${L.active}`)}`,
    );
  });

  it("shows the listing, what runs now and the packages with their prices, privately", async () => {
    const res = await page(`/cabinet/payment/?realty_id=${L.active}`, owner.jar);
    expect(res.status).toBe(200);
    const doc = await html(res);
    expect(doc).toContain('content="noindex, nofollow"');
    expect(doc).toMatch(/<h1[^>]*>Promote a listing<\/h1>/);
    expect(doc).toMatch(/data-testid="payment-listing" data-id="\d+"/);
    expect(doc).toContain("Promoted flat");
    expect(doc).toContain("No promotion runs for this listing now.");
    expect(doc).toMatch(/<fieldset[^>]*><legend>Choose a package<\/legend>/);
    for (const [product, name] of [
      ["top_7", "Top · 7 days"],
      ["top_14", "Top · 14 days"],
      ["top_30", "Top · 30 days"],
      ["highlight_7", "Highlight · 7 days"],
      ["highlight_30", "Highlight · 30 days"],
      ["home_7", "Home page · 7 days"],
    ] as const) {
      const label = new RegExp(`<label[^>]*data-product="${product}"[^>]*>([\\s\\S]*?)</label>`).exec(doc)?.[1];
      expect(label, product).toBeTruthy();
      expect(label).toMatch(new RegExp(`<input type="radio" name="product"[^>]* value="${product}"`));
      expect(label).toContain(name);
      expect(label).toContain(money(REFERENCE_PRICES[product]));
    }
    // Each package says exactly what it does: how long, where, how many places, what stopping early gives back.
    expect(doc).toContain(
      "For 7 days: shown in the “Promoted listings” block above the results of every search and list it matches — 3 places a page",
    );
    expect(doc).toContain("For 30 days: its card is tinted and labelled “Highlighted” wherever it shows");
    expect(doc).toContain("Stopped early, the unused days are refunded.");
    // The first package is chosen to begin with; the key of this one purchase is made as the page renders.
    expect(checkedProduct(doc)).toBe("top_7");
    expect(hidden(doc, "idempotency_key")).toMatch(/^[0-9a-f-]{36}$/);
    expect(hidden(doc, "realty_id")).toBe(String(L.active));
    expect(doc).toMatch(/<button type="submit"[^>]*>Continue to payment<\/button>/);
    // Another render, another key.
    const again = await html(await page(`/cabinet/payment/?realty_id=${L.active}`, owner.jar));
    expect(hidden(again, "idempotency_key")).not.toBe(hidden(doc, "idempotency_key"));
  });

  it("names the packages in ru and sr with their plurals and prices", async () => {
    const ru = await html(await page(`/ru/cabinet/payment/?realty_id=${L.active}&product=top_14`, owner.jar));
    expect(ru).toMatch(/<h1[^>]*>Продвижение объявления<\/h1>/);
    expect(ru).toContain("Топ · 7 дней");
    expect(ru).toContain("Выделение · 30 дней");
    expect(ru).toContain(money(1690, "ru"));
    expect(ru).toContain("Перейти к оплате");
    // `&product=` chooses the package to begin with.
    expect(checkedProduct(ru)).toBe("top_14");
    const sr = await html(await page(`/sr/cabinet/payment/?realty_id=${L.active}`, owner.jar));
    expect(sr).toMatch(/<h1[^>]*>Promocija oglasa<\/h1>/);
    expect(sr).toContain("Top · 7 dana");
    expect(sr).toContain("Početna stranica · 7 dana");
    expect(sr).toContain(money(2990, "sr"));
  });

  it("is the 404 page for someone else's listing, an unknown or malformed one; a draft cannot be promoted", async () => {
    for (const query of [`realty_id=${L.foreign}`, "realty_id=999999999", "realty_id=abc", "realty_id=0"]) {
      expect((await page(`/cabinet/payment/?${query}`, owner.jar)).status, query).toBe(404);
    }
    const draft = await page(`/cabinet/payment/?realty_id=${L.draft}`, owner.jar);
    expect(draft.status).toBe(200);
    const doc = await html(draft);
    expect(doc).toContain("Only a published listing can be promoted.");
    expect(doc).not.toContain('name="product"');
  });

  it("makes one intent however often the form is posted, and goes on to the sandbox page in the visitor's language", async () => {
    const doc = await html(await page(`/ru/cabinet/payment/?realty_id=${L.active}`, owner.jar));
    const key = hidden(doc, "idempotency_key")!;
    const form = { realty_id: String(L.active), product: "top_7", idempotency_key: key };
    const first = await formPost(`/ru/cabinet/payment/?realty_id=${L.active}`, form, owner.jar);
    expect(first.status).toBe(302);
    expect(location(first)).toMatch(/^\/ru\/cabinet\/payment\/sandbox\/\?intent=pi_[\w-]+$/);
    const second = await formPost(`/ru/cabinet/payment/?realty_id=${L.active}`, form, owner.jar);
    expect(location(second)).toBe(location(first));
    const rows = await env.DB.prepare("SELECT id, product, amount_cents FROM payment_intents WHERE idempotency_key = ?")
      .bind(key)
      .all<{ id: string; product: string; amount_cents: number }>();
    expect(rows.results).toEqual([{ id: intentOf(first), product: "top_7", amount_cents: 990 }]);

    // The page came back (the browser's Back) and another package was chosen: the same intent changes.
    const changed = await formPost(
      `/ru/cabinet/payment/?realty_id=${L.active}`,
      { ...form, product: "top_14" },
      owner.jar,
    );
    expect(intentOf(changed)).toBe(intentOf(first));
    expect(await intent(owner, intentOf(first))).toMatchObject({ product: "top_14", amount_cents: 1690 });
  });

  it("changes an unpaid intent named by the address instead of starting another", async () => {
    const made = await apiIntent(owner, { realty_id: L.active, product: "home_7" });
    const doc = await html(await page(`/cabinet/payment/?realty_id=${L.active}&intent=${made.id}`, owner.jar));
    expect(hidden(doc, "intent_id")).toBe(made.id);
    expect(checkedProduct(doc)).toBe("home_7");
    const res = await formPost(
      `/cabinet/payment/?realty_id=${L.active}&intent=${made.id}`,
      {
        realty_id: String(L.active),
        product: "highlight_7",
        idempotency_key: hidden(doc, "idempotency_key")!,
        intent_id: made.id,
      },
      owner.jar,
    );
    expect(res.status).toBe(302);
    expect(location(res)).toBe(`/cabinet/payment/sandbox/?intent=${made.id}`);
    expect(await intent(owner, made.id)).toMatchObject({ product: "highlight_7", amount_cents: 390 });
    // Someone else's intent in the address is no intent of this page's.
    const theirs = await apiIntent(visitor, { realty_id: L.foreign, product: "phone_reveal" });
    const other = await html(await page(`/cabinet/payment/?realty_id=${L.active}&intent=${theirs.id}`, owner.jar));
    expect(hidden(other, "intent_id")).toBeNull();
  });

  it("starts another purchase when the named intent's payment has started and cannot change", async () => {
    const made = await apiIntent(owner, { realty_id: L.active, product: "top_7" });
    // The provider is settling it (as a card payment under way at Stripe): its product is fixed.
    await env.DB.prepare(
      "INSERT INTO payment_events (intent_id, status, amount_cents, source, created_at) VALUES (?, 'pending', 990, 'api', ?)",
    )
      .bind(made.id, Date.now())
      .run();
    const doc = await html(await page(`/cabinet/payment/?realty_id=${L.active}&intent=${made.id}`, owner.jar));
    expect(hidden(doc, "intent_id")).toBe(made.id);
    const res = await formPost(
      `/cabinet/payment/?realty_id=${L.active}&intent=${made.id}`,
      {
        realty_id: String(L.active),
        product: "top_30",
        idempotency_key: hidden(doc, "idempotency_key")!,
        intent_id: made.id,
      },
      owner.jar,
    );
    expect(res.status).toBe(302);
    expect(intentOf(res)).toMatch(/^pi_/);
    expect(intentOf(res)).not.toBe(made.id);
    expect(await intent(owner, intentOf(res))).toMatchObject({ product: "top_30", status: "created" });
    expect(await intent(owner, made.id)).toMatchObject({ product: "top_7", status: "pending" });
  });

  it("says why a post was refused, on the page, with the same key to post again", async () => {
    const res = await formPost(
      `/cabinet/payment/?realty_id=${L.active}`,
      { realty_id: String(L.active), product: "no_such_package", idempotency_key: "key-of-a-bad-post" },
      owner.jar,
    );
    expect(res.status).toBe(400);
    const doc = await html(res);
    expect(doc).toMatch(/role="alert"[^>]*>Choose a package\.</);
    expect(hidden(doc, "idempotency_key")).toBe("key-of-a-bad-post");
    // A draft's promotion is refused by the API (409): no intent.
    const draft = await formPost(
      `/cabinet/payment/?realty_id=${L.draft}`,
      { realty_id: String(L.draft), product: "top_7", idempotency_key: "draft-promotion-key" },
      owner.jar,
    );
    expect([404, 409]).toContain(draft.status);
    expect(await html(draft)).toMatch(/role="alert"/);
    const none = await env.DB.prepare("SELECT COUNT(*) AS n FROM payment_intents WHERE idempotency_key = ?")
      .bind("draft-promotion-key")
      .first<{ n: number }>();
    expect(none!.n).toBe(0);
  });
});

describe("the sandbox page, success and error", () => {
  it("plays the provider in development: the amount and what is bought, Pay, Decline, Abandon", async () => {
    const made = await apiIntent(owner, { realty_id: L.active, product: "top_30" });
    const res = await page(`/cabinet/payment/sandbox/?intent=${made.id}`, owner.jar);
    expect(res.status).toBe(200);
    const doc = await html(res);
    expect(doc).toContain('content="noindex, nofollow"');
    expect(doc).toMatch(/data-testid="sandbox-banner"><strong>Test payment page: no real money moves/);
    expect(doc).toMatch(/<h1[^>]*>Test payment<\/h1>/);
    expect(doc).toContain("Top · 30 days");
    expect(doc).toContain("Promoted flat");
    expect(doc).toContain(`Amount: ${money(2990)}`);
    const choices = [...doc.matchAll(/<button type="submit"([^>]*)>([^<]*)<\/button>/g)]
      .filter(([, attributes]) => attributes!.includes('name="choice"'))
      .map(([, attributes, label]) => [/value="(\w+)"/.exec(attributes!)?.[1], label]);
    expect(choices).toEqual([
      ["pay", `Pay ${money(2990)}`],
      ["decline", "Decline"],
      ["abandon", "Abandon"],
    ]);
    expect(doc).toContain(`href="/cabinet/payment/?realty_id=${L.active}&product=top_30&intent=${made.id}"`);
    const sr = await html(await page(`/sr/cabinet/payment/sandbox/?intent=${made.id}`, owner.jar));
    expect(sr).toContain(`Plati ${money(2990, "sr")}`);
    expect(sr).toContain("Odbij");
  });

  it("is the 404 page outside development, for someone else's intent, an unknown or malformed one", async () => {
    const made = await apiIntent(owner, { realty_id: L.active, product: "top_7" });
    // From a network address (not loopback) development knobs do not apply: as in production.
    const remote = await page(`/cabinet/payment/sandbox/?intent=${made.id}`, owner.jar, {
      "cf-connecting-ip": uniqueRemoteIp(),
    });
    expect(remote.status).toBe(404);
    const remotePost = await formPost(`/cabinet/payment/sandbox/?intent=${made.id}`, { choice: "pay" }, owner.jar, {
      "cf-connecting-ip": uniqueRemoteIp(),
    });
    expect(remotePost.status).toBe(404);
    expect((await intent(owner, made.id)).status).not.toBe("succeeded");
    for (const id of [made.id, "pi_doesnotexist1", "nonsense"]) {
      const who = id === made.id ? stranger : owner;
      expect((await page(`/cabinet/payment/sandbox/?intent=${id}`, who.jar)).status, id).toBe(404);
      expect((await page(`/cabinet/payment/success/?intent=${id}`, who.jar)).status, id).toBe(404);
      expect((await page(`/cabinet/payment/error/?intent=${id}`, who.jar)).status, id).toBe(404);
    }
    expect(
      (await formPost(`/cabinet/payment/sandbox/?intent=${made.id}`, { choice: "pay" }, stranger.jar)).status,
    ).toBe(404);
    expect((await intent(owner, made.id)).status).not.toBe("succeeded");
  });

  it("Pay: the success page with what was bought, until when, and the receipt; one period", async () => {
    const before = await periods(L.active);
    const made = await apiIntent(owner, { realty_id: L.active, product: "top_7" });
    const paid = await formPost(`/sr/cabinet/payment/sandbox/?intent=${made.id}`, { choice: "pay" }, owner.jar);
    expect(paid.status).toBe(302);
    expect(location(paid)).toBe(`/sr/cabinet/payment/success/?intent=${made.id}`);
    const settled = await intent(owner, made.id);
    expect(settled.status).toBe("succeeded");
    expect(settled.promotion).toMatchObject({ placement: "top" });
    expect(await periods(L.active)).toBe(before + 1);

    const en = await html(await page(`/cabinet/payment/success/?intent=${made.id}`, owner.jar));
    expect(en).toMatch(/<h1[^>]*>Payment successful<\/h1>/);
    expect(en).toContain("Top · 7 days");
    expect(en).toContain(`Top runs until ${dateTime(settled.promotion!.ends_at)}.`);
    const receipt = /data-testid="receipt"[\s\S]*?<\/section>/.exec(en)![0];
    for (const part of [made.id, "Top · 7 days", "Promoted flat", money(990), "Test payments (sandbox)", "Paid"])
      expect(receipt, part).toContain(part);
    expect(receipt).toContain(`<time dateTime="${settled.created_at}">${dateTime(settled.created_at)}</time>`);
    const sr = await html(await page(`/sr/cabinet/payment/success/?intent=${made.id}`, owner.jar));
    expect(sr).toMatch(/<h1[^>]*>Plaćanje je uspešno<\/h1>/);
    expect(sr).toContain(`Top traje do ${dateTime(settled.promotion!.ends_at, "sr")}.`);
    expect(sr).toContain("Potvrda o plaćanju");

    // Decided: the sandbox and the error page send to the success page; paying again changes nothing.
    expect(location(await page(`/cabinet/payment/sandbox/?intent=${made.id}`, owner.jar))).toBe(
      `/cabinet/payment/success/?intent=${made.id}`,
    );
    expect(location(await page(`/ru/cabinet/payment/error/?intent=${made.id}`, owner.jar))).toBe(
      `/ru/cabinet/payment/success/?intent=${made.id}`,
    );
    await formPost(`/cabinet/payment/sandbox/?intent=${made.id}`, { choice: "pay" }, owner.jar);
    expect(await periods(L.active)).toBe(before + 1);

    // The payment page of the listing shows the running placement with its end.
    const running = await html(await page(`/cabinet/payment/?realty_id=${L.active}`, owner.jar));
    const end = (await options(owner, L.active)).active.find((a) => a.placement === "top")!.ends_at;
    expect(running).toMatch(new RegExp(`data-placement="top">Top until ${dateTime(end)}<`));
  });

  it("Decline: the error page says why, that nothing was charged, and how to try again; nothing was bought", async () => {
    const before = await options(owner, L.active);
    const made = await apiIntent(owner, { realty_id: L.active, product: "highlight_30" });
    const declined = await formPost(`/ru/cabinet/payment/sandbox/?intent=${made.id}`, { choice: "decline" }, owner.jar);
    expect(declined.status).toBe(302);
    expect(location(declined)).toBe(`/ru/cabinet/payment/error/?intent=${made.id}`);
    expect(await intent(owner, made.id)).toMatchObject({ status: "failed", failure_reason: "declined" });
    expect((await options(owner, L.active)).active).toEqual(before.active);

    const en = await html(await page(`/cabinet/payment/error/?intent=${made.id}`, owner.jar));
    expect(en).toMatch(/<h1[^>]*>Payment failed<\/h1>/);
    expect(en).toMatch(/data-testid="payment-failure-reason">The payment was declined\.</);
    expect(en).toMatch(/data-testid="payment-nothing-charged"><strong>Nothing was charged\.<\/strong>/);
    expect(en).toContain("Highlight · 30 days");
    expect(/<a[^>]*data-testid="payment-retry"[^>]*>/.exec(en)?.[0]).toContain(
      `href="/cabinet/payment/?realty_id=${L.active}&product=highlight_30"`,
    );
    const ru = await html(await page(`/ru/cabinet/payment/error/?intent=${made.id}`, owner.jar));
    expect(ru).toContain("Платёж отклонён.");
    expect(ru).toContain("Деньги не списаны.");
    expect(ru).toContain("Попробовать снова");
    // The success page of a failed payment is its error page.
    expect(location(await page(`/cabinet/payment/success/?intent=${made.id}`, owner.jar))).toBe(
      `/cabinet/payment/error/?intent=${made.id}`,
    );
    // Trying again is a new purchase of the same package: a new intent, paid on its own.
    const retry = await html(await page(`/cabinet/payment/?realty_id=${L.active}&product=highlight_30`, owner.jar));
    expect(checkedProduct(retry)).toBe("highlight_30");
    const again = await formPost(
      `/cabinet/payment/?realty_id=${L.active}`,
      { realty_id: String(L.active), product: "highlight_30", idempotency_key: hidden(retry, "idempotency_key")! },
      owner.jar,
    );
    expect(intentOf(again)).toMatch(/^pi_/);
    expect(intentOf(again)).not.toBe(made.id);
  });

  it("Abandon: back to the cabinet, deciding nothing", async () => {
    const made = await apiIntent(owner, { realty_id: L.active, product: "top_14" });
    const res = await formPost(`/sr/cabinet/payment/sandbox/?intent=${made.id}`, { choice: "abandon" }, owner.jar);
    expect(res.status).toBe(302);
    expect(location(res)).toBe("/sr/cabinet/");
    expect(["created", "pending"]).toContain((await intent(owner, made.id)).status);
    // The error page of an undecided payment: not completed, nothing charged, and paying on it.
    const doc = await html(await page(`/cabinet/payment/error/?intent=${made.id}`, owner.jar));
    expect(doc).toContain("The payment was not completed.");
    expect(doc).toContain(`href="/cabinet/payment/?realty_id=${L.active}&product=top_14&intent=${made.id}"`);
  });

  it("without an intent, the success and error pages point to the transactions", async () => {
    for (const path of ["/cabinet/payment/success/", "/cabinet/payment/error/"]) {
      const res = await page(path, owner.jar);
      expect(res.status, path).toBe(200);
      expect(await html(res)).toContain('href="/cabinet/payment/"');
    }
  });
});

describe("the transactions", () => {
  it("are a table with a caption, header cells, localized states and amounts, newest first, in pages", async () => {
    const buyer = await signUpByPhone({ name: "Kupac" });
    const listing = await insertListing(buyer.user.id, { title: "Buyer's flat" });
    const empty = await html(await page("/cabinet/payment/", buyer.jar));
    expect(empty).toMatch(/<h1[^>]*>Payment<\/h1>/);
    expect(empty).toContain("No payments yet.");

    // A second apart, so that "newest first" is one order (the request clock, in development).
    const paid = await apiIntent(buyer, { realty_id: listing, product: "top_7" }, Date.now() - 3000);
    expect((await call("/api/cabinet/payment/complete", { jar: buyer.jar, body: { intent_id: paid.id } })).status).toBe(
      200,
    );
    const failed = await apiIntent(buyer, { realty_id: listing, product: "home_7" }, Date.now() - 2000);
    await call("/api/cabinet/payment/failure", { jar: buyer.jar, body: { intent_id: failed.id, reason: "declined" } });
    const open = await apiIntent(buyer, { realty_id: L.foreign, product: "phone_reveal" }, Date.now() - 1000);

    const doc = await html(await page("/cabinet/payment/", buyer.jar));
    const table = /<table[^>]*data-testid="transactions"[\s\S]*?<\/table>/.exec(doc)![0];
    expect(table).toMatch(/<caption id="[^"]+">Your payments, newest first \(page 1 of 1\)<\/caption>/);
    for (const head of ["Date", "Listing", "Product", "Amount", "State"])
      expect(table).toContain(`<th scope="col">${head}</th>`);
    const rows = [...table.matchAll(/<tr data-intent="([^"]+)" data-status="([^"]+)">([\s\S]*?)<\/tr>/g)];
    expect(rows.map((r) => [r[1], r[2]])).toEqual([
      [open.id, open.status],
      [failed.id, "failed"],
      [paid.id, "succeeded"],
    ]);
    const [openRow, failedRow, paidRow] = rows.map((r) => r[3]!);
    expect(paidRow).toMatch(/<th scope="row"><time dateTime="[^"]+">/);
    expect(paidRow).toContain("Buyer's flat");
    expect(paidRow).toContain(`href="/listing/preview/${listing}/"`);
    expect(paidRow).toContain("Top · 7 days");
    expect(paidRow).toContain(money(990));
    expect(paidRow).toContain(">Paid<");
    expect(paidRow).toContain(`href="/cabinet/payment/success/?intent=${paid.id}"`);
    expect(failedRow).toContain(">Failed<");
    expect(failedRow).toContain(`href="/cabinet/payment/error/?intent=${failed.id}"`);
    expect(openRow).toContain("Phone number of a listing");
    expect(openRow).toContain(`href="/realty/${L.foreign}/"`);
    expect(openRow).toContain(money(REFERENCE_PRICES.phone_reveal));
    expect(openRow).toContain(`href="/cabinet/payment/?product=phone_reveal&realty_id=${L.foreign}&intent=${open.id}"`);

    const ru = await html(await page("/ru/cabinet/payment/", buyer.jar));
    expect(ru).toContain("Ваши платежи, сначала новые (страница 1 из 1)");
    expect(ru).toContain(">Оплачен<");
    expect(ru).toContain(">Не прошёл<");
    expect(ru).toContain(money(990, "ru"));
    const sr = await html(await page("/sr/cabinet/payment/", buyer.jar));
    expect(sr).toContain(">Plaćeno<");
    expect(sr).toContain(">Neuspešno<");

    // More than a page: page links, the second page, and a page past the last goes to the last.
    // (Each one declined, so that the next is a purchase of its own.)
    for (let i = 0; i < 20; i++) {
      const made = await apiIntent(buyer, { realty_id: listing, product: "highlight_7" });
      await call("/api/cabinet/payment/failure", { jar: buyer.jar, body: { intent_id: made.id, reason: "declined" } });
    }
    const first = await html(await page("/cabinet/payment/", buyer.jar));
    expect(first).toContain("(page 1 of 2)");
    expect(first).toContain('href="/cabinet/payment/?page=2"');
    const second = await html(await page("/cabinet/payment/?page=2", buyer.jar));
    expect(second).toContain("(page 2 of 2)");
    expect(second).toContain(`data-intent="${paid.id}"`);
    const past = await page("/ru/cabinet/payment/?page=9", buyer.jar);
    expect(past.status).toBe(302);
    expect(location(past)).toBe("/ru/cabinet/payment/?page=2");
  });

  it("are reached from the cabinet's sections, the owner's card and the preview lead to promotion", async () => {
    const cabinet = await html(await page("/cabinet/", owner.jar));
    expect(cabinet).toMatch(/<a[^>]*href="\/cabinet\/payment\/"[^>]*>[\s\S]*?Payment/);
    const card = [...cabinet.matchAll(/<article[^>]*data-id="(\d+)"[^>]*>[\s\S]*?<\/article>/g)].find(
      (m) => m[1] === String(L.active),
    )![0];
    const promote = /<a[^>]*aria-label="Promote: Promoted flat"[^>]*>/.exec(card)?.[0];
    expect(promote).toContain(`href="/cabinet/payment/?realty_id=${L.active}"`);
    const drafts = await html(await page("/cabinet/?tab=drafts", owner.jar));
    expect(drafts).not.toContain(`/cabinet/payment/?realty_id=${L.draft}`);
    const preview = await html(await page(`/ru/listing/preview/${L.active}/`, owner.jar));
    expect(preview).toMatch(new RegExp(`href="/ru/cabinet/payment/\\?realty_id=${L.active}"[^>]*>Продвинуть<`));
    const draftPreview = await html(await page(`/listing/preview/${L.draft}/`, owner.jar));
    expect(draftPreview).not.toContain('data-testid="preview-promote"');
  });
});

describe("the phone reveal", () => {
  it("goes from Show phone through the payment page and the sandbox back to the listing, where the number shows", async () => {
    const reader = await signUpByPhone({ name: "Čitalac" });
    const phone = "+381601234567";
    const detail = await html(await page(foreignPath, reader.jar));
    expect(detail).toContain("Show phone · €0.50");
    expect(detail).not.toContain(phone);

    // Not paid for: the payment page of the reveal.
    const asked = await formPost(`/ru${foreignPath}`, { intent: "reveal" }, reader.jar);
    expect(asked.status).toBe(302);
    expect(location(asked)).toBe(`/ru/cabinet/payment/?product=phone_reveal&realty_id=${L.foreign}`);
    const res = await page(location(asked), reader.jar);
    expect(res.status).toBe(200);
    const doc = await html(res);
    expect(doc).toMatch(/<h1[^>]*>Открыть номер телефона<\/h1>/);
    expect(doc).toContain("Stranger's flat");
    expect(doc).toContain(`Цена: ${money(50, "ru")}`);
    expect(hidden(doc, "product")).toBe("phone_reveal");
    expect(doc).not.toContain(phone);

    const checkout = await formPost(
      location(asked),
      { realty_id: String(L.foreign), product: "phone_reveal", idempotency_key: hidden(doc, "idempotency_key")! },
      reader.jar,
    );
    expect(location(checkout)).toMatch(/^\/ru\/cabinet\/payment\/sandbox\/\?intent=pi_/);
    const sandbox = await html(await page(location(checkout), reader.jar));
    expect(sandbox).toContain(`Оплатить ${money(50, "ru")}`);
    // Abandoning a reveal goes back to the listing.
    const left = await formPost(location(checkout), { choice: "abandon" }, reader.jar);
    expect(location(left)).toBe(`/ru${foreignPath}`);
    const paid = await formPost(location(checkout), { choice: "pay" }, reader.jar);
    expect(location(paid)).toBe(`/ru/cabinet/payment/success/?intent=${intentOf(checkout)}`);

    // The return from paying lands on the listing, the number shown at once: three screens from Show phone.
    const back = await page(location(paid), reader.jar);
    expect(back.status).toBe(302);
    expect(location(back)).toBe(`/ru${foreignPath}#detail-owner`);
    const shown = await html(await page(`/ru${foreignPath}`, reader.jar));
    expect(shown).toContain(`href="tel:${phone}"`);
    expect(shown).toContain("Вы оплатили этот номер");
    expect(shown).not.toMatch(/<button[^>]*>Показать телефон/);
    // The payment's receipt stays in the transactions.
    expect(await html(await page("/ru/cabinet/payment/", reader.jar))).toContain("Stranger's flat");
  });

  it("is free on one's own listing; a listing that is not public is the 404 page", async () => {
    const own = await html(await page(`/cabinet/payment/?product=phone_reveal&realty_id=${L.foreign}`, stranger.jar));
    // The owner's own listing shows its number without asking.
    expect(await html(await page(foreignPath, stranger.jar))).toContain('href="tel:+381601234567"');
    expect(own).toContain("This is your own listing: its phone number shows for you without paying.");
    expect(own).not.toMatch(/<button[^>]*>Continue to payment</);
    const revealed = await formPost(foreignPath, { intent: "reveal" }, stranger.jar);
    expect(revealed.status).toBe(200);
    expect(await revealed.text()).toContain('href="tel:+381601234567"');
    expect((await page(`/cabinet/payment/?product=phone_reveal&realty_id=${L.draft}`, visitor.jar)).status).toBe(404);
  });
});

describe("stopping a promotion early", () => {
  /** A promotion paid through the API (the sandbox settles it), running from now. */
  async function promote(listingId: number, product: string) {
    const made = await apiIntent(owner, { realty_id: listingId, product });
    const res = await call("/api/cabinet/payment/complete", { jar: owner.jar, body: { intent_id: made.id } });
    expect(res.status).toBe(200);
    return made.id;
  }
  const placements = (listingId: number) =>
    env.DB.prepare("SELECT promoted_until, highlight_until, home_until FROM listings WHERE id = ?")
      .bind(listingId)
      .first<{ promoted_until: number | null; highlight_until: number | null; home_until: number | null }>();
  const running = (doc: string) => [...doc.matchAll(/<li data-placement="(\w+)"/g)].map((m) => m[1]).sort();
  const confirmation = (doc: string) => /data-testid="payment-stop-confirm"[\s\S]*?<\/form>/.exec(doc)?.[0] ?? null;

  it("without JavaScript: Stop asks on the page what stops and what comes back; the post stops it and says so", async () => {
    const id = await insertListing(owner.user.id, { title: "Flat to stop" });
    const topIntent = await promote(id, "top_30");
    await promote(id, "highlight_7");
    const doc = await html(await page(`/cabinet/payment/?realty_id=${id}`, owner.jar));
    expect(running(doc)).toEqual(["highlight", "top"]);
    expect(doc).toContain(`href="/cabinet/payment/?realty_id=${id}&stop=top#stop-top"`);
    expect(doc).toMatch(/data-testid="payment-stop"[^>]*>Stop Top</);
    expect(doc).toMatch(/data-testid="payment-stop"[^>]*>Stop Highlight</);
    expect(confirmation(doc)).toBeNull();

    // The confirmation: what stops, that it ends now, and the refund the options name (top_30 is refundable).
    const { active } = await options(owner, id);
    const top = active.find((run) => run.placement === "top")!;
    expect(top.refund).toBe(Math.floor((REFERENCE_PRICES.top_30 * 29) / 30) / 100);
    const asking = await page(`/cabinet/payment/?realty_id=${id}&stop=top`, owner.jar);
    expect(asking.status).toBe(200);
    const askingDoc = await html(asking);
    expect(askingDoc).toMatch(/<div[^>]* id="stop-top" role="group" aria-labelledby="stop-top-heading"/);
    const confirm = confirmation(askingDoc)!;
    expect(confirm).toContain("Stop Top?");
    expect(confirm).toContain(`Top ends now instead of ${dateTime(top.ends_at)}.`);
    expect(confirm).toContain(`Its unused whole days are refunded: ${money(Math.round(top.refund * 100))} back to`);
    expect(confirm).toMatch(/<form[^>]* action="\/cabinet\/payment\/\?realty_id=\d+" method="post">/);
    expect(hidden(confirm, "stop")).toBe("top");
    expect(confirm).toMatch(/<button type="submit"[^>]*>Stop now<\/button>/);
    // A product that is not refundable says there is no refund, in the visitor's language.
    const highlight = confirmation(
      await html(await page(`/cabinet/payment/?realty_id=${id}&stop=highlight`, owner.jar)),
    );
    expect(highlight).toContain("There is no refund for stopping it early.");
    const ru = confirmation(await html(await page(`/ru/cabinet/payment/?realty_id=${id}&stop=highlight`, owner.jar)));
    expect(ru).toContain("Остановить «Выделение»?");
    expect(ru).toContain("При досрочной остановке деньги не возвращаются.");
    // Only a running placement is asked about.
    for (const stop of ["home", "banner", ""]) {
      expect(
        confirmation(await html(await page(`/cabinet/payment/?realty_id=${id}&stop=${stop}`, owner.jar))),
      ).toBeNull();
    }

    const res = await formPost(`/cabinet/payment/?realty_id=${id}`, { realty_id: String(id), stop: "top" }, owner.jar);
    expect(res.status).toBe(200);
    const after = await html(res);
    expect(after).toMatch(/role="status"[^>]*>Top stopped: it no longer runs for this listing.</);
    expect(running(after)).toEqual(["highlight"]);
    expect((await placements(id))!.promoted_until).toBeNull();
    expect((await placements(id))!.highlight_until).not.toBeNull();
    expect((await intent(owner, topIntent)).status).toBe("refunded");
  });

  it("a second stop (another tab) says nothing runs any more, localized, never a server error", async () => {
    const id = await insertListing(owner.user.id, { title: "Flat stopped twice" });
    await promote(id, "home_7");
    const form = { realty_id: String(id), stop: "home" };
    expect((await formPost(`/sr/cabinet/payment/?realty_id=${id}`, form, owner.jar)).status).toBe(200);
    const again = await formPost(`/sr/cabinet/payment/?realty_id=${id}`, form, owner.jar);
    expect(again.status).toBe(409);
    const doc = await html(again);
    expect(doc).toMatch(/role="alert"[^>]*>Nema šta da se zaustavi: ova promocija više nije aktivna/);
    expect(doc).toContain('data-testid="payment-running-none"');
    const en = await html(await formPost(`/cabinet/payment/?realty_id=${id}`, form, owner.jar));
    expect(en).toContain("Nothing to stop: this promotion no longer runs");
  });

  it("someone else's listing is the 404 page and stays promoted", async () => {
    const id = await insertListing(owner.user.id, { title: "Flat of the owner" });
    await promote(id, "top_7");
    const form = { realty_id: String(id), stop: "top" };
    expect((await formPost(`/cabinet/payment/?realty_id=${id}`, form, stranger.jar)).status).toBe(404);
    expect((await page(`/cabinet/payment/?realty_id=${id}&stop=top`, stranger.jar)).status).toBe(404);
    expect((await placements(id))!.promoted_until).not.toBeNull();
    // A malformed post is refused on the page.
    const bad = await formPost(
      `/cabinet/payment/?realty_id=${id}`,
      { realty_id: String(id), stop: "banner" },
      owner.jar,
    );
    expect(bad.status).toBe(400);
    expect(await html(bad)).toContain("The promotion could not be stopped.");
    expect((await placements(id))!.promoted_until).not.toBeNull();
  });

  it("a placement set without a purchase (the seed) stops too, with no refund", async () => {
    const id = await insertListing(owner.user.id, { title: "Seeded top flat" });
    const until = Date.now() + 3 * 86_400_000;
    await env.DB.prepare("UPDATE listings SET promoted_until = ? WHERE id = ?").bind(until, id).run();
    expect((await options(owner, id)).active).toEqual([
      { placement: "top", ends_at: new Date(until).toISOString(), product: null, refund: 0 },
    ]);
    const confirm = confirmation(await html(await page(`/cabinet/payment/?realty_id=${id}&stop=top`, owner.jar)));
    expect(confirm).toContain("There is no refund for stopping it early.");
    const res = await formPost(`/cabinet/payment/?realty_id=${id}`, { realty_id: String(id), stop: "top" }, owner.jar);
    expect(res.status).toBe(200);
    expect(running(await html(res))).toEqual([]);
    expect((await placements(id))!.promoted_until).toBeNull();
  });
});

describe("junk", () => {
  /** A value a person or a script might put in a query or a form: words, numbers, ids of any shape. */
  const junk = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.integer().map(String),
    fc.constantFrom("0", "-1", "1e9", "99999999999999999999", "pi_", "pi_!!!!!!!!", "phone_reveal", "top_7", ""),
    fc.stringMatching(/^pi_[\w-]{0,70}$/),
  );
  const paths = fc.constantFrom(
    "/cabinet/payment/",
    "/ru/cabinet/payment/",
    "/cabinet/payment/sandbox/",
    "/cabinet/payment/success/",
    "/sr/cabinet/payment/error/",
  );

  it("no query of the payment pages answers a server error", async () => {
    await fc.assert(
      fc.asyncProperty(
        paths,
        fc.dictionary(fc.constantFrom("realty_id", "product", "intent", "page", "stop"), junk),
        async (path, query) => {
          const res = await page(`${path}?${new URLSearchParams(query)}`, owner.jar);
          await res.body?.cancel();
          expect(res.status, `${path}?${new URLSearchParams(query)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("no form post to the payment pages answers a server error, and none pays anything", async () => {
    const paid = () =>
      env.DB.prepare(
        `SELECT COUNT(*) AS n FROM payment_events e JOIN payment_intents i ON i.id = e.intent_id
         WHERE i.user_id = ? AND e.status = 'succeeded'`,
      )
        .bind(owner.user.id)
        .first<{ n: number }>()
        .then((row) => row!.n);
    const before = await paid();
    await fc.assert(
      fc.asyncProperty(
        paths,
        fc.dictionary(fc.constantFrom("realty_id", "product", "idempotency_key", "intent_id", "choice", "stop"), junk),
        async (path, form) => {
          const res = await formPost(`${path}?realty_id=${L.active}`, form, owner.jar);
          await res.body?.cancel();
          expect(res.status, `${path} ${JSON.stringify(form)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 40 },
    );
    expect(await paid()).toBe(before);
  });
});
