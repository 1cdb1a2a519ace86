import { describe, expect, it } from "vitest";
import { canonicalQuery, parseCanonicalQuery } from "./api/saved-searches.ts";
import {
  canonicalState,
  fieldsOfApiError,
  isIndexable,
  parseSearch,
  refinements,
  savedQueryOf,
  savedSearchState,
  searchHref,
  SEARCH_PER_PAGE,
  toListingQuery,
  widenings,
  withoutFields,
  withoutFilter,
  withPage,
} from "./search-query.ts";

const parse = (qs: string, scope?: Parameters<typeof parseSearch>[1]) => parseSearch(new URLSearchParams(qs), scope);
const BG_APARTMENTS = { deal: "sale", type: "apartment", city: "beograd" } as const;

describe("parseSearch", () => {
  it("reads a list page's path as its deal, type and city", () => {
    expect(parse("", BG_APARTMENTS)).toEqual({
      state: { deal: "sale", types: ["apartment"], city: "beograd", rooms: [], sort: "newest", page: 1 },
      invalid: [],
    });
  });

  it("reads every filter", () => {
    const { state, invalid } = parse(
      "deal=rent&type=house&type=apartment&city=novi-sad&district=liman&price_min=200&price_max=750.5&area_min=40&area_max=90" +
        "&rooms=3&rooms=1&rooms=3&floor_min=-1&floor_max=4&furnished=false&q=%20terrace%20%20view%20&sort=price_asc&page=3",
    );
    expect(invalid).toEqual([]);
    expect(state).toEqual({
      deal: "rent",
      types: ["house", "apartment"],
      city: "novi-sad",
      district: "liman",
      price_min: 200,
      price_max: 750.5,
      area_min: 40,
      area_max: 90,
      rooms: [1, 3],
      floor_min: -1,
      floor_max: 4,
      furnished: false,
      q: "terrace view",
      sort: "price_asc",
      page: 3,
    });
  });

  it("lets the query override the path, an empty value clearing it", () => {
    expect(parse("deal=rent&type=apartment&city=nis", BG_APARTMENTS).state).toMatchObject({
      deal: "rent",
      types: ["apartment"],
      city: "nis",
    });
    const cleared = parse("type=&city=", BG_APARTMENTS).state;
    expect(cleared.types).toEqual([]);
    expect(cleared.city).toBeUndefined();
  });

  it("reads listing type ids, which also tell the deal", () => {
    expect(parse("type=1").state).toMatchObject({ deal: "rent", types: ["apartment"] });
    expect(parse("type=4&type=5").state).toMatchObject({ deal: "sale", types: ["apartment", "house"] });
    expect(parse("type=1&type=4").state).toMatchObject({ types: ["apartment"] });
    expect(parse("type=1&type=4").state.deal).toBeUndefined();
  });

  it("names bad values and keeps the rest of the search", () => {
    const { state, invalid } = parse(
      "deal=lease&type=castle&city=Not%20a%20slug&district=x&price_min=abc&price_max=-5&area_min=1e9&rooms=7&rooms=2" +
        "&floor_min=1.5&furnished=maybe&sort=cheapest&page=0",
      BG_APARTMENTS,
    );
    expect(invalid).toEqual([
      "deal",
      "type",
      "city",
      "price_min",
      "price_max",
      "area_min",
      "rooms",
      "floor_min",
      "furnished",
      "sort",
      "page",
    ]);
    // The path's values stand in for the bad ones; the district is fine once the city is.
    expect(state).toEqual({
      deal: "sale",
      types: ["apartment"],
      city: "beograd",
      district: "x",
      rooms: [2],
      sort: "newest",
      page: 1,
    });
  });

  it("drops a district without a city, ranges that run backwards and types the deal does not have", () => {
    expect(parse("district=vracar").invalid).toEqual(["district"]);
    const backwards = parse("price_min=500&price_max=100&floor_min=5&floor_max=2");
    expect(backwards.invalid).toEqual(["price_max", "floor_max"]);
    expect(backwards.state).toMatchObject({ price_min: 500, floor_min: 5 });
    expect(backwards.state.price_max).toBeUndefined();
    const land = parse("deal=rent&type=land&type=house");
    expect(land.invalid).toEqual(["type"]);
    expect(land.state.types).toEqual(["house"]);
  });

  it("caps the text and the page", () => {
    expect(parse(`q=${"a".repeat(300)}`).state.q).toHaveLength(200);
    expect(parse("page=1001").invalid).toEqual(["page"]);
    expect(parse("page=1000").state.page).toBe(1000);
  });
});

