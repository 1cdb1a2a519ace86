import { describe, expect, it } from "vitest";
import { MAX_PAGE } from "./api/limits.ts";
import { canonicalPageQuery, pageOfDataRequest, pageSearch } from "./page-query.ts";
import { type MapBounds, parseSearch, searchHref } from "./search-query.ts";

const clean = (href: string) => pageSearch(new URL(href, "https://kvadrat.test"));

describe("pageSearch", () => {
  it("drops what the page does not read, keeping the rest in order", () => {
    expect(clean("/?utm_source=x&type=4&fbclid=y&where=Novi+Sad")).toBe("?type=4&where=Novi+Sad");
    expect(clean("/sr/buy/apartment/beograd/?rooms=2&rooms=3&gclid=z&page=2")).toBe("?rooms=2&rooms=3&page=2");
    expect(clean("/ru/media/news/?page=3&ref=x")).toBe("?page=3");
    expect(clean("/about/?q=1&utm=2")).toBe("");
    expect(clean("/thank-you/?sent=question&x=1")).toBe("?sent=question");
  });

  it("keeps the map's parameters on the search and list pages (decision 044), not elsewhere", () => {
    expect(clean("/buy/apartment/beograd/?bounds=44.7,20.3,44.9,20.6&zoom=12&view=map&x=1")).toBe(
      "?bounds=44.7%2C20.3%2C44.9%2C20.6&zoom=12&view=map",
    );
    expect(clean("/search/?south=44.7&west=20.3&north=44.9&east=20.6&fbclid=y")).toBe(
      "?south=44.7&west=20.3&north=44.9&east=20.6",
    );
    expect(clean("/media/?view=map&page=2")).toBe("?page=2");
  });

  it("reads the search's names on an agency's page (decision 103), whose path alone names the agency", () => {
    expect(clean("/sr/agency/dom-nekretnine/?city=beograd&rooms=2&utm_source=x&page=2")).toBe(
      "?city=beograd&rooms=2&page=2",
    );
    expect(clean("/agency/dom/?agency=other&deal=sale")).toBe("?deal=sale");
    expect(clean("/search/?agency=dom&fbclid=y")).toBe("");
    expect(clean("/agency/dom/extra/?city=beograd")).toBe("");
  });

  it("keeps the sign-in dialog's, the installed app's and the language choice's parameters everywhere", () => {
    expect(clean("/faq/?auth=signin&via=email&next=%2Fcabinet%2F&return_to=%2F&pwa_user=yes&locale=sr&x=1")).toBe(
      "?auth=signin&via=email&next=%2Fcabinet%2F&return_to=%2F&pwa_user=yes&locale=sr",
    );
  });

  it("is null when nothing is dropped, and for private pages, which keep their whole query", () => {
    expect(clean("/search/?q=stan&sort=price_asc")).toBeNull();
    expect(clean("/about/")).toBeNull();
    expect(clean("/ru/listing/edit/7/?step=photos&x=1")).toBeNull();
    expect(clean("/cabinet/personal/?verify=phone&next=%2F")).toBeNull();
  });

  it("treats a detail page apart from a list page", () => {
    expect(clean("/buy/apartment/beograd/14/?rooms=2&auth=signin")).toBe("?auth=signin");
  });

  it("keeps the router's own parameters on a .data request", () => {
    expect(clean("/about/_.data?_routes=routes%2Fabout&utm=1")).toBe("?_routes=routes%2Fabout");
    expect(clean("/_root.data?index&type=4&junk=1")).toBe("?index=&type=4");
    expect(pageOfDataRequest("/sr/faq/_.data")).toBe("/sr/faq/");
    expect(pageOfDataRequest("/_root.data")).toBe("/");
  });
});

