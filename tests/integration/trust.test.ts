/**
 * Trust in numbers (decision 089): `GET /api/trust` and `/trust/` from controlled data — the public
 * listings with known confirmation times, take-downs after reports and moderators' decisions at the
 * 7- and 30-day edges, the empty case — and the history of decisions migration 0043 keeps as the
 * moderation code writes it (each submission of a listing again, changes to a public one).
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiTrustFigures } from "#shared/api/trust.ts";
import { BROWSER_UA, ORIGIN } from "#tests/fixtures/requests.ts";
import { call, type Jar, uniqueIp } from "./auth-fixtures.ts";
import { adminJar, draft, owner, type Owner, published } from "./moderation-fixtures.ts";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** The request clock of the figures' tests: far past everything the seed and the other tests wrote. */
const NOW = Date.UTC(2031, 0, 15, 12);

async function figures(now = NOW): Promise<ApiTrustFigures> {
  const res = await call("/api/trust", { now });
  expect(res.status).toBe(200);
  return (await res.json<{ data: ApiTrustFigures }>()).data;
}

/** `/trust/` as a browser without JavaScript gets it, on the tests' clock. */
async function trustPage(locale: "en" | "ru" | "sr" = "en", now = NOW) {
  const prefix = locale === "en" ? "" : `/${locale}`;
  const res = await SELF.fetch(`${ORIGIN}${prefix}/trust/`, {
    headers: {
      "user-agent": BROWSER_UA,
      "accept-language": locale,
      cookie: `locale=${locale}`,
      "x-debug-now": String(now),
    },
  });
  expect(res.status).toBe(200);
  return res.text();
}

/** The text of one figure's group on the page (`data-figure`), tags dropped. */
function figureText(html: string, id: string) {
  const match = new RegExp(`<div[^>]*data-figure="${id}"[^>]*>([\\s\\S]*?)</div>`).exec(html);
  return match
    ? match[1]!
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .trim()
    : null;
}

/** Listings of the seed to give controlled states, every public one of the seed taken off first. */
let ids: number[];
/** A person to name as the actor of events: an owner's submission, a moderator's decision. */
let person: number;

beforeAll(async () => {
  await env.DB.prepare("UPDATE listings SET status = 'archived' WHERE status = 'active'").run();
  const { results } = await env.DB.prepare(
    "SELECT id FROM listings WHERE deleted_at IS NULL AND staff_hidden_at IS NULL ORDER BY id LIMIT 24",
  ).all<{ id: number }>();
  ids = results.map((row) => row.id);
  expect(ids).toHaveLength(24);
  person = (await env.DB.prepare("SELECT id FROM users ORDER BY id LIMIT 1").first<{ id: number }>())!.id;
});

/** Puts a seeded listing in a state: public unless said otherwise. */
function setListing(
  id: number,
  values: {
    confirmed_at: number | null;
    published_at?: number;
    unconfirmed_at?: number;
    deleted_at?: number;
    status?: string;
  },
) {
  return env.DB.prepare(
    `UPDATE listings SET status = ?2, confirmed_at = ?3, published_at = ?4, unconfirmed_at = ?5, deleted_at = ?6
     WHERE id = ?1`,
  )
    .bind(
      id,
      values.status ?? "active",
      values.confirmed_at,
      values.published_at ?? NOW - 60 * DAY,
      values.unconfirmed_at ?? null,
      values.deleted_at ?? null,
    )
    .run();
}

const event = (listingId: number, status: string, actorId: number | null, reason: string | null, at: number) =>
  env.DB.prepare("INSERT INTO listing_events (listing_id, status, actor_id, reason, created_at) VALUES (?, ?, ?, ?, ?)")
    .bind(listingId, status, actorId, reason, at)
    .run();

const report = (
  listingId: number,
  resolvedAt: number,
  overruled: 0 | 1,
  reporter = `test:${listingId}:${resolvedAt}`,
) =>
  env.DB.prepare(
    `INSERT INTO listing_reports (listing_id, reporter, reason, created_at, resolved_at, overruled)
     VALUES (?, ?, 'fake', ?, ?, ?)`,
  )
    .bind(listingId, reporter, resolvedAt - DAY, resolvedAt, overruled)
    .run();

