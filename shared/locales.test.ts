import { describe, expect, it } from "vitest";
import { localeFromAcceptLanguage, localizePath, splitLocale, switchLocale } from "./locales.ts";

describe("splitLocale", () => {
  it.each([
    ["/", "en", false, "/"],
    ["/about/", "en", false, "/about/"],
    ["/ru/", "ru", true, "/"],
    ["/ru", "ru", true, "/"],
    ["/sr/buy/apartment/", "sr", true, "/buy/apartment/"],
    ["/russia/", "en", false, "/russia/"],
    ["/en/about/", "en", false, "/en/about/"],
    ["/RU/", "en", false, "/RU/"],
  ])("%s → %s", (path, locale, prefixed, rest) => {
    expect(splitLocale(path)).toEqual({ locale, prefixed, rest });
  });
});

describe("localizePath / switchLocale", () => {
  it("writes no segment for en", () => {
    expect(localizePath("/about/", "en")).toBe("/about/");
    expect(localizePath("/", "en")).toBe("/");
    expect(localizePath("/about/", "sr")).toBe("/sr/about/");
    expect(localizePath("/", "ru")).toBe("/ru/");
  });
  it("keeps the page when the language changes", () => {
    expect(switchLocale("/ru/media/market/", "sr")).toBe("/sr/media/market/");
    expect(switchLocale("/sr/", "en")).toBe("/");
    expect(switchLocale("/search/", "ru")).toBe("/ru/search/");
  });
});

describe("localeFromAcceptLanguage", () => {
  it.each([
    [null, null],
    ["", null],
    ["de-DE,fr;q=0.9", null],
    ["ru-RU,ru;q=0.9,en;q=0.8", "ru"],
    ["en-US,en;q=0.9,sr;q=0.8", "en"],
    ["sr-Latn-RS", "sr"],
    ["sr-Cyrl", "sr"],
    ["hr-HR,hr;q=0.9", "sr"],
    ["de;q=1,ru;q=0.2,sr;q=0.5", "sr"],
    ["ru;q=0", null],
    ["*", null],
  ])("%s → %s", (header, expected) => {
    expect(localeFromAcceptLanguage(header)).toBe(expected);
  });
});
