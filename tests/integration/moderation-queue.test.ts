/**
 * The moderation queue (decision 047): `GET /api/admin/realty/moderation` (admins only,
 * listings reports took off the site first, then reported public ones (decision 085), then the oldest submission first, photos, the duplicate check's finding, open reports), the decisions with a reason
 * from the list and/or words, the owner's e-mail in their language, `users.locale` set at sign-in, and
 * the page `/admin/moderation/` as plain form posts.
 */
import { env } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEV_ACCOUNTS } from "#harness/seed/accounts.ts";
import type { ApiModerationItem } from "#shared/api/cabinet.ts";
import type { Paged } from "#shared/api/conventions.ts";
import { LISTING_RUN_DAYS, MODERATION_PER_PAGE, REPORT_HIDE_THRESHOLD } from "#shared/constants.ts";
import { checkUnsubscribeToken } from "#worker/auth/unsubscribe-token.ts";
import { call, errorOf, Jar, outbox, signUpByPhone, type SignedIn, uniqueIp } from "./auth-fixtures.ts";
import {
  adminJar,
  auditRows,
  established,
  listingRow,
  owner,
  type Owner,
  page,
  pending,
  post,
  published,
} from "./moderation-fixtures.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
let admin: Jar;
let seller: Owner;
let user: SignedIn;

const queue = (query = "", jar?: Jar) => call(`/api/admin/realty/moderation${query}`, { jar: jar ?? admin });

/** Every listing in the queue, page by page. */
async function wholeQueue(): Promise<ApiModerationItem[]> {
  const items: ApiModerationItem[] = [];
  for (let n = 1; ; n++) {
    const res = await queue(`?page=${n}&per_page=50`);
    expect(res.status).toBe(200);
    const body = await res.json<Paged<ApiModerationItem>>();
    items.push(...body.items);
    if (n * 50 >= body.total) return items;
  }
}

const itemOf = async (id: number) => (await wholeQueue()).find((item) => item.id === id);

const decide = (id: number, decision: "approve" | "reject", body: unknown = {}) =>
  call(`/api/admin/realty/${id}/${decision}`, { body, jar: admin, ip: uniqueIp() });

const setSubmitted = (id: number, at: number | null) =>
  env.DB.prepare("UPDATE listings SET submitted_at = ? WHERE id = ?").bind(at, id).run();

beforeAll(async () => {
  admin = await adminJar();
  user = await signUpByPhone();
});

// A seller per test: one for the whole file would reach DRAFTS_PER_USER_PER_DAY once tests are tried again.
beforeEach(async () => {
  seller = await owner();
});