describe("GET /api/trust", () => {
  it("with nothing to count says so: no share, no medians, no take-downs, as of its clock", async () => {
    const data = await figures();
    expect(data).toMatchObject({
      confirmed_7d_share: null,
      median_days_since_confirmation: null,
      taken_down_after_reports_30d: 0,
      median_hours_to_moderation: null,
      as_of: new Date(NOW).toISOString(),
      active_listings: 0,
      confirmed_7d: 0,
      moderation_decisions_30d: 0,
      confirmed_days: 7,
      window_days: 30,
    });
    const html = await trustPage();
    expect(figureText(html, "confirmed")).toContain("Not enough data yet");
    expect(figureText(html, "moderation")).toContain("Not enough data yet");
    expect(figureText(html, "moderation")).not.toMatch(/\b0 hours\b/);
    expect(figureText(html, "reports")).toMatch(/^Listings taken down after reports in the last 30 days 0 /);
  });

  it("counts the public listings confirmed in the last 7 days (the edge inside) and their median age", async () => {
    const [a, b, c, d, e, f, g, h, unconfirmed, deleted, pending] = ids;
    await setListing(a!, { confirmed_at: NOW - 0.5 * DAY });
    await setListing(b!, { confirmed_at: NOW - 2 * DAY });
    await setListing(c!, { confirmed_at: NOW - 7 * DAY });
    await setListing(d!, { confirmed_at: NOW - 7 * DAY - 1 });
    await setListing(e!, { confirmed_at: NOW - 11 * DAY });
    // Never confirmed: last known on offer when it was published.
    await setListing(f!, { confirmed_at: null, published_at: NOW - 13 * DAY });
    await setListing(g!, { confirmed_at: NOW - 16 * DAY });
    await setListing(h!, { confirmed_at: NOW - 30 * DAY });
    // Not public: hidden for want of a confirmation, deleted, waiting for review — each would move a figure.
    await setListing(unconfirmed!, { confirmed_at: NOW - DAY, unconfirmed_at: NOW - DAY });
    await setListing(deleted!, { confirmed_at: NOW - DAY, deleted_at: NOW - DAY });
    await setListing(pending!, { confirmed_at: NOW - DAY, status: "pending" });

    const data = await figures();
    expect(data.active_listings).toBe(8);
    expect(data.confirmed_7d).toBe(3);
    expect(data.confirmed_7d_share).toBe(0.375);
    // The two middle ages of eight, averaged: (7 days and 1 ms + 11 days) / 2.
    expect(data.median_days_since_confirmation).toBe(9);

    const html = await trustPage();
    expect(figureText(html, "confirmed")).toContain("38%");
    expect(figureText(html, "confirmed")).toContain("3 of 8 listings on the site");
    expect(figureText(html, "age")).toContain("9 days");
    expect(await trustPage("ru")).toContain("9 дней");
    expect(await trustPage("sr")).toContain("9 dana");
  });

  it("counts each listing taken down after reports in the last 30 days once; the day 30 days ago is out", async () => {
    const [, , , , , , , , , , , hidden, edgeOut, edgeIn, upheld, overruled, future] = ids;
    // Hidden by reports, then rejected by a moderator upholding them: one listing.
    await event(hidden!, "pending", null, "reported", NOW - DAY);
    await report(hidden!, NOW - DAY + HOUR, 0);
    await event(edgeOut!, "pending", null, "reported", NOW - 30 * DAY);
    await event(edgeIn!, "pending", null, "reported", NOW - 30 * DAY + 1);
    // Two reports a moderator upheld on one listing: one listing.
    await report(upheld!, NOW - 2 * DAY, 0, "a");
    await report(upheld!, NOW - 2 * DAY, 0, "b");
    // Reports a moderator overruled took nothing down.
    await report(overruled!, NOW - DAY, 1);
    await event(future!, "pending", null, "reported", NOW + 1);
    await report(future!, NOW + 1, 0);
    // An owner's own submission is no report.
    await event(overruled!, "pending", person, null, NOW - DAY);

    const data = await figures();
    expect(data.taken_down_after_reports_30d).toBe(3);
    expect(data.hidden_by_reports_30d).toBe(2);
    expect(data.upheld_by_moderators_30d).toBe(2);
    expect(figureText(await trustPage(), "reports")).toContain(
      "hidden at once by several independent reports, 2; removed by a moderator who agreed with a report, 2",
    );
  });

  it("takes the median wait over the decisions of the last 30 days on what owners sent", async () => {
    const [, , , , , , , , , , , , , , , , , one, two, three, reported, old, later] = ids;
    // Sent and decided in the window: 2 h; rejected after 4 h, sent again, approved after 10 h.
    await event(one!, "pending", person, null, NOW - 3 * DAY);
    await event(one!, "active", person, null, NOW - 3 * DAY + 2 * HOUR);
    await event(two!, "pending", person, null, NOW - 5 * DAY);
    await event(two!, "rejected", person, "photos", NOW - 5 * DAY + 4 * HOUR);
    await event(two!, "pending", person, null, NOW - 4 * DAY);
    await event(two!, "active", person, null, NOW - 4 * DAY + 10 * HOUR);
    // Decided just inside the window (sent before it): 1 h.
    await event(three!, "pending", person, null, NOW - 30 * DAY + 1 - HOUR);
    await event(three!, "active", person, null, NOW - 30 * DAY + 1);
    // Not in the figure: a listing reports hid (not sent by its owner), a decision exactly 30 days ago,
    // one after the clock.
    await event(reported!, "pending", null, "reported", NOW - 10 * DAY);
    await event(reported!, "active", person, null, NOW - 10 * DAY + 100 * HOUR);
    await event(old!, "pending", person, null, NOW - 30 * DAY - 100 * HOUR);
    await event(old!, "rejected", person, "rules", NOW - 30 * DAY);
    await event(later!, "pending", person, null, NOW - HOUR);
    await event(later!, "active", person, null, NOW + 100 * HOUR);

    const kinds = await env.DB.prepare(
      `SELECT kind, outcome, decided_at - submitted_at AS wait FROM moderation_decisions
       WHERE listing_id IN (?, ?, ?) ORDER BY id`,
    )
      .bind(two, reported, old)
      .all<{ kind: string; outcome: string; wait: number }>();
    expect(kinds.results).toEqual([
      { kind: "listing", outcome: "rejected", wait: 4 * HOUR },
      { kind: "listing", outcome: "approved", wait: 10 * HOUR },
      { kind: "reported", outcome: "approved", wait: 100 * HOUR },
      { kind: "listing", outcome: "rejected", wait: 100 * HOUR },
    ]);

    const data = await figures();
    expect(data.moderation_decisions_30d).toBe(4);
    // 1, 2, 4 and 10 hours: the middle two averaged.
    expect(data.median_hours_to_moderation).toBe(3);
    expect(figureText(await trustPage(), "moderation")).toContain("3 hours");
    expect(await trustPage("ru")).toContain("3 часа");
  });
});

