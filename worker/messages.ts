import { parse } from "@formatjs/icu-messageformat-parser";
import en from "#locales/en.json";
import ru from "#locales/ru.json";
import sr from "#locales/sr.json";
import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import type { Messages } from "#shared/intl.ts";
import type { Locale } from "#shared/locales.ts";

const SOURCES: Record<Locale, Record<string, string>> = { en, ru, sr };
const parsed = new Map<Locale, Record<string, MessageFormatElement[]>>();

/**
 * The active locale's messages only, as parsed ICU syntax trees: they travel to the browser with the
 * root loader's data, and the browser's bundle carries no ICU parser (vite.config.ts). Parsed once
 * per locale and isolate.
 */
export function messagesFor(locale: Locale): Messages {
  let messages = parsed.get(locale);
  if (!messages) {
    messages = Object.fromEntries(Object.entries(SOURCES[locale]).map(([id, text]) => [id, parse(text)]));
    parsed.set(locale, messages);
  }
  return messages;
}

const scoped = new Map<string, Messages>();

/**
 * The messages of some scopes only: a scope is a key prefix (`detail`, `page.home`). A page gets the
 * site-wide scopes with the root data and its own with its loader data (client/i18n/message-scopes.ts),
 * so a document carries the texts it can show rather than the whole language.
 */
export function scopedMessages(locale: Locale, scopes: readonly string[]): Messages {
  const key = `${locale}:${scopes.join(",")}`;
  let messages = scoped.get(key);
  if (!messages) {
    const all = messagesFor(locale);
    const inScope = (id: string) => scopes.some((scope) => id === scope || id.startsWith(`${scope}.`));
    messages = Object.fromEntries(Object.entries(all).filter(([id]) => inScope(id)));
    scoped.set(key, messages);
  }
  return messages;
}