describe("GET /api/admin/realty/moderation", () => {
  it("is a 404 for everyone but admins, as a path that does not exist", async () => {
    const guest = await call("/api/admin/realty/moderation");
    expect(guest.status).toBe(404);
    const missing = await call("/api/admin/no-such-thing");
    expect(await guest.json()).toEqual(await missing.json());
    expect((await queue("", user.jar)).status).toBe(404);
    expect((await queue("", seller.jar)).status).toBe(404);
    const ok = await queue();
    expect(ok.status).toBe(200);
    expect(ok.headers.get("cache-control")).toContain("no-store");
    const body = await ok.json<Paged<ApiModerationItem>>();
    expect(body).toMatchObject({ page: 1, per_page: MODERATION_PER_PAGE });
    expect(body.items.length).toBeLessThanOrEqual(MODERATION_PER_PAGE);
  });

  it("refuses a bad page naming it", async () => {
    for (const query of ["?page=0", "?page=abc", "?per_page=51", "?per_page=0", "?id=0", "?id=abc", "?id=-3"]) {
      const res = await queue(query);
      expect(res.status, query).toBe(400);
      expect((await errorOf(res)).code).toBe("invalid_input");
    }
  });

  it("lists pending listings and reported public ones, oldest submission first, never-stamped ones last", async () => {
    const [first, second, unstamped] = [await pending(seller), await pending(seller), await pending(seller)];
    await setSubmitted(second, 2_000);
    await setSubmitted(first, 1_000);
    await setSubmitted(unstamped, null);
    const items = await wholeQueue();
    const ids = items.map((item) => item.id);
    // After the listings reports took off the site, the public ones visitors reported and those priced
    // suspiciously low (decision 088; the seed has one of each).
    const raised = (item: ApiModerationItem) =>
      item.hidden_by_reports || item.reported_public || item.signals.some((s) => s.code === "low_price");
    const submitted = items.filter((item) => !raised(item));
    const hidden = items.length - submitted.length;
    expect(items.slice(0, hidden).every(raised)).toBe(true);
    expect(ids.slice(hidden, hidden + 2)).toEqual([first, second]);
    const stamps = submitted.map((item) => (item.submitted_at ? Date.parse(item.submitted_at) : Infinity));
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
    expect(ids.indexOf(unstamped)).toBeGreaterThan(hidden + stamps.findLastIndex((s) => s !== Infinity));
    const states = await env.DB.prepare(
      `SELECT COUNT(*) AS n FROM listings l WHERE l.deleted_at IS NULL AND (l.status = 'pending'
         OR (l.status = 'active' AND EXISTS (SELECT 1 FROM listing_reports r WHERE r.listing_id = l.id AND r.resolved_at IS NULL)))`,
    ).first<{ n: number }>();
    expect(items).toHaveLength(states!.n);

    const { id: live } = await published(seller);
    expect(ids).not.toContain(live);
    // The first page is the oldest.
    const firstPage = await (await queue(`?per_page=${hidden + 2}`)).json<Paged<ApiModerationItem>>();
    expect(firstPage.items.slice(hidden).map((item) => item.id)).toEqual([first, second]);
    expect(firstPage.total).toBe(items.length);
  });

  it("puts listings reports took off the site first, longest hidden first, before older submissions", async () => {
    const older = await pending(seller);
    await setSubmitted(older, 1_000);
    const { id } = await published(seller);
    for (let i = 0; i < REPORT_HIDE_THRESHOLD; i++) {
      const reporter = await established();
      expect(
        (await call(`/api/realty/${id}/report`, { body: { reason: "fake" }, jar: reporter.jar, ip: uniqueIp() }))
          .status,
      ).toBe(200);
    }
    expect((await listingRow(id))!.status).toBe("pending");
    const items = await wholeQueue();
    const ids = items.map((item) => item.id);
    expect(ids.indexOf(id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(id)).toBeLessThan(ids.indexOf(older));
    // Every hidden listing before every submission, the hidden ones in the order they were taken off.
    const firstSubmission = items.findIndex((item) => !item.hidden_by_reports);
    expect(items.slice(firstSubmission).every((item) => !item.hidden_by_reports)).toBe(true);
    const hiddenAt = await Promise.all(
      items.slice(0, firstSubmission).map(async (item) => (await listingRow(item.id))!.hidden_at!),
    );
    expect(hiddenAt).toEqual([...hiddenAt].sort((a, b) => a - b));
    // The moderator's first page has it.
    const firstPage = await (await queue(`?per_page=${firstSubmission}`)).json<Paged<ApiModerationItem>>();
    expect(firstPage.items.map((item) => item.id)).toContain(id);
  }, 20_000);

  it("raises public listings visitors reported: after the hidden ones, before submissions, still public", async () => {
    const older = await pending(seller);
    await setSubmitted(older, 1_000);
    const { id } = await published(seller);
    // One guest's report: too few to take it off the site, enough for a moderator to look.
    const report = { reason: "fake", text: "Asked for a deposit before any viewing." };
    expect((await call(`/api/realty/${id}/report`, { body: report, ip: uniqueIp() })).status).toBe(200);
    expect((await listingRow(id))!.status).toBe("active");
    const items = await wholeQueue();
    const item = items.find((i) => i.id === id)!;
    expect(item).toMatchObject({ reported_public: true, hidden_by_reports: false, reports: [{ reason: "fake" }] });
    const ids = items.map((i) => i.id);
    expect(ids.indexOf(id)).toBeLessThan(ids.indexOf(older));
    expect(items.slice(0, ids.indexOf(id)).every((i) => i.hidden_by_reports || i.reported_public)).toBe(true);

    // Kept: the reports are overruled, it stays public and leaves the queue until someone reports it again.
    expect((await decide(id, "approve")).status).toBe(200);
    expect((await listingRow(id))!.status).toBe("active");
    expect(await itemOf(id)).toBeUndefined();
    expect((await call(`/api/realty/${id}`)).status).toBe(200);
    expect((await decide(id, "approve")).status).toBe(409);
    expect((await auditRows("listing", id)).map((row) => row.action)).toEqual(["listing.approve", "listing.keep"]);
  });

  it("takes a reported public listing off with a reason its owner is told", async () => {
    const who = await owner();
    const { id } = await published(who);
    expect((await call(`/api/realty/${id}/report`, { body: { reason: "fake" }, ip: uniqueIp() })).status).toBe(200);
    const res = await decide(id, "reject", { code: "rules", reason: "Asks for money before a viewing." });
    expect(res.status).toBe(200);
    expect(await listingRow(id)).toMatchObject({ status: "rejected", rejection_code: "rules" });
    expect((await call(`/api/realty/${id}`)).status).toBe(404);
    expect(await itemOf(id)).toBeUndefined();
    const mail = (await outbox(who.email)).find((m) => m.purpose === "listing_rejected");
    expect(mail?.body).toContain("Asks for money before a viewing.");
    const { results } = await env.DB.prepare("SELECT resolved_at, overruled FROM listing_reports WHERE listing_id = ?")
      .bind(id)
      .all<{ resolved_at: number | null; overruled: number }>();
    expect(results).toEqual([{ resolved_at: expect.any(Number), overruled: 0 }]);
    expect((await auditRows("listing", id)).at(-1)).toMatchObject({
      action: "listing.reject",
      before: JSON.stringify({ status: "active" }),
      after: JSON.stringify({ status: "rejected" }),
      reason: "Asks for money before a viewing.",
    });
  });

  it("gives the facts, up to 6 pictures, the owner and the submission", async () => {
    const id = await pending(seller, 123_456);
    const item = (await itemOf(id))!;
    expect(item).toMatchObject({
      id,
      deal: "sale",
      type: "apartment",
      type_id: 4,
      price: 123_456,
      area: 58,
      rooms: 2,
      currency: "EUR",
      city: { slug: "beograd" },
      address: `Kralja Petra ${id}`,
      description: "Sunny two-room flat in the old town, quiet courtyard, new windows.",
      lang: "en",
      owner: { id: seller.id, name: "Owner" },
      hidden_by_reports: false,
      duplicate: null,
      reports: [],
      images: [],
      image: null,
      image_count: 0,
    });
    expect(item.title).toContain("58 m²");
    expect(Date.now() - Date.parse(item.submitted_at!)).toBeLessThan(60_000);

    // Seeded listings have illustrations: a card shows six at most.
    const seeded = (await wholeQueue()).filter((i) => i.image_count > 0);
    expect(seeded.length).toBeGreaterThan(0);
    for (const i of seeded) {
      expect(i.images.length).toBe(Math.min(6, i.image_count));
      expect(i.image).toEqual(i.images[0]);
    }
  });

  it("shows the duplicate check's finding: a copy of the owner's listing, each naming the other", async () => {
    // The check compares addresses without case or surrounding blanks (SQLite folds ASCII letters only).
    const address = `Njegoseva ${Math.floor(Math.random() * 1e6)}`;
    const original = await pending(seller, 222_333, address);
    const copy = await pending(seller, 222_333, ` ${address.toUpperCase()} `);
    const item = (await itemOf(copy))!;
    expect(item.duplicate).toMatchObject({ id: original, status: "pending", match: "facts" });
    expect(item.duplicate!.title).toContain("58 m²");
    expect((await itemOf(original))!.duplicate).toMatchObject({ id: copy, match: "facts" });
  });

  it("shows a listing hidden by reports with its open reports, newest first, guests' marked", async () => {
    const { id } = await published(seller);
    const guest = await call(`/api/realty/${id}/report`, {
      body: { reason: "wrong_price", text: "Cheaper elsewhere" },
      ip: uniqueIp(),
      now: Date.now() - 1000,
    });
    expect(guest.status).toBe(200);
    const texts = ["Sold in May", "Fake photos", null];
    for (const [n, text] of texts.entries()) {
      const reporter = await established();
      const res = await call(`/api/realty/${id}/report`, {
        body: { reason: n === 1 ? "fake" : "sold", ...(text ? { text } : {}) },
        jar: reporter.jar,
        ip: uniqueIp(),
        now: Date.now() + n * 1000,
      });
      expect(res.status).toBe(200);
    }
    const item = (await itemOf(id))!;
    expect(item.hidden_by_reports).toBe(true);
    expect(item.reports).toEqual([
      { reason: "sold", text: null, created_at: expect.any(String), guest: false },
      { reason: "fake", text: "Fake photos", created_at: expect.any(String), guest: false },
      { reason: "sold", text: "Sold in May", created_at: expect.any(String), guest: false },
      { reason: "wrong_price", text: "Cheaper elsewhere", created_at: expect.any(String), guest: true },
    ]);
  }, 20_000);
});

describe("decisions", () => {
  it.each([
    ["a code", { code: "photos" }, "photos", null],
    ["words", { reason: "The photos show another flat." }, null, "The photos show another flat."],
    ["both", { code: "other", reason: "Agency fee not stated." }, "other", "Agency fee not stated."],
  ])("reject with %s", async (_, body, code, reason) => {
    const id = await pending(seller);
    const res = await decide(id, "reject", body);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ data: { id, status: "rejected", rejection_reason: reason } });
    expect(await listingRow(id)).toMatchObject({ status: "rejected", rejection_code: code, rejection_reason: reason });
    expect(await itemOf(id)).toBeUndefined();
  });

  it.each([
    ["neither", {}, { reason: "validation.required" }],
    ["blank words", { reason: "  " }, { reason: "validation.required" }],
    ["other without words", { code: "other" }, { reason: "validation.required" }],
    ["an unknown code", { code: "spam", reason: "Spam" }, { code: "validation.choice" }],
    ["too many words", { reason: "x".repeat(1001) }, { reason: "validation.tooLong" }],
  ])("refuses a rejection with %s (400)", async (_, body, fields) => {
    const id = await pending(seller);
    const res = await decide(id, "reject", body);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual(fields);
    expect((await listingRow(id))!.status).toBe("pending");
  });

  it("approves: public for LISTING_RUN_DAYS days, published, checked; a first publication date is kept", async () => {
    const id = await pending(seller);
    const before = Date.now();
    expect((await decide(id, "approve")).status).toBe(200);
    const row = (await listingRow(id))!;
    expect(row).toMatchObject({ status: "active", hidden_at: null, reminded_at: null, rejection_code: null });
    expect(row.published_at).toBeGreaterThanOrEqual(before);
    expect(row.checked_at).toBe(row.published_at);
    expect(row.expires_at).toBe(row.published_at! + LISTING_RUN_DAYS * DAY_MS);
    // Deciding again is refused.
    expect((await decide(id, "approve")).status).toBe(409);
    expect((await decide(id, "reject", { code: "rules" })).status).toBe(409);

    // Back in review (its place changed), approved again later: the first publication stays.
    await env.DB.prepare("UPDATE listings SET status = 'pending', reminded_at = 5 WHERE id = ?").bind(id).run();
    // A session of its own: a day ahead the access token is renewed, which would end the shared one.
    const later = new Jar();
    const account = DEV_ACCOUNTS.find((a) => a.role === "admin")!;
    await call("/api/auth/login", { body: { login: account.email, password: account.password }, jar: later });
    const approved = await call(`/api/admin/realty/${id}/approve`, { body: {}, jar: later, now: before + DAY_MS });
    expect(approved.status).toBe(200);
    const again = (await listingRow(id))!;
    expect(again.published_at).toBe(row.published_at);
    expect(again.checked_at).toBe(before + DAY_MS);
    expect(again.reminded_at).toBeNull();
  });

  it("writes one audit row per decision, with the moderator, and none for a decision refused", async () => {
    const approved = await pending(seller);
    const rejected = await pending(seller);
    expect((await decide(approved, "approve")).status).toBe(200);
    expect((await decide(rejected, "reject", { code: "price" })).status).toBe(200);
    expect((await decide(approved, "approve")).status).toBe(409);
    expect((await decide(rejected, "reject", { code: "rules" })).status).toBe(409);
    const adminId = (await env.DB.prepare("SELECT id FROM users WHERE email = ?")
      .bind(DEV_ACCOUNTS.find((a) => a.role === "admin")!.email)
      .first<{ id: number }>())!.id;
    expect(await auditRows("listing", approved)).toEqual([
      {
        action: "listing.approve",
        actor_kind: "user",
        actor_id: adminId,
        before: JSON.stringify({ status: "pending" }),
        after: JSON.stringify({ status: "active" }),
        reason: null,
      },
    ]);
    expect(await auditRows("listing", rejected)).toEqual([
      expect.objectContaining({ action: "listing.reject", actor_id: adminId, reason: "price" }),
    ]);
  });

  it("records the decision in the listing's history, the words or else the code", async () => {
    const id = await pending(seller);
    await decide(id, "reject", { code: "price" });
    const history = await (
      await call(`/api/admin/realty/${id}/history`, { jar: admin })
    ).json<{
      items: { status: string; reason: string | null; actor_name: string }[];
    }>();
    expect(history.items.at(-1)).toMatchObject({ status: "rejected", reason: "price" });
  });
});

