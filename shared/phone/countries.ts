/**
 * The phone widget's country list (product §3 "Country list entry"): ISO-2 code, calling code and a name in
 * the interface language from `Intl.DisplayNames`; the only/ignored/preferred filters of product §5; the
 * default-country fallback of product §7 / architecture §7; and the type-ahead match. Pure: no DOM, no network.
 */
import { type CountryCode, getCountries, getCountryCallingCode, isSupportedCountry } from "libphonenumber-js/core";
import { type Locale, localeEntry } from "#shared/locales.ts";
import { phoneMetadata } from "./metadata.ts";

export type { CountryCode };

export interface CountryListEntry {
  /** Country name in the interface language. */
  name: string;
  /** ISO 3166-1 alpha-2 code, upper case (libphonenumber-js also knows AC, TA and XK). */
  iso2: CountryCode;
  /** Calling code without the plus, e.g. "381". */
  dialCode: string;
}

export interface CountryFilter {
  /** When set, only these countries are listed and accepted. */
  onlyCountries?: readonly string[];
  /** These countries are neither listed nor accepted. */
  ignoredCountries?: readonly string[];
  /** Listed first, in the given order. */
  preferredCountries?: readonly string[];
}

/** An ISO-2 code that the metadata knows, upper-cased; anything else (XX, T1, "") is undefined. */
export function normalizeCountry(code: unknown): CountryCode | undefined {
  if (typeof code !== "string" || !/^[a-z]{2}$/i.test(code)) return undefined;
  const upper = code.toUpperCase();
  return isSupportedCountry(upper as CountryCode, phoneMetadata) ? (upper as CountryCode) : undefined;
}

function normalizeList(codes: readonly string[] | undefined): CountryCode[] | undefined {
  if (!codes) return undefined;
  const out: CountryCode[] = [];
  for (const code of codes) {
    const country = normalizeCountry(code);
    if (country && !out.includes(country)) out.push(country);
  }
  return out;
}

/** Whether the only/ignored filters accept a country (an unknown country is never accepted when a filter is set). */
export function isCountryAllowed(country: string | undefined, filter: CountryFilter = {}): boolean {
  const code = normalizeCountry(country);
  const only = normalizeList(filter.onlyCountries);
  const ignored = normalizeList(filter.ignoredCountries) ?? [];
  if (!code) return !only && ignored.length === 0;
  if (only && !only.includes(code)) return false;
  return !ignored.includes(code);
}

/** Calling code of a country ("381" for RS), or undefined for an unknown country. */
export function dialCodeOf(country: string | undefined): string | undefined {
  const code = normalizeCountry(country);
  return code ? getCountryCallingCode(code, phoneMetadata) : undefined;
}

