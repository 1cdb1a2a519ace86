import { expect, it } from "vitest";
import { createApiClient } from "#shared/api-client.ts";
import type { ApiListingDetail } from "#shared/api/realty.ts";
import { testAppContext } from "#client/test-app-context.ts";
import { loader } from "./listing-detail.tsx";
import { listingJsonLd } from "./listing-detail.server.ts";
import { loader as shortLinkLoader } from "./realty.tsx";

const ORIGIN = "https://kvadrat.test";
const LISTING = {
  id: 42,
  type_id: 1,
  deal: "rent",
  type: "apartment",
  path: "/rent/apartment/beograd/42/",
  city: { slug: "beograd", name: "Belgrade" },
  district: { slug: "zvezdara", name: "Zvezdara" },
  address: "Bulevar kralja Aleksandra 100",
  lat: 44.8,
  lng: 20.5,
  location_precision: "exact",
  price: 350,
  currency: "EUR",
  previous_price: null,
  price_m2: 15.9,
  area: 22,
  land_area: null,
  rooms: 0.5,
  bedrooms: 0,
  bathrooms: 1,
  floor: 6,
  floors: 9,
  year_built: 2016,
  furnished: true,
  heating: "central",
  parking: true,
  balcony: true,
  elevator: true,
  deposit: 280,
  pets_allowed: true,
  title: "Izdavanje: garsonjera, 22 m², Zvezdara, Beograd",
  title_lang: "sr",
  lang: "sr",
  promoted: false,
  highlighted: false,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-02T00:00:00.000Z",
  expires_at: "2026-03-01T00:00:00.000Z",
  image: {
    id: 1,
    url: "/images/listings/1.svg",
    width: 1200,
    height: 800,
    srcset: null,
    url_large: "/images/listings/1.svg",
  },
  image_count: 1,
  offers: 1,
  description: "Izdaje se garsonjera.",
  images: [
    {
      id: 1,
      url: "/images/listings/1.svg",
      width: 1200,
      height: 800,
      srcset: null,
      url_large: "/images/listings/1.svg",
    },
  ],
  status: "active",
  owner: { id: 3, name: "Dragana", member_since: "2025-01-01T00:00:00.000Z" },
  advertiser_type: "owner",
  agency: null,
  advertiser: {
    type: "owner",
    name: null,
    licensed: false,
    phone_verified: true,
    since: "2025-01-01T00:00:00.000Z",
  },
  checked_at: "2025-03-01T09:00:00.000Z",
  confirmed_at: "2025-03-01T09:00:00.000Z",
  awaiting_confirmation: false,
  market: { city_median_price_m2: 18, sample_size: 12 },
  price_warning: null,
  price_history: [{ price: 350, currency: "EUR", at: "2025-03-01T09:00:00.000Z" }],
  same_property: [],
} satisfies ApiListingDetail;

function context(path: string, status = 200) {
  const calls: string[] = [];
  const api = createApiClient({
    baseUrl: ORIGIN,
    fetch: async (input) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      calls.push(url.pathname + url.search);
      if (status !== 200) return new Response("{}", { status });
      if (url.pathname === "/api/realty/42") return Response.json({ data: LISTING });
      if (url.pathname === "/api/realty/search")
        return Response.json({ items: [LISTING], total: 1, total_exact: true, page: 1, per_page: 5 });
      return Response.json({ error: { code: "not_found", message: "No such listing" } }, { status: 404 });
    },
  });
  return { ctx: testAppContext(new URL(path, ORIGIN), api), calls };
}

function run(path: string, params: Record<string, string>, status = 200) {
  const { ctx, calls } = context(path, status);
  const url = new URL(path, ORIGIN);
  return { result: loader({ params, url, request: new Request(url), context: ctx } as never), calls };
}

const redirectOf = async (promise: Promise<unknown>) => {
  const thrown = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Response);
  const response = thrown as Response;
  return { status: response.status, location: response.headers.get("location") };
};

