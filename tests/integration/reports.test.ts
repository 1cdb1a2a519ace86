/**
 * Reports of public listings (decisions 038 and 047): `POST /api/realty/{id}/report` from
 * guests and signed-in visitors, its refusals (bad input, own listing, a listing that is not public, the
 * rate limits), one open report per reporter, who may take a listing off the site (independent, established
 * reporters; never guests, accounts without a verified phone, fresh accounts, one network's accounts or
 * reporters a moderator overruled), the owner's e-mail, a moderator's approval bringing the listing back;
 * the report page `/listing/report/{id}/` as plain form posts.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiOwnerListing } from "#shared/api/cabinet.ts";
import {
  REPORT_HIDE_THRESHOLD,
  REPORTER_MAX_OVERRULED,
  REPORTER_MIN_ACCOUNT_DAYS,
  REPORTS_PER_IP_PER_HOUR,
  REPORTS_PER_USER_PER_HOUR,
} from "#shared/constants.ts";
import { ORIGIN } from "#tests/fixtures/requests.ts";
import {
  call,
  errorOf,
  Jar,
  lastCode,
  outbox,
  signUpByPhone,
  type SignedIn,
  uniqueEmail,
  uniqueIp,
} from "./auth-fixtures.ts";
import {
  adminJar,
  draft,
  established,
  listingRow,
  owner,
  type Owner,
  page,
  pending,
  post,
  published,
} from "./moderation-fixtures.ts";

let seller: Owner;
let visitor: SignedIn;

/** Reporters enough to hide a listing, each of its own network. */
const enoughReporters = async () => {
  const reporters: SignedIn[] = [];
  for (let i = 0; i < REPORT_HIDE_THRESHOLD; i++) reporters.push(await established());
  return reporters;
};

/** Each reporter reports the listing fake, from an address of its own unless `ips` are given. */
async function reportAll(id: number, reporters: SignedIn[], ips: string[] = []) {
  for (const [i, reporter] of reporters.entries()) {
    const res = await report(id, { reason: i % 2 ? "sold" : "fake" }, { jar: reporter.jar, ip: ips[i] });
    expect(res.status, `reporter ${i + 1}`).toBe(200);
  }
}

/** A new account registered by e-mail code (no phone) from `ip`. */
async function emailAccount(ip: string): Promise<Jar> {
  const email = uniqueEmail();
  expect((await call("/api/user/register/email", { body: { email, name: "Mail" }, ip })).status).toBe(202);
  const jar = new Jar();
  const res = await call("/api/user/register/email/verify", {
    body: { email, code: await lastCode(email), remember_me: false },
    jar,
    ip,
  });
  expect(res.status).toBe(201);
  return jar;
}

const report = (id: number | string, body: unknown, options: { ip?: string; jar?: SignedIn["jar"] } = {}) =>
  call(`/api/realty/${id}/report`, { body, ip: options.ip ?? uniqueIp(), jar: options.jar });

const openReports = (id: number) =>
  env.DB.prepare(
    "SELECT reporter, user_id, reason, text FROM listing_reports WHERE listing_id = ? AND resolved_at IS NULL",
  )
    .bind(id)
    .all<{ reporter: string; user_id: number | null; reason: string; text: string | null }>()
    .then((r) => r.results);

/** Whether a listing is anywhere a visitor finds listings: its page, the API, search, the sitemap. */
async function isPublic(id: number, path: string) {
  const detail = (await page(path)).status;
  const api = (await call(`/api/realty/${id}`)).status;
  const byIds = await call("/api/realty-by-ids", { body: { ids: [id] } });
  const found = (await byIds.json<{ items: { id: number }[] }>()).items.some((item) => item.id === id);
  const sitemap = await (await SELF.fetch(`${ORIGIN}/sitemaps/listings-1.xml`)).text();
  const mapped = sitemap.includes(`/${id}/</loc>`);
  const states = [detail === 200, api === 200, found, mapped];
  // All or nothing: a listing is never half public.
  expect(new Set(states).size, `${id}: ${JSON.stringify({ detail, api, found, mapped })}`).toBe(1);
  return states[0]!;
}

