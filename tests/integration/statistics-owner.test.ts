/**
 * Honest counters and the owner's statistics (decision 038): a view counts once per
 * visitor and listing a UTC day, bots never; a phone reveal counts itself once per account, listing and
 * day; the detail page's map link counts an open and leads on to OpenStreetMap; the owner reads the last
 * OWNER_STATS_DAYS days at `GET /api/cabinet/realties/{id}/statistics` and on `/cabinet/statistics/{id}/`.
 */
import { env } from "cloudflare:test";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ApiListingStatistics, ApiStatisticsDay } from "#shared/api/cabinet.ts";
import { OWNER_STATS_DAYS, STATISTICS_EVENTS_PER_IP_PER_HOUR } from "#shared/constants.ts";
import { generatedListingTitle } from "#shared/listing-title.ts";
import { textCatalog } from "#shared/text-catalog.ts";
import { BOT_UA, BROWSER_UA } from "#tests/fixtures/requests.ts";
import { STATISTICS_ROLLUP_SQL } from "#worker/db/statistics.ts";
import { call, devSession, errorOf, Jar, type SignedIn, signUpByPhone, uniqueIp } from "./auth-fixtures.ts";
import { payFor } from "./payment-fixtures.ts";
import { rateLimitKeysEndingWith } from "./rate-limit-fixtures.ts";
import { statisticsWritten } from "./statistics-fixtures.ts";

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** The request clock of this file: now, so that sessions made now stay valid. */
const NOW = Date.now();
const TODAY = Math.floor(NOW / DAY) * DAY;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Fixture listings (ids 910000+) of one owner, in every state the statistics care about. */
const L = {
  active: 910001,
  archived: 910002,
  draft: 910003,
  pending: 910004,
  rejected: 910005,
  deleted: 910006,
  /** Another active listing, for counters only. */
  counted: 910007,
} as const;
const LAT = 44.8176;
const LNG = 20.4569;
const OSM = `https://www.openstreetmap.org/?mlat=${LAT}&mlon=${LNG}#map=16/${LAT}/${LNG}`;

let owner: SignedIn;
let stranger: SignedIn;
let admin: Jar;
/** Users who add favourites (one favourite per user and listing). */
const fans: number[] = [];

function insertListing(id: number, status: string, ownerId: number, deleted = false) {
  return env.DB.prepare(
    `INSERT INTO listings (id, type_id, deal, property_type, city_id, address, lat, lng, price, area, rooms,
       title, title_generated, description, lang, owner_id, phone, status, created_at, updated_at, expires_at,
       deleted_at)
     VALUES (?, 4, 'sale', 'apartment', 1, 'Knez Mihailova 1', ?, ?, 150000, 60, 2, 'Fixture flat', 1,
       'A fixture flat for the statistics tests.', 'en', ?, '+381601234567', ?, ?, ?, ?, ?)`,
  ).bind(id, LAT, LNG, ownerId, status, NOW - 40 * DAY, NOW - 40 * DAY, NOW + 20 * DAY, deleted ? NOW - DAY : null);
}

async function clean() {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM listing_stats WHERE listing_id >= 910000 AND listing_id < 920000"),
    env.DB.prepare("DELETE FROM messages WHERE listing_id >= 910000 AND listing_id < 920000"),
    env.DB.prepare("DELETE FROM favourites WHERE listing_id >= 910000 AND listing_id < 920000"),
    env.DB.prepare("DELETE FROM phone_reveals WHERE listing_id >= 910000 AND listing_id < 920000"),
    env.DB.prepare("DELETE FROM promotions WHERE listing_id >= 910000 AND listing_id < 920000"),
    env.DB.prepare(
      `DELETE FROM payment_events WHERE intent_id IN
         (SELECT id FROM payment_intents WHERE listing_id >= 910000 AND listing_id < 920000)`,
    ),
    env.DB.prepare("DELETE FROM payment_intents WHERE listing_id >= 910000 AND listing_id < 920000"),
    env.DB.prepare("DELETE FROM listings WHERE id >= 910000 AND id < 920000"),
  ]);
}

