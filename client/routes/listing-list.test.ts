import { beforeEach, describe, expect, it } from "vitest";
import { createApiClient } from "#shared/api-client.ts";
import { canonicalQuery, type SavedQuery } from "#shared/api/saved-searches.ts";
import { parseGuestSearches, serializeGuestSearches } from "#shared/saved-search-cookie.ts";
import { testAppContext } from "#client/test-app-context.ts";
import type { SessionUser } from "#shared/api/auth.ts";
import { action as searchAction, loader as searchLoader } from "./search.tsx";
import { action, loader } from "./listing-list.tsx";

const ORIGIN = "https://kvadrat.test";
const CITIES = [
  { slug: "beograd", name: "Belgrade", districts: [{ slug: "vracar", name: "Vračar" }] },
  { slug: "nis", name: "Niš", districts: [] },
];
const listing = (id: number) => ({ id, title: `Listing ${id}` });

/** Every API call the loader made, as `path?query`. */
let calls: string[];
/** How the fake API answers a search: a total, or a 400 naming fields. */
let searchAnswer: (query: URLSearchParams) => Response;
let status = 200;
/** The signed-in visitor of the next call (none: a guest), and their saved searches' canonical queries. */
let user: SessionUser | null;
let accountSearches: string[];
/** The JSON bodies the loader and action posted, by path. */
let posted: Record<string, unknown>;
/** What the loader left for after its answer. */
let afterAnswer: (() => Promise<unknown>)[];

beforeEach(() => {
  calls = [];
  status = 200;
  user = null;
  accountSearches = [];
  posted = {};
  afterAnswer = [];
  searchAnswer = (query) => {
    const page = Number(query.get("page"));
    const total = 50;
    const items = page <= 3 ? Array.from({ length: page < 3 ? 24 : 2 }, (_, i) => listing(page * 100 + i)) : [];
    return Response.json({
      items,
      total,
      total_exact: true,
      page,
      per_page: 24,
      facets: { types: [], rooms: [], districts: [] },
    });
  };
});

function context(url: URL) {
  const api = createApiClient({
    baseUrl: ORIGIN,
    fetch: async (input, init) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      calls.push(url.pathname + url.search);
      const body = typeof init?.body === "string" ? (JSON.parse(init.body) as { query?: Record<string, unknown> }) : {};
      if (init?.body) posted[url.pathname] = body;
      if (status !== 200) return new Response("{}", { status });
      switch (url.pathname) {
        case "/api/form-data":
          return Response.json({ data: { cities: CITIES } });
        case "/api/location/search":
          return Response.json({
            items:
              url.searchParams.get("q") === "Vračar"
                ? [{ kind: "district", slug: "vracar", name: "Vračar", city: { slug: "beograd", name: "Belgrade" } }]
                : [],
          });
        case "/api/realty/search":
          return searchAnswer(url.searchParams);
        case "/api/realty/total":
          return Response.json({ data: { total: url.searchParams.has("rooms") ? 0 : 7, total_exact: true } });
        case "/api/saved-searches/search": {
          const found = accountSearches.indexOf(canonicalQuery(body.query as SavedQuery));
          return Response.json({
            data: found < 0 ? null : { id: found + 1, label: "Mine", name: "Mine", notify: true, frequency: "daily" },
          });
        }
        case "/api/saved-search":
          return accountSearches.length >= 2
            ? Response.json({ error: { code: "limit_reached", message: "at the limit" } }, { status: 409 })
            : Response.json({ data: { id: 7, notify: true, frequency: "instant" } }, { status: 201 });
        default:
          return new Response("{}", { status: 404 });
      }
    },
  });
  return testAppContext(url, api, { user, afterAnswer: (start) => void afterAnswer.push(start) });
}

