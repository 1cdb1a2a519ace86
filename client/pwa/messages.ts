/**
 * The page side's texts: the `pwa.*` messages of locales/*.json, which the build plugin puts in
 * `virtual:pwa-messages` (register.ts reads it and hands a `Translate` to the modules, which keeps them
 * testable without the plugin). The bundle carries no ICU runtime: the messages are text with plain
 * `{name}` arguments (messages.test.ts holds them to it).
 */
import { DEFAULT_LOCALE, isLocale, type Locale } from "#shared/locales.ts";

export type PwaMessageId = "close" | "needRefresh" | "offlineCopy" | "offlineReady" | "reload" | "savedCopy";
/** `virtual:pwa-messages`: per language, every `pwa.*` message. */
export type PwaCatalog = Readonly<Record<Locale, Readonly<Record<string, string>>>>;
export type Translate = (id: PwaMessageId, values?: Readonly<Record<string, string>>) => string;

/** The language the page was rendered in. */
export function pageLocale(): Locale {
  const lang = document.documentElement.lang;
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

/** Puts `values` in place of the `{name}` arguments of `text`. */
export function fillIn(text: string, values: Readonly<Record<string, string>> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** `pwa.{id}` in `locale` (English when missing), its arguments filled in. */
export function translator(catalog: PwaCatalog, locale: Locale): Translate {
  return (id, values) => {
    const key = `pwa.${id}`;
    return fillIn(catalog[locale]?.[key] ?? catalog[DEFAULT_LOCALE]?.[key] ?? key, values);
  };
}