beforeAll(async () => {
  await clean();
  owner = await signUpByPhone({ remember: true });
  stranger = await signUpByPhone({ remember: true });
  admin = new Jar();
  for (const pair of (await devSession("admin")).split("; ")) {
    const [name, value] = pair.split("=");
    admin.cookies.set(name!, value!);
  }
  await env.DB.batch([
    insertListing(L.active, "active", owner.user.id),
    insertListing(L.archived, "archived", owner.user.id),
    insertListing(L.draft, "draft", owner.user.id),
    insertListing(L.pending, "pending", owner.user.id),
    insertListing(L.rejected, "rejected", owner.user.id),
    insertListing(L.deleted, "archived", owner.user.id, true),
    insertListing(L.counted, "active", owner.user.id),
  ]);
  for (let i = 0; i < 4; i++) {
    const row = await env.DB.prepare(
      "INSERT INTO users (name, email, role, created_at) VALUES ('Fan', ?, 'user', ?) RETURNING id",
    )
      .bind(`fan-${NOW}-${i}@fixture.test`, NOW)
      .first<{ id: number }>();
    fans.push(row!.id);
  }
});

afterAll(clean);

async function count(id: number, kind: string, day = dayOf(NOW)): Promise<number> {
  await statisticsWritten();
  const row = await env.DB.prepare("SELECT count FROM listing_stats WHERE listing_id = ? AND day = ? AND kind = ?")
    .bind(id, day, kind)
    .first<{ count: number }>();
  return row?.count ?? 0;
}

/** A beacon (`kind` view is the bare id) as a browser or a bot at `now`. */
function beacon(id: number, kind: string, { ip = uniqueIp(), now = NOW, ua = BROWSER_UA } = {}) {
  const path = kind === "view" ? `/api/statistics/realty/${id}` : `/api/statistics/realty/${id}/${kind}`;
  return call(path, { body: {}, ip, now, headers: { "user-agent": ua } });
}

/** Following the detail page's map link. */
function openMap(
  id: number | string,
  { ip = uniqueIp(), now = NOW, ua = BROWSER_UA, jar }: { ip?: string; now?: number; ua?: string; jar?: Jar } = {},
) {
  return call(`/api/statistics/realty/${id}/map/open`, {
    ip,
    now,
    jar,
    headers: { "user-agent": ua, accept: "text/html" },
  });
}

/** Clears the fixtures' counters, once what earlier tests sent is written. */
const clearCounters = async () => {
  await statisticsWritten();
  await env.DB.prepare("DELETE FROM listing_stats WHERE listing_id >= 910000 AND listing_id < 920000").run();
};

describe("views: once per visitor and listing a UTC day", () => {
  beforeEach(clearCounters);

  it("counts a visitor's first view of the day only; the next UTC day counts again", async () => {
    const ip = uniqueIp();
    const morning = TODAY + HOUR;
    const night = TODAY + 23 * HOUR + 59 * 60_000;
    const tomorrow = TODAY + DAY + 60_000;
    expect((await beacon(L.active, "view", { ip, now: morning })).status).toBe(204);
    expect((await beacon(L.active, "view", { ip, now: morning + 2 * HOUR })).status).toBe(204);
    expect((await beacon(L.active, "view", { ip, now: night })).status).toBe(204);
    expect(await count(L.active, "view", dayOf(TODAY))).toBe(1);
    // Another listing, and another visitor, are their own.
    await beacon(L.counted, "view", { ip, now: night });
    await beacon(L.active, "view", { now: night });
    expect(await count(L.counted, "view", dayOf(TODAY))).toBe(1);
    expect(await count(L.active, "view", dayOf(TODAY))).toBe(2);
    // Past midnight UTC the same visitor counts again, on the new day.
    expect((await beacon(L.active, "view", { ip, now: tomorrow })).status).toBe(204);
    expect((await beacon(L.active, "view", { ip, now: tomorrow + HOUR })).status).toBe(204);
    expect(await count(L.active, "view", dayOf(TODAY + DAY))).toBe(1);
    expect(await count(L.active, "view", dayOf(TODAY))).toBe(2);
  });

  it("other kinds count once an hour per visitor", async () => {
    for (const kind of ["phone", "map", "list"]) {
      const ip = uniqueIp();
      const start = TODAY + HOUR;
      await beacon(L.active, kind, { ip, now: start });
      await beacon(L.active, kind, { ip, now: start + 30 * 60_000 });
      expect(await count(L.active, kind, dayOf(TODAY)), kind).toBe(1);
      await beacon(L.active, kind, { ip, now: start + HOUR });
      expect(await count(L.active, kind, dayOf(TODAY)), kind).toBe(2);
    }
  });

  it("list shows: every listing of a page counts, repeats and bots do not", async () => {
    const ip = uniqueIp();
    for (const id of [L.active, L.counted]) expect((await beacon(id, "list", { ip })).status).toBe(204);
    for (const id of [L.active, L.counted]) expect((await beacon(id, "list", { ip })).status).toBe(204);
    for (const id of [L.active, L.counted]) expect((await beacon(id, "list", { ua: BOT_UA })).status).toBe(204);
    expect(await count(L.active, "list")).toBe(1);
    expect(await count(L.counted, "list")).toBe(1);
  });
});

