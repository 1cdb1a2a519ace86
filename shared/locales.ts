/**
 * Interface languages (product §3 "Locale entries", §9) and how a URL names one (architecture §3.4).
 */

export const LOCALES = [
  { code: "en", iso: "en-US", name: "English", nativeName: "English", intl: "en-GB", og: "en_US" },
  { code: "ru", iso: "ru-RU", name: "Russian", nativeName: "Русский", intl: "ru-RU", og: "ru_RU" },
  { code: "sr", iso: "sr-SR", name: "Srpski", nativeName: "Srpski", intl: "sr-Latn-RS", og: "sr_RS" },
] as const;

export type Locale = (typeof LOCALES)[number]["code"];
export type LocaleEntry = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = "en";
/** Only these may appear as the first path segment; en is never written. */
export const ROUTE_LOCALES = ["sr", "ru"] as const satisfies readonly Locale[];

export function isLocale(value: unknown): value is Locale {
  return LOCALES.some((l) => l.code === value);
}

export function isRouteLocale(value: unknown): value is (typeof ROUTE_LOCALES)[number] {
  return (ROUTE_LOCALES as readonly unknown[]).includes(value);
}

export function localeEntry(locale: Locale): LocaleEntry {
  return LOCALES.find((l) => l.code === locale) ?? LOCALES[0];
}

/** Splits `/ru/about/` into `{ locale: "ru", rest: "/about/" }`; unprefixed paths are en. */
export function splitLocale(pathname: string): { locale: Locale; prefixed: boolean; rest: string } {
  const match = /^\/(sr|ru)(?=\/|$)/.exec(pathname);
  if (!match) return { locale: DEFAULT_LOCALE, prefixed: false, rest: pathname };
  return { locale: match[1] as Locale, prefixed: true, rest: pathname.slice(match[0].length) || "/" };
}

/** Writes a locale-free path (`/about/`) for a locale: unprefixed for en. */
export function localizePath(path: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return path;
  return `/${locale}${path === "/" ? "/" : path}`;
}

/** The same page in another language. */
export function switchLocale(pathname: string, locale: Locale): string {
  return localizePath(splitLocale(pathname).rest, locale);
}

/**
 * Picks a locale from an Accept-Language header by quality, ignoring unknown languages.
 * Serbian in any script or region (sr, sr-Latn-RS, sr-Cyrl) is sr; hr/bs/me read Latin Serbian well.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return {
        lang: tag.trim().toLowerCase().split("-")[0] ?? "",
        quality: Number.isFinite(quality) ? quality : 0,
        index,
      };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { lang } of ranked) {
    if (lang === "en" || lang === "ru" || lang === "sr") return lang;
    if (lang === "hr" || lang === "bs" || lang === "me" || lang === "cnr") return "sr";
    if (lang === "uk" || lang === "be") return "ru";
  }
  return null;
}