describe("the owner's e-mail", () => {
  const latest = async (to: string, purpose: string) => (await outbox(to)).find((m) => m.purpose === purpose);

  it("approval: in the owner's language (Russian) with the public page's absolute URL", async () => {
    const ru = await owner("ru");
    const id = await pending(ru);
    expect((await decide(id, "approve")).status).toBe(200);
    const mail = (await latest(ru.email, "listing_approved"))!;
    expect(mail.subject).toBe("Ваше объявление опубликовано");
    expect(mail.body).toContain(`№ ${id}`);
    expect(mail.body).toContain(`https://kvadrat.test/ru/buy/apartment/beograd/${id}/`);
    expect(mail.body).toContain("https://kvadrat.test/ru/cabinet/");
    // The title as the owner reads it: generated in Russian.
    expect(mail.body).toMatch(/«[^»]*58 м²[^»]*»/);
  });

  it("rejection: in Serbian, the reason's label and the moderator's words, a link to edit", async () => {
    const sr = await owner("sr");
    const id = await pending(sr);
    const words = "Fotografije prikazuju drugi stan.";
    expect((await decide(id, "reject", { code: "photos", reason: words })).status).toBe(200);
    const mail = (await latest(sr.email, "listing_rejected"))!;
    expect(mail.subject).toBe("Vaš oglas nije objavljen");
    expect(mail.body).toContain("Razlog: Fotografije nedostaju, nejasne su ili nisu ove nekretnine");
    expect(mail.body).toContain(`Napomena moderatora: ${words}`);
    expect(mail.body).toContain(`https://kvadrat.test/sr/listing/edit/${id}/`);
  });

  it("English when the owner's language is not known; words only, or a code only", async () => {
    const en = await owner("en");
    await env.DB.prepare("UPDATE users SET locale = NULL WHERE id = ?").bind(en.id).run();
    const coded = await pending(en);
    await decide(coded, "reject", { code: "unavailable" });
    const first = (await latest(en.email, "listing_rejected"))!;
    expect(first.subject).toBe("Your listing was not published");
    expect(first.body).toContain("Reason: The property is no longer available");
    expect(first.body).not.toContain("note");
    expect(first.body).toContain(`https://kvadrat.test/listing/edit/${coded}/`);

    const worded = await pending(en);
    await decide(worded, "reject", { reason: "Please add the floor." });
    const second = (await latest(en.email, "listing_rejected"))!;
    expect(second.body).toContain(`No. ${worded}`);
    expect(second.body).toContain("The moderator's note: Please add the floor.");
    expect(second.body).not.toContain("Reason:");
  });

  it("carries the unsubscribe links of the listing_updates list, and is not sent once the owner left it", async () => {
    const en = await owner("en");
    const first = await pending(en);
    expect((await decide(first, "approve")).status).toBe(200);
    const mail = (await latest(en.email, "listing_approved"))!;
    expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const address = /^<(https:\/\/kvadrat\.test\/api\/unsubscribe\/one-click\?token=([^>]+))>$/.exec(
      mail.headers["List-Unsubscribe"]!,
    );
    expect(address).not.toBeNull();
    const token = address![2]!;
    expect(await checkUnsubscribeToken(env, token, Date.now())).toMatchObject({
      ok: true,
      userId: en.id,
      scope: { kind: "list", list: "listing_updates" },
    });
    expect(mail.body).toContain(
      `No more e-mails about your listings: https://kvadrat.test/unsubscribe/?token=${token}`,
    );
    // The mail client's one-click post leaves the list: the next decision is not e-mailed, and stands.
    const left = await call(`/api/unsubscribe/one-click?token=${token}`, {
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      sameOrigin: false,
    });
    expect(left.status).toBe(200);
    const second = await pending(en);
    expect((await decide(second, "reject", { code: "price" })).status).toBe(200);
    expect(await latest(en.email, "listing_rejected")).toBeUndefined();
    expect((await listingRow(second))!.status).toBe("rejected");
  });

  it("is not sent to an owner without a confirmed e-mail; the decision stands", async () => {
    const phoneOnly = await signUpByPhone();
    const id = await pending({ jar: phoneOnly.jar, ip: phoneOnly.ip, id: phoneOnly.user.id, email: "" });
    expect((await decide(id, "approve")).status).toBe(200);
    expect((await listingRow(id))!.status).toBe("active");
  });
});

