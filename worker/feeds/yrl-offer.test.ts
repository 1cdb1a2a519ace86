import { describe, expect, it } from "vitest";
import en from "#locales/en.json";
import ru from "#locales/ru.json";
import sr from "#locales/sr.json";
import { PHOTOS_PER_LISTING } from "#shared/constants.ts";
import {
  byteStream,
  FLAT_FOR_SALE,
  referenceGazetteer,
  yrlFeed,
  yrlOffer,
  type YrlOfferFields,
} from "#tests/fixtures/yrl-feeds.ts";
import { type FeedPlace, type FeedPlaceNames, gazetteerResolver, type ResolvePlace } from "./feed-places.ts";
import { textLanguage } from "./text-language.ts";
import { readYrlFeed, type YrlOffer } from "./yrl-feed.ts";
import {
  FEED_INTERNAL_ID_MAX,
  FEED_REFUSALS,
  duplicateRefusal,
  type FeedListing,
  type FeedMapOptions,
  mapYrlFeed,
  mapYrlOffer,
  repeatedIds,
} from "./yrl-offer.ts";

const gazetteer = referenceGazetteer();
const resolvePlace = gazetteerResolver(gazetteer);
const city = (slug: string) => gazetteer.cities.find((c) => c.slug === slug)!;
const district = (citySlug: string, slug: string) =>
  gazetteer.districts.find((d) => d.city_id === city(citySlug).id && d.slug === slug)!;

async function mapFeed(offers: string[], options: FeedMapOptions = { resolvePlace }) {
  const read = await readYrlFeed(byteStream(yrlFeed(offers)));
  expect(read.problem).toBeNull();
  return mapYrlFeed(read.offers, options);
}
/** The one offer's listing, or its refusal. */
async function mapOne(fields: YrlOfferFields, options?: FeedMapOptions, id: string | null = "id-1") {
  const { listings, refusals } = await mapFeed([yrlOffer(id, fields)], options);
  return { listing: listings[0], refusal: refusals[0] };
}
const withLocation = (location: Record<string, unknown>): YrlOfferFields => ({
  ...FLAT_FOR_SALE,
  location: { ...(FLAT_FOR_SALE.location as object), ...location },
});

