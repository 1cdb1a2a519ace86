import { parse, TYPE } from "@formatjs/icu-messageformat-parser";
import en from "#locales/en.json" with { type: "json" };
import ru from "#locales/ru.json" with { type: "json" };
import sr from "#locales/sr.json" with { type: "json" };
import { type IntlFormatter, makeIntl, type Texts, type PackedTexts, packTexts } from "#shared/intl.ts";
import type { Locale } from "#shared/locales.ts";

const SOURCES: Record<Locale, Record<string, string>> = { en, ru, sr };
const parsed = new Map<Locale, Texts>();

/** A text as it travels: the string itself when it has no ICU syntax, else its parsed tree. */
function compiled(text: string): Texts[string] {
  const elements = parse(text);
  if (elements.length === 0) return "";
  const [first] = elements;
  return elements.length === 1 && first!.type === TYPE.literal ? first!.value : elements;
}

/**
 * The active locale's texts only, parsed (see `Texts`): they travel to the browser with the
 * root and page loaders' data, and the browser's bundle carries no ICU parser (vite-plugins/client-bundle.ts).
 * Parsed once per locale and isolate.
 */
export function textsFor(locale: Locale): Texts {
  let texts = parsed.get(locale);
  if (!texts) {
    texts = Object.fromEntries(Object.entries(SOURCES[locale]).map(([id, text]) => [id, compiled(text)]));
    parsed.set(locale, texts);
  }
  return texts;
}

const scoped = new Map<string, { texts: Texts; packed: PackedTexts }>();

/**
 * The texts of some scopes only: a scope is a key prefix (`detail`, `page.home`). A page gets the
 * site-wide scopes with the root data and its own with its loader data (client/i18n/text-scopes.server.ts),
 * so a document carries the texts it can show rather than the whole language.
 */
export function scopedTexts(locale: Locale, scopes: readonly string[]): Texts {
  return scopedEntry(locale, scopes).texts;
}

/** `scopedTexts` packed for loader data (`PackedTexts`), packed once per isolate. */
function packedScopedTexts(locale: Locale, scopes: readonly string[]): PackedTexts {
  return scopedEntry(locale, scopes).packed;
}

function scopedEntry(locale: Locale, scopes: readonly string[]) {
  const key = `${locale}:${scopes.join(",")}`;
  let entry = scoped.get(key);
  if (!entry) {
    const all = textsFor(locale);
    const inScope = (id: string) => scopes.some((scope) => id === scope || id.startsWith(`${scope}.`));
    const texts = Object.fromEntries(Object.entries(all).filter(([id]) => inScope(id)));
    entry = { texts, packed: packTexts(texts) };
    scoped.set(key, entry);
  }
  return entry;
}

const catalogs = new Map<Locale, { all: Texts; intl: IntlFormatter; packed(scopes: readonly string[]): PackedTexts }>();

/** The catalog the app reads through its context (client/app-context.server.ts): one per locale and isolate. */
export function textCatalog(locale: Locale) {
  let catalog = catalogs.get(locale);
  if (!catalog) {
    const all = textsFor(locale);
    catalog = { all, intl: makeIntl(locale, all), packed: (scopes) => packedScopedTexts(locale, scopes) };
    catalogs.set(locale, catalog);
  }
  return catalog;
}