beforeAll(async () => {
  seller = await owner();
  visitor = await signUpByPhone({ name: "Posetilac" });
});

describe("POST /api/realty/{id}/report", () => {
  it("refuses bad input naming the fields", async () => {
    const { id } = await published(seller);
    const cases: [unknown, Record<string, string>][] = [
      [{}, { reason: "validation.required" }],
      [{ reason: "spam" }, { reason: "validation.choice" }],
      [{ reason: "other" }, { text: "validation.required" }],
      [{ reason: "other", text: "  " }, { text: "validation.required" }],
      [{ reason: "sold", text: "x".repeat(1001) }, { text: "validation.tooLong" }],
      [{ reason: "sold", text: 5 }, { text: expect.any(String) as unknown as string }],
    ];
    for (const [body, fields] of cases) {
      const res = await report(id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe("invalid_input");
      expect(error.fields).toEqual(fields);
    }
    const badId = await report("abc", { reason: "sold" });
    expect(badId.status).toBe(400);
    expect((await errorOf(badId)).fields).toEqual({ id: "validation.format" });
    expect(await openReports(id)).toEqual([]);
  });

  it("takes a guest's report, keyed by a hash of the address, and a signed-in visitor's by account", async () => {
    const { id } = await published(seller);
    const ip = uniqueIp();
    const res = await report(id, { reason: "wrong_price", text: "  Listed at half the price elsewhere  " }, { ip });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { reported: true } });
    const signedIn = await report(id, { reason: "other", text: "Agency fee not mentioned" }, { jar: visitor.jar });
    expect(signedIn.status).toBe(200);

    const rows = await openReports(id);
    expect(rows).toHaveLength(2);
    const guest = rows.find((r) => r.user_id === null)!;
    expect(guest.reporter).toMatch(/^ip:[0-9a-f]{64}$/);
    expect(guest.reporter).not.toContain(ip);
    expect(guest).toMatchObject({ reason: "wrong_price", text: "Listed at half the price elsewhere" });
    expect(rows.find((r) => r.user_id !== null)).toEqual({
      reporter: `user:${visitor.user.id}`,
      user_id: visitor.user.id,
      reason: "other",
      text: "Agency fee not mentioned",
    });
  });

  it("refuses the owner's report of their own listing (409)", async () => {
    const { id } = await published(seller);
    const res = await report(id, { reason: "sold" }, { jar: seller.jar });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("own_listing");
    expect(await openReports(id)).toEqual([]);
  });

  it("answers a listing that is not public exactly like a missing one (404)", async () => {
    const draftId = await draft(seller);
    const pendingId = await pending(seller);
    const rejectedId = await pending(seller);
    const admin = await adminJar();
    expect(
      (await call(`/api/admin/realty/${rejectedId}/reject`, { body: { code: "photos" }, jar: admin })).status,
    ).toBe(200);
    const missing = await report(999_999_999, { reason: "sold" });
    expect(missing.status).toBe(404);
    const expected = await missing.json();
    for (const id of [draftId, pendingId, rejectedId]) {
      const res = await report(id, { reason: "sold" });
      expect(res.status, String(id)).toBe(404);
      expect(await res.json()).toEqual(expected);
      // The owner too learns nothing else.
      expect((await report(id, { reason: "sold" }, { jar: seller.jar })).status).toBe(404);
    }
  });

  it("limits one address to REPORTS_PER_IP_PER_HOUR reports an hour (429 with Retry-After)", async () => {
    const ip = uniqueIp();
    const listings = await Promise.all([published(seller), published(seller)]);
    for (let i = 0; i < REPORTS_PER_IP_PER_HOUR; i++) {
      const res = await report(listings[i % 2]!.id, { reason: "wrong_price" }, { ip });
      expect(res.status, `report ${i + 1}`).toBe(200);
    }
    const refused = await report(listings[0]!.id, { reason: "wrong_price" }, { ip });
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).code).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await report(listings[0]!.id, { reason: "wrong_price" })).status).toBe(200);
  });

  it("limits one account to REPORTS_PER_USER_PER_HOUR reports an hour from any address", async () => {
    const reporter = await signUpByPhone();
    const { id } = await published(seller);
    for (let i = 0; i < REPORTS_PER_USER_PER_HOUR; i++) {
      expect((await report(id, { reason: "wrong_price" }, { jar: reporter.jar })).status).toBe(200);
    }
    const refused = await report(id, { reason: "wrong_price" }, { jar: reporter.jar });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
  });

  it("keeps one open report per reporter: a repeat answers 200 and is not counted again", async () => {
    const { id } = await published(seller);
    const ip = uniqueIp();
    for (const reason of ["sold", "sold", "fake"]) {
      expect((await report(id, { reason }, { ip })).status).toBe(200);
    }
    expect((await report(id, { reason: "sold" }, { jar: visitor.jar })).status).toBe(200);
    expect((await report(id, { reason: "fake" }, { jar: visitor.jar })).status).toBe(200);
    const rows = await openReports(id);
    expect(rows.map((r) => r.reason).sort()).toEqual(["sold", "sold"]);
    // Two people, below the threshold: still public.
    expect((await listingRow(id))!.status).toBe("active");
  });
});