describe("mapYrlOffer", () => {
  it("maps a flat for sale described in Russian to the listing's fields", async () => {
    const { listing, refusal } = await mapOne(FLAT_FOR_SALE);
    expect(refusal).toBeUndefined();
    const expected: FeedListing = {
      internal_id: "id-1",
      line: 4,
      type_id: 4,
      city_id: city("beograd").id,
      district_id: district("beograd", "vracar").id,
      values: {
        address: "Улица Његошева, 12",
        lat: 44.799,
        lng: 20.477,
        location_precision: "exact",
        area: 64.5,
        rooms: 2,
        floor: 3,
        floors: 6,
        year_built: 1978,
        balcony: true,
        elevator: true,
        description: FLAT_FOR_SALE.description as string,
        lang: "ru",
        price: 185000,
      },
      photos: FLAT_FOR_SALE.image as string[],
    };
    expect(listing).toEqual(expected);
  });

  it("maps a house to let described in Serbian Latin, leaving out what a house does not have", async () => {
    const { listing } = await mapOne({
      type: "rent",
      category: "house",
      location: {
        country: "Srbija",
        "locality-name": "Novi Sad",
        "sub-locality-name": "Liman",
        address: "Bulevar 5",
        latitude: "45.2440",
        longitude: "19.8420",
      },
      price: { value: "900", currency: "eur", period: "месяц" },
      area: { value: "120", unit: "sq. m" },
      "lot-area": { value: "5", unit: "сотка" },
      rooms: "4",
      floor: "2",
      "floors-total": "2",
      "with-pets": "yes",
      "room-furniture": "нет",
      description: "Izdaje se kuća na Limanu, četiri sobe, dvorište i garaža, useljiva odmah.",
    });
    expect(listing).toMatchObject({
      type_id: 3,
      city_id: city("novi-sad").id,
      district_id: district("novi-sad", "liman").id,
      values: {
        area: 120,
        land_area: 500,
        rooms: 4,
        floors: 2,
        price: 900,
        pets_allowed: true,
        furnished: false,
        lang: "sr",
      },
    });
    expect(listing!.values.floor).toBeUndefined();
  });

  it("maps land for sale in hectares, a garage and a room to let as 'other', a studio as 0.5 rooms", async () => {
    const land = await mapOne({
      ...FLAT_FOR_SALE,
      category: "земельный участок",
      "lot-area": { value: "1.5", unit: "гектар" },
    });
    expect(land.listing).toMatchObject({ type_id: 6, values: { land_area: 15_000 } });
    expect(land.listing!.values.rooms).toBeUndefined();
    expect((await mapOne({ ...FLAT_FOR_SALE, category: "гараж" })).listing?.type_id).toBe(10);
    const room = await mapOne({
      ...FLAT_FOR_SALE,
      type: "аренда",
      category: "комната",
      price: { value: "250", currency: "EUR", period: "month" },
    });
    expect(room.listing?.type_id).toBe(9);
    const studio = await mapOne({ ...FLAT_FOR_SALE, rooms: undefined, studio: "да" });
    expect(studio.listing?.values.rooms).toBe(0.5);
  });

  it("multiplies a price per square metre by the area, and rounds to whole euros", async () => {
    const { listing } = await mapOne({ ...FLAT_FOR_SALE, price: { value: "2000.4", currency: "EUR", unit: "кв. м" } });
    expect(listing?.values.price).toBe(Math.round(2000.4 * 64.5));
  });

  it("places an offer without a point at its district's centre, shown as the district", async () => {
    const { listing } = await mapOne(withLocation({ latitude: undefined, longitude: undefined }));
    const vracar = district("beograd", "vracar");
    expect(listing?.values).toMatchObject({ lat: vracar.lat, lng: vracar.lng, location_precision: "district" });
  });

  it.each([
    [
      "no point and no district",
      withLocation({ latitude: undefined, longitude: undefined, "sub-locality-name": undefined }),
      "missing_value",
      "location/latitude",
    ],
    ["half a point", withLocation({ longitude: undefined }), "missing_value", "location/longitude"],
    ["an unknown place", withLocation({ "locality-name": "Москва" }), "unknown_place", "location/locality-name"],
    ["a place outside Serbia", withLocation({ country: "Россия" }), "unknown_place", "location/locality-name"],
    ["no place", withLocation({ "locality-name": undefined }), "unknown_place", "location/locality-name"],
    [
      "a name two places share, no point",
      withLocation({
        "locality-name": "Kozjak",
        "sub-locality-name": undefined,
        latitude: undefined,
        longitude: undefined,
      }),
      "ambiguous_place",
      "location/locality-name",
    ],
    [
      "a point far from the named place",
      withLocation({ "locality-name": "Ниш" }),
      "ambiguous_place",
      "location/locality-name",
    ],
    [
      "a price that is no number",
      { ...FLAT_FOR_SALE, price: { value: "dogovor", currency: "EUR" } },
      "invalid_value",
      "price/value",
    ],
    [
      "thousands written with a comma",
      { ...FLAT_FOR_SALE, price: { value: "185,000", currency: "EUR" } },
      "invalid_value",
      "price/value",
    ],
    ["a price of zero", { ...FLAT_FOR_SALE, price: { value: "0", currency: "EUR" } }, "invalid_value", "price/value"],
    ["no price", { ...FLAT_FOR_SALE, price: undefined }, "missing_value", "price/value"],
    ["no currency", { ...FLAT_FOR_SALE, price: { value: "1000" } }, "missing_value", "price/currency"],
    [
      "dinars",
      { ...FLAT_FOR_SALE, price: { value: "20000000", currency: "RSD" } },
      "unsupported_currency",
      "price/currency",
    ],
    [
      "dollars",
      { ...FLAT_FOR_SALE, price: { value: "200000", currency: "USD" } },
      "unsupported_currency",
      "price/currency",
    ],
    [
      "rent by the day",
      { ...FLAT_FOR_SALE, type: "аренда", price: { value: "40", currency: "EUR", period: "день" } },
      "unsupported_rent_period",
      "price/period",
    ],
    [
      "rent with no period",
      { ...FLAT_FOR_SALE, type: "аренда", price: { value: "400", currency: "EUR" } },
      "missing_value",
      "price/period",
    ],
    [
      "a price per sotka",
      { ...FLAT_FOR_SALE, price: { value: "400", currency: "EUR", unit: "сотка" } },
      "unsupported_unit",
      "price/unit",
    ],
    ["an area in feet", { ...FLAT_FOR_SALE, area: { value: "700", unit: "sq. ft" } }, "unsupported_unit", "area/unit"],
    [
      "a plot with no unit",
      { ...FLAT_FOR_SALE, category: "участок", "lot-area": { value: "6" } },
      "missing_value",
      "lot-area/unit",
    ],
    ["a deal that is neither", { ...FLAT_FOR_SALE, type: "обмен" }, "unknown_deal", "type"],
    ["an unknown category", { ...FLAT_FOR_SALE, category: "яхта" }, "unknown_category", "category"],
    [
      "land to let",
      {
        ...FLAT_FOR_SALE,
        type: "аренда",
        category: "участок",
        price: { value: "100", currency: "EUR", period: "месяц" },
      },
      "category_not_for_deal",
      "category",
    ],
    ["a flat without rooms", { ...FLAT_FOR_SALE, rooms: undefined }, "missing_value", "rooms"],
    ["a flat without an area", { ...FLAT_FOR_SALE, area: undefined }, "missing_value", "area/value"],
    ["a floor past the building's limit", { ...FLAT_FOR_SALE, floor: "500" }, "invalid_value", "floor"],
    ["half a floor", { ...FLAT_FOR_SALE, floor: "2.5" }, "invalid_value", "floor"],
    ["a lift that is neither yes nor no", { ...FLAT_FOR_SALE, lift: "maybe" }, "invalid_value", "lift"],
    ["no description", { ...FLAT_FOR_SALE, description: undefined }, "missing_value", "description"],
    ["a description too short", { ...FLAT_FOR_SALE, description: "Хороший район." }, "invalid_value", "description"],
    ["no address", withLocation({ address: undefined }), "missing_value", "location/address"],
    ["a photo over http", { ...FLAT_FOR_SALE, image: ["http://photos.example.rs/1.jpg"] }, "photo_not_https", "image"],
    ["a photo that is no address", { ...FLAT_FOR_SALE, image: ["photo 1.jpg"] }, "invalid_value", "image"],
    [
      "too many photos",
      { ...FLAT_FOR_SALE, image: Array.from({ length: PHOTOS_PER_LISTING + 1 }, (_, i) => `https://p.rs/${i}.jpg`) },
      "too_many_photos",
      "image",
    ],
  ])("refuses %s", async (_, fields, code, element) => {
    const { listing, refusal } = await mapOne(fields);
    expect(listing).toBeUndefined();
    expect(refusal).toMatchObject({
      internal_id: "id-1",
      line: 4,
      code,
      message: `feed.refusal.${code}`,
      args: { element },
    });
  });

  it("takes photos over http only when told to (development: the tests' photo server)", async () => {
    const image = ["http://127.0.0.1:8000/1.jpg"];
    expect((await mapOne({ ...FLAT_FOR_SALE, image }, { resolvePlace, httpPhotos: true })).listing?.photos).toEqual(
      image,
    );
    expect(
      (await mapOne({ ...FLAT_FOR_SALE, image: ["ftp://p.rs/1.jpg"] }, { resolvePlace, httpPhotos: true })).refusal
        ?.code,
    ).toBe("photo_not_https");
  });

  it("names the listing rule that refused a value", async () => {
    const { refusal } = await mapOne({ ...FLAT_FOR_SALE, description: "Хороший район." });
    expect(refusal).toMatchObject({ reason: "validation.tooShort", args: { value: "Хороший район." } });
    expect((await mapOne({ ...FLAT_FOR_SALE, price: { value: "0", currency: "EUR" } })).refusal?.reason).toBe(
      "validation.range",
    );
  });

  it("tells apart two places of one name by the point", async () => {
    const kozjak = city("kozjak-vrsac");
    const { listing } = await mapOne(
      withLocation({
        "locality-name": "Козяк",
        "sub-locality-name": undefined,
        latitude: String(kozjak.lat + 0.01),
        longitude: String(kozjak.lng),
      }),
    );
    expect(listing?.city_id).toBe(kozjak.id);
  });

  it("takes a district named as the locality, in Latin or Cyrillic", async () => {
    const nb = district("beograd", "novi-beograd");
    for (const name of ["Novi Beograd", "Новый Белград", "new belgrade"]) {
      const { listing } = await mapOne(
        withLocation({ "locality-name": name, "sub-locality-name": undefined, latitude: "44.81", longitude: "20.41" }),
      );
      expect(listing, name).toMatchObject({ city_id: city("beograd").id, district_id: nb.id });
    }
  });

  it("refuses an offer without an internal-id, or with one too long", async () => {
    expect((await mapOne(FLAT_FOR_SALE, undefined, null)).refusal).toMatchObject({
      code: "missing_internal_id",
      internal_id: null,
    });
    expect((await mapOne(FLAT_FOR_SALE, undefined, "x".repeat(FEED_INTERNAL_ID_MAX + 1))).refusal).toMatchObject({
      code: "invalid_internal_id",
      args: { max: FEED_INTERNAL_ID_MAX },
    });
  });

  it("refuses every offer of an internal-id the feed repeats, and keeps the others", async () => {
    const { listings, refusals } = await mapFeed([yrlOffer("a"), yrlOffer("b"), yrlOffer("a"), yrlOffer("c")]);
    expect(listings.map((l) => l.internal_id)).toEqual(["b", "c"]);
    expect(refusals.map((r) => [r.internal_id, r.code])).toEqual([
      ["a", "duplicate_internal_id"],
      ["a", "duplicate_internal_id"],
    ]);
    expect(refusals[0]!.line).not.toBe(refusals[1]!.line);
  });

  it("refuses repeated ids alike when the offers are mapped as they stream", async () => {
    const feed = yrlFeed([yrlOffer("a"), yrlOffer("b"), yrlOffer("a")]);
    const streamed: YrlOffer[] = [];
    await readYrlFeed(byteStream(feed), { onOffer: (offer) => streamed.push(offer) });
    const repeated = repeatedIds(streamed.map((o) => o.internal_id));
    const refusals = streamed.filter((o) => repeated.has(o.internal_id!)).map(duplicateRefusal);
    expect(refusals).toEqual((await mapFeed([yrlOffer("a"), yrlOffer("b"), yrlOffer("a")])).refusals);
  });

  it("refuses an offer the reader marked over-long", async () => {
    const { refusal } = await mapOne({ ...FLAT_FOR_SALE, description: "д".repeat(20_001) });
    expect(refusal).toMatchObject({ code: "value_too_long", args: { element: "description" } });
  });

  it("takes the agency's language when the text does not tell, and refuses without one", async () => {
    const fields = { ...FLAT_FOR_SALE, description: "Квартира 64 м2, цена 185000 EUR, торг." };
    expect(textLanguage(fields.description)).toBeNull();
    expect((await mapOne(fields)).refusal?.code).toBe("unknown_language");
    expect((await mapOne(fields, { resolvePlace, fallbackLang: "ru" })).listing?.values.lang).toBe("ru");
  });

  it("asks the resolver with the location's names and point, and obeys it", async () => {
    const calls: [FeedPlaceNames, unknown][] = [];
    const place: FeedPlace = { city_id: 77, district_id: null, centre: { lat: 44, lng: 20 } };
    const fake: ResolvePlace = (names, point) => {
      calls.push([names, point]);
      return place;
    };
    const { listing } = await mapOne(FLAT_FOR_SALE, { resolvePlace: fake });
    expect(listing).toMatchObject({ city_id: 77, district_id: null });
    expect(calls).toEqual([
      [
        { country: "Сербия", region: null, locality: "Белград", sub_locality: "Врачар" },
        { lat: 44.799, lng: 20.477 },
      ],
    ]);
    expect((await mapOne(FLAT_FOR_SALE, { resolvePlace: () => "ambiguous" })).refusal?.code).toBe("ambiguous_place");
  });

  it("returns a refusal object for a bare offer, never throws", () => {
    const result = mapYrlOffer({ internal_id: "z", line: 9, values: {}, overflow: null }, { resolvePlace });
    expect(result).toEqual({
      refusal: expect.objectContaining({
        code: "missing_value",
        args: { id: "z", line: 9, element: "type", value: "", max: 0 },
      }),
    });
  });
});

describe("textLanguage", () => {
  it.each([
    ["Продаётся светлая квартира в центре, рядом парк и школа.", "ru"],
    ["Продаје се светао стан у центру, близу парка и школе, са њиховим двориштем.", "sr"],
    ["Prodaje se svetao stan u centru, blizu parka i škole.", "sr"],
    ["A bright flat in the centre, near the park and the school.", "en"],
    ["12345 — 67", null],
  ])("%s → %s", (text, lang) => {
    expect(textLanguage(text)).toBe(lang);
  });
});

describe("feed texts", () => {
  it("has every refusal and problem in en, ru and sr", () => {
    const problems = [
      "feed_too_large",
      "feed_malformed",
      "feed_too_deep",
      "feed_too_many_offers",
      "feed_not_yrl",
      "feed_unreadable",
    ];
    const ids = [...FEED_REFUSALS.map((c) => `feed.refusal.${c}`), ...problems.map((c) => `feed.problem.${c}`)];
    for (const texts of [en, ru, sr] as Record<string, string>[]) {
      for (const id of ids) expect(texts[id], id).toBeTruthy();
    }
  });
});