describe("users.locale", () => {
  const localeOf = (id: number) =>
    env.DB.prepare("SELECT locale FROM users WHERE id = ?")
      .bind(id)
      .first<{ locale: string | null }>()
      .then((r) => r!.locale);

  it("is the language of the last sign-in: password, registration, the sign-in page", async () => {
    const person = await owner("ru");
    expect(await localeOf(person.id)).toBe("ru");
    const row = await env.DB.prepare("SELECT email FROM users WHERE id = ?").bind(person.id).first<{ email: string }>();
    const again = await call("/api/auth/login?locale=sr", {
      body: { login: row!.email, password: "owner-password-2026" },
      ip: uniqueIp(),
    });
    expect(again.status).toBe(200);
    expect(await localeOf(person.id)).toBe("sr");

    // Registered without a language preference: the default.
    expect(await localeOf(user.user.id)).toBe("en");

    // The page's form posts in-process in the page's language.
    const signIn = await post("/ru/auth/", {
      mode: "signin",
      via: "email",
      intent: "login",
      identity: row!.email,
      password: "owner-password-2026",
      next: "/ru/cabinet/",
    });
    expect(signIn.status).toBe(302);
    expect(await localeOf(person.id)).toBe("ru");
  });
});

describe("the queue page /admin/moderation/", () => {
  /** A card of the page by its listing's id. */
  const card = (html: string, id: number) =>
    new RegExp(`<article[^>]*data-id="${id}"[\\s\\S]*?</article>`).exec(html)?.[0];

  it("is the 404 page for users who are not admins; guests sign in first", async () => {
    expect((await page("/admin/moderation/", user.jar)).status).toBe(404);
    expect((await page("/sr/admin/moderation/", seller.jar, "sr")).status).toBe(404);
    const guest = await page("/admin/moderation/");
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toBe(`/?auth=signin&next=${encodeURIComponent("/admin/moderation/")}`);
    const id = await pending(seller);
    expect((await post("/admin/moderation/", { id: String(id), intent: "approve" }, { jar: user.jar })).status).toBe(
      404,
    );
    expect((await listingRow(id))!.status).toBe("pending");
  });

  it.each([
    ["en", "", "Moderation queue", "Approve and publish", "Reported", "a guest: does not count towards hiding"],
    [
      "ru",
      "/ru",
      "Очередь модерации",
      "Одобрить и опубликовать",
      "Есть жалобы",
      "гость: не учитывается при снятии с сайта",
    ],
    ["sr", "/sr", "Red za moderaciju", "Odobri i objavi", "Prijavljen", "gost: ne računa se za sklanjanje sa sajta"],
  ])(
    "shows the cards in %s: facts, reports, the duplicate, the decision; not indexed",
    async (locale, prefix, ...words) => {
      const address = `Resavska ${Math.floor(Math.random() * 1e6)}`;
      // One price for the three: the low-price signal, which depends on the medians every test's listings
      // move, puts all three in the same part of the queue, so only their submission orders them.
      const price = 34_567;
      const original = await pending(seller, price, address);
      const copy = await pending(seller, price, address);
      await setSubmitted(original, 10);
      await setSubmitted(copy, 11);
      const { id: reported } = await published(seller, price);
      await call(`/api/realty/${reported}/report`, { body: { reason: "fake", text: "No such flat" }, ip: uniqueIp() });
      await env.DB.prepare("UPDATE listings SET status = 'pending', submitted_at = 12 WHERE id = ?")
        .bind(reported)
        .run();

      const res = await page(`${prefix}/admin/moderation/`, admin, locale);
      expect(res.status).toBe(200);
      const html = await res.text();
      const [heading, approve, badge, guest] = words;
      expect(html).toContain(`<h1>${heading}</h1>`);
      expect(html).toContain('name="robots" content="noindex, nofollow"');

      const first = card(html, original)!;
      expect(first).toContain(`href="${prefix}/admin/listing/preview/${original}/"`);
      expect(first).toContain(address);
      expect(first).toContain(approve);
      expect(first).toMatch(/<form[^>]*method="post"/);
      expect(first).toContain('name="intent" value="approve"');
      expect(first).toContain('name="intent" value="reject"');
      expect(first).toMatch(/<select[^>]*name="code"/);
      expect(first).toContain('<option value="photos">');
      expect(first).toMatch(/<textarea[^>]*name="reason"/);
      // Each names the other as its likely copy, linking to its admin preview.
      const duplicate = /data-testid="moderation-duplicate"[\s\S]*?<\/p>/.exec(card(html, copy)!)![0];
      expect(duplicate).toContain(`href="${prefix}/admin/listing/preview/${original}/"`);

      const flagged = card(html, reported)!;
      expect(flagged).toContain(badge);
      expect(flagged).toContain("No such flat");
      expect(flagged).toContain(guest);
      // Oldest first.
      expect(html.indexOf(`data-id="${original}"`)).toBeLessThan(html.indexOf(`data-id="${copy}"`));
      expect(html.indexOf(`data-id="${copy}"`)).toBeLessThan(html.indexOf(`data-id="${reported}"`));
    },
  );

  it("approves by a plain form post: back to the queue with a confirmation, the card gone", async () => {
    const id = await pending(seller);
    await setSubmitted(id, 1);
    const res = await post(
      "/ru/admin/moderation/",
      { id: String(id), intent: "approve", redirect: "1" },
      { jar: admin },
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/ru/admin/moderation/?done=approved&id=${id}`);
    expect((await listingRow(id))!.status).toBe("active");
    const html = await (await page(res.headers.get("location")!, admin, "ru")).text();
    expect(html).toMatch(new RegExp(`role="status"[^>]*>Объявление № ${id} одобрено и опубликовано.<`));
    expect(card(html, id)).toBeUndefined();
  });

  it("rejects by a plain form post with a code and words; refuses neither, keeping the card open", async () => {
    const id = await pending(seller);
    await setSubmitted(id, 2);
    const empty = await post(
      "/admin/moderation/",
      { id: String(id), intent: "reject", code: "", reason: "", redirect: "1" },
      { jar: admin },
    );
    expect(empty.status).toBe(400);
    const invalid = card(await empty.text(), id)!;
    expect(invalid).toMatch(/<details[^>]*open=""/);
    expect(invalid).toMatch(/<textarea[^>]*aria-invalid="true"/);
    expect(invalid).toContain("Fill in this field.");

    const other = await post(
      "/admin/moderation/",
      { id: String(id), intent: "reject", code: "other", reason: "", redirect: "1" },
      { jar: admin },
    );
    expect(other.status).toBe(400);
    // The choice survives the round trip.
    expect(card(await other.text(), id)).toMatch(/<option value="other" selected="">/);
    expect((await listingRow(id))!.status).toBe("pending");

    const done = await post(
      "/admin/moderation/?page=1",
      { id: String(id), intent: "reject", code: "price", reason: "The price is per m².", redirect: "1" },
      { jar: admin },
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`/admin/moderation/?page=1&done=rejected&id=${id}`);
    expect(await listingRow(id)).toMatchObject({
      status: "rejected",
      rejection_code: "price",
      rejection_reason: "The price is per m².",
    });
    const html = await (await page(done.headers.get("location")!, admin)).text();
    expect(html).toContain(`Listing No. ${id} is rejected; its owner has been told why.`);
  });

  it("answers a decision on a listing decided meanwhile without a change, in place", async () => {
    const id = await pending(seller);
    expect((await decide(id, "approve")).status).toBe(200);
    const res = await post("/admin/moderation/", { id: String(id), intent: "reject", code: "rules" }, { jar: admin });
    expect(res.status).toBe(409);
    expect((await listingRow(id))!.status).toBe("active");
  });

  it("finds a listing by its number: the one waiting alone, or says it does not wait and links to it", async () => {
    const waiting = await pending(seller);
    const api = await (await queue(`?id=${waiting}`)).json<Paged<ApiModerationItem>>();
    expect(api.items.map((item) => item.id)).toEqual([waiting]);
    expect(api.total).toBe(1);

    const found = await (await page(`/admin/moderation/?listing=%23${waiting}`, admin)).text();
    expect(found).toContain(`Listing ${waiting} is waiting for review:`);
    expect([...found.matchAll(/data-testid="moderation-item"/g)]).toHaveLength(1);
    expect(card(found, waiting)).toBeDefined();

    const { id: live } = await published(seller);
    const none = await queue(`?id=${live}`);
    expect(none.status, await none.clone().text()).toBe(200);
    expect((await none.json<Paged<ApiModerationItem>>()).items).toEqual([]);
    const ru = await (await page(`/ru/admin/moderation/?listing=${live}`, admin, "ru")).text();
    expect(ru).toContain(`Объявление ${live} не ждёт проверки.`);
    expect(/moderation-found[\s\S]*?<\/p>/.exec(ru)?.[0]).toContain(`<a href="/ru/admin/listings/${live}/"`);
    expect(ru).not.toContain('data-testid="moderation-empty"');

    const wrong = await (await page("/sr/admin/moderation/?listing=kuca", admin, "sr")).text();
    expect(wrong).toContain("Unesite broj oglasa, na primer 1234.");
    expect(wrong).toContain('aria-invalid="true"');
  });

  it("pages the queue and says when it is empty", async () => {
    const total = (await (await queue()).json<Paged<ApiModerationItem>>()).total;
    const html = await (await page("/admin/moderation/", admin)).text();
    expect(html).toMatch(/data-testid="moderation-item"/);
    if (total > MODERATION_PER_PAGE) {
      expect(html).toContain('href="/admin/moderation/?page=2"');
      expect((await page("/admin/moderation/?page=2", admin)).status).toBe(200);
    }
    expect((await page("/admin/moderation/?page=abc", admin)).status).toBe(404);

    // Everything decided: the empty state (the waiting listings are put back afterwards).
    const waiting = await env.DB.prepare("SELECT id FROM listings WHERE status = 'pending'").all<{ id: number }>();
    const ids = waiting.results.map((r) => r.id);
    await env.DB.prepare("UPDATE listings SET status = 'draft' WHERE status = 'pending'").run();
    // Open reports of public listings too (marked to be reopened).
    await env.DB.prepare("UPDATE listing_reports SET resolved_at = -1 WHERE resolved_at IS NULL").run();
    try {
      const none = await (await page("/sr/admin/moderation/", admin, "sr")).text();
      expect(none).toContain('data-testid="moderation-empty"');
      expect(none).toContain("Nema oglasa koji čekaju proveru.");
      expect(none).not.toContain('data-testid="moderation-item"');
    } finally {
      for (const id of ids) await env.DB.prepare("UPDATE listings SET status = 'pending' WHERE id = ?").bind(id).run();
      await env.DB.prepare("UPDATE listing_reports SET resolved_at = NULL WHERE resolved_at = -1").run();
    }
  });
});