function list(path: string, headers: HeadersInit = {}) {
  const url = new URL(path, ORIGIN);
  const [, maybeLocale] = url.pathname.split("/");
  const segments = url.pathname
    .split("/")
    .filter(Boolean)
    .slice(maybeLocale === "sr" || maybeLocale === "ru" ? 1 : 0);
  const params: Record<string, string> = { type: segments[1] ?? "" };
  if (segments[2]) params.citySlug = segments[2];
  return loader({ params, url, request: new Request(url, { headers }), context: context(url) } as never);
}

function search(path: string) {
  const url = new URL(path, ORIGIN);
  return searchLoader({ params: {}, url, request: new Request(url), context: context(url) } as never);
}

/** The Location of a thrown redirect. */
async function redirected(promise: Promise<unknown>) {
  const thrown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(thrown).toBeInstanceOf(Response);
  expect((thrown as Response).status).toBe(302);
  return (thrown as Response).headers.get("location");
}

describe("list pages", () => {
  it("give the route data of product §3: rental, clearCity, clearType", async () => {
    expect(await list("/rent/apartment/")).toMatchObject({
      deal: "rent",
      type: "apartment",
      rental: true,
      clearCity: true,
      clearType: false,
      city: null,
    });
    expect(await list("/sr/buy/house/nis/")).toMatchObject({
      deal: "sale",
      rental: false,
      clearCity: false,
      city: { slug: "nis", name: "Niš" },
      districts: [],
    });
  });

  it("search the API with the path's deal, type and city and the query's filters", async () => {
    const data = await list("/buy/apartment/beograd/?district=vracar&rooms=2&rooms=3&price_max=150000&sort=price_asc");
    expect(calls).toContain(
      "/api/realty/search?deal=sale&type=4&city=beograd&district=vracar&price_max=150000&rooms=2&rooms=3&sort=price_asc&page=1&per_page=24",
    );
    expect(data).toMatchObject({
      district: { slug: "vracar", name: "Vračar" },
      districts: [{ slug: "vracar", name: "Vračar" }],
      total: 50,
      lastPage: 3,
      hasNext: true,
      invalid: [],
      suggestions: null,
    });
    expect(data.items).toHaveLength(24);
    expect(typeof data.now).toBe("number");
  });

  it("answer 404 for a type the deal does not have, an unknown city and a page past the end", async () => {
    await expect(list("/rent/land/")).rejects.toMatchObject({ init: { status: 404 } });
    await expect(list("/buy/castle/")).rejects.toMatchObject({ init: { status: 404 } });
    await expect(list("/buy/house/atlantis/")).rejects.toMatchObject({ init: { status: 404 } });
    await expect(list("/buy/house/nis/?page=4")).rejects.toMatchObject({ init: { status: 404 } });
    expect((await list("/buy/house/nis/?page=3")).hasNext).toBe(false);
  });

  it("send form submissions to the search's one address", async () => {
    // The form on a list page carries deal, type and city, and every empty field.
    expect(
      await redirected(
        list(
          "/buy/apartment/beograd/?deal=sale&type=apartment&where=&city=beograd&district=&price_min=&price_max=90000&q=&sort=newest",
        ),
      ),
    ).toBe("/buy/apartment/beograd/?price_max=90000");
    expect(await redirected(list("/ru/buy/apartment/beograd/?deal=rent&type=apartment&city=nis"))).toBe(
      "/ru/rent/apartment/nis/",
    );
    expect(await redirected(list("/buy/apartment/beograd/?type=&city="))).toBe("/search/?deal=sale");
    expect(await redirected(list("/buy/apartment/?where=Vra%C4%8Dar"))).toBe("/buy/apartment/beograd/?district=vracar");
    expect(await redirected(list("/buy/apartment/?where=Atlantida"))).toBe("/buy/apartment/?q=Atlantida");
    expect(calls.filter((c) => c.startsWith("/api/realty/search"))).toEqual([]);
  });

  it("name bad values, leave them out and stay on the page", async () => {
    const data = await list("/buy/apartment/beograd/?price_min=abc&rooms=9&rooms=2&district=zemun&sort=cheapest");
    expect(data.invalid).toEqual(["district", "price_min", "rooms", "sort"]);
    expect(data.state).toMatchObject({ city: "beograd", rooms: [2], sort: "newest" });
    expect(data.state.district).toBeUndefined();
    expect(calls).toContain("/api/realty/search?deal=sale&type=4&city=beograd&rooms=2&sort=newest&page=1&per_page=24");
  });

  it("leave out what the API says it cannot search by, and search again", async () => {
    searchAnswer = (query) =>
      query.has("floor_min")
        ? Response.json(
            { error: { code: "invalid_input", message: "Invalid floor_min", fields: { floor_min: "no" } } },
            { status: 400 },
          )
        : Response.json({ items: [listing(1)], total: 1, total_exact: true, page: 1, per_page: 24 });
    const data = await list("/buy/apartment/nis/?floor_min=3");
    expect(data.invalid).toEqual(["floor_min"]);
    expect(data.items).toHaveLength(1);
    expect(data.facets).toBeNull();
  });

  it("suggest wider searches that find something when nothing matched", async () => {
    searchAnswer = () => Response.json({ items: [], total: 0, total_exact: true, page: 1, per_page: 24 });
    const data = await list("/buy/apartment/beograd/?rooms=5&price_max=1000&q=pool");
    expect(data.total).toBe(0);
    // Without the rooms filter the fake API counts 7; with it, 0 (left out of the suggestions).
    expect(await data.suggestions).toEqual([
      { filter: "rooms", href: "/buy/apartment/beograd/?price_max=1000&q=pool", count: 7, exact: true },
    ]);
  });

  it("answer 503 when the API fails", async () => {
    status = 500;
    await expect(list("/buy/house/nis/")).rejects.toMatchObject({ init: { status: 503 } });
  });
});

