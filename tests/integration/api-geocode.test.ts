/**
 * `GET /api/geocode` (decision 065) against a local stand-in of Nominatim and Photon
 * (tests/fixtures/geocoder-stand-in.ts): signed-in only, bounded to Serbia, the page's language (Latin letters on Serbian
 * pages), the gazetteer's city and district of each suggestion, kept at the edge, throttled; 400 naming the
 * field, 503 `geocoder_unavailable` when the geocoder fails or is slow, 404 when none is configured.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { GeocodeResponse } from "#shared/api/geocode.ts";
import type { FormOptions } from "#shared/api/realty.ts";
import { api } from "#worker/api/index.ts";
import { call, errorOf, ORIGIN, signUpBearer, uniqueIp } from "./auth-fixtures.ts";
import { FakeGeocoder, type KnownAddress } from "#tests/fixtures/geocoder-stand-in.ts";
import { NOMINATIM, PHOTON } from "./geocoder-fixtures.ts";

let token: string;
let district: { slug: string; lat: number; lng: number };
let geocoder: FakeGeocoder;

const belgradeStreet = (lat: number, lng: number): KnownAddress => ({
  street: { default: "Кнез Михаилова", en: "Knez Mihailova", ru: "Кнез Михаилова", "sr-Latn": "Knez Mihailova" },
  number: "12",
  city: { default: "Београд", en: "Belgrade", ru: "Белград", "sr-Latn": "Beograd" },
  lat,
  lng,
});
/** Only its Cyrillic name in the data, and a namesake in Budapest outside Serbia's box. */
const cyrillicOnly: KnownAddress = {
  street: { default: "Жарка Зрењанина" } as KnownAddress["street"],
  number: "4",
  city: { default: "Нови Сад" } as KnownAddress["city"],
  lat: 45.2551,
  lng: 19.8449,
};
const budapest: KnownAddress = { ...cyrillicOnly, lat: 47.4979, lng: 19.0402 };

async function geocode(query: string, bindings: object = NOMINATIM, auth = token, ip = uniqueIp()) {
  const ctx = createExecutionContext();
  const headers: Record<string, string> = { accept: "application/json", "cf-connecting-ip": ip };
  if (auth) headers.authorization = `Bearer ${auth}`;
  const res = await api.fetch(new Request(`${ORIGIN}/api/geocode?${query}`, { headers }), bindings, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}
const itemsOf = async (res: Response) => {
  expect(res.status).toBe(200);
  return (await res.json<GeocodeResponse>()).items;
};

beforeAll(async () => {
  token = (await signUpBearer()).access_token;
  district = (await env.DB.prepare(
    `SELECT d.slug, d.lat, d.lng FROM districts d JOIN cities c ON c.id = d.city_id WHERE c.slug = 'beograd' LIMIT 1`,
  ).first<{ slug: string; lat: number; lng: number }>())!;
});
beforeEach(() => {
  geocoder = new FakeGeocoder([belgradeStreet(district.lat, district.lng), cyrillicOnly, budapest]);
  vi.spyOn(globalThis, "fetch").mockImplementation(geocoder.handle);
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("GET /api/geocode through Nominatim", () => {
  it("suggests addresses in the asked language with the gazetteer's city and district, asked bounded to Serbia", async () => {
    const items = await itemsOf(await geocode("q=knez%20mih&lang=en"));
    expect(items).toEqual([
      {
        label: "Knez Mihailova 12, Belgrade",
        lat: district.lat,
        lng: district.lng,
        city_slug: "beograd",
        district: district.slug,
      },
    ]);
    const asked = new URL(geocoder.requests[0]!.url);
    expect(asked.origin + asked.pathname).toBe("https://geo.test/search");
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      key: "k1",
      q: "knez mih",
      format: "jsonv2",
      countrycodes: "rs",
      bounded: "1",
      viewbox: "18.8,46.2,23.05,42.2",
      "accept-language": "en",
    });
    expect(geocoder.requests[0]!.headers.get("user-agent")).toMatch(/^Kvadrat/);

    const ru = await itemsOf(await geocode("q=knez%20mih&lang=ru"));
    expect(ru[0]!.label).toBe("Кнез Михаилова 12, Белград");
    const sr = await itemsOf(await geocode("q=knez%20mih&lang=sr"));
    expect(sr[0]!.label).toBe("Knez Mihailova 12, Beograd");
  });

  it("writes Cyrillic-only data in Latin letters on Serbian pages, and nothing outside Serbia", async () => {
    const items = await itemsOf(await geocode(`q=${encodeURIComponent("жарка")}&lang=sr`));
    expect(items).toEqual([
      expect.objectContaining({
        label: "Žarka Zrenjanina 4, Novi Sad",
        lat: 45.2551,
        lng: 19.8449,
        city_slug: "novi-sad",
      }),
    ]);
    // The stand-in unbounded (a geocoder ignoring the box): the worker still drops Budapest.
    const unbounded = new FakeGeocoder([budapest]);
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = new URL(new Request(input, init).url);
      url.searchParams.delete("bounded");
      return unbounded.handle(url, init);
    });
    expect(await itemsOf(await geocode(`q=${encodeURIComponent("жарка з")}&lang=ru`))).toEqual([]);
  });

  it("keeps an answer: the same words again do not reach the geocoder", async () => {
    await itemsOf(await geocode("q=Knez%20Mihailova%201&lang=en"));
    await itemsOf(await geocode("q=knez%20%20mihailova%201&lang=en"));
    expect(geocoder.requests).toHaveLength(1);
  });
});

