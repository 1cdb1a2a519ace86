/**
 * The moderators' signals (decision 088): the queue's items carry their owner's and their own signals
 * (many places, a shared phone, a photo match, a low price), low-priced listings rise after the reported
 * ones, the person's back-office page shows the account's, and a public listing priced far under its
 * place's median shows visitors a calm warning linking to /safety/. Staff only: others get 404 (decision 057).
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { SIGNAL_LISTINGS_SQL } from "#harness/seed/signals.ts";
import type { ApiModerationItem } from "#shared/api/cabinet.ts";
import type { Paged } from "#shared/api/conventions.ts";
import type { ApiListingDetail } from "#shared/api/realty.ts";
import type { ApiSignal } from "#shared/api/signals.ts";
import type { ApiAdminUserDetail } from "#shared/api/staff.ts";
import { LOW_PRICE_MIN_SAMPLE } from "#shared/constants.ts";
import { call, type Jar, signUpByPhone } from "./auth-fixtures.ts";
import { adminJar, draft, owner, type Owner, page, pending, published } from "./moderation-fixtures.ts";

let admin: Jar;

const queueItem = async (id: number, jar?: Jar) => {
  const res = await call(`/api/admin/realty/moderation?id=${id}`, { jar: jar ?? admin });
  expect(res.status).toBe(200);
  const body = await res.json<Paged<ApiModerationItem>>();
  expect(body.items.map((item) => item.id)).toEqual([id]);
  return body.items[0]!;
};
const signal = <C extends ApiSignal["code"]>(signals: ApiSignal[], code: C) =>
  signals.find((s) => s.code === code) as Extract<ApiSignal, { code: C }> | undefined;
const codes = (signals: ApiSignal[]) => signals.map((s) => s.code);

const sqlId = async (sql: string) => (await env.DB.prepare(sql).first<{ id: number }>())!.id;
const run = (sql: string, ...args: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...args)
    .run();

/** Belgrade's districts, and the median price per m² of the city's active flats for sale (type 4). */
let districts: number[];
let cityMedian: number;
let citySample: number;

beforeAll(async () => {
  admin = await adminJar();
  const { results } = await env.DB.prepare(
    "SELECT d.id FROM districts d JOIN cities c ON c.id = d.city_id WHERE c.slug = 'beograd' ORDER BY d.id",
  ).all<{ id: number }>();
  districts = results.map((r) => r.id);
  expect(districts.length).toBeGreaterThanOrEqual(5);
});

/** The city median as the rule computes it, read independently here. */
async function beogradFlats() {
  const { results } = await env.DB.prepare(
    `SELECT price_m2 FROM listings l JOIN cities c ON c.id = l.city_id
     WHERE c.slug = 'beograd' AND l.type_id = 4 AND l.status = 'active' AND l.price_m2 IS NOT NULL ORDER BY price_m2`,
  ).all<{ price_m2: number }>();
  const n = results.length;
  const median = n % 2 ? results[(n - 1) / 2]!.price_m2 : (results[n / 2 - 1]!.price_m2 + results[n / 2]!.price_m2) / 2;
  return { n, median };
}

/** A listing of `who` moved to the city as a whole (no district): its median is Belgrade's. */
const cityWide = (id: number) => run("UPDATE listings SET district_id = NULL WHERE id = ?", id);

describe("the queue's low-price signal", () => {
  let seller: Owner;
  beforeAll(async () => {
    seller = await owner();
    ({ n: citySample, median: cityMedian } = await beogradFlats());
    expect(citySample).toBeGreaterThanOrEqual(LOW_PRICE_MIN_SAMPLE);
  });

  it("flags a price per m² under half the median, with the figures, and raises it above older submissions", async () => {
    const older = await pending(seller, 150_000);
    await cityWide(older);
    const low = await pending(seller, Math.floor(58 * cityMedian * 0.3));
    await cityWide(low);
    await run("UPDATE listings SET submitted_at = 1 WHERE id = ?", older);
    const item = await queueItem(low);
    const found = signal(item.signals, "low_price")!;
    expect(found).toMatchObject({ code: "low_price", scope: "city", sample_size: citySample });
    expect(found.median_price_m2).toBeCloseTo(cityMedian, 1);
    expect(found.price_m2).toBeCloseTo(Math.floor(58 * cityMedian * 0.3) / 58, 1);
    expect(codes((await queueItem(older)).signals)).not.toContain("low_price");

    // Page by page: the reported listings first (decision 085), then the low-priced ones, then the rest.
    const order: ApiModerationItem[] = [];
    for (let n = 1; ; n++) {
      const body = await (
        await call(`/api/admin/realty/moderation?page=${n}&per_page=50`, { jar: admin })
      ).json<Paged<ApiModerationItem>>();
      order.push(...body.items);
      if (n * 50 >= body.total) break;
    }
    const at = (id: number) => order.findIndex((i) => i.id === id);
    expect(at(low)).toBeLessThan(at(older));
    const lastReported = Math.max(
      ...order.flatMap((item, i) => (item.hidden_by_reports || item.reported_public ? [i] : [])),
    );
    expect(at(low)).toBeGreaterThan(lastReported);
    // Every low-priced item comes before every other submission.
    const lows = order.flatMap((item, i) => (signal(item.signals, "low_price") ? [i] : []));
    const firstPlain = order.findIndex((item, i) => i > lastReported && !signal(item.signals, "low_price"));
    expect(Math.max(...lows)).toBeLessThan(firstPlain);
  });

  it("a price per m² just above half the median is no signal", async () => {
    const id = await pending(seller, Math.ceil(58 * cityMedian * 0.5) + 58);
    await cityWide(id);
    expect(codes((await queueItem(id)).signals)).not.toContain("low_price");
  });

  it("refuses to flag when the district has too few listings to make a median", async () => {
    const { results } = await env.DB.prepare(
      `SELECT d.id, (SELECT COUNT(*) FROM listings l WHERE l.status = 'active' AND l.type_id = 4 AND l.district_id = d.id
          AND l.price_m2 IS NOT NULL) AS n
       FROM districts d JOIN cities c ON c.id = d.city_id WHERE c.slug = 'beograd' ORDER BY n, d.id LIMIT 1`,
    ).all<{ id: number; n: number }>();
    const thin = results[0]!;
    expect(thin.n).toBeLessThan(LOW_PRICE_MIN_SAMPLE);
    const id = await pending(seller, 1_000);
    await run("UPDATE listings SET district_id = ? WHERE id = ?", thin.id, id);
    expect(codes((await queueItem(id)).signals)).not.toContain("low_price");
  });
});