it("gives the canonical page its listing, the time and similar listings (without itself) as a promise", async () => {
  const { result, calls } = run("/rent/apartment/beograd/42/", { type: "apartment", citySlug: "beograd", id: "42" });
  const data = (await result) as Exclude<Awaited<typeof result>, Response>;
  expect(data.listing.id).toBe(42);
  expect(typeof data.now).toBe("number");
  expect(await data.similar).toEqual([]);
  const search = calls.find((c) => c.startsWith("/api/realty/search"))!;
  expect(search).toContain("deal=rent");
  expect(search).toContain("type=1");
  expect(search).toContain("city=beograd");
  expect(search).toContain("price_min=262");
  expect(search).toContain("price_max=438");
});

it("sends a wrong type, deal or city to the canonical path with a 301, locale and query kept", async () => {
  const wrongCity = run("/sr/rent/apartment/nis/42/?utm_source=x", {
    locale: "sr",
    type: "apartment",
    citySlug: "nis",
    id: "42",
  });
  expect(await redirectOf(wrongCity.result)).toEqual({
    status: 301,
    location: "/sr/rent/apartment/beograd/42/?utm_source=x",
  });
  const wrongDeal = run("/buy/house/beograd/42/", { type: "house", citySlug: "beograd", id: "42" });
  expect(await redirectOf(wrongDeal.result)).toEqual({ status: 301, location: "/rent/apartment/beograd/42/" });
});

it("is the 404 page for types the deal lacks and malformed ids (without calling the API) and for unknown ids", async () => {
  for (const [path, params] of [
    ["/rent/land/beograd/42/", { type: "land", citySlug: "beograd", id: "42" }],
    ["/rent/investment/beograd/42/", { type: "investment", citySlug: "beograd", id: "42" }],
    ["/buy/apartment/beograd/0/", { type: "apartment", citySlug: "beograd", id: "0" }],
  ] as const) {
    const { result, calls } = run(path, params);
    await expect(result).rejects.toMatchObject({ init: { status: 404 } });
    expect(calls).toEqual([]);
  }
  await expect(
    run("/buy/apartment/beograd/7/", { type: "apartment", citySlug: "beograd", id: "7" }).result,
  ).rejects.toMatchObject({
    init: { status: 404 },
  });
});

it("answers 503 when the API fails", async () => {
  await expect(
    run("/rent/apartment/beograd/42/", { type: "apartment", citySlug: "beograd", id: "42" }, 500).result,
  ).rejects.toMatchObject({
    init: { status: 503 },
  });
});

it("/realty/{id}/ is a 301 to the canonical page in the same language; unknown ids are the 404 page", async () => {
  const { ctx } = context("/");
  const at = (path: string, id: string) => {
    const url = new URL(path, ORIGIN);
    return shortLinkLoader({ params: { id }, url, request: new Request(url), context: ctx } as never);
  };
  expect(await redirectOf(at("/ru/realty/42/", "42"))).toEqual({
    status: 301,
    location: "/ru/rent/apartment/beograd/42/",
  });
  await expect(at("/realty/8/", "8")).rejects.toMatchObject({ init: { status: 404 } });
  await expect(at("/realty/x/", "x")).rejects.toMatchObject({ init: { status: 404 } });
});

it("describes the listing as RealEstateListing + Offer + Apartment with floor size in m² (MTK)", () => {
  const ld = listingJsonLd(LISTING, `${ORIGIN}/rent/apartment/beograd/42/`, ORIGIN, "d");
  expect(ld).toMatchObject({
    "@type": "RealEstateListing",
    image: [`${ORIGIN}/images/listings/1.svg`],
    offers: { "@type": "Offer", price: 350, priceCurrency: "EUR", availability: "https://schema.org/InStock" },
    mainEntity: {
      "@type": "Apartment",
      floorSize: { "@type": "QuantitativeValue", value: 22, unitCode: "MTK" },
      numberOfRooms: 0.5,
      address: { "@type": "PostalAddress", addressLocality: "Belgrade", addressCountry: "RS" },
      geo: { "@type": "GeoCoordinates", latitude: 44.8, longitude: 20.5 },
    },
  });
  const land = listingJsonLd({ ...LISTING, type: "land", deal: "sale" }, "u", ORIGIN, "d");
  expect(land.mainEntity["@type"]).toBe("Place");
  expect(land.mainEntity).not.toHaveProperty("floorSize");
});