describe("GET /api/geocode through Photon", () => {
  it("reads Photon's GeoJSON, asked with its language and box", async () => {
    const items = await itemsOf(await geocode("q=mihailova&lang=en", PHOTON));
    expect(items).toEqual([
      {
        label: "Knez Mihailova 12, Belgrade",
        lat: district.lat,
        lng: district.lng,
        city_slug: "beograd",
        district: district.slug,
      },
    ]);
    const asked = new URL(geocoder.requests[0]!.url);
    expect(asked.pathname).toBe("/api");
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({ lang: "en", bbox: "18.8,42.2,23.05,46.2" });
  });
});

describe("GET /api/geocode: refusals and failures", () => {
  it("400 naming the field for bad input; 401 for a guest; 404 where no geocoder is configured", async () => {
    for (const [query, field] of [
      ["", "q"],
      ["q=ab", "q"],
      [`q=${"a".repeat(201)}`, "q"],
      ["q=knez&lang=de", "lang"],
    ] as const) {
      const res = await geocode(query);
      expect(res.status, query).toBe(400);
      expect((await errorOf(res)).fields, query).toHaveProperty(field);
    }
    expect((await geocode("q=knez", NOMINATIM, "")).status).toBe(401);
    vi.restoreAllMocks();
    const res = await call("/api/geocode?q=knez", { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe("not_found");
    expect(geocoder.requests).toHaveLength(0);
    // The wizard learns from its form options whether to ask at all.
    const options = async (res: Response) => (await res.json<{ data: FormOptions }>()).data.address_suggestions;
    expect(await options(await call("/api/form-data"))).toBe(false);
    const ctx = createExecutionContext();
    const configured = await api.fetch(new Request(`${ORIGIN}/api/form-data`), NOMINATIM, ctx);
    await waitOnExecutionContext(ctx);
    expect(await options(configured)).toBe(true);
  });

  it("503 geocoder_unavailable when the geocoder fails, answers what is not its API, or is too slow", async () => {
    for (const mode of ["error", "garbage", "hang"] as const) {
      geocoder.mode = mode;
      const res = await geocode(`q=${mode}%20street`);
      expect(res.status, mode).toBe(503);
      expect((await errorOf(res)).code, mode).toBe("geocoder_unavailable");
    }
  });

  it("429 past the per-person limit", async () => {
    vi.restoreAllMocks();
    const own = (await signUpBearer()).access_token;
    vi.spyOn(globalThis, "fetch").mockImplementation(geocoder.handle);
    const ip = uniqueIp();
    const statuses: number[] = [];
    // The limit counts per clock minute: the 61 calls are held in one, whenever the test runs.
    vi.useFakeTimers({ toFake: ["Date"], now: (Math.floor(Date.now() / 60_000) + 1) * 60_000 + 1_000 });
    try {
      for (let i = 0; i < 61; i++) statuses.push((await geocode(`q=knez%20${i % 3}`, NOMINATIM, own, ip)).status);
    } finally {
      vi.useRealTimers();
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});
