import { parse, TYPE } from "@formatjs/icu-messageformat-parser";
import en from "#locales/en.json";
import ru from "#locales/ru.json";
import sr from "#locales/sr.json";
import { type IntlFormatter, makeIntl, type Messages, type PackedMessages, packMessages } from "#shared/intl.ts";
import type { Locale } from "#shared/locales.ts";

const SOURCES: Record<Locale, Record<string, string>> = { en, ru, sr };
const parsed = new Map<Locale, Messages>();

/** A message as it travels: its text when it is only text, else its parsed tree. */
function compiled(text: string): Messages[string] {
  const elements = parse(text);
  if (elements.length === 0) return "";
  const [first] = elements;
  return elements.length === 1 && first!.type === TYPE.literal ? first!.value : elements;
}

/**
 * The active locale's messages only, parsed (see `Messages`): they travel to the browser with the
 * root and page loaders' data, and the browser's bundle carries no ICU parser (vite.config.ts).
 * Parsed once per locale and isolate.
 */
export function messagesFor(locale: Locale): Messages {
  let messages = parsed.get(locale);
  if (!messages) {
    messages = Object.fromEntries(Object.entries(SOURCES[locale]).map(([id, text]) => [id, compiled(text)]));
    parsed.set(locale, messages);
  }
  return messages;
}

const scoped = new Map<string, { messages: Messages; packed: PackedMessages }>();

/**
 * The messages of some scopes only: a scope is a key prefix (`detail`, `page.home`). A page gets the
 * site-wide scopes with the root data and its own with its loader data (client/i18n/message-scopes.ts),
 * so a document carries the texts it can show rather than the whole language.
 */
export function scopedMessages(locale: Locale, scopes: readonly string[]): Messages {
  return scopedEntry(locale, scopes).messages;
}

/** `scopedMessages` packed for loader data (`PackedMessages`), packed once per isolate. */
export function packedScopedMessages(locale: Locale, scopes: readonly string[]): PackedMessages {
  return scopedEntry(locale, scopes).packed;
}

function scopedEntry(locale: Locale, scopes: readonly string[]) {
  const key = `${locale}:${scopes.join(",")}`;
  let entry = scoped.get(key);
  if (!entry) {
    const all = messagesFor(locale);
    const inScope = (id: string) => scopes.some((scope) => id === scope || id.startsWith(`${scope}.`));
    const messages = Object.fromEntries(Object.entries(all).filter(([id]) => inScope(id)));
    entry = { messages, packed: packMessages(messages) };
    scoped.set(key, entry);
  }
  return entry;
}

const catalogs = new Map<
  Locale,
  { all: Messages; intl: IntlFormatter; packed(scopes: readonly string[]): PackedMessages }
>();

/** The catalog the app reads through its context (client/app-context.ts): one per locale and isolate. */
export function messageCatalog(locale: Locale) {
  let catalog = catalogs.get(locale);
  if (!catalog) {
    const all = messagesFor(locale);
    catalog = { all, intl: makeIntl(locale, all), packed: (scopes) => packedScopedMessages(locale, scopes) };
    catalogs.set(locale, catalog);
  }
  return catalog;
}
