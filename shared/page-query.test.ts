import { describe, expect, it } from "vitest";
import { pageOfDataRequest, pageSearch } from "./page-query.ts";

const clean = (href: string) => pageSearch(new URL(href, "https://kvadrat.test"));

describe("pageSearch", () => {
  it("drops what the page does not read, keeping the rest in order", () => {
    expect(clean("/?utm_source=x&type=4&fbclid=y&where=Novi+Sad")).toBe("?type=4&where=Novi+Sad");
    expect(clean("/sr/buy/apartment/beograd/?rooms=2&rooms=3&gclid=z&page=2")).toBe("?rooms=2&rooms=3&page=2");
    expect(clean("/ru/media/news/?page=3&ref=x")).toBe("?page=3");
    expect(clean("/about/?q=1&utm=2")).toBe("");
    expect(clean("/thank-you/?sent=question&x=1")).toBe("?sent=question");
  });

  it("keeps the map's parameters on the search and list pages (issue 24), not elsewhere", () => {
    expect(clean("/buy/apartment/beograd/?bounds=44.7,20.3,44.9,20.6&zoom=12&view=map&x=1")).toBe(
      "?bounds=44.7%2C20.3%2C44.9%2C20.6&zoom=12&view=map",
    );
    expect(clean("/search/?south=44.7&west=20.3&north=44.9&east=20.6&fbclid=y")).toBe(
      "?south=44.7&west=20.3&north=44.9&east=20.6",
    );
    expect(clean("/media/?view=map&page=2")).toBe("?page=2");
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