describe("the queue's photo-match signal", () => {
  it("names another advertiser's public listing holding the photos, with its public path", async () => {
    const copied = await sqlId(SIGNAL_LISTINGS_SQL.copiedPhotos);
    const original = await sqlId(SIGNAL_LISTINGS_SQL.originalPhotos);
    const item = await queueItem(copied);
    const found = signal(item.signals, "photo_match")!;
    expect(found.listing.id).toBe(original);
    expect(found.listing.path).toMatch(new RegExp(`^/(buy|rent)/[a-z-]+/[a-z-]+/${original}/$`));
    expect(found.photos).toBe(2);
  });

  it("is no signal once that listing is the same owner's", async () => {
    const copied = await sqlId(SIGNAL_LISTINGS_SQL.copiedPhotos);
    const original = await sqlId(SIGNAL_LISTINGS_SQL.originalPhotos);
    const { owner_id } = (await env.DB.prepare("SELECT owner_id FROM listings WHERE id = ?")
      .bind(original)
      .first<{ owner_id: number }>())!;
    await run(
      "UPDATE listings SET owner_id = (SELECT owner_id FROM listings WHERE id = ?) WHERE id = ?",
      copied,
      original,
    );
    try {
      expect(codes((await queueItem(copied)).signals)).not.toContain("photo_match");
    } finally {
      await run("UPDATE listings SET owner_id = ? WHERE id = ?", owner_id, original);
    }
  });
});

describe("the account signals", () => {
  it("name the other accounts behind the owner's number: blocked ones and deleted ones included", async () => {
    const seller = await owner();
    const id = await pending(seller);
    const { phone } = (await env.DB.prepare("SELECT phone FROM users WHERE id = ?")
      .bind(seller.id)
      .first<{ phone: string }>())!;
    expect(signal((await queueItem(id)).signals, "shared_phone")).toBeUndefined();

    // The fraudster's earlier account, blocked, with the same number (unverified there).
    const blocked = await signUpByPhone();
    await run(
      "UPDATE users SET phone = ?, phone_verified_at = NULL, blocked_at = 1, blocked_reason = 'fraud' WHERE id = ?",
      phone,
      blocked.user.id,
    );
    // A deleted account whose own number was cleared, its listing keeping the number as its contact.
    const gone = await owner();
    const goneListing = await draft(gone);
    await run("UPDATE listings SET phone = ?, deleted_at = 1 WHERE id = ?", phone, goneListing);
    await run("UPDATE users SET phone = NULL, deleted_at = 1 WHERE id = ?", gone.id);

    const found = signal((await queueItem(id)).signals, "shared_phone")!;
    expect(found.count).toBe(2);
    expect(found.accounts).toEqual(
      [
        { id: blocked.user.id, name: expect.any(String), blocked: true, deleted: false },
        { id: gone.id, name: expect.any(String), blocked: false, deleted: true },
      ].sort((a, b) => a.id - b.id),
    );

    // The person's page in the back office says the same, linking to the other accounts.
    const res = await call(`/api/admin/users/${seller.id}`, { jar: admin });
    expect(res.status).toBe(200);
    const { data } = await res.json<{ data: ApiAdminUserDetail }>();
    expect(signal(data.signals, "shared_phone")?.count).toBe(2);
    const html = await (await page(`/admin/users/${seller.id}/`, admin)).text();
    expect(html).toContain('data-signal="shared_phone"');
    expect(html).toContain(`href="/admin/users/${blocked.user.id}/"`);
    expect(html).toContain(`href="/admin/users/${gone.id}/"`);
  });

  it("flag a private owner with active listings in more than three places; not three; never an agency", async () => {
    const seller = await owner();
    const listings: number[] = [];
    for (let i = 0; i < 4; i++) listings.push((await published(seller)).id);
    const waiting = await pending(seller);
    const spread = async (places: number) => {
      for (const [i, id] of listings.entries()) {
        await run("UPDATE listings SET district_id = ? WHERE id = ?", districts[i % places]!, id);
      }
    };

    await spread(3);
    expect(codes((await queueItem(waiting)).signals)).not.toContain("many_places");

    await spread(4);
    expect(signal((await queueItem(waiting)).signals, "many_places")).toEqual({
      code: "many_places",
      places: 4,
      listings: 4,
    });
    const user = await (
      await call(`/api/admin/users/${seller.id}`, { jar: admin })
    ).json<{ data: ApiAdminUserDetail }>();
    expect(codes(user.data.signals)).toContain("many_places");

    await run("UPDATE users SET advertiser_type = 'agency' WHERE id = ?", seller.id);
    expect(codes((await queueItem(waiting)).signals)).not.toContain("many_places");
  });

  it("an account without signals says so on its page", async () => {
    const seller = await owner();
    const res = await call(`/api/admin/users/${seller.id}`, { jar: admin });
    expect((await res.json<{ data: ApiAdminUserDetail }>()).data.signals).toEqual([]);
    const html = await (await page(`/admin/users/${seller.id}/`, admin)).text();
    expect(html).toContain('data-testid="signals"');
    expect(html).not.toContain("data-signal=");
  });
});

