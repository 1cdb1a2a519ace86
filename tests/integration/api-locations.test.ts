import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ApiPlaceHit } from "#shared/api/locations.ts";
import { ORIGIN } from "#tests/fixtures/requests.ts";

const get = (path: string) => SELF.fetch(`${ORIGIN}${path}`);
const status = async (path: string) => (await get(path)).status;

describe("GET /api/location/search", () => {
  it.each([
    ["nis", "en", "city", "nis", "Niš"],
    ["NOVI", "en", "city", "novi-sad", "Novi Sad"],
    ["бел", "ru", "city", "beograd", "Белград"],
    ["belgr", "sr", "city", "beograd", "Beograd"],
    ["vracar", "en", "district", "vracar", "Vračar"],
    ["kragujevac", "ru", "city", "kragujevac", "Крагуевац"],
  ])("%s (%s) finds %s %s first", async (q, locale, kind, slug, name) => {
    const res = await get(`/api/location/search?q=${encodeURIComponent(q)}&locale=${locale}`);
    expect(res.status).toBe(200);
    const { items } = await res.json<{ items: ApiPlaceHit[] }>();
    expect(items[0]).toMatchObject({ kind, slug, name });
  });

  it("gives a district with its city", async () => {
    const { items } = await (await get("/api/location/search?q=liman")).json<{ items: ApiPlaceHit[] }>();
    expect(items[0]).toMatchObject({ kind: "district", slug: "liman", city: { slug: "novi-sad" } });
  });

  it("limits and validates", async () => {
    const { items } = await (await get("/api/location/search?q=a&limit=3")).json<{ items: unknown[] }>();
    expect(items.length).toBeLessThanOrEqual(3);
    expect(await status("/api/location/search")).toBe(400);
    expect(await status("/api/location/search?q=")).toBe(400);
    expect(await status("/api/location/search?q=a&limit=21")).toBe(400);
    expect(await status(`/api/location/search?q=${"a".repeat(101)}`)).toBe(400);
    const none = await (await get("/api/location/search?q=zzzzzz")).json<{ items: unknown[] }>();
    expect(none.items).toEqual([]);
  });
});

describe("GET /api/geocoder/back", () => {
  it("names the city and the district at a point", async () => {
    const city = await (
      await get("/api/geocoder/back?lat=43.32&lng=21.90")
    ).json<{ data: { city: { slug: string } } }>();
    expect(city.data.city.slug).toBe("nis");
    const district = await (
      await get("/api/geocoder/back?lat=44.7985&lng=20.4770&locale=ru")
    ).json<{
      data: { city: { slug: string }; district: { slug: string; name: string } };
    }>();
    expect(district.data).toMatchObject({ city: { slug: "beograd" }, district: { slug: "vracar", name: "Врачар" } });
  });

  it("is 404 outside Serbia and 400 for bad coordinates", async () => {
    expect(await status("/api/geocoder/back?lat=48.2082&lng=16.3738")).toBe(404);
    expect(await status("/api/geocoder/back?lat=abc&lng=20")).toBe(400);
    expect(await status("/api/geocoder/back?lat=91&lng=20")).toBe(400);
    expect(await status("/api/geocoder/back?lng=20")).toBe(400);
  });
});

describe("GET /api/geocoder/address-info", () => {
  it("reads the city and district from an address", async () => {
    const ns = await (
      await get(`/api/geocoder/address-info?address=${encodeURIComponent("Bulevar oslobođenja 12, Novi Sad")}`)
    ).json<{
      data: { city: { slug: string }; precision: string };
    }>();
    expect(ns.data).toMatchObject({ city: { slug: "novi-sad" }, precision: "city" });
    const nb = await (
      await get(`/api/geocoder/address-info?address=${encodeURIComponent("Jurija Gagarina 14, Novi Beograd")}`)
    ).json<{
      data: { city: { slug: string }; district: { slug: string }; precision: string };
    }>();
    expect(nb.data).toMatchObject({
      city: { slug: "beograd" },
      district: { slug: "novi-beograd" },
      precision: "district",
    });
  });

  it("is 404 for an address without a known city and 400 without an address", async () => {
    expect(
      await status(`/api/geocoder/address-info?address=${encodeURIComponent("742 Evergreen Terrace, Springfield")}`),
    ).toBe(404);
    expect(await status("/api/geocoder/address-info")).toBe(400);
    expect(await status(`/api/geocoder/address-info?address=${"x".repeat(301)}`)).toBe(400);
  });
});

describe("GET /api/form-data", () => {
  it("lists the options of the search and listing forms in the request's language", async () => {
    const res = await get("/api/form-data?locale=ru");
    expect(res.status).toBe(200);
    const { data } = await res.json<{
      data: {
        types: { id: number; label: string }[];
        rooms: { value: number; label: string }[];
        cities: { slug: string; districts: unknown[] }[];
        sorts: { value: string }[];
        deals: unknown[];
        heating: unknown[];
      };
    }>();
    expect(data.types).toHaveLength(10);
    expect(data.types.find((t) => t.id === 4)!.label).toBe("Квартира");
    expect(data.rooms.map((r) => r.label)).toEqual([
      "Студия",
      "1 комната",
      "2 комнаты",
      "3 комнаты",
      "4 комнаты",
      "5+ комнат",
    ]);
    expect(data.cities.length).toBeGreaterThanOrEqual(25);
    expect(data.cities.find((c) => c.slug === "beograd")!.districts.length).toBeGreaterThan(5);
    expect(data.sorts.map((s) => s.value)).toEqual(["newest", "price_asc", "price_desc", "price_m2", "area"]);
  });
});
