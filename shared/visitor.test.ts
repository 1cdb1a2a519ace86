import { describe, expect, it } from "vitest";
import { keptForEveryone, visitorPartsOf } from "./visitor.ts";

describe("keptForEveryone", () => {
  it("keeps the home, search, list, detail and media pages in every language for everyone", () => {
    for (const path of ["/", "/ru/", "/search/", "/sr/buy/", "/rent/apartment/novi-sad/", "/media/market/x/"])
      expect(keptForEveryone(path, true), path).toBe(true);
    expect(keptForEveryone("/buy/apartment/beograd/12/", false)).toBe(true);
  });

  it("keeps agencies' pages and their directory for everyone, in every language", () => {
    for (const path of ["/agencies/", "/ru/agencies/", "/agency/dom/", "/sr/agency/dom/"])
      expect(keptForEveryone(path, true), path).toBe(true);
    expect(visitorPartsOf("/agency/dom/")).toEqual({ favourites: true, savedSearches: false });
  });

  it("renders a signed-in visitor's detail page and every other page for them", () => {
    expect(keptForEveryone("/buy/apartment/beograd/12/", true)).toBe(false);
    expect(keptForEveryone("/ru/rent/house/nis/7/", true)).toBe(false);
    for (const path of ["/favourites/", "/cabinet/", "/about/", "/faq/", "/realty/5/", "/listing/create/"])
      expect(keptForEveryone(path, false), path).toBe(false);
  });
});

describe("visitorPartsOf", () => {
  it("names what a page shows of the visitor: hearts but on media pages, saved searches on search pages", () => {
    expect(visitorPartsOf("/")).toEqual({ favourites: true, savedSearches: false });
    expect(visitorPartsOf("/ru/search/")).toEqual({ favourites: true, savedSearches: true });
    expect(visitorPartsOf("/buy/apartment/beograd/")).toEqual({ favourites: true, savedSearches: true });
    expect(visitorPartsOf("/buy/apartment/beograd/12/")).toEqual({ favourites: true, savedSearches: false });
    expect(visitorPartsOf("/sr/media/")).toEqual({ favourites: false, savedSearches: false });
  });
});
