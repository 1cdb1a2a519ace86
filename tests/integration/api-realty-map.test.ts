/**
 * Decision 044: `GET /api/realty/map` — clusters and single listings of a viewport from the grid, exact to
 * the viewport's edges (the same counts as `/api/realty/total` with the same bounds), at most
 * MAP_FEATURES_MAX features, 400 naming `bounds` or `zoom` when they are wrong.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { MapListing, MapResponse } from "#shared/api/realty-map.ts";
import { MAP_FEATURES_MAX, MAP_MAX_ZOOM, MAP_MIN_ZOOM, SERBIA_BOUNDS } from "#shared/map.ts";
import { ORIGIN } from "#tests/fixtures/requests.ts";

const get = (path: string) => SELF.fetch(`${ORIGIN}${path}`);
const SERBIA = `${SERBIA_BOUNDS.south},${SERBIA_BOUNDS.west},${SERBIA_BOUNDS.north},${SERBIA_BOUNDS.east}`;

async function map(query: string): Promise<MapResponse> {
  const res = await get(`/api/realty/map?${query}`);
  expect(res.status, query).toBe(200);
  const body = await res.json<MapResponse>();
  // The features add up to the total, never exceed the cap, and each single listing is one.
  expect(body.items.length).toBeLessThanOrEqual(MAP_FEATURES_MAX);
  expect(body.items.reduce((sum, f) => sum + (f.kind === "cluster" ? f.count : 1), 0)).toBe(body.total);
  for (const f of body.items) if (f.kind === "cluster") expect(f.count).toBeGreaterThan(1);
  return body;
}
/** Features with positions to 1e-9° (the summary's sums and the listings' add in different orders). */
const rounded = (body: MapResponse) => body.items.map((f) => ({ ...f, lat: f.lat.toFixed(9), lng: f.lng.toFixed(9) }));

async function total(query: string): Promise<number> {
  const res = await get(`/api/realty/total?${query}`);
  expect(res.status, query).toBe(200);
  const { data } = await res.json<{ data: { total: number; total_exact: boolean } }>();
  expect(data.total_exact).toBe(true);
  return data.total;
}
async function errorFields(query: string) {
  const res = await get(`/api/realty/map?${query}`);
  expect(res.status, query).toBe(400);
  const body = await res.json<{ error: { code: string; fields: Record<string, string> } }>();
  expect(body.error.code).toBe("invalid_input");
  return body.error.fields;
}
const activeCount = async () =>
  (await env.DB.prepare(
    "SELECT COUNT(*) AS n FROM listings WHERE status = 'active' AND unconfirmed_at IS NULL AND property_lead = 1",
  ).first<{
    n: number;
  }>())!.n;

/** Columns a copy of a listing takes (the generated ones and the id are the table's own). */
let copyColumns: string;
beforeAll(async () => {
  const { results } = await env.DB.prepare("PRAGMA table_info(listings)").all<{ name: string }>();
  copyColumns = results
    .map((r) => r.name)
    .filter((n) => n !== "id")
    .join(", ");
});

/** Moves an active listing (its summary cells follow by trigger); returns its id. */
async function moveListing(offset: number, lat: number, lng: number, precision = "exact") {
  const row = await env.DB.prepare(
    "SELECT id FROM listings WHERE status = 'active' AND unconfirmed_at IS NULL AND property_lead = 1 ORDER BY id DESC LIMIT 1 OFFSET ?",
  )
    .bind(offset)
    .first<{ id: number }>();
  await env.DB.prepare("UPDATE listings SET lat = ?, lng = ?, location_precision = ? WHERE id = ?")
    .bind(lat, lng, precision, row!.id)
    .run();
  return row!.id;
}