describe("searchHref", () => {
  it("leads one deal and one type to its list page, with the city in the path", () => {
    expect(searchHref(parse("deal=sale&type=apartment&city=beograd&rooms=2&sort=newest&page=1").state)).toBe(
      "/buy/apartment/beograd/?rooms=2",
    );
    expect(searchHref(parse("type=1&district=&price_max=500").state)).toBe("/rent/apartment/?price_max=500");
    expect(searchHref(parse("", BG_APARTMENTS).state)).toBe("/buy/apartment/beograd/");
  });

  it("keeps other searches on the search page in a fixed order, defaults left out", () => {
    expect(searchHref(parse("q=garden&city=nis&type=house&type=land&deal=sale&sort=price_desc&page=2").state)).toBe(
      "/search/?deal=sale&type=house&type=land&city=nis&q=garden&sort=price_desc&page=2",
    );
    expect(searchHref(parse("type=&city=", BG_APARTMENTS).state)).toBe("/search/?deal=sale");
    expect(searchHref(parse("").state)).toBe("/search/");
  });

  it("round-trips", () => {
    for (const href of [
      "/buy/house/nis/?district=x&price_min=1&price_max=2&area_min=3&area_max=4&rooms=0&rooms=5&floor_min=-1&floor_max=3&furnished=true&q=a+b&sort=area&page=4",
      "/search/?deal=rent&city=beograd",
    ]) {
      const url = new URL(href, "https://x.test");
      const [, deal, type, city] = url.pathname.split("/");
      const scope = deal === "buy" ? ({ deal: "sale", type: type as "house", city } as const) : undefined;
      expect(searchHref(parse(url.search, scope).state)).toBe(href);
    }
  });

  it("pages", () => {
    const { state } = parse("rooms=2", BG_APARTMENTS);
    expect(searchHref(withPage(state, 3))).toBe("/buy/apartment/beograd/?rooms=2&page=3");
    expect(searchHref(withPage({ ...state, page: 3 }, 1))).toBe("/buy/apartment/beograd/?rooms=2");
  });
});

describe("an agency's page (decision 103)", () => {
  const agency = (qs: string) => ({ ...parseSearch(new URLSearchParams(qs)).state, path: "/agency/dom-nekretnine/" });

  it("is the address of a search of one agency, its deal, type and city in the query", () => {
    const state = agency("deal=sale&type=apartment&city=beograd&page=2");
    expect(searchHref(state)).toBe("/agency/dom-nekretnine/?deal=sale&type=apartment&city=beograd&page=2");
    expect(searchHref(withPage(state, 1))).toBe("/agency/dom-nekretnine/?deal=sale&type=apartment&city=beograd");
  });

  it("is never read from a query, and stays out of saved searches", () => {
    expect(parseSearch(new URLSearchParams("agency=dom&path=/x/")).state.path).toBeUndefined();
    expect(savedQueryOf(agency("rooms=2"))).toEqual({ rooms: [2] });
  });
});

describe("toListingQuery", () => {
  it("gives the API listing type ids of the deal, or of both deals", () => {
    expect(toListingQuery(parse("", BG_APARTMENTS).state)).toEqual({
      deal: "sale",
      type: [4],
      city: "beograd",
      sort: "newest",
      page: 1,
      per_page: SEARCH_PER_PAGE,
    });
    expect(toListingQuery(parse("type=apartment&type=house").state).type).toEqual([1, 3, 4, 5]);
    const query = toListingQuery(parse("rooms=0&rooms=2&furnished=true&price_min=10&q=x&page=2").state, 10);
    expect(query).toMatchObject({ rooms: [0, 2], furnished: true, price_min: 10, q: "x", page: 2, per_page: 10 });
    expect(query.type).toBeUndefined();
  });
});

describe("saved searches", () => {
  it("keep a page's filters without its order and page, in the API's terms", () => {
    const { state } = parse("rooms=3&rooms=2&price_max=150000&sort=price_asc&page=2", BG_APARTMENTS);
    expect(savedQueryOf(state)).toEqual({
      deal: "sale",
      type: [4],
      city: "beograd",
      rooms: [2, 3],
      price_max: 150_000,
    });
    expect(savedQueryOf(parse("").state)).toEqual({});
  });

  it("open on the page they were saved from", () => {
    for (const href of [
      "/buy/apartment/beograd/?district=vracar&price_max=150000&rooms=2",
      "/rent/house/?area_min=50&floor_min=-1&furnished=false&q=garden",
      "/search/?type=apartment&type=house&city=nis",
      "/search/?deal=rent",
      "/search/",
    ]) {
      const url = new URL(href, "https://x.test");
      const [, deal, type, city] = url.pathname.split("/");
      const scope =
        deal === "search"
          ? undefined
          : ({ deal: deal === "buy" ? "sale" : "rent", type: type as "house", city: city || undefined } as const);
      const saved = savedQueryOf(parse(url.search, scope).state);
      // Through the canonical form the API and the cookie keep.
      const kept = parseCanonicalQuery(canonicalQuery(saved))!;
      expect(searchHref(savedSearchState(kept))).toBe(href);
    }
  });
});