describe("/trust/", () => {
  it("has its heading in each language and is linked from every page's footer", async () => {
    const headings = { en: "Trust in numbers", ru: "Доверие в цифрах", sr: "Poverenje u brojkama" } as const;
    for (const [locale, heading] of Object.entries(headings) as [keyof typeof headings, string][]) {
      const html = await trustPage(locale);
      expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1], locale).toBe(heading);
      expect(html).toContain('<dl class="');
      const prefix = locale === "en" ? "" : `/${locale}`;
      const about = await SELF.fetch(`${ORIGIN}${prefix}/about/`, {
        headers: { "user-agent": BROWSER_UA, "accept-language": locale, cookie: `locale=${locale}` },
      });
      const footer = (await about.text()).match(/<footer[\s\S]*<\/footer>/)?.[0] ?? "";
      expect(footer, locale).toMatch(new RegExp(`href="${prefix}/trust/"[^>]*>${heading}</a>`));
    }
  });
  it("has a payload: its figures as plain JSON", async () => {
    // A payload is loaded as a fresh visitor's request: on the real clock, not the tests'.
    const res = await SELF.fetch(`${ORIGIN}/sr/trust/_payload.json`, { headers: { "user-agent": BROWSER_UA } });
    expect(res.status).toBe(200);
    const body = await res.json<{ route: string; data: { figures: ApiTrustFigures } }>();
    expect(body.route).toBe("routes/trust");
    const api = await figures();
    expect(Object.keys(body.data.figures).sort()).toEqual(Object.keys(api).sort());
    expect(body.data.figures.active_listings).toBe(api.active_listings);
  });
});

