import { env, SELF } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ORIGIN } from "#tests/fixtures/requests.ts";
import { uniqueIp } from "./auth-fixtures.ts";
import { statisticsWritten } from "./statistics-fixtures.ts";

/** Fixture owner and listings (ids 900000+): one active, one per other status. */
const OWNER = 900001;
const ACTIVE = 900001;
const OTHERS = { draft: 900002, pending: 900003, archived: 900004, rejected: 900005 } as const;

/** A beacon from a new visitor (address) each time: one visitor's repeats count once (tests/integration/abuse-limits.test.ts). */
const post = (path: string, init: RequestInit = {}) =>
  SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    ...init,
    headers: { "cf-connecting-ip": uniqueIp(), ...(init.headers as Record<string, string>) },
  });
const today = () => new Date().toISOString().slice(0, 10);

async function count(id: number, kind: string, day = today()): Promise<number> {
  await statisticsWritten();
  const row = await env.DB.prepare("SELECT count FROM listing_stats WHERE listing_id = ? AND day = ? AND kind = ?")
    .bind(id, day, kind)
    .first<{ count: number }>();
  return row?.count ?? 0;
}

beforeAll(async () => {
  const db = env.DB;
  const now = Date.now();
  await db.batch([
    db.prepare("DELETE FROM listing_stats WHERE listing_id >= 900000"),
    db.prepare("DELETE FROM listings WHERE id >= 900000"),
    db.prepare("DELETE FROM users WHERE id = ?").bind(OWNER),
  ]);
  await db
    .prepare(
      "INSERT INTO users (id, name, phone, email, role, created_at) VALUES (?, 'Fixture Owner', '+381601234567', 'owner900001@fixture.test', 'user', ?)",
    )
    .bind(OWNER, now)
    .run();
  const listing = (id: number, status: string) =>
    db
      .prepare(
        `INSERT INTO listings (id, type_id, deal, property_type, city_id, address, lat, lng, price, area, rooms,
           title, description, lang, owner_id, phone, status, created_at, updated_at, expires_at)
         VALUES (?, 1, 'sale', 'apartment', 1, 'Knez Mihailova 1', 44.8176, 20.4569, 150000, 60, 2,
           'Fixture flat', 'A fixture flat for statistics tests.', 'en', ?, '+381601234567', ?, ?, ?, ?)`,
      )
      .bind(id, OWNER, status, now, now, now + 30 * 86_400_000);
  await db.batch([listing(ACTIVE, "active"), ...Object.entries(OTHERS).map(([status, id]) => listing(id, status))]);
});

beforeEach(async () => {
  // What an earlier test sent is written before its counters are cleared.
  await statisticsWritten();
  await env.DB.prepare("DELETE FROM listing_stats WHERE listing_id >= 900000").run();
});

const PATHS = {
  view: (id: number | string) => `/api/statistics/realty/${id}`,
  phone: (id: number | string) => `/api/statistics/realty/${id}/phone`,
  map: (id: number | string) => `/api/statistics/realty/${id}/map`,
  list: (id: number | string) => `/api/statistics/realty/${id}/list`,
};

describe("POST /api/statistics/realty/{id}[/phone|/map|/list]", () => {
  for (const [kind, path] of Object.entries(PATHS)) {
    it(`${kind}: 204 and today's ${kind} counter goes up by one for each visitor`, async () => {
      expect(await count(ACTIVE, kind)).toBe(0);
      const res = await post(path(ACTIVE));
      expect(res.status).toBe(204);
      expect(await res.text()).toBe("");
      expect(await count(ACTIVE, kind)).toBe(1);
      expect((await post(path(ACTIVE))).status).toBe(204);
      expect((await post(path(ACTIVE))).status).toBe(204);
      expect(await count(ACTIVE, kind)).toBe(3);
    });
  }

  it("keeps one counter per kind and UTC day", async () => {
    await post(PATHS.view(ACTIVE));
    await post(PATHS.phone(ACTIVE));
    await post(PATHS.phone(ACTIVE));
    await statisticsWritten();
    const { results } = await env.DB.prepare(
      "SELECT day, kind, count FROM listing_stats WHERE listing_id = ? ORDER BY kind",
    )
      .bind(ACTIVE)
      .all();
    expect(results).toEqual([
      { day: today(), kind: "phone", count: 2 },
      { day: today(), kind: "view", count: 1 },
    ]);
    // Yesterday's row stays apart from today's.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await env.DB.prepare("INSERT INTO listing_stats (listing_id, day, kind, count) VALUES (?, ?, 'view', 7)")
      .bind(ACTIVE, yesterday)
      .run();
    await post(PATHS.view(ACTIVE));
    expect(await count(ACTIVE, "view", yesterday)).toBe(7);
    expect(await count(ACTIVE, "view")).toBe(2);
  });

  it("counts every one of concurrent visitors' calls", async () => {
    const responses = await Promise.all(Array.from({ length: 10 }, () => post(PATHS.list(ACTIVE))));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(204));
    expect(await count(ACTIVE, "list")).toBe(10);
  });

  it("404 for an unknown listing, and for one that is not active", async () => {
    for (const path of Object.values(PATHS)) {
      for (const id of [999_999_999, ...Object.values(OTHERS)]) {
        const res = await post(path(id));
        expect(res.status, path(id)).toBe(404);
        expect(await res.json()).toMatchObject({ error: { code: "not_found" } });
      }
    }
    await statisticsWritten();
    await statisticsWritten();
    const { results } = await env.DB.prepare("SELECT * FROM listing_stats WHERE listing_id >= 900000").all();
    expect(results).toEqual([]);
  });

  it("400 names id when it is not a positive whole number", async () => {
    for (const path of Object.values(PATHS)) {
      for (const id of [
        "0",
        "-1",
        "abc",
        "1.5",
        "1e3",
        "01",
        "9".repeat(17),
        "9007199254740993",
        "%27%20OR%201%3D1",
        "%F0%9F%8F%A0",
      ]) {
        const res = await post(path(id));
        expect(res.status, path(id)).toBe(400);
        const body = await res.json<{ error: { code: string; fields: Record<string, string> } }>();
        expect(body.error.code).toBe("invalid_input");
        expect(body.error.fields.id).toBeTruthy();
      }
    }
  });

  it("an unknown kind is a 404 and another method a 405, not a count", async () => {
    expect((await post(`/api/statistics/realty/${ACTIVE}/share`)).status).toBe(404);
    const get = await SELF.fetch(`${ORIGIN}${PATHS.view(ACTIVE)}`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect(await count(ACTIVE, "view")).toBe(0);
  });

  it("a body, whatever it is, is ignored and never a 5xx", async () => {
    for (const body of ["{", "null", "x".repeat(100_000), JSON.stringify({ count: 1000 })]) {
      const res = await post(PATHS.map(ACTIVE), { body, headers: { "content-type": "application/json" } });
      expect(res.status).toBe(204);
    }
    expect(await count(ACTIVE, "map")).toBe(4);
  });
});
