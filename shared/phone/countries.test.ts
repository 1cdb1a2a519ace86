import { describe, expect, it } from "vitest";
import {
  countryList,
  countryName,
  dialCodeOf,
  flagEmoji,
  isCountryAllowed,
  normalizeCountry,
  resolveDefaultCountry,
  searchCountries,
  typeAheadMatch,
} from "./countries.ts";

describe("country list entries", () => {
  it("have a name in the interface language, the ISO-2 code and the calling code", () => {
    const find = (locale: "en" | "ru" | "sr") => countryList(locale).entries.find((e) => e.iso2 === "RS");
    expect(find("en")).toEqual({ name: "Serbia", iso2: "RS", dialCode: "381" });
    expect(find("ru")).toEqual({ name: "Сербия", iso2: "RS", dialCode: "381" });
    expect(find("sr")).toEqual({ name: "Srbija", iso2: "RS", dialCode: "381" });
    expect(countryName("de", "ru")).toBe("Германия");
  });

  it("lists every country the metadata knows, sorted by name in the locale", () => {
    const { entries, preferredCount } = countryList("en");
    expect(preferredCount).toBe(0);
    expect(entries.length).toBeGreaterThan(240);
    const names = entries.map((e) => e.name);
    expect([...names].sort(new Intl.Collator("en-GB").compare)).toEqual(names);
    expect(entries[0]?.name).toBe("Afghanistan");
  });

  it("puts preferred countries first, in their order", () => {
    const { entries, preferredCount } = countryList("en", { preferredCountries: ["rs", "ME", "BA", "ZZ"] });
    expect(preferredCount).toBe(3);
    expect(entries.slice(0, 3).map((e) => e.iso2)).toEqual(["RS", "ME", "BA"]);
    expect(entries.filter((e) => e.iso2 === "RS")).toHaveLength(1);
  });

  it("applies only and ignored countries", () => {
    expect(countryList("en", { onlyCountries: ["RS", "HR", "BA"] }).entries.map((e) => e.iso2)).toEqual([
      "BA",
      "HR",
      "RS",
    ]);
    const without = countryList("en", { ignoredCountries: ["RS"] }).entries;
    expect(without.some((e) => e.iso2 === "RS")).toBe(false);
    expect(isCountryAllowed("RS", { onlyCountries: ["HR"] })).toBe(false);
    expect(isCountryAllowed("hr", { onlyCountries: ["HR"] })).toBe(true);
    expect(isCountryAllowed(undefined, {})).toBe(true);
    expect(isCountryAllowed(undefined, { onlyCountries: ["HR"] })).toBe(false);
  });

  it("flags are regional-indicator emoji", () => {
    expect(flagEmoji("RS")).toBe("🇷🇸");
    expect(flagEmoji("gb")).toBe("🇬🇧");
    expect(flagEmoji("X")).toBe("");
  });

  it("normalises codes and knows calling codes", () => {
    expect(normalizeCountry("rs")).toBe("RS");
    expect(normalizeCountry("XX")).toBeUndefined();
    expect(normalizeCountry("T1")).toBeUndefined();
    expect(normalizeCountry(undefined)).toBeUndefined();
    expect(dialCodeOf("US")).toBe("1");
    expect(dialCodeOf("ZZ")).toBeUndefined();
  });
});

describe("default country (product §7, architecture §7)", () => {
  const list = countryList("en");
  const preferred = countryList("en", { preferredCountries: ["ME", "RS"] });

  it("uses the edge country", () => {
    expect(resolveDefaultCountry({ list, lookupCountry: "rs" })).toEqual({
      country: "RS",
      source: "lookup",
      lookupFailed: false,
    });
  });

  it("a country in the value wins over the lookup", () => {
    expect(resolveDefaultCountry({ list, valueCountry: "HR", lookupCountry: "RS" }).country).toBe("HR");
  });

  it("falls back to the first preferred, else the first in the list", () => {
    expect(resolveDefaultCountry({ list: preferred, lookupCountry: "XX" })).toEqual({
      country: "ME",
      source: "preferred",
      lookupFailed: true,
    });
    expect(resolveDefaultCountry({ list, lookupCountry: undefined })).toEqual({
      country: "AF",
      source: "first",
      lookupFailed: true,
    });
    // An edge country outside the only-countries list is a failed lookup too.
    const only = countryList("en", { onlyCountries: ["HR", "BA"] });
    expect(resolveDefaultCountry({ list: only, lookupCountry: "RS" })).toEqual({
      country: "BA",
      source: "first",
      lookupFailed: true,
    });
  });

  it("ignores the lookup when the automatic default is off", () => {
    expect(resolveDefaultCountry({ list: preferred, lookupCountry: "RS", autoDefaultCountry: false })).toEqual({
      country: "ME",
      source: "preferred",
      lookupFailed: false,
    });
  });

  it("gives no country when none can be determined", () => {
    const empty = countryList("en", { onlyCountries: ["ZZ"] });
    expect(empty.entries).toHaveLength(0);
    expect(resolveDefaultCountry({ list: empty, lookupCountry: "RS" })).toEqual({
      country: undefined,
      source: "none",
      lookupFailed: true,
    });
  });
});

describe("type-ahead and search", () => {
  const { entries } = countryList("en");
  const name = (index: number) => entries[index]?.name;

  it("finds the first country starting with the query", () => {
    expect(name(typeAheadMatch(entries, "ser", 0, "en"))).toBe("Serbia");
    expect(name(typeAheadMatch(entries, "UNITED K", 0, "en"))).toBe("United Kingdom");
    expect(typeAheadMatch(entries, "xyz", 0, "en")).toBe(-1);
  });

  it("repeating a letter cycles through its countries", () => {
    const first = typeAheadMatch(entries, "s", 0, "en");
    const second = typeAheadMatch(entries, "ss", first, "en");
    expect(name(first)?.startsWith("S")).toBe(true);
    expect(second).toBe(first + 1);
  });

  it("matches accents and scripts of the locale", () => {
    const ru = countryList("ru").entries;
    expect(ru[typeAheadMatch(ru, "серб", 0, "ru")]?.iso2).toBe("RS");
    // Accents are ignored where the language treats them as accents…
    expect(entries[typeAheadMatch(entries, "cote", 0, "en")]?.iso2).toBe("CI");
    // …but Serbian Latin has Č as a letter of its own.
    const sr = countryList("sr").entries;
    expect(sr[typeAheadMatch(sr, "češ", 0, "sr")]?.iso2).toBe("CZ");
    expect(sr[typeAheadMatch(sr, "ces", 0, "sr")]?.iso2).not.toBe("CZ");
  });

  it("search box filters by name, code and dial code", () => {
    expect(searchCountries(entries, "serb", "en").map((e) => e.iso2)).toEqual(["RS"]);
    expect(searchCountries(entries, "+381", "en").map((e) => e.iso2)).toEqual(["RS"]);
    expect(searchCountries(entries, "rs", "en").some((e) => e.iso2 === "RS")).toBe(true);
    expect(searchCountries(entries, "", "en")).toHaveLength(entries.length);
  });
});