describe("bots are never counted", () => {
  beforeEach(clearCounters);

  const BOTS = [
    BOT_UA,
    "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
    "curl/8.5.0",
    "python-requests/2.31.0",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36",
  ];

  for (const kind of ["view", "phone", "map", "list"]) {
    it(`${kind}: answered 204 like a count, counting nothing and costing no allowance`, async () => {
      const ip = uniqueIp();
      for (const ua of BOTS) {
        const res = await beacon(L.active, kind, { ip, ua });
        expect(res.status, ua).toBe(204);
        expect(await res.text()).toBe("");
      }
      expect(await count(L.active, kind)).toBe(0);
      expect(await rateLimitKeysEndingWith(`:ip:${ip}`)).toEqual([]);
      // A bot asking about a listing that is not public hears what anyone hears.
      expect((await beacon(L.draft, kind, { ip, ua: BOT_UA })).status).toBe(404);
      // The same address as a browser counts.
      await beacon(L.active, kind, { ip });
      expect(await count(L.active, kind)).toBe(1);
    });
  }

  it("map opens through the link: bots are led on but not counted", async () => {
    for (const ua of BOTS) {
      const res = await openMap(L.active, { ua });
      expect(res.status, ua).toBe(302);
      expect(res.headers.get("location")).toBe(OSM);
    }
    expect(await count(L.active, "map")).toBe(0);
  });
});

describe("phone reveals count themselves", () => {
  beforeEach(clearCounters);

  const reveal = (jar: Jar, id: number, now = NOW) =>
    call(`/api/realty/${id}/reveal-phone-number`, { method: "POST", jar, now, headers: { "user-agent": BROWSER_UA } });

  it("once per account, listing and UTC day: a free repeat the same day does not count again", async () => {
    const visitor = await signUpByPhone({ remember: true });
    // Asked to pay (402), nothing shown, nothing counted.
    expect((await reveal(visitor.jar, L.counted)).status).toBe(402);
    expect(await count(L.counted, "phone")).toBe(0);
    const paid = await payFor(visitor.jar, L.counted, "phone_reveal", { now: NOW });
    const first = await reveal(visitor.jar, L.counted);
    expect(first.status).toBe(200);
    expect((await first.json<{ data: { payment_id: string | null } }>()).data.payment_id).toBe(paid.id);
    expect(await count(L.counted, "phone")).toBe(1);
    const again = await reveal(visitor.jar, L.counted, NOW + 60_000);
    expect(again.status).toBe(200);
    expect(await count(L.counted, "phone")).toBe(1);
    // Another account counts.
    const other = await signUpByPhone();
    await payFor(other.jar, L.counted, "phone_reveal", { now: NOW });
    expect((await reveal(other.jar, L.counted)).status).toBe(200);
    expect(await count(L.counted, "phone")).toBe(2);
    // The next UTC day the first account's (free) reveal counts again, on that day.
    const tomorrow = TODAY + DAY + HOUR;
    const next = await reveal(visitor.jar, L.counted, tomorrow);
    expect(next.status).toBe(200);
    expect(await count(L.counted, "phone", dayOf(tomorrow))).toBe(1);
    expect(await count(L.counted, "phone")).toBe(2);
  });

  it("the owner's own reveal is free and not counted", async () => {
    const res = await reveal(owner.jar, L.counted);
    expect(res.status).toBe(200);
    expect(await count(L.counted, "phone")).toBe(0);
  });

  it("a refused reveal counts nothing", async () => {
    expect((await reveal(stranger.jar, L.draft)).status).toBe(404);
    expect((await call(`/api/realty/${L.counted}/reveal-phone-number`, { method: "POST", now: NOW })).status).toBe(401);
    await statisticsWritten();
    const { results } = await env.DB.prepare(
      "SELECT * FROM listing_stats WHERE listing_id >= 910000 AND listing_id < 920000",
    ).all();
    expect(results).toEqual([]);
  });
});