// Each test signs several accounts up.
describe("the hide threshold", { timeout: 30_000 }, () => {
  // An owner of its own: these tests publish more listings than one owner may start in a day.
  let seller: Owner;
  beforeAll(async () => {
    seller = await owner();
  });

  it(`${REPORT_HIDE_THRESHOLD} independent, established reporters of sold or fake take the listing off the site at once`, async () => {
    const { id, path } = await published(seller);
    expect(await isPublic(id, path)).toBe(true);
    const reporters = await enoughReporters();
    await reportAll(id, reporters.slice(0, -1));
    expect(await isPublic(id, path)).toBe(true);
    const before = Date.now();
    await reportAll(id, reporters.slice(-1));

    const row = (await listingRow(id))!;
    expect(row.status).toBe("pending");
    expect(row.hidden_at).toBeGreaterThanOrEqual(before);
    expect(row.submitted_at).toBe(row.hidden_at);
    expect(await isPublic(id, path)).toBe(false);
    const event = await env.DB.prepare(
      "SELECT status, actor_id, reason FROM listing_events WHERE listing_id = ? ORDER BY id DESC LIMIT 1",
    )
      .bind(id)
      .first();
    expect(event).toEqual({ status: "pending", actor_id: null, reason: "reported" });
    // Hidden, it is not public: a further report is a 404 like any other.
    expect((await report(id, { reason: "fake" })).status).toBe(404);

    // The admin approves: public again, the reports closed.
    const approved = await call(`/api/admin/realty/${id}/approve`, { body: {}, jar: await adminJar() });
    expect(approved.status).toBe(200);
    const after = (await listingRow(id))!;
    expect(after).toMatchObject({ status: "active", hidden_at: null });
    expect(await isPublic(id, path)).toBe(true);
    expect(await openReports(id)).toEqual([]);
    const closed = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM listing_reports WHERE listing_id = ? AND resolved_at IS NOT NULL",
    )
      .bind(id)
      .first<{ n: number }>();
    expect(closed!.n).toBe(REPORT_HIDE_THRESHOLD);
  });

  it("tells the owner in their language that the listing is off the site for review, and why; the cabinet says so", async () => {
    const sr = await owner("sr");
    const { id } = await published(sr);
    await reportAll(id, await enoughReporters());
    expect((await listingRow(id))!.status).toBe("pending");
    const mails = (await outbox(sr.email)).filter((m) => m.purpose === "listing_hidden");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Vaš oglas je sklonjen sa sajta dok ga moderator ne proveri");
    expect(mails[0]!.body).toContain(`br. ${id}`);
    expect(mails[0]!.body).toContain("– Lažan je: nekretnina ne postoji ili nije u ponudi");
    expect(mails[0]!.body).toContain("– Već je prodat ili izdat");
    expect(mails[0]!.body).toContain("https://kvadrat.test/sr/cabinet/");
    // Reporters are not named.
    expect(mails[0]!.body).not.toMatch(/\+381/);

    const cabinet = await call("/api/cabinet/realties/active", {
      body: { tab: "moderation", page: 1, per_page: 50 },
      jar: sr.jar,
      ip: sr.ip,
    });
    expect(cabinet.status).toBe(200);
    const { items } = await cabinet.json<{ items: ApiOwnerListing[] }>();
    expect(items.find((item) => item.id === id)).toMatchObject({ status: "pending", hidden_by_reports: true });
  });

  it("never hides a listing on guests' reports: three addresses, or three in one IPv6 /64 (one reporter)", async () => {
    const { id, path } = await published(seller);
    for (let i = 0; i < REPORT_HIDE_THRESHOLD; i++) {
      expect((await report(id, { reason: "fake" }, { ip: `198.51.100.${10 + i}` })).status).toBe(200);
    }
    expect(await isPublic(id, path)).toBe(true);
    // Recorded for moderators, each guest once.
    expect(await openReports(id)).toHaveLength(REPORT_HIDE_THRESHOLD);

    const other = await published(seller);
    for (const ip of ["2001:db8:37:1::a", "2001:db8:37:1::b", "2001:db8:37:1:ffff::c"]) {
      expect((await report(other.id, { reason: "sold" }, { ip })).status).toBe(200);
    }
    expect(await openReports(other.id)).toHaveLength(1);
    expect(await isPublic(other.id, other.path)).toBe(true);
  });

  it("does not count accounts without a verified phone: three registered by e-mail from one address at once", async () => {
    const { id, path } = await published(seller);
    const ip = uniqueIp();
    const accounts = [await emailAccount(ip), await emailAccount(ip), await emailAccount(ip)];
    for (const [i, jar] of accounts.entries()) {
      expect((await report(id, { reason: "fake" }, { jar, ip: uniqueIp() })).status, `account ${i + 1}`).toBe(200);
    }
    expect(await openReports(id)).toHaveLength(REPORT_HIDE_THRESHOLD);
    expect(await isPublic(id, path)).toBe(true);
  });

  it(`does not count accounts younger than ${REPORTER_MIN_ACCOUNT_DAYS} days when they report, verified phones or not`, async () => {
    const { id, path } = await published(seller);
    const fresh = [await signUpByPhone(), await signUpByPhone(), await signUpByPhone()];
    await reportAll(id, fresh);
    expect(await isPublic(id, path)).toBe(true);
    // With an established reporter besides them, that is one reporter who counts, not four.
    const old = await established();
    await reportAll(id, [old]);
    expect(await isPublic(id, path)).toBe(true);
  });

  it("counts accounts signed up from one address, or reporting from one IPv6 /64, once", async () => {
    const signedUpTogether = await published(seller);
    const ip = uniqueIp();
    await reportAll(signedUpTogether.id, [await established(ip), await established(ip), await established(ip)]);
    expect(await isPublic(signedUpTogether.id, signedUpTogether.path)).toBe(true);

    const reportingTogether = await published(seller);
    await reportAll(reportingTogether.id, await enoughReporters(), [
      "2001:db8:47:2::1",
      "2001:db8:47:2::2",
      "2001:db8:47:2:8000::3",
    ]);
    expect(await isPublic(reportingTogether.id, reportingTogether.path)).toBe(true);
    // One more from a network of its own makes two independent reporters, not four.
    await reportAll(reportingTogether.id, [await established()], ["2001:db8:47:3::1"]);
    expect(await isPublic(reportingTogether.id, reportingTogether.path)).toBe(true);
  });

  it("does not hide an approved listing again on the reporters the moderator overruled, nor their networks", async () => {
    const { id, path } = await published(seller);
    const overruled = await enoughReporters();
    const ips = overruled.map(() => uniqueIp());
    await reportAll(id, overruled, ips);
    expect(await isPublic(id, path)).toBe(false);
    expect((await call(`/api/admin/realty/${id}/approve`, { body: {}, jar: await adminJar() })).status).toBe(200);

    // The same reporters again: recorded, not counted.
    await reportAll(id, overruled, ips);
    expect(await openReports(id)).toHaveLength(REPORT_HIDE_THRESHOLD);
    expect(await isPublic(id, path)).toBe(true);
    // New reporters: one of them reporting from an overruled reporter's address does not count either.
    const others = await enoughReporters();
    await reportAll(id, others, [ips[0]!]);
    expect(await isPublic(id, path)).toBe(true);
    // Independent reporters the moderator has not overruled still can.
    await reportAll(id, [await established()]);
    expect(await isPublic(id, path)).toBe(false);
  });

  it(`stops counting a reporter overruled ${REPORTER_MAX_OVERRULED} times, more often than upheld, anywhere`, async () => {
    const serial = await established();
    for (let i = 0; i < REPORTER_MAX_OVERRULED; i++) {
      const { id } = await published(seller);
      await reportAll(id, [serial]);
      // Still public, in the queue: the moderator keeps it and overrules the report (decision 085).
      expect((await call(`/api/admin/realty/${id}/approve`, { body: {}, jar: await adminJar() })).status).toBe(200);
    }
    const { id, path } = await published(seller);
    const others = await enoughReporters();
    await reportAll(id, [serial, ...others.slice(0, -1)]);
    expect(await openReports(id)).toHaveLength(REPORT_HIDE_THRESHOLD);
    expect(await isPublic(id, path)).toBe(true);
    await reportAll(id, others.slice(-1));
    expect(await isPublic(id, path)).toBe(false);
  });

  it("still counts a reporter once overruled whose other report was upheld", async () => {
    const careful = await established();
    const { id: kept } = await published(seller);
    await reportAll(kept, [careful]);
    expect((await call(`/api/admin/realty/${kept}/approve`, { body: {}, jar: await adminJar() })).status).toBe(200);
    const { id: fake } = await published(seller);
    await reportAll(fake, [careful]);
    const body = { code: "rules", reason: "A scam: asks for a deposit before any viewing." };
    expect((await call(`/api/admin/realty/${fake}/reject`, { body, jar: await adminJar() })).status).toBe(200);
    const { id, path } = await published(seller);
    const others = await enoughReporters();
    await reportAll(id, [careful, ...others.slice(0, -2)]);
    expect(await isPublic(id, path)).toBe(true);
    await reportAll(id, others.slice(-2, -1));
    expect(await isPublic(id, path)).toBe(false);
  });

  it("does not hide a listing for other reasons, however many", async () => {
    const { id, path } = await published(seller);
    const reporters = await enoughReporters();
    for (const [i, reason] of ["wrong_price", "duplicate", "wrong_price"].entries()) {
      expect((await report(id, { reason }, { jar: reporters[i]!.jar })).status).toBe(200);
    }
    expect((await report(id, { reason: "other", text: "Strange listing" })).status).toBe(200);
    expect((await listingRow(id))!.status).toBe("active");
    expect(await isPublic(id, path)).toBe(true);
  });

  it("counts one reporter once, however often they report", async () => {
    const { id } = await published(seller);
    const [one, two] = await enoughReporters();
    for (let i = 0; i < REPORT_HIDE_THRESHOLD + 1; i++) {
      expect((await report(id, { reason: "fake" }, { jar: one!.jar, ip: uniqueIp() })).status).toBe(200);
    }
    expect((await report(id, { reason: "sold" }, { jar: two!.jar })).status).toBe(200);
    expect((await listingRow(id))!.status).toBe("active");
  });
});