describe("canonicalPageQuery (decision 052)", () => {
  const canonical = (href: string) => canonicalPageQuery(new URL(href, "https://kvadrat.test"));

  it("writes one string per meaning: order, repeats, empty values and stray & of a page's own parameters", () => {
    for (const href of [
      "/media/?page=2&auth=signin",
      "/media/?auth=signin&page=2",
      "/media/?page=2&auth=signin&",
      "/media/?&&page=2&&auth=signin",
      "/media/?page=2&page=2&auth=signin&auth=signin",
      "/media/?page=2&auth=signin&page=5",
      "/media/?page=02&auth=signin&via=",
      "/media/?utm=1&page=2&auth=signin",
    ])
      expect(canonical(href)?.search, href).toBe("?page=2&auth=signin");
  });

  it("serves the same parameters encoded otherwise as asked, under the one form's key", () => {
    expect(canonical("/offline/?from=/about/")).toEqual({
      search: "?from=%2Fabout%2F",
      moved: false,
      sameAsAsked: true,
    });
    expect(clean("/offline/?from=/about/")).toBeNull();
    expect(canonical("/offline/?from=/about/&utm=1")?.sameAsAsked).toBe(false);
    expect(canonical("/media/?page=2&")?.sameAsAsked).toBe(false);
    expect(canonical("/about/?locale=sr&pwa_user=yes")?.sameAsAsked).toBe(false);
  });

  it("moves the address when the page's own parameters were written otherwise; junk names alone are dropped in place", () => {
    expect(canonical("/media/?page=2&auth=signin")?.moved).toBe(false);
    expect(canonical("/media/?utm=1&page=2&fbclid=2")).toMatchObject({ search: "?page=2", moved: false });
    expect(canonical("/about/?pwa_user=yes&")).toMatchObject({ search: "?pwa_user=yes", moved: true });
    expect(canonical("/?&")).toMatchObject({ search: "", moved: false });
    expect(canonical("/about/?&")).toMatchObject({ search: "", moved: true });
    expect(canonical("/about/?locale=sr&pwa_user=yes")).toMatchObject({
      search: "?pwa_user=yes&locale=sr",
      moved: true,
    });
  });

  it("keeps a page number within 1…MAX_PAGE", () => {
    expect(canonical("/media/?page=1000000000")).toMatchObject({ search: `?page=${MAX_PAGE}`, moved: true });
    expect(canonical(`/media/?page=${"9".repeat(400)}`)?.search).toBe(`?page=${MAX_PAGE}`);
    for (const page of ["1", "0", "01", "abc", "-2", "", "1e3"])
      expect(canonical(`/media/?page=${page}`), page).toMatchObject({ search: "", moved: true });
  });

  it("puts a search in searchHref's order, each type and room once and sorted, and leaves the redirect to its loader", () => {
    const state = {
      ...parseSearch(new URLSearchParams("type=house&type=villa&city=beograd&district=vracar&rooms=1&rooms=3")).state,
      price_min: 1,
      price_max: 9,
      area_min: 2,
      area_max: 8,
      floor_min: 1,
      floor_max: 5,
      furnished: true,
      q: "lift",
      bounds: [44.7, 20.3, 44.9, 20.6] as MapBounds,
      sort: "price_asc" as const,
      page: 3,
      zoom: 12,
      view: "map" as const,
    };
    const href = searchHref(state);
    expect(canonical(href)).toMatchObject({ search: href.slice(href.indexOf("?")), moved: false });
    expect(
      canonical("/search/?sort=price_asc&rooms=3&rooms=1&rooms=3&&type=villa&type=villa&page=2&page=4"),
    ).toMatchObject({
      search: "?type=villa&rooms=1&rooms=3&sort=price_asc&page=2",
      moved: false,
    });
    // An empty field speaks on a search page (`type=`: any type): the loader reads it.
    expect(canonical("/buy/apartment/?city=&type=")?.search).toBe("?type=&city=");
    expect(canonical("/sr/rent/house/?page=1000000000&rooms=2")?.search).toBe(`?rooms=2&page=${MAX_PAGE}`);
  });

  it("leaves private pages and queryless addresses alone", () => {
    expect(canonical("/cabinet/messages/?b=1&a=2&&")).toBeNull();
    expect(canonical("/about/")).toBeNull();
  });
});