/** The flag as two regional-indicator symbols (no image, no network). */
export function flagEmoji(iso2: string): string {
  if (!/^[a-z]{2}$/i.test(iso2)) return "";
  return String.fromCodePoint(...[...iso2.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

const displayNamesCache = new Map<Locale, Intl.DisplayNames>();

/** The country's name in the interface language; the code itself when the runtime has no name for it. */
export function countryName(iso2: string, locale: Locale): string {
  let names = displayNamesCache.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([localeEntry(locale).intl, "en"], { type: "region", fallback: "code" });
    displayNamesCache.set(locale, names);
  }
  return names.of(iso2.toUpperCase()) ?? iso2.toUpperCase();
}

export interface CountryList {
  /** Preferred countries first (in their given order), then the rest sorted by name in the locale. */
  entries: CountryListEntry[];
  /** How many entries at the start are preferred ones. */
  preferredCount: number;
}

const listCache = new Map<string, CountryList>();

/** The list the dropdown shows, with the filters applied. */
export function countryList(locale: Locale, filter: CountryFilter = {}): CountryList {
  const key = JSON.stringify([locale, filter.onlyCountries, filter.ignoredCountries, filter.preferredCountries]);
  const cached = listCache.get(key);
  if (cached) return cached;
  const entryOf = (iso2: CountryCode): CountryListEntry => ({
    name: countryName(iso2, locale),
    iso2,
    dialCode: getCountryCallingCode(iso2, phoneMetadata),
  });
  const allowed = getCountries(phoneMetadata).filter((c) => isCountryAllowed(c, filter));
  const preferred = (normalizeList(filter.preferredCountries) ?? []).filter((c) => allowed.includes(c));
  const collator = new Intl.Collator(localeEntry(locale).intl, { sensitivity: "base" });
  const rest = allowed
    .filter((c) => !preferred.includes(c))
    .map(entryOf)
    .sort((a, b) => collator.compare(a.name, b.name));
  const list = { entries: [...preferred.map(entryOf), ...rest], preferredCount: preferred.length };
  if (listCache.size > 50) listCache.clear();
  listCache.set(key, list);
  return list;
}

export interface DefaultCountry {
  country: CountryCode | undefined;
  /** Where it came from: the current value, the edge lookup, the first preferred, the first listed. */
  source: "value" | "lookup" | "preferred" | "first" | "none";
  /** The automatic lookup was on but gave no usable country (product §8 'unable to fetch the country'). */
  lookupFailed: boolean;
}

/**
 * Product §7 with architecture §7: a country already in the value wins; otherwise, when the automatic default is
 * on, the edge's country (`request.cf.country`); on failure the first preferred country, else the first
 * in the list; `none` when the list is empty.
 */
export function resolveDefaultCountry(options: {
  list: CountryList;
  valueCountry?: string | undefined;
  lookupCountry?: string | undefined;
  autoDefaultCountry?: boolean;
}): DefaultCountry {
  const { list } = options;
  const listed = (code: string | undefined) => {
    const country = normalizeCountry(code);
    return country && list.entries.some((e) => e.iso2 === country) ? country : undefined;
  };
  const fromValue = listed(options.valueCountry);
  const auto = options.autoDefaultCountry ?? true;
  const fromLookup = auto ? listed(options.lookupCountry) : undefined;
  const lookupFailed = auto && !fromLookup;
  if (fromValue) return { country: fromValue, source: "value", lookupFailed };
  if (fromLookup) return { country: fromLookup, source: "lookup", lookupFailed };
  const first = list.entries[0]?.iso2;
  if (first) return { country: first, source: list.preferredCount > 0 ? "preferred" : "first", lookupFailed };
  return { country: undefined, source: "none", lookupFailed };
}

/**
 * Type-ahead: the index of the entry whose name starts with `query` (case- and accent-insensitive in the
 * locale), searching from `from` and wrapping; typing one letter again moves to the next match. -1 if none.
 */
export function typeAheadMatch(
  entries: readonly CountryListEntry[],
  query: string,
  from: number,
  locale: Locale,
): number {
  const q = query.trim();
  if (!q || entries.length === 0) return -1;
  const collator = new Intl.Collator(localeEntry(locale).intl, { sensitivity: "base", usage: "search" });
  const startsWith = (name: string) => collator.compare(name.slice(0, q.length), q) === 0;
  // Repeating the same letter ("sss") cycles through the countries starting with it.
  const repeated = q.length > 1 && [...q].every((ch) => ch.toLowerCase() === q[0]?.toLowerCase());
  const needle = repeated ? q[0]! : q;
  const matches = (name: string) => (repeated ? collator.compare(name.slice(0, 1), needle) === 0 : startsWith(name));
  const start = repeated || q.length === 1 ? from + 1 : from;
  for (let i = 0; i < entries.length; i++) {
    const index = (((start + i) % entries.length) + entries.length) % entries.length;
    if (matches(entries[index]!.name)) return index;
  }
  return -1;
}

/** Filter for the optional search box: name, ISO code or calling code (with or without '+'). */
export function searchCountries(
  entries: readonly CountryListEntry[],
  query: string,
  locale: Locale,
): CountryListEntry[] {
  const q = query.trim().toLocaleLowerCase(localeEntry(locale).intl);
  if (!q) return [...entries];
  const digits = q.replace(/^\+/, "");
  return entries.filter(
    (e) =>
      e.name.toLocaleLowerCase(localeEntry(locale).intl).includes(q) ||
      e.iso2.toLowerCase() === q ||
      (/^\d+$/.test(digits) && e.dialCode.startsWith(digits)),
  );
}
