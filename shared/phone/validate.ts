/**
 * Parsing and validation of a phone number (product §5 "Phone input", §8 "phone parser", §9 limits) and the
 * output formats. The widget and the server (schema.ts) call the same `validatePhone`, so a submitted value
 * is judged exactly as the widget judged it.
 */
import {
  type CountryCode,
  ParseError,
  type PhoneNumber,
  parsePhoneNumberWithError,
  validatePhoneNumberLength,
} from "libphonenumber-js/core";
import {
  PHONE_EXTENSION_MAX_DIGITS,
  PHONE_INPUT_MAX_CHARS,
  PHONE_NATIONAL_MAX_DIGITS,
  PHONE_NATIONAL_MIN_DIGITS,
} from "#shared/phone/constants.ts";
import { type CountryFilter, dialCodeOf, isCountryAllowed, normalizeCountry } from "./countries.ts";
import { phoneMetadata } from "./metadata.ts";

export type PhoneFormat = "national" | "international" | "e164" | "rfc3966" | "idd" | "auto";
export const PHONE_FORMATS = [
  "national",
  "international",
  "e164",
  "rfc3966",
  "idd",
  "auto",
] as const satisfies readonly PhoneFormat[];

/**
 * Why a value is not valid. The first four are product §8's phone parser cases; the rest are the options of
 * product §5 (only/ignored countries, valid-characters-only, custom pattern) and "parsed but not a number of
 * that country" (the per-country patterns).
 */
export type PhoneErrorCode =
  | "NOT_A_NUMBER"
  | "INVALID_COUNTRY"
  | "TOO_SHORT"
  | "TOO_LONG"
  | "INVALID"
  | "COUNTRY_NOT_ALLOWED"
  | "INVALID_CHARACTERS"
  | "PATTERN_MISMATCH";

/** Locale message of each error code (locales/*.json). */
export const PHONE_ERROR_MESSAGE_IDS: Record<PhoneErrorCode, string> = {
  NOT_A_NUMBER: "phone.invalid.notANumber",
  INVALID_COUNTRY: "phone.invalid.invalidCountry",
  TOO_SHORT: "phone.invalid.tooShort",
  TOO_LONG: "phone.invalid.tooLong",
  INVALID: "phone.invalid.generic",
  COUNTRY_NOT_ALLOWED: "phone.invalid.countryNotAllowed",
  INVALID_CHARACTERS: "phone.invalid.characters",
  PATTERN_MISMATCH: "phone.invalid.pattern",
};

/** Validation output of product §3, plus the E.164 number, the extension and the reason when invalid. */
export interface PhoneValidation {
  /** ISO-2 country of the number (detected from a '+' prefix, else the active country). */
  country: CountryCode | undefined;
  /** Its calling code without '+', e.g. "381". */
  countryCode: string | undefined;
  /** The number in the requested format; the trimmed text when it cannot be parsed. */
  formatted: string;
  valid: boolean;
  possible: boolean;
  /** National significant number, digits only. */
  nationalNumber: string;
  /** E.164 form when parsed. */
  number?: string;
  extension?: string;
  error?: PhoneErrorCode;
}

export interface PhoneRules extends CountryFilter {
  /** Only digits, spaces, parentheses, hyphen and plus are accepted (product §5). */
  validCharactersOnly?: boolean;
  /**
   * Custom pattern the whole text (as typed or submitted) must match. A string is anchored at both ends
   * like the HTML `pattern` attribute; a RegExp is used as given.
   */
  pattern?: string | RegExp;
  /** Format of `formatted`; default auto (international when the text starts with '+', else national). */
  format?: PhoneFormat;
}

/** Characters the valid-characters-only mode allows. */
const VALID_CHARACTERS = /^[0-9\s()+-]*$/;
/** Unicode decimal digits count as digits (libphonenumber-js normalises them). */
const DIGIT = /\p{Nd}/gu;
/** Extension markers libphonenumber understands: ext, ext., x, #, extension, доб., etc. */
const EXTENSION = /(?:e?xt(?:ension|n)?\.?|доб\.?|[x#~]|;ext=|,)\s*(\p{Nd}+)\s*#?\s*$/iu;

function digitCount(text: string): number {
  return text.match(DIGIT)?.length ?? 0;
}

/** Whether text passes the valid-characters-only rule. */
export function hasOnlyValidCharacters(text: string): boolean {
  return VALID_CHARACTERS.test(text);
}

function compilePattern(pattern: string | RegExp): RegExp {
  if (pattern instanceof RegExp) return new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ""));
  return new RegExp(`^(?:${pattern})$`, "u");
}

/** Whether text passes the custom pattern (true when there is none). */
function matchesPattern(text: string, pattern: string | RegExp | undefined): boolean {
  return pattern === undefined || compilePattern(pattern).test(text);
}

