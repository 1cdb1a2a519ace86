import examples from "libphonenumber-js/examples.mobile.json";
import { type CountryCode, getExampleNumber } from "libphonenumber-js/core";
import { describe, expect, it } from "vitest";
import {
  PHONE_EXTENSION_MAX_DIGITS,
  PHONE_INPUT_MAX_CHARS,
  PHONE_NATIONAL_MAX_DIGITS,
  PHONE_NATIONAL_MIN_DIGITS,
} from "#shared/phone/constants.ts";
import { phoneMetadata } from "./metadata.ts";
import { PHONE_ERROR_MESSAGE_IDS, PHONE_FORMATS, parsePhone, resolveFormat, validatePhone } from "./validate.ts";

/** 36 countries across every continent and numbering style (trunk prefixes, none, NANP, 8-digit to 11-digit). */
const COUNTRIES: CountryCode[] = [
  "RS",
  "RU",
  "US",
  "GB",
  "DE",
  "FR",
  "IT",
  "ES",
  "PT",
  "NL",
  "BE",
  "CH",
  "AT",
  "PL",
  "CZ",
  "HU",
  "RO",
  "BG",
  "GR",
  "HR",
  "BA",
  "ME",
  "MK",
  "SI",
  "AL",
  "TR",
  "UA",
  "BY",
  "KZ",
  "CN",
  "JP",
  "IN",
  "BR",
  "AR",
  "MX",
  "AU",
  "ZA",
  "EG",
  "NG",
  "AE",
  "IL",
  "SG",
  "CA",
  "SE",
  "NO",
  "FI",
];

function example(country: CountryCode) {
  const phone = getExampleNumber(country, examples, phoneMetadata);
  if (!phone) throw new Error(`no example number for ${country}`);
  return phone;
}

describe("validatePhone across countries (libphonenumber-js example numbers)", () => {
  it("covers at least 30 countries", () => {
    expect(new Set(COUNTRIES).size).toBeGreaterThanOrEqual(30);
  });

  it.each(COUNTRIES)("%s: the national form is valid in its country", (country) => {
    const phone = example(country);
    const result = validatePhone(phone.formatNational(), country);
    expect(result).toMatchObject({
      valid: true,
      possible: true,
      country,
      countryCode: String(phone.countryCallingCode),
      nationalNumber: String(phone.nationalNumber),
      number: phone.number,
      formatted: phone.formatNational(),
    });
    expect(result.error).toBeUndefined();
  });

  it.each(COUNTRIES)("%s: the international form is detected whatever the active country", (country) => {
    const phone = example(country);
    const other = country === "RS" ? "US" : "RS";
    const result = validatePhone(phone.formatInternational(), other);
    expect(result).toMatchObject({
      valid: true,
      country,
      number: phone.number,
      formatted: phone.formatInternational(),
    });
  });

  it.each(COUNTRIES)("%s: every output format", (country) => {
    const phone = example(country);
    const text = phone.formatInternational();
    expect(validatePhone(text, country, { format: "national" }).formatted).toBe(phone.formatNational());
    expect(validatePhone(text, country, { format: "international" }).formatted).toBe(phone.formatInternational());
    expect(validatePhone(text, country, { format: "e164" }).formatted).toBe(phone.number);
    expect(validatePhone(text, country, { format: "rfc3966" }).formatted).toBe(`tel:${phone.number}`);
    expect(validatePhone(text, country, { format: "auto" }).formatted).toBe(phone.formatInternational());
    expect(validatePhone(phone.formatNational(), country, { format: "auto" }).formatted).toBe(phone.formatNational());
  });

  it("rejects a national number that does not fit the country's patterns", () => {
    const serbian = example("RS").formatNational();
    expect(validatePhone(serbian, "US")).toMatchObject({ valid: false, error: "INVALID" });
    // Right length for Singapore, wrong leading digit (the max metadata knows the digit patterns).
    expect(validatePhone("+65 1234 5678", "SG")).toMatchObject({ valid: false, possible: true, error: "INVALID" });
  });
});

describe("output formats of one number", () => {
  const text = "+381 61 2345678";
  it.each([
    ["national", "061 2345678"],
    ["international", "+381 61 2345678"],
    ["e164", "+381612345678"],
    ["rfc3966", "tel:+381612345678"],
    ["auto", "+381 61 2345678"],
  ] as const)("%s", (format, expected) => {
    expect(validatePhone(text, "RS", { format }).formatted).toBe(expected);
  });

  it("idd dials from the active country", () => {
    expect(validatePhone(text, "US", { format: "idd" }).formatted).toBe("011 381 61 2345678");
    expect(validatePhone(text, "DE", { format: "idd" }).formatted).toBe("00 381 61 2345678");
    // No international prefix for an unknown active country: falls back to international.
    expect(validatePhone(text, undefined, { format: "idd" }).formatted).toBe("+381 61 2345678");
  });

  it("auto is international when the text starts with '+', national otherwise", () => {
    expect(resolveFormat("auto", " +381 61")).toBe("international");
    expect(resolveFormat("auto", "061")).toBe("national");
    expect(validatePhone("061 2345678", "RS", { format: "auto" }).formatted).toBe("061 2345678");
    expect(PHONE_FORMATS).toEqual(["national", "international", "e164", "rfc3966", "idd", "auto"]);
  });
});