describe("the history of moderators' decisions", () => {
  let seller: Owner;
  let admin: Jar;
  const decide = (id: number, decision: "approve" | "reject", body: unknown = {}) =>
    call(`/api/admin/realty/${id}/${decision}`, { body, jar: admin, ip: uniqueIp() });
  const decisions = (id: number) =>
    env.DB.prepare(
      "SELECT kind, outcome, submitted_at, decided_at FROM moderation_decisions WHERE listing_id = ? ORDER BY id",
    )
      .bind(id)
      .all<{ kind: string; outcome: string; submitted_at: number; decided_at: number }>()
      .then((r) => r.results);
  const pendingTimes = (id: number) =>
    env.DB.prepare("SELECT created_at FROM listing_events WHERE listing_id = ? AND status = 'pending' ORDER BY id")
      .bind(id)
      .all<{ created_at: number }>()
      .then((r) => r.results.map((row) => row.created_at));

  beforeAll(async () => {
    seller = await owner();
    admin = await adminJar();
  });

  it("keeps each submission of a listing with its own decision", async () => {
    const id = await draft(seller);
    const submit = () => call("/api/realty/edit/force", { body: { id }, jar: seller.jar, ip: seller.ip });
    expect((await submit()).status).toBe(200);
    expect((await decide(id, "reject", { code: "photos" })).status).toBe(200);
    expect((await submit()).status).toBe(200);
    expect((await decide(id, "approve")).status).toBe(200);

    const rows = await decisions(id);
    const sent = await pendingTimes(id);
    expect(rows.map((row) => [row.kind, row.outcome])).toEqual([
      ["listing", "rejected"],
      ["listing", "approved"],
    ]);
    expect(rows.map((row) => row.submitted_at)).toEqual(sent);
    for (const row of rows) expect(row.decided_at).toBeGreaterThanOrEqual(row.submitted_at);
    // The listing keeps only its last submission; the history keeps both.
    const listing = await env.DB.prepare("SELECT submitted_at FROM listings WHERE id = ?")
      .bind(id)
      .first<{ submitted_at: number }>();
    expect(listing!.submitted_at).toBe(sent[1]);
  });

  it("keeps a decision on changes to a public listing after the changes are gone", async () => {
    const { id } = await published(seller);
    const before = await decisions(id);
    const edit = await call("/api/realty/edit/description", {
      body: { id, description: "Bright two-room flat in the old town, quiet courtyard, new windows and doors." },
      jar: seller.jar,
      ip: seller.ip,
    });
    expect(edit.status).toBe(200);
    const revision = await env.DB.prepare("SELECT submitted_at FROM listing_revisions WHERE listing_id = ?")
      .bind(id)
      .first<{ submitted_at: number }>();
    expect(revision).not.toBeNull();
    expect((await decide(id, "approve")).status).toBe(200);
    const after = await decisions(id);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length)).toMatchObject([
      { kind: "changes", outcome: "approved", submitted_at: revision!.submitted_at },
    ]);
    expect(await env.DB.prepare("SELECT 1 FROM listing_revisions WHERE listing_id = ?").bind(id).first()).toBeNull();
  });
});