describe("GET /api/realty/map", () => {
  it("answers the whole country as clusters counting every active listing", async () => {
    const body = await map(`bounds=${SERBIA}&zoom=7`);
    expect(body.total).toBe(await activeCount());
    expect(body.total).toBe(await total(`bounds=${SERBIA}`));
    expect(body.zoom).toBe(7);
    expect(body.level).toBeLessThanOrEqual(9);
    expect(body.items.some((f) => f.kind === "cluster")).toBe(true);
    // A cluster's centre lies in its cell, and its cell is 360/2^level degrees wide.
    for (const f of body.items) {
      if (f.kind !== "cluster") continue;
      const [s, w, n, e] = f.bounds;
      expect(e - w).toBeCloseTo(360 / 2 ** body.level, 9);
      expect(f.lat).toBeGreaterThanOrEqual(s);
      expect(f.lat).toBeLessThanOrEqual(n);
      expect(f.lng).toBeGreaterThanOrEqual(w);
      expect(f.lng).toBeLessThanOrEqual(e);
    }
  });

  it("gives the same features from the summary and from the listings", async () => {
    // price_min is a filter the summary does not keep: the same viewport is aggregated from the listings.
    for (const zoom of [7, 9, 11]) {
      const summary = await map(`bounds=${SERBIA}&zoom=${zoom}`);
      const direct = await map(`bounds=${SERBIA}&zoom=${zoom}&price_min=1`);
      expect(direct.level).toBe(summary.level);
      expect(rounded(direct)).toEqual(rounded(summary));
    }
  });

  it.each([
    "deal=sale",
    "deal=sale&type=4",
    "type=1&type=2",
    "city=beograd",
    "city=beograd&district=vracar",
    "rooms=2",
    "furnished=true",
    "price_max=100000",
    "area_min=50",
    "q=stan",
  ])("counts %s as the search does in the same bounds", async (filters) => {
    for (const [bounds, zoom] of [
      [SERBIA, 7],
      ["44.70,20.30,44.90,20.60", 12],
      ["44.78,20.42,44.83,20.50", 14],
    ] as const) {
      const body = await map(`bounds=${bounds}&zoom=${zoom}&${filters}`);
      expect(body.total, `${filters} ${bounds}`).toBe(await total(`bounds=${bounds}&${filters}`));
    }
  });

  it("counts a listing on a viewport's edge once, in each viewport it touches", async () => {
    const row = (await env.DB.prepare(
      "SELECT shown_lat AS lat, shown_lng AS lng FROM listings WHERE status = 'active' AND unconfirmed_at IS NULL AND property_lead = 1 AND city_id = 1 LIMIT 1",
    ).first<{ lat: number; lng: number }>())!;
    const { lat, lng } = row;
    const on = (await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM listings WHERE status = 'active' AND unconfirmed_at IS NULL AND property_lead = 1 AND shown_lng = ?",
    )
      .bind(lng)
      .first<{ n: number }>())!.n;
    const whole = await map(`bounds=${SERBIA}&zoom=9`);
    const west = await map(`bounds=${SERBIA_BOUNDS.south},${SERBIA_BOUNDS.west},${SERBIA_BOUNDS.north},${lng}&zoom=9`);
    const east = await map(`bounds=${SERBIA_BOUNDS.south},${lng},${SERBIA_BOUNDS.north},${SERBIA_BOUNDS.east}&zoom=9`);
    expect(on).toBeGreaterThan(0);
    expect(west.total + east.total).toBe(whole.total + on);
    // The listing alone: a viewport that is just its point.
    const tiny = await map(`bounds=${lat},${lng},${lat},${lng}&zoom=${MAP_MAX_ZOOM}`);
    expect(tiny.total).toBe(
      (await env.DB.prepare(
        "SELECT COUNT(*) AS n FROM listings WHERE status = 'active' AND unconfirmed_at IS NULL AND property_lead = 1 AND shown_lat = ? AND shown_lng = ?",
      )
        .bind(lat, lng)
        .first<{ n: number }>())!.n,
    );
  });

  it("puts a listing on a cell's edge in one cell, from the summary and from the listings alike", async () => {
    // A point on a cell edge at every level up to 16: 44.296875° N, 20.390625° E (multiples of 360/2^16).
    const lat = 44.296875;
    const lng = 20.390625;
    const id = await moveListing(3, lat, lng);
    const bounds = "43.5,19.5,45.5,21.5";
    for (const zoom of [6, 8, 10, 12]) {
      const summary = await map(`bounds=${bounds}&zoom=${zoom}`);
      const direct = await map(`bounds=${bounds}&zoom=${zoom}&price_min=1`);
      expect(summary.total).toBe(await total(`bounds=${bounds}`));
      expect(rounded(direct)).toEqual(rounded(summary));
    }
    const alone = await map(`bounds=${lat},${lng},${lat},${lng}&zoom=18`);
    expect(alone.items).toEqual([expect.objectContaining({ kind: "listing", id, lat, lng })]);
  });

  it("follows a moved, repriced or withdrawn listing (the summary's triggers)", async () => {
    const id = await moveListing(5, 43.1, 21.9);
    await env.DB.prepare("UPDATE listings SET price = 12345 WHERE id = ?").bind(id).run();
    const view = "43.09,21.89,43.11,21.91";
    const single = (await map(`bounds=${view}&zoom=16`)).items.find((f) => f.kind === "listing" && f.id === id);
    expect(single).toMatchObject({ price: 12345, lat: 43.1, lng: 21.9, location_precision: "exact" });
    // Whole cells of the summary hold it too.
    const wide = await map(`bounds=42.2,18.8,46.2,23.05&zoom=8`);
    expect(wide.total).toBe(await activeCount());
    await env.DB.prepare("UPDATE listings SET status = 'archived' WHERE id = ?").bind(id).run();
    expect((await map(`bounds=${view}&zoom=16`)).total).toBe(0);
    expect((await map(`bounds=${SERBIA}&zoom=8`)).total).toBe(await activeCount());
  });

  it("gives a single listing its id, price, deal and public position", async () => {
    const row = (await env.DB.prepare(
      `SELECT id, price, deal, shown_lat AS lat, shown_lng AS lng, location_precision FROM listings
       WHERE status = 'active' AND unconfirmed_at IS NULL ORDER BY id LIMIT 1`,
    ).first<Omit<MapListing, "kind">>())!;
    const d = 0.000001;
    const body = await map(`bounds=${row.lat - d},${row.lng - d},${row.lat + d},${row.lng + d}&zoom=18`);
    expect(body.items).toContainEqual({ kind: "listing", ...row });
  });

  it("supports a viewport across the antimeridian, in the map and in the search", async () => {
    const east = await moveListing(7, -16.5, 179.5);
    const west = await moveListing(8, -16.6, -179.9);
    const bounds = "-20,170,-10,-170";
    for (const zoom of [MAP_MIN_ZOOM, 8]) {
      const body = await map(`bounds=${bounds}&zoom=${zoom}`);
      expect(body.total).toBe(2);
    }
    const fine = await map(`bounds=${bounds}&zoom=10`);
    expect(fine.items.map((f) => (f.kind === "listing" ? f.id : 0)).sort()).toEqual([east, west].sort());
    const res = await get(`/api/realty/search?bounds=${bounds}`);
    const found = await res.json<{ items: { id: number }[]; total: number }>();
    expect(found.total).toBe(2);
    expect(found.items.map((i) => i.id).sort()).toEqual([east, west].sort());
    // Serbia is not across the antimeridian from here.
    expect((await map(`bounds=${bounds}&zoom=8`)).items.every((f) => f.lng > 170 || f.lng < -170)).toBe(true);
  });

  it("answers the whole world and a tiny viewport", async () => {
    const world = await map(`bounds=-90,-180,90,180&zoom=${MAP_MIN_ZOOM}`);
    expect(world.total).toBe(await activeCount());
    expect(world.items.length).toBeLessThanOrEqual(MAP_FEATURES_MAX);
    const empty = await map("bounds=0,0,0.0001,0.0001&zoom=18");
    expect(empty).toEqual({ items: [], total: 0, zoom: 18, level: 20 });
  });

  it("never answers more than MAP_FEATURES_MAX features", async () => {
    // 900 listings on a 30 × 30 lattice 0.001° apart, in the Pacific, where no other test looks.
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 899)
       INSERT INTO listings (${copyColumns})
       SELECT ${copyColumns.replace(/\blat\b/, "-30 + (n.i / 30) * 0.001").replace(/\blng\b/, "-140 + (n.i % 30) * 0.001")}
       FROM n, (SELECT * FROM listings WHERE status = 'active' AND unconfirmed_at IS NULL AND property_lead = 1 AND location_precision = 'exact' LIMIT 1)`,
    ).run();
    const bounds = "-30.0005,-140.0005,-29.9705,-139.9705";
    for (const zoom of [MAP_MIN_ZOOM, 10, 14, 16, MAP_MAX_ZOOM]) {
      const body = await map(`bounds=${bounds}&zoom=${zoom}`);
      expect(body.total).toBe(900);
      expect(body.items.length).toBeLessThanOrEqual(MAP_FEATURES_MAX);
    }
    // Zoomed in far enough, a part of the lattice splits into single listings.
    const close = await map("bounds=-30.0005,-140.0005,-29.9955,-139.9955&zoom=18");
    expect(close.total).toBe(25);
    expect(close.items.every((f) => f.kind === "listing")).toBe(true);
  });

  it.each([
    ["", "bounds"],
    ["bounds=&zoom=10", "bounds"],
    ["bounds=44,20,45&zoom=10", "bounds"],
    ["bounds=44,20,45,21,5&zoom=10", "bounds"],
    ["bounds=a,b,c,d&zoom=10", "bounds"],
    ["bounds=45,20,44,21&zoom=10", "bounds"],
    ["bounds=-91,20,44,21&zoom=10", "bounds"],
    ["bounds=44,20,91,21&zoom=10", "bounds"],
    ["bounds=44,-181,45,21&zoom=10", "bounds"],
    ["bounds=44,20,45,181&zoom=10", "bounds"],
    ["bounds=44,20,45,21", "zoom"],
    ["bounds=44,20,45,21&zoom=4", "zoom"],
    ["bounds=44,20,45,21&zoom=19", "zoom"],
    ["bounds=44,20,45,21&zoom=10.5", "zoom"],
    ["bounds=44,20,45,21&zoom=10&price_min=5&price_max=1", "price_max"],
    ["bounds=44,20,45,21&zoom=10&deal=rent&type=4", "type"],
  ])("refuses %s naming %s", async (query, field) => {
    const fields = await errorFields(query);
    expect(Object.keys(fields)).toContain(field);
  });

  it("refuses an unknown city as the search does", async () => {
    expect(await errorFields(`bounds=${SERBIA}&zoom=7&city=atlantis`)).toHaveProperty("city");
  });
});