describe("limits at their edges (product §9)", () => {
  it("fewer than 2 digits is rejected before parsing; 2 digits are parsed", () => {
    expect(PHONE_NATIONAL_MIN_DIGITS).toBe(2);
    expect(validatePhone("1", "RS")).toMatchObject({ valid: false, error: "TOO_SHORT", nationalNumber: "" });
    expect(validatePhone("(5)", "RS")).toMatchObject({ valid: false, error: "TOO_SHORT", nationalNumber: "" });
    const two = validatePhone("12", "RS");
    expect(two.nationalNumber).toBe("12");
    expect(two.number).toBe("+38112");
    expect(two.valid).toBe(false);
  });

  it("17 national digits are parsed, 18 are rejected", () => {
    const seventeen = "2".repeat(PHONE_NATIONAL_MAX_DIGITS);
    const eighteen = "2".repeat(PHONE_NATIONAL_MAX_DIGITS + 1);
    expect(() => parsePhone(seventeen, "RS")).not.toThrow();
    expect(parsePhone(seventeen, "RS").nationalNumber).toHaveLength(17);
    expect(() => parsePhone(eighteen, "RS")).toThrow("TOO_LONG");
    expect(validatePhone(seventeen, "RS")).toMatchObject({
      valid: false,
      error: "TOO_LONG",
      nationalNumber: seventeen,
    });
    expect(validatePhone(eighteen, "RS")).toMatchObject({ valid: false, error: "TOO_LONG", nationalNumber: "" });
  });

  it("250 characters are accepted, 251 are too long", () => {
    const number = "+381 61 2345678";
    const at250 = number + " ".repeat(PHONE_INPUT_MAX_CHARS - number.length);
    expect(at250).toHaveLength(250);
    expect(validatePhone(at250, "RS")).toMatchObject({ valid: true, number: "+381612345678" });
    expect(validatePhone(`${at250} `, "RS")).toMatchObject({ valid: false, error: "TOO_LONG" });
  });

  it("an extension of 20 digits is kept, 21 digits are too long", () => {
    const twenty = "1".repeat(PHONE_EXTENSION_MAX_DIGITS);
    expect(validatePhone(`+381 61 2345678 ext ${twenty}`, "RS")).toMatchObject({ valid: true, extension: twenty });
    expect(validatePhone(`+381 61 2345678 ext. ${twenty}1`, "RS")).toMatchObject({ valid: false, error: "TOO_LONG" });
    expect(validatePhone(`+381 61 2345678 x ${twenty}1`, "RS")).toMatchObject({ valid: false, error: "TOO_LONG" });
  });

  it("text that is not a number", () => {
    expect(validatePhone("hello", "RS")).toMatchObject({ valid: false, error: "NOT_A_NUMBER" });
    expect(validatePhone("++--", "RS")).toMatchObject({ valid: false, error: "NOT_A_NUMBER" });
    expect(validatePhone("call 061 me 234 maybe 5678", "RS")).toMatchObject({ valid: false, error: "NOT_A_NUMBER" });
  });

  it("an unknown calling code, or a national number with no country, is an invalid country", () => {
    expect(validatePhone("+999 123456", "RS")).toMatchObject({ valid: false, error: "INVALID_COUNTRY" });
    expect(validatePhone("061 2345678", undefined)).toMatchObject({ valid: false, error: "INVALID_COUNTRY" });
  });

  it("empty text is invalid without a reason", () => {
    expect(validatePhone("  ", "RS")).toEqual({
      country: "RS",
      countryCode: "381",
      formatted: "",
      valid: false,
      possible: false,
      nationalNumber: "",
    });
  });
});

describe("options of product §5", () => {
  const serbian = "+381 61 2345678";
  const british = "+44 7400 123456";

  it("only-countries", () => {
    expect(validatePhone(serbian, "RS", { onlyCountries: ["RS", "ME"] }).valid).toBe(true);
    expect(validatePhone(british, "RS", { onlyCountries: ["rs", "me"] })).toMatchObject({
      valid: false,
      error: "COUNTRY_NOT_ALLOWED",
      country: "GB",
    });
  });

  it("ignored-countries", () => {
    expect(validatePhone(british, "RS", { ignoredCountries: ["GB"] })).toMatchObject({
      valid: false,
      error: "COUNTRY_NOT_ALLOWED",
    });
    expect(validatePhone(serbian, "RS", { ignoredCountries: ["GB"] }).valid).toBe(true);
  });

  it("valid-characters-only mode allows digits, spaces, parentheses, hyphen and plus", () => {
    expect(validatePhone("+381 (61) 234-5678", "RS", { validCharactersOnly: true }).valid).toBe(true);
    expect(validatePhone("+381.61.234.5678", "RS", { validCharactersOnly: true })).toMatchObject({
      valid: false,
      error: "INVALID_CHARACTERS",
    });
    expect(validatePhone("+381.61.234.5678", "RS").valid).toBe(true);
  });

  it("custom pattern (string anchored like HTML pattern, or a RegExp)", () => {
    expect(validatePhone(serbian, "RS", { pattern: String.raw`\+381[\d ]+` }).valid).toBe(true);
    expect(validatePhone(serbian, "RS", { pattern: String.raw`\+382[\d ]+` })).toMatchObject({
      valid: false,
      error: "PATTERN_MISMATCH",
    });
    expect(validatePhone(serbian, "RS", { pattern: String.raw`\+381` })).toMatchObject({
      valid: false,
      error: "PATTERN_MISMATCH",
    });
    expect(validatePhone(serbian, "RS", { pattern: /^\+3/g }).valid).toBe(true);
    expect(validatePhone(serbian, "RS", { pattern: /^0/ }).error).toBe("PATTERN_MISMATCH");
  });

  it("every reason has a message id", () => {
    for (const id of Object.values(PHONE_ERROR_MESSAGE_IDS)) expect(id).toMatch(/^phone\.invalid\./);
  });
});