describe("staff only", () => {
  it("answers the queue to moderators, the person's page to admins, and 404 to everyone else", async () => {
    const moderator = await signUpByPhone();
    await run("INSERT INTO user_roles (user_id, role, granted_at) VALUES (?, 'moderator', 0)", moderator.user.id);
    const visitor = await signUpByPhone();
    const queue = "/api/admin/realty/moderation";
    expect((await call(queue)).status).toBe(404);
    expect((await call(queue, { jar: visitor.jar })).status).toBe(404);
    const seen = await call(queue, { jar: moderator.jar });
    expect(seen.status).toBe(200);
    for (const item of (await seen.json<Paged<ApiModerationItem>>()).items)
      expect(Array.isArray(item.signals)).toBe(true);
    // The person's page (and its signals) stays the admins' (decision 057).
    const person = `/api/admin/users/${visitor.user.id}`;
    expect((await call(person)).status).toBe(404);
    expect((await call(person, { jar: visitor.jar })).status).toBe(404);
    expect((await call(person, { jar: moderator.jar })).status).toBe(404);
  });
});

describe("the public listing's price warning", () => {
  let seller: Owner;
  beforeAll(async () => {
    seller = await owner();
  });

  const detail = async (id: number) => {
    const res = await call(`/api/realty/${id}`);
    expect(res.status).toBe(200);
    return (await res.json<{ data: ApiListingDetail }>()).data;
  };

  it("gives the median it is far below, and the page shows a calm note linking to /safety/", async () => {
    const { median } = await beogradFlats();
    const { id, path } = await published(seller, Math.floor(58 * median * 0.3));
    await cityWide(id);
    const { n, median: after } = await beogradFlats();
    const data = await detail(id);
    expect(data.price_warning).toEqual({
      median_price_m2: Math.round(after * 100) / 100,
      sample_size: n,
      scope: "city",
    });
    const html = await (await page(path)).text();
    expect(html).toContain('data-testid="price-warning"');
    expect(html).toMatch(/<a href="\/safety\/">How to rent and buy safely in Serbia<\/a>/);
    const ru = await (await page(`/ru${path}`, undefined, "ru")).text();
    expect(ru).toContain('href="/ru/safety/"');
  });

  it("is null for an ordinary price, and where too few listings make a median", async () => {
    const { median } = await beogradFlats();
    const ordinary = await published(seller, Math.floor(58 * median));
    await cityWide(ordinary.id);
    expect((await detail(ordinary.id)).price_warning).toBeNull();
    const html = await (await page(ordinary.path)).text();
    expect(html).not.toContain('data-testid="price-warning"');

    const thin = await published(seller, 1_000);
    const { results } = await env.DB.prepare(
      `SELECT d.id FROM districts d JOIN cities c ON c.id = d.city_id WHERE c.slug = 'beograd'
         AND (SELECT COUNT(*) FROM listings l WHERE l.status = 'active' AND l.type_id = 4 AND l.district_id = d.id
              AND l.price_m2 IS NOT NULL) < ? ORDER BY d.id LIMIT 1`,
    )
      .bind(LOW_PRICE_MIN_SAMPLE - 1)
      .all<{ id: number }>();
    await run("UPDATE listings SET district_id = ? WHERE id = ?", results[0]!.id, thin.id);
    expect((await detail(thin.id)).price_warning).toBeNull();
  });
});
