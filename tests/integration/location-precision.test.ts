/**
 * Decision 044: an owner may hide the house (`location_precision` `street` or `district`). No public
 * response carries its exact point — search, detail, by-ids, favourites, the map's singles and clusters, the
 * OpenStreetMap redirect, the SEO list, the detail page — and the search's `bounds` cannot find it there; the
 * owner's edit shape keeps it. The shown point is near enough that the drawn area always holds the house.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiListingEdit } from "#shared/api/listing-edit.ts";
import type { ApiListing } from "#shared/api/realty.ts";
import type { MapResponse } from "#shared/api/realty-map.ts";
import { LOCATION_AREA_RADIUS_M, type LocationPrecision, SERBIA_BOUNDS } from "#shared/map.ts";
import { BROWSER_UA, ORIGIN } from "#tests/fixtures/requests.ts";
import { call, devSession, errorOf, signUpByPhone } from "./auth-fixtures.ts";

interface Hidden {
  id: number;
  lat: number;
  lng: number;
  shown_lat: number;
  shown_lng: number;
  location_precision: LocationPrecision;
}

const get = (path: string, headers: Record<string, string> = {}) =>
  SELF.fetch(`${ORIGIN}${path}`, { headers, redirect: "manual" });
const text = async (res: Response) => {
  expect(res.status).toBeLessThan(400);
  return res.text();
};

/** Metres between two points (haversine). */
function metres(lat1: number, lng1: number, lat2: number, lng2: number) {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6371008.8 * Math.asin(Math.sqrt(a));
}

let hidden: Hidden[] = [];
beforeAll(async () => {
  const some = (precision: LocationPrecision) =>
    env.DB.prepare(
      `SELECT id, lat, lng, shown_lat, shown_lng, location_precision FROM listings
       WHERE status = 'active' AND unconfirmed_at IS NULL AND location_precision = ? ORDER BY id LIMIT 3`,
    ).bind(precision);
  const [street, district] = await env.DB.batch<Hidden>([some("street"), some("district")]);
  hidden = [...street!.results, ...district!.results];
});

/** The exact coordinates as any response would write them. */
const exactIn = (body: string) =>
  hidden.filter((h) => body.includes(String(h.lat)) || body.includes(String(h.lng))).map((h) => h.id);

describe("the public position of a hidden house", () => {
  it("is seeded: street and district listings exist and their shown point differs", () => {
    expect(hidden.map((h) => h.location_precision)).toEqual(expect.arrayContaining(["street", "district"]));
    for (const h of hidden) {
      expect(h.shown_lat).not.toBe(h.lat);
      expect(h.shown_lng).not.toBe(h.lng);
    }
  });

  it("lies within LOCATION_AREA_RADIUS_M of the house anywhere in Serbia", async () => {
    const spare = (await env.DB.prepare("SELECT id FROM listings WHERE status = 'archived' LIMIT 1").first<{
      id: number;
    }>())!.id;
    const points: [number, number][] = [];
    // Cell corners at both ends of Serbia's latitudes (the farthest a house can be from its cell's centre)
    // and a spread of points between.
    for (const lat of [SERBIA_BOUNDS.south, 42.004, 46.2, 46.48]) {
      for (const lng of [18.8, 20.0, 23.02]) points.push([lat + 1e-9, lng + 1e-9], [lat - 1e-9, lng - 1e-9]);
    }
    for (let i = 0; i < 120; i++) points.push([42 + ((i * 7919) % 4500) / 1000, 18.8 + ((i * 104729) % 4300) / 1000]);
    for (const precision of ["street", "district"] as const) {
      const statements = points.flatMap(([lat, lng]) => [
        env.DB.prepare("UPDATE listings SET lat = ?, lng = ?, location_precision = ? WHERE id = ?").bind(
          lat,
          lng,
          precision,
          spare,
        ),
        env.DB.prepare("SELECT lat, lng, shown_lat, shown_lng FROM listings WHERE id = ?").bind(spare),
      ]);
      const results = await env.DB.batch<Hidden>(statements);
      const farthest = Math.max(
        ...results
          .filter((_, i) => i % 2 === 1)
          .map((r) => {
            const p = r.results[0]!;
            return metres(p.lat, p.lng, p.shown_lat, p.shown_lng);
          }),
      );
      expect(farthest).toBeLessThan(LOCATION_AREA_RADIUS_M[precision]);
      // Not the house either: the point moves by a good share of the radius somewhere.
      expect(farthest).toBeGreaterThan(LOCATION_AREA_RADIUS_M[precision] / 2);
    }
  });

  it("is all the search, detail and by-ids give", async () => {
    for (const h of hidden) {
      const detail = await get(`/api/realty/${h.id}`);
      const body = await text(detail);
      expect(exactIn(body)).toEqual([]);
      const { data } = JSON.parse(body) as { data: ApiListing };
      expect(data).toMatchObject({ lat: h.shown_lat, lng: h.shown_lng, location_precision: h.location_precision });
    }
    const byIds = await call("/api/realty-by-ids", { body: { ids: hidden.map((h) => h.id) } });
    const byIdsText = await text(byIds);
    expect(JSON.parse(byIdsText).items).toHaveLength(hidden.length);
    expect(exactIn(byIdsText)).toEqual([]);
    // Every page of the whole search: each hidden listing is met, at its shown point only.
    const seen = new Map<number, ApiListing>();
    for (let page = 1; ; page++) {
      const body = await text(await get(`/api/realty/search?per_page=50&page=${page}&sort=price_asc`));
      expect(exactIn(body)).toEqual([]);
      const { items } = JSON.parse(body) as { items: ApiListing[] };
      for (const item of items) seen.set(item.id, item);
      if (items.length < 50) break;
    }
    for (const h of hidden) expect(seen.get(h.id)).toMatchObject({ lat: h.shown_lat, lng: h.shown_lng });
  });

  it("is what the search's bounds find, never the exact point", async () => {
    const d = 0.00005;
    for (const h of hidden) {
      const at = (lat: number, lng: number) => `bounds=${lat - d},${lng - d},${lat + d},${lng + d}`;
      const exact = await (await get(`/api/realty/search?${at(h.lat, h.lng)}`)).json<{ items: ApiListing[] }>();
      expect(exact.items.map((i) => i.id)).not.toContain(h.id);
      const shown = await (
        await get(`/api/realty/search?${at(h.shown_lat, h.shown_lng)}`)
      ).json<{
        items: ApiListing[];
      }>();
      expect(shown.items.map((i) => i.id)).toContain(h.id);
      // The map alike: its exact point's viewport is empty of it, its shown one holds it.
      const mapExact = await (await get(`/api/realty/map?${at(h.lat, h.lng)}&zoom=18`)).json<MapResponse>();
      expect(mapExact.items.some((f) => f.kind === "listing" && f.id === h.id)).toBe(false);
      const mapShown = await (await get(`/api/realty/map?${at(h.shown_lat, h.shown_lng)}&zoom=18`)).json<MapResponse>();
      expect(mapShown.items).toContainEqual(
        expect.objectContaining({ lat: h.shown_lat, lng: h.shown_lng, location_precision: h.location_precision }),
      );
    }
  });

  it("is all the map gives, in clusters and singles at every zoom", async () => {
    const bounds = `${SERBIA_BOUNDS.south},${SERBIA_BOUNDS.west},${SERBIA_BOUNDS.north},${SERBIA_BOUNDS.east}`;
    for (const zoom of [5, 8, 11, 14, 18]) {
      for (const filter of ["", "&price_min=1"]) {
        expect(exactIn(await text(await get(`/api/realty/map?bounds=${bounds}&zoom=${zoom}${filter}`)))).toEqual([]);
      }
    }
  });

  it("is where the map link leads the public", async () => {
    for (const h of hidden) {
      const res = await get(`/api/statistics/realty/${h.id}/map/open`, { "user-agent": BROWSER_UA });
      expect(res.status).toBe(302);
      const location = res.headers.get("location")!;
      expect(location).toContain(`mlat=${h.shown_lat}&mlon=${h.shown_lng}`);
      expect(exactIn(location)).toEqual([]);
    }
  });

  it("is all the favourites, the SEO list and the detail page give", async () => {
    const { jar } = await signUpByPhone();
    for (const h of hidden) {
      const res = await call("/api/cabinet/realties/add-favorite", { body: { id: h.id }, jar });
      expect(res.status).toBe(200);
    }
    const favourites = await text(
      await call("/api/cabinet/realties/favorite-realties?include_unavailable=true", { jar }),
    );
    expect(JSON.parse(favourites).items).toHaveLength(hidden.length);
    expect(exactIn(favourites)).toEqual([]);
    expect(exactIn(await text(await get("/api/seo/realty/list")))).toEqual([]);
    for (const h of hidden.slice(0, 2)) {
      const { data } = await (await get(`/api/realty/${h.id}`)).json<{ data: ApiListing }>();
      const page = await text(await get(data.path, { "user-agent": BROWSER_UA }));
      expect(page).toContain(String(data.id));
      expect(exactIn(page)).toEqual([]);
    }
  });
});