describe("the search page", () => {
  it("searches everything, or any mix of filters", async () => {
    const data = await search("/search/?q=stan&type=house&type=land&deal=sale");
    expect(calls).toContain("/api/realty/search?deal=sale&type=5&type=6&q=stan&sort=newest&page=1&per_page=24");
    expect(data).toMatchObject({ rental: false, clearCity: true, clearType: true });
    await search("/search/");
    expect(calls).toContain("/api/realty/search?sort=newest&page=1&per_page=24");
  });

  it("sends a search of one deal and type to its list page", async () => {
    expect(await redirected(search("/search/?type=4&city=nis&rooms=1"))).toBe("/buy/apartment/nis/?rooms=1");
    expect(await redirected(search("/sr/search/?deal=rent&type=house"))).toBe("/sr/rent/house/");
  });

  it("leaves out an unknown city instead of sending the visitor to a missing list", async () => {
    const data = await search("/search/?city=atlantis&deal=sale");
    expect(data.invalid).toEqual(["city"]);
    expect(data.city).toBeNull();
  });
});

describe("Save search", () => {
  const QUERY = "deal=sale&type=4&city=beograd&district=vracar&price_max=150000&rooms=2";
  const PAGE = `/buy/apartment/beograd/?district=vracar&price_max=150000&rooms=2`;
  const post = (path: string, fields: Record<string, string>, headers: HeadersInit = {}) => {
    const url = new URL(path, ORIGIN);
    const request = new Request(url, { method: "POST", body: new URLSearchParams(fields), headers });
    const run = url.pathname.startsWith("/search/") ? searchAction : action;
    return run({ params: {}, url, request, context: context(url) } as never);
  };
  const cookieOf = (response: { init?: ResponseInit | null } | Response) =>
    new Headers(response instanceof Response ? response.headers : response.init?.headers).get("set-cookie") ?? "";
  const guestCookie = (...queries: string[]) =>
    `saved_search=${serializeGuestSearches(parseGuestSearches(JSON.stringify(queries.map((q) => ({ q, n: null, t: 1 })))))}`;

  it("names the page's filters and says whether a guest saved them (the cookie)", async () => {
    expect((await list(PAGE)).save).toEqual({
      query: QUERY,
      label: "Apartments for sale, Vračar, Belgrade, 2 rooms, up to €150,000",
      saved: null,
      signedIn: false,
      manage: "/favourites/#saved-searches",
    });
    expect((await list(PAGE, { cookie: guestCookie("deal=rent", QUERY) })).save.saved).toEqual({ id: null });
    // Order and paging are not filters: the same saved search.
    expect((await list(`${PAGE}&sort=price_asc&page=2`, { cookie: guestCookie(QUERY) })).save.saved).toEqual({
      id: null,
    });
    expect((await list("/ru/buy/apartment/")).save).toMatchObject({
      query: "deal=sale&type=4",
      manage: "/ru/favourites/#saved-searches",
    });
  });

  it("keeps a guest's search in the cookie: saved once, removed, refused past the guests' limit", async () => {
    const saved = await post(PAGE, { intent: "save-search", query: QUERY }, { cookie: guestCookie("deal=rent") });
    expect(saved).toMatchObject({ data: { ok: true, intent: "save-search", query: QUERY, saved: { id: null } } });
    const kept = parseGuestSearches(decodeURIComponent(/saved_search=([^;]*)/.exec(cookieOf(saved as never))![1]!));
    expect(kept.map((search) => search.key)).toEqual([QUERY, "deal=rent"]);
    expect(cookieOf(saved as never)).toContain("Max-Age=2592000; Path=/; SameSite=Lax");

    // Without JavaScript: back to the page, the cookie with it.
    const back = await post(
      PAGE,
      { intent: "unsave-search", query: QUERY, redirect_to: `${PAGE}#save-search` },
      { cookie: guestCookie(QUERY) },
    ).then(
      () => null,
      (e: unknown) => e as Response,
    );
    expect(back!.headers.get("location")).toBe(`${PAGE}#save-search`);
    expect(cookieOf(back!)).toBe("saved_search=; Max-Age=0; Path=/; SameSite=Lax; Secure");

    const full = guestCookie(...Array.from({ length: 10 }, (_, i) => `price_max=${1000 + i}`));
    expect(await post(PAGE, { intent: "save-search", query: QUERY }, { cookie: full })).toMatchObject({
      data: { ok: false, error: "saveSearch.error.guestLimit" },
      init: { status: 409 },
    });
    expect(await post(PAGE, { intent: "save-search", query: "rooms=9" })).toMatchObject({ init: { status: 400 } });
  });

  it("asks the account for a signed-in person's, marking it opened after the answer; saves there; a full account is a 409", async () => {
    user = { id: 1, name: "Ana", role: "user", roles: [], phone_verified: true, image_variants: [] };
    accountSearches = [QUERY];
    expect((await list(PAGE)).save).toEqual({
      query: QUERY,
      label: "Mine",
      saved: { id: 1, alerts: "daily" },
      signedIn: true,
      manage: "/cabinet/saved-searches/",
    });
    // Found beside the search without marking it; marked opened once the answer is out.
    expect(posted["/api/saved-searches/search"]).toMatchObject({ opened: false });
    expect(afterAnswer).toHaveLength(1);
    await afterAnswer[0]!();
    expect(posted["/api/saved-searches/search"]).toMatchObject({ opened: true });

    expect(await post("/search/?deal=rent", { intent: "save-search", query: "deal=rent" })).toMatchObject({
      data: { ok: true, saved: { id: 7, alerts: "instant" } },
    });
    expect(posted["/api/saved-search"]).toEqual({ query: { deal: "rent" } });
    accountSearches = [QUERY, "deal=sale"];
    expect(await post("/search/?deal=rent", { intent: "save-search", query: "deal=rent" })).toMatchObject({
      data: { ok: false, error: "saveSearch.error.limit" },
      init: { status: 409 },
    });
  });
});
