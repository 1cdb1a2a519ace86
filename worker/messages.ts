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