describe("indexing", () => {
  it("indexes places, types and one simple refinement; not text, several refinements or bad values", () => {
    expect(isIndexable(parse("", BG_APARTMENTS).state)).toBe(true);
    expect(isIndexable(parse("district=vracar&rooms=2&page=3&sort=price_asc", BG_APARTMENTS).state)).toBe(true);
    expect(isIndexable(parse("q=terrace", BG_APARTMENTS).state)).toBe(false);
    expect(isIndexable(parse("rooms=2&price_max=100000", BG_APARTMENTS).state)).toBe(false);
    expect(isIndexable(parse("rooms=2&rooms=3", BG_APARTMENTS).state)).toBe(false);
    expect(isIndexable(parse("type=house&type=land").state)).toBe(false);
    const bad = parse("price_min=abc", BG_APARTMENTS);
    expect(isIndexable(bad.state, bad.invalid)).toBe(false);
  });

  it("canonicalises without the sort order", () => {
    expect(searchHref(canonicalState(parse("sort=price_asc&page=2", BG_APARTMENTS).state))).toBe(
      "/buy/apartment/beograd/?page=2",
    );
  });

  it("canonicalises without the installed app's flag (product §2: never in canonical or hreflang links)", () => {
    expect(searchHref(canonicalState(parse("pwa_user=yes&page=2", BG_APARTMENTS).state))).toBe(
      "/buy/apartment/beograd/?page=2",
    );
  });
});

describe("widening an empty search", () => {
  it("suggests dropping the most restrictive filters first", () => {
    const { state } = parse("q=pool&district=vracar&rooms=4&price_max=50000&furnished=true", BG_APARTMENTS);
    expect(widenings(state)).toEqual(["q", "district", "rooms", "price", "furnished", "city", "type"]);
    expect(searchHref(withoutFilter(state, "price"))).toBe(
      "/buy/apartment/beograd/?district=vracar&rooms=4&furnished=true&q=pool",
    );
    expect(searchHref(withoutFilter(state, "city"))).toBe(
      "/buy/apartment/?price_max=50000&rooms=4&furnished=true&q=pool",
    );
    expect(searchHref(withoutFilter(state, "type"))).toBe(
      "/search/?deal=sale&city=beograd&district=vracar&price_max=50000&rooms=4&furnished=true&q=pool",
    );
  });
});

describe("API errors", () => {
  it("maps the API's field names and drops those fields", () => {
    expect(fieldsOfApiError({ city: "is not a known city", district: "needs a city", other: "x" })).toEqual([
      "city",
      "district",
    ]);
    const { state } = parse("district=vracar&price_max=5", BG_APARTMENTS);
    expect(withoutFields(state, ["city", "price_max"])).toEqual({
      deal: "sale",
      types: ["apartment"],
      rooms: [],
      sort: "newest",
      page: 1,
    });
  });
});

describe("the map's parameters (decision 044)", () => {
  it("reads the view, writes bounds, zoom and view back, and keeps the map's area out of the API's query", () => {
    const { state, invalid } = parse("view=map", BG_APARTMENTS);
    expect(invalid).toEqual([]);
    expect(state.view).toBe("map");
    const mapped = { ...state, bounds: [44.7, 20.3, 44.9, 20.6] as [number, number, number, number], zoom: 12 };
    expect(searchHref({ ...mapped, page: 2 })).toBe(
      "/buy/apartment/beograd/?bounds=44.7%2C20.3%2C44.9%2C20.6&page=2&zoom=12&view=map",
    );
    expect(toListingQuery(mapped)).not.toHaveProperty("bounds");
    expect(savedQueryOf(mapped)).not.toHaveProperty("bounds");
    expect(isIndexable(mapped)).toBe(false);
    expect(canonicalState(mapped)).not.toHaveProperty("view");
    expect(canonicalState(mapped)).not.toHaveProperty("zoom");
  });

  it("leaves out view=list and unknown views", () => {
    expect(parse("view=list").state.view).toBeUndefined();
    expect(parse("view=globe").state.view).toBeUndefined();
  });
});

describe("confirmed within (decision 084)", () => {
  it("reads a positive whole number of days, writes it back, and hands it to the API and saved searches", () => {
    const { state, invalid } = parse("confirmed_within=7", BG_APARTMENTS);
    expect(invalid).toEqual([]);
    expect(state.confirmed_within).toBe(7);
    expect(searchHref(state)).toBe("/buy/apartment/beograd/?confirmed_within=7");
    expect(toListingQuery(state).confirmed_within).toBe(7);
    expect(savedQueryOf(state).confirmed_within).toBe(7);
    expect(refinements(state)).toEqual(["confirmed"]);
    expect(withoutFilter(state, "confirmed")).not.toHaveProperty("confirmed_within");
  });

  it("names a bad value and leaves it out", () => {
    for (const bad of ["0", "-3", "1.5", "week", "366"]) {
      const { state, invalid } = parse(`confirmed_within=${bad}`, BG_APARTMENTS);
      expect(invalid, bad).toEqual(["confirmed_within"]);
      expect(state.confirmed_within, bad).toBeUndefined();
    }
  });
});
