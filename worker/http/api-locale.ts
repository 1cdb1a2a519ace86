import type { Context } from "hono";
import { DEFAULT_LOCALE, isLocale, type Locale, localeFromAcceptLanguage } from "#shared/locales.ts";

/** Locale of an API call: `?locale=`, else Accept-Language, else en. */
export function apiLocale(c: Context): Locale {
  const param = c.req.query("locale");
  if (isLocale(param)) return param;
  return localeFromAcceptLanguage(c.req.header("accept-language")) ?? DEFAULT_LOCALE;
}