describe("location_precision in the listing editor", () => {
  it("is a params field the owner sets and reads back with the exact point", async () => {
    const cookie = await devSession("user");
    const own = (await env.DB.prepare(
      "SELECT id, lat, lng FROM listings WHERE owner_id = 2 AND status = 'active' AND unconfirmed_at IS NULL ORDER BY id LIMIT 1",
    ).first<{ id: number; lat: number; lng: number }>())!;
    const edit = (body: unknown) => call("/api/realty/edit/params", { body, headers: { cookie } });

    const before = await call(`/api/realty/edit/${own.id}`, { headers: { cookie } });
    expect((await before.json<{ data: ApiListingEdit }>()).data.location_precision).toBe("exact");

    const res = await edit({ id: own.id, location_precision: "district" });
    expect(res.status).toBe(200);
    const { data } = await res.json<{ data: ApiListingEdit }>();
    // Hiding the house is no new fact for moderation: the listing stays public.
    expect(data).toMatchObject({ location_precision: "district", lat: own.lat, lng: own.lng, status: "active" });
    const read = await call(`/api/realty/edit/${own.id}`, { headers: { cookie } });
    expect((await read.json<{ data: ApiListingEdit }>()).data).toMatchObject({ lat: own.lat, lng: own.lng });
    // The owner's preview shows the house too; the public detail does not.
    const preview = await call(`/api/realty/preview/${own.id}`, { headers: { cookie } });
    expect((await preview.json<{ data: ApiListing }>()).data).toMatchObject({ lat: own.lat, lng: own.lng });
    const detail = await (await get(`/api/realty/${own.id}`)).json<{ data: ApiListing }>();
    expect(detail.data.location_precision).toBe("district");
    expect(detail.data.lat).not.toBe(own.lat);

    expect(await errorOf(await edit({ id: own.id, location_precision: "house" }))).toMatchObject({
      fields: { location_precision: expect.any(String) },
    });
    // Cleared: the default.
    const cleared = await edit({ id: own.id, location_precision: null });
    expect((await cleared.json<{ data: ApiListingEdit }>()).data.location_precision).toBe("exact");
    const form = await (await get("/api/form-data")).json<{ data?: unknown }>();
    expect(JSON.stringify(form)).toContain("location_precision");
  });
});