describe("GET /api/statistics/realty/{id}/map/open", () => {
  beforeEach(clearCounters);

  it("counts a map open and answers 302 to the listing's place on OpenStreetMap", async () => {
    const res = await openMap(L.active);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(OSM);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(await count(L.active, "map")).toBe(1);
  });

  it("a visitor's repeats within the hour lead on without counting; the next hour counts", async () => {
    const ip = uniqueIp();
    const start = TODAY + 2 * HOUR;
    for (const now of [start, start + 60_000, start + 59 * 60_000]) {
      const res = await openMap(L.active, { ip, now });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(OSM);
    }
    expect(await count(L.active, "map", dayOf(TODAY))).toBe(1);
    await openMap(L.active, { ip, now: start + HOUR });
    expect(await count(L.active, "map", dayOf(TODAY))).toBe(2);
    // A map beacon of the same visitor in the same hour is the same open.
    await beacon(L.active, "map", { ip, now: start + HOUR + 60_000 });
    expect(await count(L.active, "map", dayOf(TODAY))).toBe(2);
  });

  it("an address past the hourly allowance still reaches the map, uncounted", async () => {
    const ip = uniqueIp();
    // The allowance is shared with the beacons: spend it on views and phone shows of seeded listings.
    const half = STATISTICS_EVENTS_PER_IP_PER_HOUR / 2;
    const { results } = await env.DB.prepare("SELECT id FROM listings WHERE status = 'active' ORDER BY id LIMIT ?")
      .bind(half)
      .all<{ id: number }>();
    expect(results.length).toBe(half);
    for (const { id } of results) {
      for (const kind of ["view", "phone"]) expect((await beacon(id, kind, { ip })).status).toBe(204);
    }
    expect((await beacon(L.counted, "view", { ip })).status).toBe(429);
    const res = await openMap(L.active, { ip });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(OSM);
    expect(res.headers.get("retry-after")).toBeNull();
    expect(await count(L.active, "map")).toBe(0);
  });

  it("the owner's and admins' own opens are not counted; they also reach listings that are not public", async () => {
    for (const jar of [owner.jar, admin]) {
      const res = await openMap(L.active, { jar });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(OSM);
      for (const id of [L.archived, L.pending, L.rejected]) {
        const hidden = await openMap(id, { jar });
        expect(hidden.status, `${id}`).toBe(302);
        expect(hidden.headers.get("location")).toBe(OSM);
      }
    }
    expect(await count(L.active, "map")).toBe(0);
    // Another signed-in visitor counts.
    await openMap(L.active, { jar: stranger.jar });
    expect(await count(L.active, "map")).toBe(1);
  });

  it("404 for anyone else on a listing that is not public, a deleted or missing one; 400 for a bad id", async () => {
    for (const id of [L.archived, L.draft, L.pending, L.rejected, L.deleted, 999_999_999]) {
      for (const jar of [undefined, stranger.jar]) {
        const res = await openMap(id, { jar });
        expect(res.status, `${id}`).toBe(404);
        expect(await errorOf(res)).toMatchObject({ code: "not_found" });
      }
    }
    // Deleted is gone for its owner too.
    expect((await openMap(L.deleted, { jar: owner.jar })).status).toBe(404);
    for (const id of ["0", "abc", "1.5", "9".repeat(17)]) expect((await openMap(id)).status, id).toBe(400);
    await statisticsWritten();
    const { results } = await env.DB.prepare(
      "SELECT * FROM listing_stats WHERE listing_id >= 910000 AND listing_id < 920000",
    ).all();
    expect(results).toEqual([]);
  });

  it("a draft without a place has no map: 404 for its owner too", async () => {
    await env.DB.prepare("UPDATE listings SET lat = NULL, lng = NULL WHERE id = ?").bind(L.draft).run();
    try {
      expect((await openMap(L.draft, { jar: owner.jar })).status).toBe(404);
    } finally {
      await env.DB.prepare("UPDATE listings SET lat = ?, lng = ? WHERE id = ?").bind(LAT, LNG, L.draft).run();
    }
  });

  it("a HEAD request is answered alike and not counted", async () => {
    const res = await call(`/api/statistics/realty/${L.active}/map/open`, {
      method: "HEAD",
      ip: uniqueIp(),
      headers: { "user-agent": BROWSER_UA },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(OSM);
    expect(await count(L.active, "map")).toBe(0);
  });

  it("only GET: another method is a 405", async () => {
    const res = await call(`/api/statistics/realty/${L.active}/map/open`, { body: {}, ip: uniqueIp() });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD");
  });
});

describe("the detail page's map link", () => {
  it("goes through the counting endpoint, nofollow, on the public page and the owner's preview", async () => {
    const page = async (path: string, jar?: Jar) => {
      const res = await call(path, {
        jar,
        headers: { "user-agent": BROWSER_UA, accept: "text/html" },
      });
      expect(res.status, path).toBe(200);
      return res.text();
    };
    const link = `<a href="/api/statistics/realty/${L.active}/map/open" rel="nofollow"`;
    expect(await page(`/buy/apartment/beograd/${L.active}/`)).toContain(link);
    expect(await page(`/listing/preview/${L.active}/`, owner.jar)).toContain(link);
    expect(await page(`/admin/listing/preview/${L.pending}/`, admin)).toContain(
      `<a href="/api/statistics/realty/${L.pending}/map/open" rel="nofollow"`,
    );
    const detail = await page(`/buy/apartment/beograd/${L.active}/`);
    expect(detail).not.toContain("openstreetmap.org");
  });
});

describe("GET /api/cabinet/realties/{id}/statistics", () => {
  const path = (id: number | string) => `/api/cabinet/realties/${id}/statistics`;
  const read = (id: number | string, jar: Jar | undefined, headers: Record<string, string> = {}) =>
    call(path(id), { jar, now: NOW, headers });

  beforeAll(async () => {
    await clean();
    await env.DB.batch([
      insertListing(L.active, "active", owner.user.id),
      insertListing(L.archived, "archived", owner.user.id),
      insertListing(L.draft, "draft", owner.user.id),
      insertListing(L.pending, "pending", owner.user.id),
      insertListing(L.rejected, "rejected", owner.user.id),
      insertListing(L.deleted, "archived", owner.user.id, true),
    ]);
    const stat = (id: number, day: number, kind: string, n: number) =>
      env.DB.prepare("INSERT INTO listing_stats (listing_id, day, kind, count) VALUES (?, ?, ?, ?)").bind(
        id,
        dayOf(day),
        kind,
        n,
      );
    const message = (at: number) =>
      env.DB.prepare(
        "INSERT INTO messages (listing_id, sender_id, recipient_id, body, created_at) VALUES (?, ?, ?, 'Hello', ?)",
      ).bind(L.active, stranger.user.id, owner.user.id, at);
    const favourite = (user: number, at: number) =>
      env.DB.prepare("INSERT INTO favourites (user_id, listing_id, created_at) VALUES (?, ?, ?)").bind(
        user,
        L.active,
        at,
      );
    await env.DB.batch([
      stat(L.active, TODAY, "view", 5),
      stat(L.active, TODAY, "phone", 2),
      stat(L.active, TODAY, "map", 1),
      stat(L.active, TODAY, "list", 40),
      stat(L.active, TODAY - 29 * DAY, "view", 3),
      // Outside the window: a day too old, and tomorrow.
      stat(L.active, TODAY - 30 * DAY, "view", 100),
      stat(L.active, TODAY + DAY, "view", 7),
      message(TODAY + 1000),
      message(TODAY + HOUR),
      message(TODAY - 10 * DAY + 5 * HOUR),
      message(TODAY - 29 * DAY),
      message(TODAY - 29 * DAY - 1),
      // The owner's answer is no message to the owner: it does not count.
      env.DB.prepare(
        "INSERT INTO messages (listing_id, sender_id, recipient_id, body, created_at) VALUES (?, ?, ?, 'Yes', ?)",
      ).bind(L.active, owner.user.id, stranger.user.id, TODAY + 2 * HOUR),
      favourite(fans[0]!, TODAY - 3 * DAY + 2 * HOUR),
      favourite(fans[1]!, TODAY - 3 * DAY + 20 * HOUR),
      favourite(fans[2]!, TODAY - 3 * DAY),
      favourite(fans[3]!, TODAY - 40 * DAY),
      // Another listing's numbers stay its own.
      stat(L.archived, TODAY, "view", 9),
    ]);
  });

  it("gives the owner every one of the last days, oldest first, zeros included, with the right numbers", async () => {
    const res = await read(L.active, owner.jar);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const { data } = await res.json<{ data: ApiListingStatistics }>();
    expect(data.id).toBe(L.active);
    expect(data.status).toBe("active");
    expect(data.path).toBe(`/buy/apartment/beograd/${L.active}/`);
    expect(data.days).toHaveLength(OWNER_STATS_DAYS);
    expect(data.days.map((d) => d.day)).toEqual(
      Array.from({ length: OWNER_STATS_DAYS }, (_, i) => dayOf(TODAY - (OWNER_STATS_DAYS - 1 - i) * DAY)),
    );
    const zero = { views: 0, phone: 0, map: 0, list: 0, messages: 0, favourites: 0 };
    const expected: Record<string, Partial<ApiStatisticsDay>> = {
      [dayOf(TODAY)]: { views: 5, phone: 2, map: 1, list: 40, messages: 2 },
      [dayOf(TODAY - 29 * DAY)]: { views: 3, messages: 1 },
      [dayOf(TODAY - 10 * DAY)]: { messages: 1 },
      [dayOf(TODAY - 3 * DAY)]: { favourites: 3 },
    };
    for (const day of data.days) expect(day, day.day).toEqual({ day: day.day, ...zero, ...expected[day.day] });
    expect(data.totals).toEqual({ views: 8, phone: 2, map: 1, list: 40, messages: 4, favourites: 3 });
  });

  it("names the listing in the request's language", async () => {
    const city = await env.DB.prepare("SELECT name_ru FROM cities WHERE id = 1").first<{ name_ru: string }>();
    const res = await read(L.active, owner.jar, { "accept-language": "ru" });
    const { data } = await res.json<{ data: ApiListingStatistics }>();
    expect(data.title_lang).toBe("ru");
    expect(data.title).toBe(
      generatedListingTitle(
        { deal: "sale", type: "apartment", rooms: 2, area: 60, land_area: null, city: city!.name_ru, district: null },
        textCatalog("ru").intl,
      ),
    );
  });

  it("an archived listing has statistics (zeros) and no public page", async () => {
    await env.DB.prepare("DELETE FROM listing_stats WHERE listing_id = ?").bind(L.archived).run();
    const { data } = await (await read(L.archived, owner.jar)).json<{ data: ApiListingStatistics }>();
    expect(data.status).toBe("archived");
    expect(data.path).toBeNull();
    expect(data.days).toHaveLength(OWNER_STATS_DAYS);
    expect(data.totals).toEqual({ views: 0, phone: 0, map: 0, list: 0, messages: 0, favourites: 0 });
  });

  it("401 for guests; 404 for someone else's, a deleted and a missing listing; 409 for a listing never public", async () => {
    const guest = await read(L.active, undefined);
    expect(guest.status).toBe(401);
    expect(await errorOf(guest)).toMatchObject({ code: "unauthorized" });
    for (const jar of [stranger.jar, admin]) {
      const res = await read(L.active, jar);
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toMatchObject({ code: "not_found" });
    }
    for (const id of [L.deleted, 999_999_999]) expect((await read(id, owner.jar)).status, `${id}`).toBe(404);
    for (const id of [L.draft, L.pending, L.rejected]) {
      const res = await read(id, owner.jar);
      expect(res.status, `${id}`).toBe(409);
      expect(await errorOf(res)).toMatchObject({ code: "invalid_state" });
    }
  });

  it("400 names id when it is not a positive whole number", async () => {
    for (const id of ["0", "-1", "abc", "1.5", "01", "9".repeat(17), "%27%20OR%201%3D1"]) {
      const res = await read(id, owner.jar);
      expect(res.status, id).toBe(400);
      expect((await errorOf(res)).fields?.id).toBeTruthy();
    }
  });

  it("the rollup reads listing_stats by its primary key and messages and favourites by their listing indexes", async () => {
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${STATISTICS_ROLLUP_SQL}`)
      .bind(L.active, dayOf(TODAY - 29 * DAY), dayOf(TODAY), TODAY - 29 * DAY, TODAY + DAY)
      .all<{ detail: string }>();
    const plan = results.map((row) => row.detail);
    expect(
      plan.some((line) => /SEARCH listing_stats USING PRIMARY KEY \(listing_id=\? AND day>\? AND day<\?\)/.test(line)),
      plan.join("\n"),
    ).toBe(true);
    expect(
      plan.some((line) =>
        /SEARCH messages USING COVERING INDEX messages_listing \(listing_id=\? AND created_at>\? AND created_at<\?\)/.test(
          line,
        ),
      ),
      plan.join("\n"),
    ).toBe(true);
    expect(
      plan.some((line) =>
        /SEARCH favourites USING COVERING INDEX favourites_listing \(listing_id=\? AND created_at>\? AND created_at<\?\)/.test(
          line,
        ),
      ),
      plan.join("\n"),
    ).toBe(true);
    expect(
      plan.some((line) => /^SCAN (listing_stats|messages|favourites)\b/.test(line)),
      plan.join("\n"),
    ).toBe(false);
  });
});

describe("/cabinet/statistics/{id}/ page", () => {
  /** The page as a browser without JavaScript gets it. */
  const page = (path: string, jar?: Jar, locale = "en") =>
    call(path, {
      now: NOW,
      headers: {
        "user-agent": BROWSER_UA,
        accept: "text/html",
        "accept-language": locale,
        cookie: [`locale=${locale}`, jar?.header()].filter(Boolean).join("; "),
      },
    });

  it("shows the owner the chart as SVG and the same numbers in a table, not indexed", async () => {
    const res = await page(`/cabinet/statistics/${L.active}/`, owner.jar);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('name="robots" content="noindex, nofollow"');
    expect(html).toContain(`Statistics of listing No. ${L.active}`);
    // Four rows of bars, each an image named by its numbers.
    const images = [...html.matchAll(/<svg role="img" aria-label="([^"]+)"/g)].map((m) => m[1]);
    expect(images).toHaveLength(4);
    expect(images[0]).toMatch(/^Views per day, .+: 8 in all, the most on .+ \(5\)\.$/);
    expect(images[1]).toMatch(/^Phone reveals per day, .+: 2 in all/);
    expect(images[2]).toMatch(/^Messages per day, .+: 4 in all/);
    expect(images[3]).toMatch(/^Added to favourites per day, .+: 3 in all/);
    // A bar for each day with anything, scaled to the row's largest day; none for a day without.
    const chart = html.slice(html.indexOf("<figure"), html.indexOf("</figure>"));
    expect(chart.match(/<rect /g)).toHaveLength(2 + 1 + 3 + 1);
    const views = chart.slice(0, chart.indexOf('data-series="phone"'));
    expect([...views.matchAll(/<rect x="(\d+)" y="\d+" width="8" height="(\d+)"/g)].map((m) => [m[1], m[2]])).toEqual([
      ["1", "24"],
      [String((OWNER_STATS_DAYS - 1) * 10 + 1), "40"],
    ]);
    // The table: a row per day, today's numbers, the totals.
    expect(html).toContain("<table");
    expect(html.match(/<th scope="row"><time/g)).toHaveLength(OWNER_STATS_DAYS);
    const row = (day: string) =>
      new RegExp(`<time dateTime="${day}">[^<]+</time></th>((?:<td>[^<]*</td>)+)</tr>`, "i").exec(html)?.[1];
    expect(row(dayOf(TODAY))).toBe("<td>5</td><td>2</td><td>1</td><td>40</td><td>2</td><td>0</td>");
    expect(row(dayOf(TODAY - 3 * DAY))).toBe("<td>0</td><td>0</td><td>0</td><td>0</td><td>0</td><td>3</td>");
    expect(html).toMatch(
      /<th scope="row">Total<\/th><td>8<\/td><td>2<\/td><td>1<\/td><td>40<\/td><td>4<\/td><td>3<\/td>/,
    );
    // Dates in the visitor's language; a way back and to the public page.
    expect(html).toContain(`href="/cabinet/"`);
    expect(html).toContain(`href="/buy/apartment/beograd/${L.active}/"`);
    expect(html).toContain("<summary>Show as table</summary>");
  });

  it("speaks Russian and Serbian", async () => {
    const ru = await (await page(`/ru/cabinet/statistics/${L.active}/`, owner.jar, "ru")).text();
    expect(ru).toContain(`Статистика объявления № ${L.active}`);
    expect(ru).toContain("Последние 30 дней");
    expect(ru).toContain(`href="/ru/buy/apartment/beograd/${L.active}/"`);
    expect(ru).toMatch(/aria-label="Просмотры по дням, [^"]+: всего 8/);
    const sr = await (await page(`/sr/cabinet/statistics/${L.active}/`, owner.jar, "sr")).text();
    expect(sr).toContain(`Statistika oglasa br. ${L.active}`);
    expect(sr).toContain("Poslednjih 30 dana");
    expect(sr).toContain("<summary>Prikaži kao tabelu</summary>");
  });

  it("links an archived listing to its preview", async () => {
    const html = await (await page(`/cabinet/statistics/${L.archived}/`, owner.jar)).text();
    expect(html).toContain(`href="/listing/preview/${L.archived}/"`);
  });

  it("says a listing never public has nothing to show", async () => {
    const res = await page(`/cabinet/statistics/${L.draft}/`, owner.jar);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-testid="stats-unavailable"');
    expect(html).not.toContain('<svg role="img"');
  });

  it("is the 404 page for someone else's, a deleted or a missing listing, and a bad id", async () => {
    expect((await page(`/cabinet/statistics/${L.active}/`, stranger.jar)).status).toBe(404);
    expect((await page(`/cabinet/statistics/${L.active}/`, admin)).status).toBe(404);
    expect((await page(`/cabinet/statistics/${L.deleted}/`, owner.jar)).status).toBe(404);
    expect((await page("/cabinet/statistics/999999999/", owner.jar)).status).toBe(404);
    expect((await page("/cabinet/statistics/abc/", owner.jar)).status).toBe(404);
  });

  it("asks guests to sign in first", async () => {
    const res = await page(`/ru/cabinet/statistics/${L.active}/`, undefined, "ru");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(
      `/ru/?auth=signin&next=${encodeURIComponent(`/ru/cabinet/statistics/${L.active}/`)}`,
    );
  });
});