/** Product §5 auto format: international when the text starts with '+', otherwise national. */
export function resolveFormat(format: PhoneFormat, text: string): Exclude<PhoneFormat, "auto"> {
  if (format !== "auto") return format;
  return text.trimStart().startsWith("+") ? "international" : "national";
}

/** A parsed number in one of the output formats. `idd` is as dialled from `fromCountry` (the active country). */
function formatPhoneNumber(
  phone: PhoneNumber,
  format: Exclude<PhoneFormat, "auto">,
  fromCountry?: CountryCode,
): string {
  switch (format) {
    case "national":
      return phone.formatNational();
    case "international":
      return phone.formatInternational();
    case "e164":
      return phone.format("E.164");
    case "rfc3966":
      return phone.format("RFC3966");
    case "idd": {
      const idd = fromCountry ? phone.format("IDD", { fromCountry }) : undefined;
      return idd || phone.formatInternational();
    }
  }
}

/** Parses text in a country's context (libphonenumber-js with the chosen metadata); throws ParseError. */
export function parsePhone(text: string, country: string | undefined): PhoneNumber {
  const defaultCountry = normalizeCountry(country);
  return parsePhoneNumberWithError(text, defaultCountry ? { defaultCountry } : {}, phoneMetadata);
}

/**
 * Validates the text of the field with the active country. Limits of product §9, each checked at its edge:
 * at most 250 characters, at least 2 digits, at most 17 national digits, an extension of at most 20 digits;
 * text that is not a phone number, an unknown calling code, a country outside the only/ignored filters,
 * characters outside the valid set, a custom pattern mismatch and a number that does not fit its country's
 * patterns all make the value invalid. Empty text is invalid with no error code (required-ness is the form's).
 */
export function validatePhone(
  text: string,
  activeCountry: string | undefined,
  rules: PhoneRules = {},
): PhoneValidation {
  const active = normalizeCountry(activeCountry);
  const trimmed = text.trim();
  const base: PhoneValidation = {
    country: active,
    countryCode: dialCodeOf(active),
    formatted: trimmed,
    valid: false,
    possible: false,
    nationalNumber: "",
  };
  if (trimmed === "") return base;
  const fail = (error: PhoneErrorCode, extra: Partial<PhoneValidation> = {}): PhoneValidation => ({
    ...base,
    ...extra,
    valid: false,
    error,
  });

  if (text.length > PHONE_INPUT_MAX_CHARS) return fail("TOO_LONG");
  if (rules.validCharactersOnly && !hasOnlyValidCharacters(text)) return fail("INVALID_CHARACTERS");
  if (!matchesPattern(text, rules.pattern)) return fail("PATTERN_MISMATCH");
  if (digitCount(trimmed) === 0) return fail("NOT_A_NUMBER");
  if (digitCount(trimmed) < PHONE_NATIONAL_MIN_DIGITS) return fail("TOO_SHORT");
  const extension = EXTENSION.exec(trimmed)?.[1];
  if (extension && extension.length > PHONE_EXTENSION_MAX_DIGITS) return fail("TOO_LONG");

  let phone: PhoneNumber;
  try {
    phone = parsePhone(trimmed, active);
  } catch (error) {
    if (error instanceof ParseError) {
      const code = error.message;
      if (code === "INVALID_COUNTRY" || code === "TOO_SHORT" || code === "TOO_LONG" || code === "NOT_A_NUMBER")
        return fail(code);
    }
    return fail("NOT_A_NUMBER");
  }

  const country = phone.country ?? (phone.countryCallingCode === dialCodeOf(active) ? active : undefined);
  const nationalNumber = String(phone.nationalNumber);
  const format = resolveFormat(rules.format ?? "auto", trimmed);
  const parsed: PhoneValidation = {
    country,
    countryCode: String(phone.countryCallingCode),
    formatted: formatPhoneNumber(phone, format, active),
    valid: false,
    possible: phone.isPossible(),
    nationalNumber,
    number: phone.number,
    ...(phone.ext ? { extension: String(phone.ext) } : {}),
  };
  if (nationalNumber.length > PHONE_NATIONAL_MAX_DIGITS) return { ...parsed, error: "TOO_LONG" };
  if (nationalNumber.length < PHONE_NATIONAL_MIN_DIGITS) return { ...parsed, error: "TOO_SHORT" };
  if (!isCountryAllowed(country, rules)) return { ...parsed, error: "COUNTRY_NOT_ALLOWED" };
  if (!phone.isValid()) return { ...parsed, error: lengthError(phone) ?? "INVALID" };
  return { ...parsed, valid: true };
}

/** For a parsed but invalid number, whether it is too short or too long for its country. */
function lengthError(phone: PhoneNumber): PhoneErrorCode | undefined {
  const result = validatePhoneNumberLength(`+${phone.countryCallingCode}${phone.nationalNumber}`, phoneMetadata);
  return result === "TOO_SHORT" || result === "TOO_LONG" ? result : undefined;
}