describe("the report page /listing/report/{id}/", () => {
  it.each([
    ["en", "", "Report a listing", "It is already sold or rented"],
    ["ru", "/ru", "Пожаловаться на объявление", "Уже продано или сдано"],
    ["sr", "/sr", "Prijavi oglas", "Već je prodat ili izdat"],
  ])("shows the listing, the reasons and the form in %s, not indexed", async (locale, prefix, heading, sold) => {
    const { id, path } = await published(seller);
    const res = await page(`${prefix}/listing/report/${id}/`, undefined, locale);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(heading);
    expect(html).toContain('name="robots" content="noindex, nofollow"');
    expect(html).toContain(`href="${prefix}${path}"`);
    expect(html).toContain(sold);
    for (const reason of ["sold", "wrong_price", "fake", "duplicate", "other"]) {
      expect(html).toMatch(new RegExp(`<input[^>]*type="radio"[^>]*name="reason"[^>]*value="${reason}"`));
    }
    expect(html).toMatch(/<textarea[^>]*name="text"[^>]*maxLength="1000"/i);
    expect(html).toMatch(/<form[^>]*method="post"/);
  });

  it("is the 404 page for a listing that is not public, and for a missing one", async () => {
    const pendingId = await pending(seller);
    expect((await page(`/listing/report/${pendingId}/`)).status).toBe(404);
    expect((await page(`/listing/report/999999999/`)).status).toBe(404);
    expect((await page(`/listing/report/abc/`)).status).toBe(404);
    expect((await post(`/listing/report/${pendingId}/`, { reason: "sold" })).status).toBe(404);
  });

  it("reports by a plain form post, with field errors first", async () => {
    const { id } = await published(seller);
    const ip = uniqueIp();
    const missing = await post(`/listing/report/${id}/`, { reason: "other", text: "" }, { ip });
    expect(missing.status).toBe(400);
    const invalid = await missing.text();
    expect(invalid).toMatch(/<textarea[^>]*aria-invalid="true"/);
    expect(invalid).toContain("Fill in this field.");
    // The choice survives the round trip.
    expect(invalid).toMatch(/<input[^>]*checked=""[^>]*value="other"/);

    const none = await post(`/listing/report/${id}/`, { reason: "spam" }, { ip });
    expect(none.status).toBe(400);
    const unknown = await none.text();
    expect(unknown).toContain("Choose one of the offered options.");
    expect(unknown).toMatch(/<fieldset[^>]*aria-describedby="report-reason-error"/);

    const done = await post(`/sr/listing/report/${id}/`, { reason: "sold", text: "Prodat prošle nedelje" }, { ip });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Hvala, moderator će ga pogledati.");
    expect(await openReports(id)).toEqual([
      expect.objectContaining({ reason: "sold", text: "Prodat prošle nedelje", user_id: null }),
    ]);
  });

  it("tells the owner they cannot report their own listing, and a busy address to wait", async () => {
    const { id } = await published(seller);
    const mine = await (await page(`/listing/report/${id}/`, seller.jar)).text();
    expect(mine).toContain('data-testid="report-own"');
    expect(mine).not.toContain('data-testid="report-form"');
    const own = await post(`/listing/report/${id}/`, { reason: "sold" }, { jar: seller.jar, ip: seller.ip });
    expect(own.status).toBe(409);
    expect(await own.text()).toContain("This is your own listing");

    const ip = uniqueIp();
    for (let i = 0; i < REPORTS_PER_IP_PER_HOUR; i++) {
      expect((await report(id, { reason: "wrong_price" }, { ip })).status).toBe(200);
    }
    const busy = await post(`/ru/listing/report/${id}/`, { reason: "sold" }, { ip });
    expect(busy.status).toBe(429);
    expect(await busy.text()).toContain("Вы отправили много жалоб за короткое время.");
  });
});
